"""Automatic daily backups: one task copies the live database into a folder every day and keeps the newest few."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from pathlib import Path

from bot.storage.backup import seconds_until_due, take_daily_backup

log = logging.getLogger(__name__)

RETRY_S = 3600
"""After a failed backup (a full disk, a missing folder), try again in an hour rather than a day."""


class DailyBackups:
    """Sleeps until a day after the newest backup in the folder, takes one (off the event loop), prunes, repeats."""

    def __init__(self, database: str | Path, folder: str | Path, keep: int) -> None:
        self.database = Path(database)
        self.folder = Path(folder)
        self.keep = keep
        self._task: asyncio.Task[None] | None = None
        self.taken = asyncio.Event()

    def start(self) -> None:
        """Begin the daily cycle (the first backup at once if the folder has none from the last day)."""
        self._task = asyncio.create_task(self._run(), name="tetsudo-daily-backups")

    def stop(self) -> None:
        """Stop the cycle; a copy in progress finishes in its thread and keeps its .partial name if cut short."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(seconds_until_due(self.folder, time.time()))
            await self.take_one()

    async def take_one(self) -> bool:
        """One backup now, logged; False (and a retry in an hour) when it failed."""
        try:
            report, removed = await asyncio.to_thread(
                take_daily_backup, self.database, self.folder, self.keep, time.time()
            )
        except (OSError, sqlite3.Error) as error:
            log.error("daily backup failed folder=%s: %s; retrying in %d s", self.folder, error, RETRY_S)
            await asyncio.sleep(RETRY_S)
            return False
        log.info(
            "daily backup written path=%s games=%d bytes=%d removed=%d",
            report.path,
            report.games,
            report.size,
            len(removed),
        )
        self.taken.set()
        return True
