"""Storage: every SQL statement of the project, behind methods named for what they mean."""

from bot.storage.moves import MoveWrite
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
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SqliteStorage",
    "StaleVersion",
    "TimerPlan",
    "TimerRow",
    "Transaction",
]
