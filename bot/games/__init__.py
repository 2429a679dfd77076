"""REGISTRY: the one list of games shipped to players, by their snake_case name."""

from __future__ import annotations

from bot.games.base import Game
from bot.games.mexican_train import MEXICAN_TRAIN

REGISTRY: dict[str, Game] = {game.name: game for game in (MEXICAN_TRAIN,)}
