"""Opening the database: migrations (numbered alike on both engines), WAL and SQLite's other connection settings."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg

from bot.storage import SqliteStorage, Storage, open_storage
from bot.storage import postgresql as pg
from bot.storage.sqlite import MIGRATIONS
from tests.support import postgresql

LATEST = max(int(p.name.split("_", 1)[0]) for p in MIGRATIONS.glob("*.sql"))
TABLES = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table'",
    "postgresql": "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
}


async def pragma(storage: SqliteStorage, name: str) -> object:
    row = await storage._db.fetchone(f"PRAGMA {name}")
    assert row is not None
    return row[0]


def test_both_engines_have_the_same_migrations() -> None:
    assert [p.name for p in sorted(pg.MIGRATIONS.glob("*.sql"))] == [p.name for p in sorted(MIGRATIONS.glob("*.sql"))]


async def test_migrations_create_the_schema_and_record_its_version(storage: Storage) -> None:
    assert await storage.schema_version() == LATEST >= 1
    tables = {r[0] for r in await storage._db.fetchall(TABLES[storage.backend])}
    assert {"games", "seats", "actions", "results", "users", "timers", "outbox", "tournaments"} <= tables
    assert await storage.integrity_check() == "ok"


async def test_connection_uses_wal_and_the_safe_settings(sqlite_storage: SqliteStorage) -> None:
    assert await pragma(sqlite_storage, "journal_mode") == "wal"
    assert await pragma(sqlite_storage, "synchronous") == 1  # NORMAL
    assert await pragma(sqlite_storage, "foreign_keys") == 1
    assert await pragma(sqlite_storage, "busy_timeout") == 5000


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


async def test_processes_starting_together_on_an_empty_postgresql_database_migrate_it_once() -> None:
    url = await postgresql.fresh_database(migrated=False)
    try:
        opened = await asyncio.gather(*(open_storage(url) for _ in range(4)))
        try:
            assert [await s.schema_version() for s in opened] == [LATEST] * 4
            rows = await opened[0]._db.fetchall("SELECT version FROM schema_version")
            assert rows == [(LATEST,)]
        finally:
            for storage in opened:
                await storage.close()
    finally:
        await postgresql.drop_database(url)


NEW_GAME = "INSERT INTO games (channel_id, game, status, host_id, seed, created_ms) VALUES ($1, 'x', 'lobby', 1, 1, 0)"


async def test_a_postgresql_database_given_back_is_handed_out_again_as_the_migrations_left_it() -> None:
    """The tests' databases (tests/support/postgresql.py) are reused: emptied, numbered from 1 again, or not reused."""
    first = await postgresql.fresh_database()
    connection = await asyncpg.connect(first)
    try:
        for channel in (1, 2):
            await connection.execute(NEW_GAME, channel)
        versions = await connection.fetch("SELECT version FROM schema_version")
    finally:
        await connection.close()
    await postgresql.drop_database(first)
    again = await postgresql.fresh_database()
    connection = await asyncpg.connect(again)
    try:
        assert again == first, "the database given back was not the next one handed out"
        assert await connection.fetchval("SELECT count(*) FROM games") == 0
        assert await connection.fetch("SELECT version FROM schema_version") == versions
        assert await connection.fetchval(NEW_GAME + " RETURNING id", 3) == 1
        await connection.execute("CREATE TABLE left_behind (n INTEGER)")  # a test that changed the schema
    finally:
        await connection.close()
    await postgresql.drop_database(again)
    fresh = await postgresql.fresh_database()
    try:
        assert fresh != again, "a database whose tables differ from the template's was handed out again"
        connection = await asyncpg.connect(fresh)
        try:
            assert await connection.fetchval("SELECT to_regclass('left_behind')") is None
        finally:
            await connection.close()
    finally:
        await postgresql.drop_database(fresh)
