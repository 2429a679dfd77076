"""The engine: the game manager and what it returns; it never imports discord."""

from bot.engine.errors import NotModerator, StaleClick
from bot.engine.manager import GameManager, GameSummary
from bot.engine.update import Lobby, Player, SeatInfo, Update

__all__ = [
    "GameManager",
    "GameSummary",
    "Lobby",
    "NotModerator",
    "Player",
    "SeatInfo",
    "StaleClick",
    "Update",
]
