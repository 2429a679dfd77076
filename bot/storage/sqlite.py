"""SQLite, the default: one file, WAL, through aiosqlite; migrations numbered by `PRAGMA user_version`."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import aiosqlite

from bot.storage.backup import backup_database
from bot.storage.db import Conflict, Params, Row, fetch_int
from bot.storage.repository import Storage

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")
"""SQLite's migrations, `NNNN_name.sql` (PostgreSQL's, numbered alike, are in its own folder below)."""


class SqliteDb:
    """An aiosqlite connection as `bot.storage.db.Db`: a unique-constraint failure raises `Conflict`."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            cursor = await self.connection.execute(sql, params)
        except sqlite3.IntegrityError as error:
            raise _conflict(error) from None
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> int:
        before = self.connection.total_changes
        try:
            await self.connection.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise _conflict(error) from None
        return self.connection.total_changes - before

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        try:
            return [tuple(row) for row in await self.connection.execute_fetchall(sql, params)]
        except sqlite3.IntegrityError as error:  # an INSERT … RETURNING
            raise _conflict(error) from None

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)  # reads to the end, so no statement stays open
        return rows[0] if rows else None

    async def begin(self) -> None:
        await self.connection.execute("BEGIN IMMEDIATE")  # the write lock now, not at the first write

    async def commit(self) -> None:
        await self.connection.execute("COMMIT")

    async def rollback(self) -> None:
        await self.connection.execute("ROLLBACK")


def _conflict(error: sqlite3.IntegrityError) -> Exception:
    return Conflict(str(error)) if "UNIQUE" in str(error) else error


class SqliteStorage(Storage):
    """The repository on one SQLite file in WAL mode."""

    backend = "sqlite"

    def __init__(self, db: SqliteDb) -> None:
        super().__init__(db)
        self._sqlite = db.connection

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStorage:
        """Open (creating if needed) the database file and bring its schema up to date."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            for pragma in (
                "journal_mode = WAL",
                "synchronous = NORMAL",
                "busy_timeout = 5000",
                "foreign_keys = ON",
            ):
                # Read each answer so no statement stays open (it would block the migrations' COMMIT).
                await connection.execute_fetchall(f"PRAGMA {pragma}")
            storage = cls(SqliteDb(connection))
            await storage._migrate(None if str(path) == ":memory:" else Path(path))
        except BaseException:
            await connection.close()  # its thread would otherwise keep the process from exiting (a damaged file)
            raise
        return storage

    async def close(self) -> None:
        """Close the connection cleanly (checkpointing the WAL)."""
        await self._sqlite.close()

    async def _migrate(self, path: Path | None) -> None:
        """Apply the migrations not yet applied; an existing database is backed up first, beside itself."""
        current = await self.schema_version()
        pending = [s for s in sorted(MIGRATIONS.glob("*.sql")) if int(s.name.split("_", 1)[0]) > current]
        if pending and current > 0 and path is not None:
            # An update changes the schema: keep the database as it was, in case the new version must be undone.
            copy = path.with_name(f"{path.name}.before-migration-{pending[0].name.split('_', 1)[0]}")
            await asyncio.to_thread(backup_database, path, copy)
            log.info("database backed up before migrating: %s", copy)
        for script in pending:
            number = int(script.name.split("_", 1)[0])
            log.info("applying migration %s", script.name)
            sql = script.read_text(encoding="utf-8")
            await self._sqlite.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")

    async def schema_version(self) -> int:
        """The number of the last migration applied (`PRAGMA user_version`)."""
        return await fetch_int(self._db, "PRAGMA user_version")

    async def integrity_check(self) -> str:
        """`PRAGMA integrity_check`: "ok" when the file is sound."""
        row = await self._db.fetchone("PRAGMA integrity_check")
        return str(row[0]) if row else "no answer"
