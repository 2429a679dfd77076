"""Opening the database: migrations, PRAGMA user_version, WAL and the other connection settings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.storage import SqliteStorage
from bot.storage.sqlite import MIGRATIONS

LATEST = max(int(p.name.split("_", 1)[0]) for p in MIGRATIONS.glob("*.sql"))


async def pragma(storage: SqliteStorage, name: str) -> object:
    async with storage._db.execute(f"PRAGMA {name}") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return row[0]


async def test_migrations_create_the_schema_and_set_user_version(storage: SqliteStorage) -> None:
    assert await storage.schema_version() == LATEST >= 1
    tables = {r[0] for r in await storage._db.execute_fetchall("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "actions", "results", "users"} <= tables
    assert await storage.integrity_check() == "ok"


async def test_connection_uses_wal_and_the_safe_settings(storage: SqliteStorage) -> None:
    assert await pragma(storage, "journal_mode") == "wal"
    assert await pragma(storage, "synchronous") == 1  # NORMAL
    assert await pragma(storage, "foreign_keys") == 1
    assert await pragma(storage, "busy_timeout") == 5000


async def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dir" / "tetsudo.db"
    for _ in range(2):
        storage = await SqliteStorage.open(path)
        try:
            assert await storage.schema_version() == LATEST
        finally:
            await storage.close()
    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
