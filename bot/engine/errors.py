"""Refusals the engine adds to the rules' own IllegalAction."""

from __future__ import annotations

from bot.games.base import IllegalAction


class StaleClick(IllegalAction):
    """A button or menu from an earlier version of the board."""

    def __init__(self) -> None:
        super().__init__("The board has moved on since that was shown — here is the current one.")


class NotModerator(IllegalAction):
    """Only the host or a moderator may do this."""
