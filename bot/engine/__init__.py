"""The engine: the game manager and what it returns; it never imports discord."""

from bot.engine.errors import NotModerator, StaleClick
from bot.engine.manager import GameSummary
from bot.engine.moderation import GameManager, TurnWaiting
from bot.engine.outbox import OwedUpdate
from bot.engine.servers import ServerBook
from bot.engine.timers import GameTimers, Reminder, TimerDefaults
from bot.engine.update import Lobby, Player, SeatInfo, Update
from bot.i18n import LANGUAGES
from bot.storage import OwedRow, RatingRow
from bot.storage.servers import ServerSettings
from bot.storage.stats import GameStats
from bot.storage.tournaments import TournamentRow

__all__ = [
    "LANGUAGES",
    "GameManager",
    "GameStats",
    "GameSummary",
    "GameTimers",
    "Lobby",
    "NotModerator",
    "OwedRow",
    "OwedUpdate",
    "Player",
    "RatingRow",
    "Reminder",
    "SeatInfo",
    "ServerBook",
    "ServerSettings",
    "StaleClick",
    "TimerDefaults",
    "TournamentRow",
    "TurnWaiting",
    "Update",
]
