"""Outbox queries: what committed changes still owe Discord, written with each change and deleted once delivered."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.storage.db import Db, fetch_int
from bot.storage.shards import Shards, served

INSERT_OWED = "INSERT INTO outbox (game_id, version, user_id, lines, pings, new_board) VALUES "
OWED_COLUMNS = "o.id, o.game_id, o.version, o.user_id, o.lines, o.pings, o.new_board"
OWED_OF = "FROM outbox o JOIN games g ON g.id = o.game_id"
"""A row's game tells its server, so a sharded process delivers only what its own servers are owed."""


@dataclass(frozen=True, slots=True)
class Owing:
    """One delivery a change owes: the channel's announcement (`user_id` None) or one user's own private view."""

    user_id: int | None
    lines: tuple[str, ...] = ()
    pings: tuple[int, ...] = ()
    new_board: bool = False


@dataclass(frozen=True, slots=True)
class OwedRow:
    """A delivery still owed, as stored."""

    id: int
    game_id: int
    version: int
    user_id: int | None
    lines: tuple[str, ...]
    pings: tuple[int, ...]
    new_board: bool


OwedIds = dict[int | None, int]
"""The outbox rows one change wrote: recipient (None: the channel) → row id."""


async def write_owed(db: Db, game_id: int, version: int, owed: Iterable[Owing]) -> OwedIds:
    """Store what a change owes (inside the caller's transaction); returns each recipient's row id."""
    rows = [
        (
            game_id,
            version,
            o.user_id,
            None if o.user_id is not None else json.dumps(list(o.lines)),
            None if o.user_id is not None else json.dumps(list(o.pings)),
            int(o.new_board),
        )
        for o in owed
    ]
    if not rows:
        return {}
    placeholders = ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(rows))
    # One statement for all of a change's rows; RETURNING names each row's recipient (its order is not promised).
    returned = await db.fetchall(
        f"{INSERT_OWED}{placeholders} RETURNING id, user_id", [value for row in rows for value in row]
    )
    return {user_id: row_id for row_id, user_id in returned}


def _owed(row: Iterable[Any]) -> OwedRow:
    row_id, game_id, version, user_id, lines, pings, new_board = row
    return OwedRow(
        row_id,
        game_id,
        version,
        user_id,
        tuple(json.loads(lines)) if lines is not None else (),
        tuple(json.loads(pings)) if pings is not None else (),
        bool(new_board),
    )


class OutboxQueries:
    """The outbox half of the repository (mixed into Storage, sharing its connection)."""

    _db: Db
    _write_lock: asyncio.Lock
    _shards: Shards | None

    async def owed(self, through: int | None = None) -> list[OwedRow]:
        """Every delivery still owed (up to row `through`, when given), oldest first."""
        rows = await self._db.fetchall(
            f"SELECT {OWED_COLUMNS} {OWED_OF} WHERE o.id <= ?{served(self._shards, 'g.guild_id')} ORDER BY o.id",
            (through if through is not None else 2**63 - 1,),
        )
        return [_owed(row) for row in rows]

    async def owed_announcements(self, game_id: int, through_version: int) -> list[OwedRow]:
        """A game's channel announcements still owed, up to a version, in the order they were saved."""
        rows = await self._db.fetchall(
            f"SELECT {OWED_COLUMNS} {OWED_OF} WHERE o.game_id = ? AND o.user_id IS NULL AND o.version <= ? "
            "ORDER BY o.version, o.id",
            (game_id, through_version),
        )
        return [_owed(row) for row in rows]

    async def last_owed(self) -> int:
        """The newest outbox row's id (0 when nothing is owed)."""
        return await fetch_int(
            self._db, f"SELECT COALESCE(MAX(o.id), 0) {OWED_OF} WHERE TRUE{served(self._shards, 'g.guild_id')}"
        )

    async def settle(self, ids: Iterable[int]) -> None:
        """Forget deliveries that were made (or fell back to **My hand**): nothing sends them again."""
        chosen = list(ids)
        if not chosen:
            return
        async with self._write_lock:
            await self._db.execute(f"DELETE FROM outbox WHERE id IN ({', '.join('?' * len(chosen))})", chosen)
