"""Engine fixtures: a GameManager over the real SQLite `storage` fixture."""

from __future__ import annotations

import pytest

from bot.engine import GameManager
from bot.storage import SqliteStorage
from tests.engine.harness import make_manager


@pytest.fixture
def manager(storage: SqliteStorage) -> GameManager:
    return make_manager(storage)
