"""The few things the queries ask of a database connection, so the same SQL runs on SQLite and on PostgreSQL.

Queries are written once, with `?` placeholders and SQL both engines accept (`ON CONFLICT … DO UPDATE`,
`RETURNING`, `CAST(? AS BIGINT)` where PostgreSQL cannot infer a parameter's type, integers 0/1 for flags).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Protocol

Row = tuple[Any, ...]
Params = Sequence[Any]


class Conflict(Exception):
    """A write broke a uniqueness rule of the schema (the engine's, whichever it is)."""


class Unavailable(Exception):
    """The database cannot be reached right now (a PostgreSQL server restarting): nothing was written."""


class Db(Protocol):
    """One connection: statements run one at a time, in the order they are awaited."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run a statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Params]) -> int:
        """Run a statement once per row of parameters; how many rows they changed in all."""
        ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row a query returns."""
        ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row a query returns, if any."""
        ...

    async def begin(self) -> None:
        """Open a write transaction (SQLite takes its write lock at once: `BEGIN IMMEDIATE`)."""
        ...

    async def commit(self) -> None: ...

    async def rollback(self) -> None: ...


async def fetch_int(db: Db, sql: str, params: Params = (), default: int = 0) -> int:
    """A query's one number (`default` when it returns no row or NULL)."""
    row = await db.fetchone(sql, params)
    return default if row is None or row[0] is None else int(row[0])


@asynccontextmanager
async def atomic(db: Db) -> AsyncIterator[None]:
    """BEGIN … COMMIT around the block, rolled back if anything inside raises (the caller holds the write lock)."""
    await db.begin()
    try:
        yield
    except BaseException:
        await db.rollback()
        raise
    await db.commit()
