"""Online backups: a consistent copy of the database file, safe while the bot is writing to it."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What a backup wrote: where, how big, how many games, and SQLite's own check of the copy."""

    path: Path
    size: int
    games: int
    integrity: str


def backup_database(source: str | Path, target: str | Path) -> BackupReport:
    """Copy `source` to `target` with SQLite's backup API, then check the copy; the old target is kept on failure.

    The copy goes to `<target>.partial` first and is renamed only once it is complete and passes
    `PRAGMA integrity_check`, so a crash or a full disk never leaves a half-written backup under the real name.
    """
    source, target = Path(source), Path(target)
    if not source.exists():
        raise FileNotFoundError(f"There is no database at {source}.")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    # A plain connection (not read-only): a WAL database needs its shared-memory file, which read-only may not create.
    with closing(sqlite3.connect(source, timeout=30)) as live, closing(sqlite3.connect(partial)) as copy:
        live.backup(copy, pages=256)  # in steps, so the bot's writers are never held up for long
        copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no WAL beside it
        integrity = str(copy.execute("PRAGMA integrity_check").fetchone()[0])
        games = int(copy.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    if integrity != "ok":
        partial.unlink(missing_ok=True)
        raise sqlite3.DatabaseError(f"The copy failed SQLite's integrity check: {integrity}")
    os.replace(partial, target)
    return BackupReport(target, target.stat().st_size, games, integrity)
