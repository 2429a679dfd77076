"""Timer queries: arming a game's reminder and timeout, finding what is due, claiming it once."""

from __future__ import annotations

import asyncio

from bot.storage.db import Db, atomic
from bot.storage.records import TimerPlan, TimerRow
from bot.storage.shards import Shards, served


async def apply_plan(db: Db, game_id: int, plan: TimerPlan) -> None:
    """Replace a game's timers by the plan's (inside the caller's transaction)."""
    await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
    await db.executemany(
        "INSERT INTO timers (game_id, kind, due_ms, armed_version) VALUES (?, ?, ?, ?)",
        [(game_id, kind, due, plan.armed_version) for kind, due in plan.due],
    )


class TimerQueries:
    """The timer half of the repository (mixed into Storage, sharing its connection)."""

    _db: Db
    _write_lock: asyncio.Lock
    _shards: Shards | None

    async def due_timers(self, now_ms: int, limit: int = 200) -> list[TimerRow]:
        """This process's timers due by `now_ms`, soonest first (an index range scan on due time)."""
        rows = await self._db.fetchall(
            "SELECT t.game_id, g.channel_id, t.kind, t.due_ms, t.armed_version FROM timers t"
            f" JOIN games g ON g.id = t.game_id WHERE t.due_ms <= ?{served(self._shards, 'g.guild_id')}"
            " ORDER BY t.due_ms LIMIT ?",
            (now_ms, limit),
        )
        return [TimerRow(*row) for row in rows]

    async def next_due(self) -> int | None:
        """When this process's soonest timer falls due, if any is pending."""
        if self._shards is None:
            row = await self._db.fetchone("SELECT MIN(due_ms) FROM timers")
        else:
            row = await self._db.fetchone(
                "SELECT MIN(t.due_ms) FROM timers t JOIN games g ON g.id = t.game_id"
                f" WHERE {self._shards.where('g.guild_id')}"
            )
        return None if row is None or row[0] is None else int(row[0])

    async def timers(self, game_id: int) -> list[TimerRow]:
        """A game's pending timers."""
        rows = await self._db.fetchall(
            "SELECT t.game_id, g.channel_id, t.kind, t.due_ms, t.armed_version FROM timers t"
            " JOIN games g ON g.id = t.game_id WHERE t.game_id = ? ORDER BY t.due_ms",
            (game_id,),
        )
        return [TimerRow(*row) for row in rows]

    async def claim_timer(self, timer: TimerRow) -> bool:
        """Delete a timer if it is still the one armed; True for exactly one caller."""
        async with self._write_lock:
            claimed = await self._db.execute(
                "DELETE FROM timers WHERE game_id = ? AND kind = ? AND armed_version = ?",
                (timer.game_id, timer.kind, timer.armed_version),
            )
        return claimed == 1

    async def plan_timers(self, game_id: int, plan: TimerPlan) -> None:
        """Arm a game's timers outside a move (its settings changed)."""
        async with self._write_lock, atomic(self._db):
            await apply_plan(self._db, game_id, plan)

    async def dm_reminders(self, user_id: int) -> bool:
        """Whether a user asked for reminders by DM (and DMs to them work)."""
        row = await self._db.fetchone(
            "SELECT dm_reminders = 1 AND dms_closed = 0 FROM users WHERE user_id = ?", (user_id,)
        )
        return bool(row and row[0])

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        """Opt a user in or out of DM reminders (opting in also forgets an old closed-DMs mark)."""
        async with self._write_lock:
            await self._db.execute(
                "INSERT INTO users (user_id, dm_reminders) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " dm_reminders = excluded.dm_reminders, dms_closed = CASE WHEN ? = 1 THEN 0 ELSE users.dms_closed END",
                (user_id, int(on), int(on)),
            )
