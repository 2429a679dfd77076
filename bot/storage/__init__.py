"""Storage: every SQL statement of the project, behind methods named for what they mean."""

from bot.storage.db import Conflict, Unavailable
from bot.storage.moves import MoveWrite
from bot.storage.outbox import OwedIds, OwedRow, Owing
from bot.storage.records import (
    ActionRow,
    ChannelBusy,
    GameRow,
    RatingRow,
    ResultRow,
    SeatRow,
    StaleVersion,
    TimerPlan,
    TimerRow,
)
from bot.storage.repository import Storage, Transaction
from bot.storage.sqlite import SqliteStorage
from bot.storage.where import is_postgresql, redacted

__all__ = [
    "ActionRow",
    "ChannelBusy",
    "Conflict",
    "GameRow",
    "MoveWrite",
    "OwedIds",
    "OwedRow",
    "Owing",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SqliteStorage",
    "StaleVersion",
    "Storage",
    "TimerPlan",
    "TimerRow",
    "Transaction",
    "Unavailable",
    "is_postgresql",
    "open_storage",
    "redacted",
]


async def open_storage(database: str) -> Storage:
    """The repository on `database`: a `postgresql://…` URL, else the path of a SQLite file."""
    if is_postgresql(database):
        from bot.storage.postgresql import PostgresStorage  # only then: a bot on SQLite never imports asyncpg

        return await PostgresStorage.open(database)
    return await SqliteStorage.open(database)
