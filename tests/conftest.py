"""Shared fixtures: a real SQLite database file per test (no mocks of our own code)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import SqliteStorage


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    """SqliteStorage on a fresh file in tmp_path, closed afterwards (an open one hangs the exit)."""
    store = await SqliteStorage.open(tmp_path / "tetsudo.db")
    try:
        yield store
    finally:
        await store.close()
