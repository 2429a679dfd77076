"""Storage: every SQL statement of the project, behind methods named for what they mean."""

from bot.storage.moves import MoveWrite
from bot.storage.records import ActionRow, ChannelBusy, GameRow, ResultRow, SeatRow, StaleVersion
from bot.storage.sqlite import SqliteStorage, Transaction

__all__ = [
    "ActionRow",
    "ChannelBusy",
    "GameRow",
    "MoveWrite",
    "ResultRow",
    "SeatRow",
    "SqliteStorage",
    "StaleVersion",
    "Transaction",
]
