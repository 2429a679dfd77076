"""PostgreSQL, for several bot processes on one database: asyncpg, migrations numbered alike in their own folder."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.db import Conflict, Params, Row, Unavailable, fetch_int
from bot.storage.repository import Storage
from bot.storage.shards import ShardClaim

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations") / "postgresql"
"""PostgreSQL's migrations: the same numbers as SQLite's, each making the same schema in PostgreSQL's words."""
MIGRATION_LOCK = 7_105_501
"""The advisory lock held while migrating, so processes starting together migrate once, one after the other."""
CONNECT_TIMEOUT_S = 2.0
"""How long to try to reach the server before a move is refused as "try again": within Discord's 3 s to answer."""
LOST = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
)
"""What a server that stopped or restarted looks like from here: the connection is gone, not the statement wrong."""
_MARK = re.compile(r"'[^']*'|\?")


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (a `?` inside a quoted string stays as it is)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return _MARK.sub(number, sql)


class PostgresDb:
    """One asyncpg connection as `bot.storage.db.Db`, reconnecting after the server comes back.

    asyncpg runs one statement at a time per connection: a lock keeps concurrent tasks in line, as aiosqlite's
    thread does for SQLite. A lost connection raises `Unavailable`; the next statement connects again."""

    def __init__(self, dsn: str, connection: asyncpg.Connection) -> None:
        self.dsn = dsn
        self._connection: asyncpg.Connection | None = connection
        self._lock = asyncio.Lock()
        self._sql: dict[str, str] = {}
        self._in_transaction = False

    @classmethod
    async def connect(cls, dsn: str) -> PostgresDb:
        return cls(dsn, await _connect(dsn))

    async def _run(self, call: str, sql: str, args: Iterable[Any]) -> Any:
        text = self._sql.get(sql)
        if text is None:
            text = self._sql[sql] = numbered(sql)
        async with self._lock:
            if self._connection is None or self._connection.is_closed():
                if self._in_transaction:  # the transaction died with its connection: it must not go on elsewhere
                    raise Unavailable("The connection to the database was lost during a transaction.")
                self._connection = await _connect(self.dsn)
            try:
                return await getattr(self._connection, call)(text, *args)
            except asyncpg.UniqueViolationError as error:
                raise Conflict(str(error)) from None
            except LOST as error:
                self._drop()
                raise Unavailable(f"The database cannot be reached: {error}") from None

    def _drop(self) -> None:
        if self._connection is not None:
            self._connection.terminate()
        self._connection = None

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _count(await self._run("execute", sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> int:
        rows = list(rows)
        if not rows:
            return 0
        if sql.lstrip().upper().startswith("INSERT"):
            # Each row inserts (or upserts) exactly one row, or the whole statement fails: sent in one round trip.
            await self._run("executemany", sql, (rows,))
            return len(rows)
        return sum([await self.execute(sql, row) for row in rows])

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(record) for record in await self._run("fetch", sql, params)]

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        record = await self._run("fetchrow", sql, params)
        return None if record is None else tuple(record)

    async def script(self, sql: str) -> None:
        """Run several statements at once (a migration), with no parameters."""
        async with self._lock:
            assert self._connection is not None
            await self._connection.execute(sql)

    async def begin(self) -> None:
        await self.execute("BEGIN")
        self._in_transaction = True

    async def commit(self) -> None:
        try:
            await self.execute("COMMIT")
        finally:
            self._in_transaction = False

    async def rollback(self) -> None:
        self._in_transaction = False
        if self._connection is None:
            return  # the server already rolled it back when the connection went
        with contextlib.suppress(Unavailable):  # gone meanwhile: the server rolled it back itself
            await self.execute("ROLLBACK")

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None


async def _connect(dsn: str) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(dsn, timeout=CONNECT_TIMEOUT_S)
    except LOST as error:
        raise Unavailable(f"The database cannot be reached: {error}") from None


def _count(status: str) -> int:
    """Rows a statement changed, from its status ("UPDATE 2", "INSERT 0 1", "DELETE 0")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresStorage(Storage):
    """The repository on a PostgreSQL database, shared by every process of the bot."""

    backend = "postgresql"

    def __init__(self, db: PostgresDb) -> None:
        super().__init__(db)
        self._pg = db

    @classmethod
    async def open(cls, dsn: str) -> PostgresStorage:
        """Connect and bring the schema up to date (once, whichever process gets there first)."""
        storage = cls(await PostgresDb.connect(dsn))
        await storage._migrate()
        return storage

    async def close(self) -> None:
        await self._pg.close()

    async def _migrate(self) -> None:
        """Apply the migrations not yet applied, each in its own transaction, under an advisory lock."""
        await self._pg.execute("SELECT pg_advisory_lock(?)", (MIGRATION_LOCK,))
        try:
            await self._pg.script("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await self.schema_version()
            for script in sorted(MIGRATIONS.glob("*.sql")):
                number = int(script.name.split("_", 1)[0])
                if number <= current:
                    continue
                log.info("applying migration %s (postgresql)", script.name)
                sql = script.read_text(encoding="utf-8")
                await self._pg.script(
                    f"BEGIN;\n{sql}\nDELETE FROM schema_version;\n"
                    f"INSERT INTO schema_version (version) VALUES ({number});\nCOMMIT;"
                )
        finally:
            await self._pg.execute("SELECT pg_advisory_unlock(?)", (MIGRATION_LOCK,))

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        return await fetch_int(self._db, "SELECT MAX(version) FROM schema_version")

    async def integrity_check(self) -> str:
        """PostgreSQL checks its own pages; here, that the server answers and the schema is the one expected."""
        tables = await fetch_int(
            self._db, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()"
        )
        return "ok" if tables else "no tables"


@dataclass(frozen=True, slots=True)
class Inspection:
    """What `python -m bot doctor` reads of a PostgreSQL database, changing nothing."""

    server: str
    """The server's version, as it says it."""
    schema: int
    """The last migration applied (0: the bot never started on this database)."""
    claims: list[ShardClaim]
    """Shard claims renewed since the `since_ms` asked for (the live processes')."""


async def inspect(dsn: str, since_ms: int) -> Inspection:
    """Connect, read the schema's version and the live shard claims, and disconnect (no migration, no write)."""
    connection = await _connect(dsn)
    try:
        server = str(await connection.fetchval("SHOW server_version"))
        tables = {
            r[0] for r in await connection.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        }
        schema = 0
        if "schema_version" in tables:
            schema = int(await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
        claims: list[ShardClaim] = []
        if "shard_claims" in tables:
            rows = await connection.fetch(
                "SELECT process, shard_id, shard_count, seen_ms FROM shard_claims WHERE seen_ms >= $1"
                " ORDER BY shard_id, process",
                since_ms,
            )
            claims = [ShardClaim(*row) for row in rows]
        return Inspection(server, schema, claims)
    finally:
        await connection.close()
