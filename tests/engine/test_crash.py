"""A failure between apply and commit leaves the stored game and the manager's memory as they were."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.engine import GameManager
from bot.storage import Storage, is_postgresql
from tests.engine.harness import (
    CHANNEL,
    assert_stored_equals_replay,
    legal,
    snapshot,
    start_game,
    stored_state,
    uid,
)

FAIL_SQLITE = (
    "CREATE TRIGGER fail BEFORE UPDATE OF state ON games WHEN NEW.version = {version}"
    " BEGIN SELECT RAISE(ABORT, 'simulated crash'); END"
)
FAIL_POSTGRESQL = (
    "CREATE FUNCTION fail() RETURNS trigger LANGUAGE plpgsql AS $$"
    " BEGIN RAISE EXCEPTION 'simulated crash'; END $$;"
    " CREATE TRIGGER fail BEFORE UPDATE OF state ON games FOR EACH ROW WHEN (NEW.version = {version})"
    " EXECUTE FUNCTION fail()"
)


async def run_sql(database: str, sql: str) -> None:
    """Change the schema through a second, independent connection to the same database."""
    if is_postgresql(database):
        other = await asyncpg.connect(database)
        try:
            await other.execute(sql)
        finally:
            await other.close()
        return
    plain = sqlite3.connect(database, isolation_level=None)
    try:
        plain.execute(sql)
    finally:
        plain.close()


async def test_failed_commit_keeps_the_previous_state_and_the_game_goes_on(
    manager: GameManager, storage: Storage, database: str
) -> None:
    started = await start_game(manager, 2)
    before = await snapshot(storage, started.game_id)
    view_before = await manager.current(CHANNEL, uid(0))
    fail = FAIL_POSTGRESQL if is_postgresql(database) else FAIL_SQLITE
    await run_sql(database, fail.format(version=before.version + 1))
    first, second = (await legal(manager, uid(0)))[:2]
    with pytest.raises((sqlite3.DatabaseError, asyncpg.PostgresError), match="simulated crash"):
        await manager.act(CHANNEL, uid(0), first, view_before.version)
    assert await snapshot(storage, started.game_id) == before
    view_after = await manager.current(CHANNEL, uid(0))
    assert (view_after.version, view_after.public, view_after.actor_view) == (
        view_before.version,
        view_before.public,
        view_before.actor_view,
    )

    await run_sql(database, "DROP TRIGGER fail ON games" if is_postgresql(database) else "DROP TRIGGER fail")
    moved = await manager.act(CHANNEL, uid(0), second, view_before.version)
    assert moved.version == before.version + 1
    after = await snapshot(storage, started.game_id)
    assert len(after.actions) == len(before.actions) + 1 == after.actions[-1].n
    assert (await stored_state(storage, started.game_id)).turn == 1
    await assert_stored_equals_replay(manager, started.game_id)
