"""A fresh PostgreSQL database per test, on the server named by TETSUDO_TEST_POSTGRESQL (`.ci/run` starts one).

Each test gets its own database, copied from a template that the migrations built once per test process, so a test
starts from the same empty, migrated schema as on SQLite, in a few milliseconds.
"""

from __future__ import annotations

import itertools
import os
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
_templates: dict[str, str] = {}


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


async def _template(dsn: str) -> str:
    """This test process's migrated template database (built on first use, rebuilt each run)."""
    name = _templates.get(dsn)
    if name is None:
        name = f"tetsudo_template_{_worker()}"
        await migrated_database(dsn, name)
        _templates[dsn] = name
    return name


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
    """A new database for one test, empty (its tables made by the migrations, unless `migrated` is False); its URL."""
    dsn = server()
    name = f"tetsudo_{_worker()}_{os.getpid()}_{next(_numbers)}"
    return await recreate_database(dsn, name, await _template(dsn) if migrated else None)


async def drop_database(url: str, dsn: str | None = None) -> None:
    """Remove a database of the server `dsn` (the test server by default); connections still open are closed first."""
    name = urlsplit(url).path.lstrip("/")
    admin = await asyncpg.connect(dsn or server())
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()
