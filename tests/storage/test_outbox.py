"""Issue 17: the outbox migration (0005) applies to an existing database, whose running games then owe as they move."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path

from bot.storage import SqliteStorage
from tests.engine.harness import make_manager, random_move, start_game


async def test_the_outbox_migration_applies_to_a_database_with_a_running_game(tmp_path: Path) -> None:
    path = tmp_path / "tetsudo.sqlite3"
    storage = await SqliteStorage.open(path)
    try:
        started = await start_game(make_manager(storage), 3)
    finally:
        await storage.close()
    with closing(sqlite3.connect(path)) as db:  # as the database of the version before the outbox
        db.execute("DROP TABLE outbox")
        db.execute("ALTER TABLE seats DROP COLUMN computer")  # and before the computers (0006)
        db.execute("ALTER TABLE server_settings DROP COLUMN rate_computer_games")
        db.execute("ALTER TABLE games DROP COLUMN timeout_computer")
        db.execute("DROP TABLE shard_claims")  # and before the shard claims (0007)
        db.execute("PRAGMA user_version = 4")
    storage = await SqliteStorage.open(path)
    try:
        assert await storage.schema_version() == 7 and await storage.owed() == []
        manager = make_manager(storage)
        user, _action, moved = await random_move(manager, random.Random(2))
        assert moved.game_id == started.game_id and moved.version == started.version + 1
        row, reply = await storage.owed()
        assert (row.game_id, row.version, row.user_id, row.lines) == (moved.game_id, moved.version, None, moved.lines)
        assert (reply.version, reply.user_id) == (moved.version, user), "the mover's own reply is owed too (4.5)"
        assert await storage.integrity_check() == "ok"
    finally:
        await storage.close()
