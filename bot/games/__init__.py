"""REGISTRY: the one list of games shipped to players, by their snake_case name."""

from __future__ import annotations

# First: its guard must see any compiled build before an engine module is imported (bot/games/compiled).
from bot.games import compiled  # noqa: F401
from bot.games.base import Game
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.miyajima import MIYAJIMA
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.ttr_japan import TTR_JAPAN

REGISTRY: dict[str, Game] = {
    game.name: game for game in (MEXICAN_TRAIN, TTR_JAPAN, MIYAJIMA, NEXT_STATION_TOKYO, TOYKO_TRAIN)
}
