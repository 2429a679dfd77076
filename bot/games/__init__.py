"""REGISTRY: the one list of games shipped to players, by their snake_case name."""

from __future__ import annotations

from bot.games.base import Game

# Each game lands here as its issue is done; the foundation ships none to players yet.
REGISTRY: dict[str, Game] = {}
