"""Online backups: a consistent copy of the database file, safe while the bot is writing to it."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit


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


DAILY_PREFIX = "tetsudo-"
DAILY_SUFFIX = ".sqlite3"
DAY_S = 24 * 3600


def daily_backups(folder: Path) -> list[Path]:
    """The automatic backups in `folder`, oldest first (their names sort by the time they were taken)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{DAILY_PREFIX}*{DAILY_SUFFIX}") if p.is_file())


def daily_name(now_s: float) -> str:
    """The file name of an automatic backup taken at `now_s` (UTC, to the second, so names sort by time)."""
    return DAILY_PREFIX + time.strftime("%Y-%m-%d-%H%M%S", time.gmtime(now_s)) + DAILY_SUFFIX


def seconds_until_due(folder: Path, now_s: float) -> float:
    """How long until the next automatic backup: a day after the newest one, or now when there is none."""
    taken = daily_backups(folder)
    if not taken:
        return 0.0
    return max(0.0, taken[-1].stat().st_mtime + DAY_S - now_s)


def take_daily_backup(source: Path, folder: Path, keep: int, now_s: float) -> tuple[BackupReport, list[Path]]:
    """Back up `source` into `folder`, then delete the oldest automatic backups beyond `keep`; what was removed."""
    report = backup_database(source, folder / daily_name(now_s))
    removed = daily_backups(folder)[:-keep] if keep > 0 else []
    for old in removed:
        old.unlink(missing_ok=True)
    return report, removed


def without_password(url: str) -> tuple[str, str | None]:
    """A PostgreSQL URL without its password (in the user part, `user:secret@host`, or the query, `?password=`),
    and that password, decoded (None when it has none)."""
    parts = urlsplit(url)
    netloc, password, kept = parts.netloc, None, parts.query
    if parts.password is not None:
        user, host = netloc.rsplit("@", 1)
        netloc, password = f"{user.split(':', 1)[0]}@{host}", unquote(parts.password)
    query = parse_qsl(parts.query, keep_blank_values=True)
    given = [value for key, value in query if key == "password"]
    if given:
        password = given[-1]  # libpq reads the query after the user part: the password it would use
        kept = urlencode([(key, value) for key, value in query if key != "password"])
    return urlunsplit((parts.scheme, netloc, parts.path, kept, parts.fragment)), password


def password_file_line(password: str) -> str:
    """A ~/.pgpass line giving `password` for any server, port, database and user (`:` and `\\` escaped)."""
    return "*:*:*:*:" + password.replace("\\", "\\\\").replace(":", "\\:") + "\n"


def dump_postgresql(url: str, target: str | Path) -> Path:
    """Back a PostgreSQL database up with `pg_dump --format=custom` (what `pg_restore` reads) into `target`.

    Raises FileNotFoundError when pg_dump is not installed, RuntimeError with pg_dump's own words when it fails;
    like SQLite's backup, the dump is written under a `.partial` name first, so a failed one never takes `target`'s.
    The password never reaches pg_dump's command line, which any user of the machine may read (`ps`): it goes in a
    password file only this user can read, removed once pg_dump is done (PostgreSQL's advice over PGPASSWORD)."""
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise FileNotFoundError("pg_dump is not on the PATH")
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    bare, password = without_password(url)
    with tempfile.TemporaryDirectory(prefix="tetsudo-pgpass-") as private:  # mode 0700: this user's only
        env = dict(os.environ)
        if password is not None:
            passfile = Path(private) / "pgpass"
            passfile.write_text(password_file_line(password), encoding="utf-8")
            passfile.chmod(0o600)  # libpq ignores a password file others may read
            env["PGPASSFILE"] = str(passfile)
            env.pop("PGPASSWORD", None)  # it would win over the file
        done = subprocess.run(
            [pg_dump, "--format=custom", f"--file={partial}", f"--dbname={bare}"],
            capture_output=True, text=True, check=False, env=env,
        )  # fmt: skip
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise RuntimeError(done.stderr.strip() or f"pg_dump exited with {done.returncode}")
    os.replace(partial, target)
    return target
