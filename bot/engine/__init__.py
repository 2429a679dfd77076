"""The engine: the game manager and what it returns; it never imports discord."""

from bot.engine.errors import NotModerator, StaleClick
from bot.engine.manager import GameSummary
from bot.engine.moderation import GameManager, TurnWaiting
from bot.engine.timers import GameTimers, Reminder, TimerDefaults
from bot.engine.update import Lobby, Player, SeatInfo, Update

__all__ = [
    "GameManager",
    "GameSummary",
    "GameTimers",
    "Lobby",
    "NotModerator",
    "Player",
    "Reminder",
    "SeatInfo",
    "StaleClick",
    "TimerDefaults",
    "TurnWaiting",
    "Update",
]
