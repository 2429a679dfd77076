"""Who uses a SQLite database: a bot holds a shared lock on a file beside it while it runs, a move an exclusive one.

The locks are the kernel's (`flock`), on `<database>.lock`: they end with the process that holds them, however it
ends, so a bot killed with SIGKILL leaves nothing that would make the next command believe it still runs (a pid or
a heartbeat in a file could). Any number of bots may share a file's lock; `python -m bot move-to` takes it alone,
so it refuses to copy a database a bot is still writing to, and a bot does not start on one being copied.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType

from bot.storage.where import is_postgresql


class DatabaseInUse(Exception):
    """The lock is held the other way: a bot runs on the database, or a move copies it (the message says which)."""


def lock_path(database: str | Path) -> Path:
    """The lock file of a SQLite database: beside it, named after it."""
    database = Path(database)
    return database.with_name(database.name + ".lock")


class UseLock:
    """One process's hold on a SQLite database's lock file: shared (a bot) or exclusive (a move)."""

    def __init__(self, database: str | Path, *, exclusive: bool) -> None:
        self.database = Path(database)
        self.path = lock_path(database)
        self.exclusive = exclusive
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock without waiting; `DatabaseInUse` when another process holds it the other way."""
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if self.exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DatabaseInUse(self._refusal()) from None
        self._fd = fd

    def release(self) -> None:
        """Let the lock go (closing the file releases it; so does the end of the process)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _refusal(self) -> str:
        database = self.database
        if self.exclusive:
            return (
                f"A bot is running on {database} (it holds {self.path.name}): stop it first, so that no move is "
                "made during the copy, then run the command again."
            )
        return f"{database} is being copied by `python -m bot move-to`: start the bot once the copy is done."

    def __enter__(self) -> UseLock:
        self.acquire()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.release()


def serving(database: str) -> UseLock | None:
    """A running bot's hold on its database (taken by `acquire`, for as long as the bot runs), if it is a SQLite file:
    PostgreSQL's databases are shared by design, and an in-memory one by no other process."""
    if is_postgresql(database) or database == ":memory:":
        return None
    return UseLock(database, exclusive=False)


def moving(database: str | Path) -> UseLock:
    """A move's hold on the SQLite database it copies: nobody else's while it lasts."""
    return UseLock(database, exclusive=True)
