"""A failure between apply and commit leaves the stored game and the manager's memory as they were."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.engine import GameManager
from bot.storage import SqliteStorage
from tests.engine.harness import (
    CHANNEL,
    assert_stored_equals_replay,
    legal,
    snapshot,
    start_game,
    stored_state,
    uid,
)


def run_sql(path: Path, sql: str) -> None:
    """Change the schema through a second, independent connection to the same file."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute(sql)
    finally:
        other.close()


async def test_failed_commit_keeps_the_previous_state_and_the_game_goes_on(
    manager: GameManager, storage: SqliteStorage, tmp_path: Path
) -> None:
    path = tmp_path / "tetsudo.db"
    started = await start_game(manager, 2)
    before = await snapshot(storage, started.game_id)
    view_before = await manager.current(CHANNEL, uid(0))
    run_sql(
        path,
        f"CREATE TRIGGER fail BEFORE UPDATE OF state ON games WHEN NEW.version = {before.version + 1}"
        " BEGIN SELECT RAISE(ABORT, 'simulated crash'); END",
    )
    first, second = (await legal(manager, uid(0)))[:2]
    with pytest.raises(sqlite3.DatabaseError, match="simulated crash"):
        await manager.act(CHANNEL, uid(0), first, view_before.version)
    assert await snapshot(storage, started.game_id) == before
    view_after = await manager.current(CHANNEL, uid(0))
    assert (view_after.version, view_after.public, view_after.actor_view) == (
        view_before.version,
        view_before.public,
        view_before.actor_view,
    )

    run_sql(path, "DROP TRIGGER fail")
    moved = await manager.act(CHANNEL, uid(0), second, view_before.version)
    assert moved.version == before.version + 1
    after = await snapshot(storage, started.game_id)
    assert len(after.actions) == len(before.actions) + 1 == after.actions[-1].n
    assert (await stored_state(storage, started.game_id)).turn == 1
    await assert_stored_equals_replay(manager, started.game_id)
