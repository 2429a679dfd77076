"""Storage: every SQL statement of the project, behind methods named for what they mean."""

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
from bot.storage.sqlite import SqliteStorage, Transaction

__all__ = [
    "ActionRow",
    "ChannelBusy",
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
    "TimerPlan",
    "TimerRow",
    "Transaction",
]
