"""The outbox after a restart: what changes committed before a crash still owe Discord, rebuilt from stored state.

Each change stores what it owes in its own transaction (see `owings`): the channel's announcement (its lines and
pings) and, per user, that their private view is owed — never the view itself. Delivery deletes each row once
Discord has it. Whatever a crash left is rebuilt here, one Update per game: the lines as they were worded, the
board and each owed view drawn from the game as it is stored now, each view for its own user only.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, replace
from typing import Any

from bot.engine.loaded import Loaded
from bot.engine.manager import PlayDesk
from bot.engine.update import Owed, Update
from bot.games.base import IllegalAction, Outcome
from bot.i18n import pgettext
from bot.storage import GameRow, OwedRow

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class OwedUpdate:
    """One game's deliveries still owed after a restart, ready for the Discord layer."""

    update: Update
    new_board: bool
    """The announcement posts the game's first board (its start) rather than updating the one shown."""
    announce: bool
    """Whether the channel's announcement is owed (else only private views are)."""


class OutboxDesk(PlayDesk):
    """Reading and settling the outbox (the writing happens with each change, in `PlayDesk`)."""

    async def last_owed(self) -> int:
        """The newest delivery owed now: a restart delivers up to it (later ones are being delivered live)."""
        return await self.storage.last_owed()

    async def owed_announcements(self, game_id: int, through_version: int) -> list[OwedRow]:
        """The game's channel announcements still owed up to a version, oldest first (the writer tells them)."""
        return await self.storage.owed_announcements(game_id, through_version)

    async def settle(self, ids: Iterable[int]) -> None:
        """These deliveries were made (or fell back to **My hand**): nothing sends them again."""
        await self.storage.settle(ids)

    async def owed_updates(self, through: int) -> AsyncIterator[OwedUpdate]:
        """What a crash left owed (rows up to `through`), one Update per game, oldest first.

        Each is rebuilt as it is asked for, so a long outbox is never held in memory all at once.
        """
        by_game: dict[int, list[OwedRow]] = {}
        for row in await self.storage.owed(through):
            by_game.setdefault(row.game_id, []).append(row)
        for game_id, rows in by_game.items():
            rebuilt = await self._owed_update(game_id, rows)
            if rebuilt is not None:
                yield rebuilt

    async def _owed_update(self, game_id: int, rows: list[OwedRow]) -> OwedUpdate | None:
        game_row = await self.storage.game(game_id)
        try:
            game = None if game_row is None else self.game(game_row.game)
        except IllegalAction:
            game = None  # the game is no longer installed: nothing can be drawn
        if game_row is None or game is None or game_row.state is None or game_row.started_ms is None:
            await self.settle(r.id for r in rows)
            return None
        loaded = Loaded.from_rows(game_row, await self.storage.seats(game_id), game, 0)
        public = [r for r in rows if r.user_id is None]
        views: dict[int, dict[str, Any]] = {}
        private: dict[int, tuple[int, ...]] = {}
        gone: list[int] = []
        with self.in_public(loaded.guild_id):
            for row in rows:
                if row.user_id is None:
                    continue
                seat = loaded.maybe_seat_of(row.user_id)
                if seat is None:
                    gone.append(row.id)  # their seat went to someone else: their view is nobody else's
                    continue
                views[row.user_id] = loaded.view(seat)
                private[row.user_id] = (*private.get(row.user_id, ()), row.id)
            outcome, ended = self._ending(loaded, game_row)
        await self.settle(gone)
        lines = [line for row in public for line in row.lines]
        update = self._update(loaded, lines, actor=None, dm_views=views, outcome=outcome, ended=ended)
        # Ping only who was to be pinged and must still act: the game may have moved on since.
        pings = {user_id for row in public for user_id in row.pings}
        update = replace(
            update,
            to_ping=tuple(user_id for user_id in update.to_ping if user_id in pings),
            owed=Owed(tuple(row.id for row in public), private),
        )
        log.info(
            "owed deliveries channel=%s game=%s version=%s announcement=%s views=%d",
            loaded.channel_id, game.name, loaded.version, bool(public), len(views),
        )  # fmt: skip
        return OwedUpdate(update, any(row.new_board for row in public), bool(public))

    def _ending(self, loaded: Loaded, row: GameRow) -> tuple[Outcome | None, str | None]:
        """How a stored game ended (its outcome, and why in the server's language), or (None, None) while it runs."""
        if row.status == "abandoned":
            return None, pgettext("game ended", "abandoned")
        if row.status != "finished":
            return None, None
        outcome = loaded.game.outcome(loaded.state) or self._walkover(loaded)
        return outcome, loaded.named(outcome.reason)
