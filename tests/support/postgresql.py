"""A fresh PostgreSQL database per test, on the server named by TETSUDO_TEST_POSTGRESQL (`.ci/run` starts one).

Each test gets a database of its own holding exactly what the migrations leave: the first ones are copied from a
template the migrations built once per test process; a database a test has given back is then emptied and handed
to the next test instead. Copying a template costs the server ~0.3 s of CPU (PostgreSQL 15 writes every page to its
log), emptying one ~40 ms; a database whose tables or other objects no longer match the template's is dropped.
"""

from __future__ import annotations

import asyncio
import graphlib
import itertools
import os
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.storage.postgresql import PostgresStorage

ENV = "TETSUDO_TEST_POSTGRESQL"
WHY_SKIPPED = (
    f"PostgreSQL tests need a server: set {ENV}=postgresql://user@host:port/postgres (a role that may create "
    "databases); `bash .ci/run` starts a throwaway one (see Tests and CI in docs/development.md)"
)
_numbers = itertools.count(1)
_templates: dict[str, Template] = {}
_given_back: dict[str, list[str]] = {}
"""Per server: this process's migrated databases that tests have given back, to be emptied and handed out again."""
_reusable: set[str] = set()
"""Names of the databases made from a template (a test's unmigrated database is dropped when given back)."""

SHAPE = """
    SELECT n.nspname, c.relname, c.relkind::text, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    UNION ALL
    SELECT n.nspname, p.proname, 'function', NULL, NULL, NULL
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    ORDER BY 1, 2, 4
"""
"""Every object outside PostgreSQL's own, with its columns: a database is reused only if it has the template's."""

REFERENCES = """
    SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
    JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE c.contype = 'f' AND n.nspname = 'public'
"""
"""Each foreign key's table and the table it refers to."""


@dataclass(frozen=True)
class Template:
    """A migrated template database: its name, its objects (SHAPE) and the rows the migrations wrote."""

    name: str
    shape: list[tuple[Any, ...]]
    rows: dict[str, list[tuple[Any, ...]]]
    emptying: list[str]
    """The tables, each before any it refers to: emptied in this order, no foreign key is ever broken."""


def server() -> str:
    """The test server's URL, or skip the test saying how to get one."""
    dsn = os.environ.get(ENV, "")
    if not dsn:
        pytest.skip(WHY_SKIPPED)
    return dsn


def with_database(dsn: str, name: str) -> str:
    """The same server's URL with another database name."""
    parts = urlsplit(dsn)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def _new_name() -> str:
    """A database name no other test process or run uses."""
    return f"tetsudo_{_worker()}_{os.getpid()}_{next(_numbers)}"


async def _template(dsn: str) -> Template:
    """This test process's migrated template database (built on first use, rebuilt each run)."""
    template = _templates.get(dsn)
    if template is None:
        name = f"tetsudo_template_{_worker()}"
        connection = await asyncpg.connect(await migrated_database(dsn, name))
        try:
            shape = [tuple(row) for row in await connection.fetch(SHAPE)]
            tables = _relations(shape, "r")
            rows = {table: [tuple(r) for r in await connection.fetch(f'SELECT * FROM "{table}"')] for table in tables}
            referring: dict[str, set[str]] = {table: set() for table in tables}
            for table, refers_to in await connection.fetch(REFERENCES):
                if table != refers_to:  # a table referring to itself loses all its rows in one DELETE
                    referring[refers_to.strip('"')].add(table.strip('"'))
        finally:
            await connection.close()
        # A table comes after every table that refers to it.
        emptying = list(graphlib.TopologicalSorter(referring).static_order())
        template = Template(name, shape, {table: found for table, found in rows.items() if found}, emptying)
        _templates[dsn] = template
    return template


def _relations(shape: list[tuple[Any, ...]], kind: str) -> list[str]:
    """The public schema's relations of one kind ("r" tables, "S" sequences), by name, from a SHAPE listing."""
    return sorted({row[1] for row in shape if row[0] == "public" and row[2] == kind})


async def _emptied(dsn: str, name: str, template: Template) -> bool:
    """Database `name` back to what the migrations leave, if its objects are still the template's (else False)."""
    connection = await asyncpg.connect(with_database(dsn, name))
    try:
        if [tuple(row) for row in await connection.fetch(SHAPE)] != template.shape:
            return False
        async with connection.transaction():
            # DELETE, not TRUNCATE: a test's few rows go in milliseconds; TRUNCATE makes every file anew (~90 ms).
            for table in template.emptying:
                await connection.execute(f'DELETE FROM "{table}"')
            for sequence in _relations(template.shape, "S"):
                await connection.execute(f'ALTER SEQUENCE "{sequence}" RESTART')
            for table, rows in template.rows.items():
                await connection.copy_records_to_table(table, records=rows)
        return True
    finally:
        await connection.close()


async def recreate_database(dsn: str, name: str, template: str | None = None) -> str:
    """Database `name` on the server `dsn` names, dropped if it was there and made again (empty); its URL."""
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        copy = f' TEMPLATE "{template}"' if template else ""
        await admin.execute(f'CREATE DATABASE "{name}"{copy}')
    finally:
        await admin.close()
    return with_database(dsn, name)


async def migrated_database(dsn: str, name: str) -> str:
    """A new empty database `name` on the server, its tables made by the migrations (once, here); its URL."""
    url = await recreate_database(dsn, name)
    storage = await PostgresStorage.open(url)
    await storage.close()
    return url


async def fresh_database(*, migrated: bool = True) -> str:
    """A database for one test alone, empty (its tables made by the migrations, unless `migrated` is False); its URL."""
    dsn = server()
    if not migrated:
        return await recreate_database(dsn, _new_name())
    template = await _template(dsn)
    given_back = _given_back.setdefault(dsn, [])
    while given_back:
        name = given_back.pop()
        if await _emptied(dsn, name, template):
            return with_database(dsn, name)
        _reusable.discard(name)
        await _drop(dsn, name)
    name = _new_name()
    url = await recreate_database(dsn, name, template.name)
    _reusable.add(name)
    return url


async def drop_database(url: str, dsn: str | None = None) -> None:
    """Give back a test's database: connections still open are closed, then it is dropped or kept to be emptied."""
    name = urlsplit(url).path.lstrip("/")
    dsn = dsn or server()
    if name not in _reusable or dsn != server():
        await _drop(dsn, name)
        return
    admin = await asyncpg.connect(dsn)
    try:
        # What the test left connected goes, as DROP's FORCE would make it go; the next test then finds no one there.
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            name,
        )
    finally:
        await admin.close()
    _given_back.setdefault(dsn, []).append(name)


async def _drop(dsn: str, name: str) -> None:
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def drop_given_back() -> None:
    """Drop the databases tests gave back (at the end of the run: a server of one's own keeps no leftovers)."""

    async def drop_all() -> None:
        for dsn, names in _given_back.items():
            for name in names:
                await _drop(dsn, name)
            names.clear()

    if any(_given_back.values()):
        asyncio.run(drop_all())
