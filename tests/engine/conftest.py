"""Engine fixtures: a GameManager over the real `storage` fixture (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from bot.engine import GameManager
from bot.storage import Storage
from tests.engine.harness import make_manager


@pytest.fixture
def manager(storage: Storage) -> GameManager:
    return make_manager(storage)
