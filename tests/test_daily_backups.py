"""Automatic daily backups: taken when due, complete and checked, and only the newest few kept."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from pathlib import Path

import simcord

from bot.backups import DailyBackups
from bot.client import TetsudoBot
from bot.settings import Settings
from bot.storage import SqliteStorage
from bot.storage.backup import DAY_S, daily_backups, daily_name, seconds_until_due
from tests.engine.harness import make_manager, start_game


def old_copy(folder: Path, days_ago: float) -> Path:
    """A backup file as an earlier day would have left it (its name and its time both in the past)."""
    taken = time.time() - days_ago * DAY_S
    path = folder / daily_name(taken)
    path.write_bytes(b"an older backup")
    os.utime(path, (taken, taken))
    return path


def test_the_next_backup_is_due_a_day_after_the_newest(tmp_path: Path) -> None:
    now = time.time()
    assert seconds_until_due(tmp_path / "none yet", now) == 0
    old_copy(tmp_path, 3)
    assert seconds_until_due(tmp_path, now) == 0  # three days old: overdue
    old_copy(tmp_path, 0.25)
    assert abs(seconds_until_due(tmp_path, now) - 0.75 * DAY_S) < 5


async def test_a_due_backup_is_a_checked_copy_and_the_oldest_are_pruned(
    sqlite_storage: SqliteStorage, tmp_path: Path
) -> None:
    manager = make_manager(sqlite_storage)
    await start_game(manager, 3)
    folder = tmp_path / "backups"
    folder.mkdir()
    oldest, middle, newest = old_copy(folder, 4), old_copy(folder, 3), old_copy(folder, 2)

    backups = DailyBackups(tmp_path / "tetsudo.db", folder, keep=3)
    assert await backups.take_one()

    kept = daily_backups(folder)
    assert len(kept) == 3 and not oldest.exists() and middle in kept and newest in kept
    with sqlite3.connect(kept[-1]) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)


async def test_the_bot_takes_one_at_start_when_none_is_recent(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    bot = TetsudoBot(
        Settings(database=str(tmp_path / "tetsudo.sqlite3"), backup_folder=str(folder), backups_kept=2, shard_count=1)
    )
    try:
        async with simcord.run(bot):
            assert bot.backups is not None
            await asyncio.wait_for(bot.backups.taken.wait(), 30)
    finally:
        await bot.close()
    assert len(daily_backups(folder)) == 1
