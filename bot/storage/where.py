"""Where the data lives: a `database` setting tells a PostgreSQL server (a URL) from a SQLite file.

Kept apart from `bot.storage.postgresql` so that a bot on SQLite never imports asyncpg (about 6 MB of its memory).
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def redacted(database: str) -> str:
    """The `database` setting fit to log or print: a PostgreSQL URL's password, if it has one, replaced by ***."""
    parts = urlsplit(database)
    if not is_postgresql(database) or parts.password is None:
        return database
    user, host = parts.netloc.rsplit("@", 1)
    netloc = f"{user.split(':', 1)[0]}:***@{host}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def is_postgresql(database: str) -> bool:
    """Whether a `database` setting names a PostgreSQL server (a URL) rather than a SQLite file."""
    return database.startswith(("postgresql://", "postgres://"))
