"""Per-server settings: one row per server that changed anything with /tetsudo settings."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from bot.storage.db import Db

COLUMNS = (
    "moderator_role_id, reminder_turn_s, reminder_simultaneous_s, dm_reminders, language, open_threads,"
    " rate_computer_games"
)
REPLACED = ", ".join(f"{c} = excluded.{c}" for c in [*COLUMNS.replace(" ", "").split(","), "updated_ms"])
"""An upsert's SET: every column takes the new row's value."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """A server's own settings; None means the bot's default from settings.toml."""

    moderator_role: int | None = None
    reminder_turn_s: int | None = None
    reminder_simultaneous_s: int | None = None
    dm_reminders: bool = True
    language: str | None = None
    open_threads: bool | None = None
    rate_computer_games: bool = False
    """Whether games with computers count for ratings and leaderboards."""


def _settings(row: Any) -> ServerSettings:
    role, turn, simultaneous, dms, language, threads, rated = row
    threads = None if threads is None else bool(threads)
    return ServerSettings(role, turn, simultaneous, bool(dms), language, threads, bool(rated))


class ServerQueries:
    """The server-settings half of the repository (mixed into Storage, sharing its connection)."""

    _db: Db
    _write_lock: asyncio.Lock

    async def all_server_settings(self) -> dict[int, ServerSettings]:
        """Every server's stored settings, by server id (servers are few: the engine keeps them all in memory)."""
        rows = await self._db.fetchall(f"SELECT guild_id, {COLUMNS} FROM server_settings")
        return {row[0]: _settings(row[1:]) for row in rows}

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """One server's stored settings (all defaults when it never changed any)."""
        row = await self._db.fetchone(f"SELECT {COLUMNS} FROM server_settings WHERE guild_id = ?", (guild_id,))
        return ServerSettings() if row is None else _settings(row)

    async def save_server_settings(self, guild_id: int, settings: ServerSettings, now_ms: int) -> None:
        """Store a server's settings; all defaults removes its row."""
        async with self._write_lock:
            if settings == ServerSettings():
                await self._db.execute("DELETE FROM server_settings WHERE guild_id = ?", (guild_id,))
                return
            threads = None if settings.open_threads is None else int(settings.open_threads)
            await self._db.execute(
                f"INSERT INTO server_settings (guild_id, {COLUMNS}, updated_ms)"
                f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET {REPLACED}",
                (
                    guild_id,
                    settings.moderator_role,
                    settings.reminder_turn_s,
                    settings.reminder_simultaneous_s,
                    int(settings.dm_reminders),
                    settings.language,
                    threads,
                    int(settings.rate_computer_games),
                    now_ms,
                ),
            )
