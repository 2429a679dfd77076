"""The five games played to their end through the bot in simcord, each at its own test table, ready to be replayed.

Shared by tests/discord_layer/test_replays_five.py and bench/replays_discord.py. A game is played with its pictures
switched off, as the games' own long tests play it (a whole game's boards cost seconds), and left with them on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

import rendering
from tests.discord_layer.japan_table import JapanTable
from tests.discord_layer.mexican_table import MexicanTable
from tests.discord_layer.miyajima_table import MiyajimaTable
from tests.discord_layer.tokyo_table import TokyoTable
from tests.discord_layer.toyko_table import ToykoTable


@dataclass(frozen=True)
class Setting:
    """How a game is played here: its table, who joins alice, what its Jump to menu names, how it is played out."""

    table: Callable[[simcord.Env, Path], Any]
    joining: tuple[str, ...]
    marks: str
    play_out: dict[str, Any] = field(default_factory=dict)


SETTINGS = {
    "ttr_japan": Setting(JapanTable, ("bob",), "Turn"),
    # A game of one hand: its turns. Moves typed: through My hand's menu the game took 11 s here, typed 2 s.
    "mexican_train": Setting(MexicanTable, ("bob",), "Turn", {"menu": False}),
    "miyajima": Setting(MiyajimaTable, ("bob",), "Round"),
    "next_station_tokyo": Setting(TokyoTable, ("bob",), "Round"),
    "toyko_train": Setting(ToykoTable, ("bob", "carol", "dave"), "Round"),
}


@contextmanager
def without_pictures(game: str) -> Iterator[None]:
    """No pictures of `game` inside the block."""
    renderer = rendering.RENDERERS.pop(game)
    try:
        yield
    finally:
        rendering.RENDERERS[game] = renderer


async def played_to_the_end(env: simcord.Env, database: Path, game: str) -> Any:
    """A table where `game` was started by alice and whoever joins her, and played to its end."""
    setting = SETTINGS[game]
    table = setting.table(env, database)
    with without_pictures(game):
        await table.started(*(getattr(table, name) for name in setting.joining))
        await table.play_out(**setting.play_out)
    assert not await table.running()
    return table
