"""What the pages read from and draw with, given to them by the wiring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.engine import GameManager, Update
from bot.engine.links import Links
from bot.engine.replays import Replays
from bot.engine.tournaments import StandingsView, TournamentDesk
from rendering.table import RankedTable


class Presenting(Protocol):
    """What the pages show as the bot shows it in Discord: a view's picture and its description, the standings."""

    async def picture(self, update: Update, view: dict[str, Any]) -> bytes:
        """The view's picture (PNG), drawn as for Discord."""
        ...

    def describe(self, update: Update, view: dict[str, Any]) -> str:
        """The view's picture in words (its alt text), as its Discord attachment's description."""
        ...

    def standings(self, view: StandingsView) -> RankedTable:
        """A tournament's standings, as `/tournament standings` draws them."""
        ...


@dataclass(frozen=True)
class Sources:
    """The engine's parts the pages read, the installation's links, and the bot's presenting."""

    manager: GameManager
    replays: Replays
    desk: TournamentDesk
    links: Links
    presenting: Presenting
