"""Group commit for moves: concurrent games share one transaction, so a move costs a fraction of a commit."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.storage.db import Db, atomic
from bot.storage.outbox import OwedIds, Owing, write_owed
from bot.storage.records import StaleVersion, TimerPlan
from bot.storage.timers import apply_plan

INSERT_ACTION = "INSERT INTO actions (game_id, n, seat, action, at_ms, auto) VALUES (?, ?, ?, ?, ?, ?)"
UPDATE_STATE = "UPDATE games SET state = ?, version = ?, undo_floor = ? WHERE id = ? AND version = ?"


@dataclass(frozen=True, slots=True)
class MoveWrite:
    """Everything one engine change writes: its log rows and the new state, guarded by the old version."""

    game_id: int
    actions: tuple[tuple[int, int, str, int, bool], ...]
    """(n, seat, action, at_ms, auto) per logged move."""
    state: str
    expected_version: int
    version: int
    undo_floor: int
    timers: TimerPlan | None = None
    """A new wait began: the game's timers are armed anew (None leaves them as they are)."""
    owed: tuple[Owing, ...] = ()
    """What the change owes Discord: stored in the same transaction, so a crash before delivery loses nothing."""
    done: asyncio.Future[OwedIds] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class MoveWriter:
    """Queues move writes; whoever holds the write lock next commits every queued one together.

    Each aiosqlite call is a hop to its worker thread, each PostgreSQL statement a round trip; a transaction is
    four or more of them. Batching the moves of concurrent games into one BEGIN … COMMIT is what lets one
    connection keep up with many channels. Any failure rolls the batch back and retries its writes one by one, so
    a stale or failing write never takes another game's move down with it.
    """

    def __init__(self, db: Db, write_lock: asyncio.Lock) -> None:
        self._db = db
        self._lock = write_lock
        self._queue: list[MoveWrite] = []

    async def commit(self, write: MoveWrite) -> OwedIds:
        """Return once `write` is durable (with its outbox rows' ids); raises StaleVersion or the database error."""
        self._queue.append(write)
        async with self._lock:
            if not write.done.done():
                batch, self._queue = self._queue, []
                await self._flush(batch)
        return await write.done

    async def _flush(self, batch: list[MoveWrite]) -> None:
        try:
            owed = await self._write(batch)
        except BaseException as error:
            if len(batch) == 1:
                _settle(batch[0], error)
                return
            for write in batch:
                try:
                    (single_owed,) = await self._write([write])
                except BaseException as single:
                    _settle(write, single)
                else:
                    _settle(write, None, single_owed)
            return
        for write, ids in zip(batch, owed, strict=True):
            _settle(write, None, ids)

    async def _write(self, batch: list[MoveWrite]) -> list[OwedIds]:
        async with atomic(self._db):
            # The version check first: on PostgreSQL another process's move of the same game makes this update wait
            # for it, then find the version gone (StaleVersion), rather than collide on the log's row numbers.
            saved = await self._db.executemany(
                UPDATE_STATE, [(w.state, w.version, w.undo_floor, w.game_id, w.expected_version) for w in batch]
            )
            if saved != len(batch):  # the version each was checked against is no longer the stored one
                raise StaleVersion("a game moved on before this write")
            rows = [(w.game_id, *action) for w in batch for action in w.actions]
            await self._db.executemany(INSERT_ACTION, [(g, n, s, a, t, int(auto)) for g, n, s, a, t, auto in rows])
            owed = []
            for write in batch:
                if write.timers is not None:
                    await apply_plan(self._db, write.game_id, write.timers)
                owed.append(await write_owed(self._db, write.game_id, write.version, write.owed))
        return owed


def _settle(write: MoveWrite, error: BaseException | None, owed: OwedIds | None = None) -> None:
    if write.done.done():
        return
    if error is None:
        write.done.set_result(owed or {})
    else:
        write.done.set_exception(error)
