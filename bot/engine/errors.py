"""Refusals the engine adds to the rules' own IllegalAction."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import IllegalAction
from bot.i18n import _
from bot.storage import Unavailable

__all__ = ["Unavailable"]  # the storage's "database not answering", for the Discord layer (it may not import storage)


@dataclass(frozen=True, slots=True)
class Refused:
    """Where the engine refused a move, for the one log line of the refusal.

    It carries the move's verb and a fixed reason word, never the refusal's text: that text may quote the
    player's own secrets ("You drew 6-4 and it fits…"), which are theirs to read, not the host's log's.
    """

    channel_id: int
    game: str
    step: int
    """The number the move would have had in the game's action log."""
    seat: int
    verb: str
    why: str
    """`turn` (not this seat's turn), `illegal` (not a legal move), `malformed` (not a move) or `stale` (old board)."""

    def line(self) -> str:
        """The log line's fields, in the order of the "action accepted" line."""
        return f"channel={self.channel_id} game={self.game} step={self.step} seat={self.seat} verb={self.verb}"


class MoveRefused(IllegalAction):
    """A move the rules refuse in a running game, with where it was refused."""

    def __init__(self, message: str, where: Refused) -> None:
        super().__init__(message)
        self.where = where


class StaleClick(IllegalAction):
    """A button or menu from an earlier version of the board (with where, when the engine refused it).

    `message` is the game's own reason when the game saw the move answer a step that is over (a StaleMove).
    """

    def __init__(self, where: Refused | None = None, message: str | None = None) -> None:
        super().__init__(message or _("The board has moved on since that was shown — here is the current one."))
        self.where = where


class MovedOn(IllegalAction):
    """The game's stored version changed between reading it and committing a change (another process moved it)."""

    def __init__(self) -> None:
        super().__init__(_("The game moved on while you were moving — please try again."))


class NotModerator(IllegalAction):
    """Only the host or a moderator may do this."""


class GameOver(IllegalAction):
    """A request for the channel's game after its last one ended: that game is over, and where its board is."""

    def __init__(self, title: str, abandoned: bool, guild_id: int | None, channel_id: int, board: int | None) -> None:
        if abandoned:
            said = _("That game of {game} is over: it was abandoned. `/game new` opens another.")
        else:
            said = _("That game of {game} is over. `/stats` shows the results; `/game new` opens another.")
        super().__init__(said.format(game=title))
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.board = board
        """The message showing its final board, when one was posted."""
