"""Shared fixtures: a real database per test, SQLite's file and PostgreSQL's server both (no mocks of our own code)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from simcord.backend.ops.base import BackendBase

from bot.storage import SqliteStorage, Storage
from bot.ui import picture_cache
from tests.support import postgresql
from tests.support.described import DescribedLog
from tests.support.opened import opened

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh database's `database` setting: a SQLite file in tmp_path, then an empty PostgreSQL database.

    Without a PostgreSQL server at hand the PostgreSQL half is skipped, saying how to get one."""
    if request.param == "sqlite":
        yield str(tmp_path / "tetsudo.db")
        return
    url = await postgresql.fresh_database()
    try:
        yield url
    finally:
        await postgresql.drop_database(url)


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    """The repository on `database` (each test runs on both engines), closed afterwards (an open one hangs the exit)."""
    async with opened(database) as store:
        yield store


@pytest.fixture
async def sqlite_storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    """SqliteStorage on a fresh file in tmp_path, for what only SQLite has (its file, PRAGMAs, backups)."""
    store = await SqliteStorage.open(tmp_path / "tetsudo.db")
    try:
        yield store
    finally:
        await store.close()


LONGEST_FIRST = (
    "tests/games/test_compiled_engines.py",
    "tests/discord_layer/test_channel_writer.py",
    "tests/test_crash.py",
    "tests/computers/test_players.py",
    "tests/test_sandbox_tournament.py",
    "tests/test_sandbox.py",
    "tests/discord_layer/test_mexican_game.py",
    "tests/test_bench_remote.py",
    "tests/test_processes_fault.py",
    "tests/games/test_contract.py",
)
"""Files of the longest tests, longest first (`--durations=30` shows them)."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker per core and two more, for the time tests spend waiting on child processes and pauses.

    On the 2-core machine the whole suite took 464 s with 2 workers and 368 s with 3 (December 6), then 325 s with 3
    and 307 s with 4 (December 7): with 3, the cores still stood idle a twentieth of the time."""
    return (os.cpu_count() or 1) + 2


def pytest_sessionfinish() -> None:
    postgresql.drop_given_back()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Queue the longest tests first: run across cores (pytest-xdist), one queued last would finish alone."""

    def rank(item: pytest.Item) -> int:
        return next((n for n, path in enumerate(LONGEST_FIRST) if item.nodeid.startswith(path)), len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: the order within each rank stays the collection order


@pytest.fixture(autouse=True)
def pictures_are_described(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every picture uploaded to a simulated Discord during the test has a description (tests/support/described.py)."""
    faults: list[str] = []
    opened = BackendBase.__init__

    def described(self: BackendBase, *args: Any, **kwargs: Any) -> None:
        opened(self, *args, **kwargs)
        self.http_requests = DescribedLog(self.http_requests, faults)

    monkeypatch.setattr(BackendBase, "__init__", described)
    yield
    assert not faults, "pictures sent without a description:\n" + "\n".join(faults[:10])


@pytest.fixture(autouse=True)
def no_pictures_remembered() -> None:
    """Each test starts with no picture in the bot's picture cache, as a bot just started does."""
    picture_cache.cache().clear()
