"""Why a move can't be taken back: every refusal of `/game undo` names its own reason, checked in order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from bot.engine.replay import logged_action, replay, step_random
from bot.games.base import Game, State
from bot.i18n import _
from bot.storage import ActionRow


@dataclass(frozen=True)
class UndoAsked:
    """A player asks to take back the last move: everything a reason for refusing may look at."""

    game: Game
    seat: int
    rows: Sequence[ActionRow]
    undo_floor: int
    seed: int
    seats: int
    options: dict[str, Any]
    name: Callable[[int], str]
    """A seat's player name."""

    @property
    def last(self) -> ActionRow:
        """The move that would be taken back (only read once `rows` is known not to be empty)."""
        return self.rows[-1]

    @cached_property
    def before(self) -> State:
        """The state before the last move: what undo goes back to (replayed once, when asked for)."""
        return replay(self.game, self.seed, self.seats, self.options, self.rows[:-1])

    def names(self, seats: frozenset[int]) -> str:
        """Players by name, in seat order."""
        return ", ".join(self.name(s) for s in sorted(seats))


def nothing_yet(asked: UndoAsked) -> str | None:
    """No move has been made since the game began."""
    if asked.rows:
        return None
    return _("There's nothing to take back: nobody has moved yet.")


def someone_elses(asked: UndoAsked) -> str | None:
    """Only the last move can be taken back, and only by the player who made it."""
    if asked.last.seat == asked.seat:
        return None
    return _("You can only take back your own last move, and the last move was {player}'s.").format(
        player=asked.name(asked.last.seat)
    )


def played_for_you(asked: UndoAsked) -> str | None:
    """A move the bot made for the seat (a timeout, a resignation) was nobody's choice to take back."""
    if not asked.last.auto:
        return None
    return _("Your last move was played for you by the bot, so it can't be taken back.")


def behind_the_floor(asked: UndoAsked) -> str | None:
    """DESIGN §3: a move that passed the turn, drew at random or revealed a secret stands; say which it did."""
    if asked.last.n > asked.undo_floor:
        return None
    game, before = asked.game, asked.before
    rng = step_random(asked.seed, asked.last.n)
    after = game.apply(before, asked.last.seat, logged_action(asked.last), rng)
    acting = game.to_act(after)
    if acting != game.to_act(before):
        if asked.seat in acting or not acting:
            return _("Your last move changed who may act, so it stands.")
        return _("The turn has passed to {players}, so your last move stands.").format(players=asked.names(acting))
    if rng.revealed:
        return _("Your last move revealed hidden information, so it stands.")
    if rng.draws:
        return _("Your last move drew something at random, so it stands.")
    return _("Your last move can no longer be taken back.")


CHECKS: tuple[Callable[[UndoAsked], str | None], ...] = (nothing_yet, someone_elses, played_for_you, behind_the_floor)
"""The reasons to refuse an undo, in the order they are checked; the first that applies is given."""


def undo_refusal(asked: UndoAsked) -> str | None:
    """Why this undo is refused, or None when the last move may be taken back."""
    return next((reason for check in CHECKS if (reason := check(asked)) is not None), None)
