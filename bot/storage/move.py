"""Moving a SQLite database into an empty PostgreSQL one: every table's rows, ids kept, in one transaction.

The tables are read from SQLite's own schema, not from a list kept here, so a table added by a later migration is
copied too; a table or column one side has and the other lacks stops the move before anything is written.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from graphlib import TopologicalSorter

import aiosqlite

from bot.storage.db import Db, fetch_int
from bot.storage.postgresql import PostgresDb, PostgresStorage
from bot.storage.sqlite import SqliteStorage

BATCH = 2000
"""Rows read from SQLite and sent to PostgreSQL at a time: a large action log never sits in memory whole."""
PLAYED = ("running", "finished")
"""The games whose stored state must equal the replay of their log (a lobby has no state; abandoned may have none)."""


class CannotMove(Exception):
    """The move was refused or failed its checks: PostgreSQL holds nothing of it (the message says why)."""


@dataclass(frozen=True, slots=True)
class Copied:
    """What the open transaction holds: rows per table (in the order copied), and the games to replay."""

    counts: dict[str, int]
    played: tuple[int, ...]


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def sqlite_tables(connection: aiosqlite.Connection) -> dict[str, list[str]]:
    """SQLite's tables and their columns, parents before the tables whose foreign keys name them."""
    names = [
        str(row[0])
        for row in await connection.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    order: TopologicalSorter[str] = TopologicalSorter()
    columns = {}
    for name in names:
        columns[name] = [
            str(row[1]) for row in await connection.execute_fetchall(f"PRAGMA table_info({_quoted(name)})")
        ]
        parents = {
            str(row[2]) for row in await connection.execute_fetchall(f"PRAGMA foreign_key_list({_quoted(name)})")
        }
        order.add(name, *(parents - {name}))
    return {name: columns[name] for name in order.static_order() if name in columns}


async def postgresql_tables(db: Db) -> dict[str, set[str]]:
    """PostgreSQL's tables (but its migrations' bookkeeping) and their columns."""
    rows = await db.fetchall(
        "SELECT c.table_name, c.column_name FROM information_schema.columns c"
        " JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
        " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name != 'schema_version'"
    )
    tables: dict[str, set[str]] = {}
    for table, column in rows:
        tables.setdefault(str(table), set()).add(str(column))
    return tables


async def rows_held(url: str) -> dict[str, int]:
    """The tables of a PostgreSQL database that hold rows, read without migrating it (so a refusal writes nothing)."""
    db = await PostgresDb.connect(url)
    try:
        held = {
            table: await fetch_int(db, f"SELECT COUNT(*) FROM {_quoted(table)}")
            for table in await postgresql_tables(db)
        }
    finally:
        await db.close()
    return {table: count for table, count in sorted(held.items()) if count}


def schema_differences(sqlite: dict[str, list[str]], postgresql: dict[str, set[str]]) -> list[str]:
    """Where the two schemas disagree, one line each: a table or column missing on one side."""
    found = [f"table {t} exists only in SQLite" for t in sorted(set(sqlite) - set(postgresql))]
    found += [f"table {t} exists only in PostgreSQL" for t in sorted(set(postgresql) - set(sqlite))]
    for table in sorted(set(sqlite) & set(postgresql)):
        mine, theirs = set(sqlite[table]), postgresql[table]
        found += [f"column {table}.{c} exists only in SQLite" for c in sorted(mine - theirs)]
        found += [f"column {table}.{c} exists only in PostgreSQL" for c in sorted(theirs - mine)]
    return found


@asynccontextmanager
async def copying(source: SqliteStorage, target: PostgresStorage) -> AsyncIterator[Copied]:
    """Copy every row of `source` into `target` inside one PostgreSQL transaction, committed only if the block
    (the caller's own checks) ends without an exception; raises `CannotMove` when the copy itself is wrong."""
    sqlite, pg = source._sqlite, target._pg
    versions = await source.schema_version(), await target.schema_version()
    if versions[0] != versions[1]:
        raise CannotMove(f"SQLite is at migration {versions[0]} and PostgreSQL at {versions[1]}: they must be alike.")
    tables = await sqlite_tables(sqlite)
    differences = schema_differences(tables, await postgresql_tables(pg))
    if differences:
        raise CannotMove("The two schemas differ, so the copy would lose data: " + "; ".join(differences) + ".")
    await sqlite.execute("BEGIN")  # one read snapshot: every table as it was at the same moment
    try:
        await pg.begin()
        for table, columns in tables.items():
            await _copy_table(sqlite, pg, table, columns)
        await _continue_sequences(sqlite, pg)
        counts = {table: await _count(sqlite, table) for table in tables}
        wrong = [
            f"{table} ({count} in SQLite, {copied} in PostgreSQL)"
            for table, count in counts.items()
            if (copied := await fetch_int(pg, f"SELECT COUNT(*) FROM {_quoted(table)}")) != count
        ]
        if wrong:
            raise CannotMove("Row counts differ after the copy: " + ", ".join(wrong) + ".")
        played = await pg.fetchall("SELECT id FROM games WHERE status IN (?, ?) ORDER BY id", PLAYED)
        yield Copied(counts, tuple(int(row[0]) for row in played))
    except BaseException:
        await pg.rollback()
        raise
    else:
        await pg.commit()
    finally:
        await sqlite.execute("COMMIT")


async def _count(sqlite: aiosqlite.Connection, table: str) -> int:
    (row,) = await sqlite.execute_fetchall(f"SELECT COUNT(*) FROM {_quoted(table)}")
    return int(row[0])


async def _copy_table(sqlite: aiosqlite.Connection, pg: PostgresDb, table: str, columns: list[str]) -> None:
    """Copy one table's rows as they are (ids included) into its empty counterpart."""
    if await fetch_int(pg, f"SELECT COUNT(*) FROM {_quoted(table)}"):
        raise CannotMove(f"PostgreSQL's {table} table is not empty: move-to copies only into an empty database.")
    names = ", ".join(_quoted(c) for c in columns)
    insert = f"INSERT INTO {_quoted(table)} ({names}) VALUES ({', '.join('?' for _ in columns)})"
    async with sqlite.execute(f"SELECT {names} FROM {_quoted(table)}") as cursor:
        while rows := await cursor.fetchmany(BATCH):
            await pg.executemany(insert, [tuple(row) for row in rows])


async def _continue_sequences(sqlite: aiosqlite.Connection, pg: PostgresDb) -> None:
    """Set each identity column's next value past the copied ids, so a new game never takes an old game's id.

    Past SQLite's own AUTOINCREMENT counter too, where it has one: SQLite never reuses those ids, nor should we."""
    counted = await sqlite.execute_fetchall("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'")
    counters = await sqlite.execute_fetchall("SELECT name, seq FROM sqlite_sequence") if counted else []
    used = {str(name): int(seq) for name, seq in counters}
    identities = await pg.fetchall(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in identities:
        highest = await fetch_int(pg, f"SELECT MAX({_quoted(column)}) FROM {_quoted(table)}")
        following = max(highest, used.get(table, 0)) + 1
        await pg.execute(
            "SELECT setval(pg_get_serial_sequence(?, ?), CAST(? AS BIGINT), false)",
            (_quoted(table), column, following),
        )
