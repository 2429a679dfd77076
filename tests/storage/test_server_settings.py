"""Per-server settings: the round trip, defaults as no row, and the schema's own checks."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.storage import Storage, open_storage
from bot.storage.servers import ServerSettings

CHOSEN = ServerSettings(
    moderator_role=1234,
    reminder_turn_s=3600,
    reminder_simultaneous_s=600,
    dm_reminders=False,
    language="fr",
    open_threads=False,
)


async def test_settings_round_trip_and_a_server_never_set_reads_as_defaults(storage: Storage) -> None:
    assert await storage.server_settings(1) == ServerSettings()
    await storage.save_server_settings(1, CHOSEN, now_ms=5)
    await storage.save_server_settings(2, ServerSettings(open_threads=True), now_ms=6)
    assert await storage.server_settings(1) == CHOSEN
    assert await storage.all_server_settings() == {1: CHOSEN, 2: ServerSettings(open_threads=True)}


async def test_saving_the_defaults_removes_the_row(storage: Storage) -> None:
    await storage.save_server_settings(1, CHOSEN, now_ms=5)
    await storage.save_server_settings(1, ServerSettings(), now_ms=6)
    assert await storage.all_server_settings() == {}


async def test_settings_are_kept_when_the_database_is_reopened(database: str) -> None:
    first = await open_storage(database)
    await first.save_server_settings(7, CHOSEN, now_ms=5)
    await first.close()
    again = await open_storage(database)
    try:
        assert await again.server_settings(7) == CHOSEN
    finally:
        await again.close()


@pytest.mark.parametrize("bad", [ServerSettings(language="de"), ServerSettings(reminder_turn_s=0)])
async def test_the_schema_refuses_values_the_bot_never_writes(storage: Storage, bad: ServerSettings) -> None:
    with pytest.raises((sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)):
        await storage.save_server_settings(1, bad, now_ms=5)
