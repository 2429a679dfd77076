"""Turn timers: when a wait's reminder and timeout fall due, and what a timeout does."""

from __future__ import annotations

from dataclasses import dataclass

from bot.computers import has_computers
from bot.games.base import Game, IllegalAction
from bot.i18n import _
from bot.storage import TimerPlan

CONSEQUENCES = ("auto", "skip", "forfeit", "computer")
"""What a timeout does to the seats still waiting: their default move, a skip, they drop out, or a computer plays."""


@dataclass(frozen=True, slots=True)
class TimerDefaults:
    """Reminder delays when a game sets none: one for turns, a shorter one for steps everyone answers at once."""

    turn_s: int = 12 * 3_600
    simultaneous_s: int = 10 * 60


@dataclass(frozen=True, slots=True)
class GameTimers:
    """A game's own timer settings as stored (None = the default reminder / no timeout)."""

    remind_s: int | None = None
    timeout_s: int | None = None
    on_timeout: str = "auto"

    def reminder_delay(self, defaults: TimerDefaults, waiting: int) -> int:
        """The reminder delay for a wait on this many seats."""
        if self.remind_s is not None:
            return self.remind_s
        return defaults.simultaneous_s if waiting > 1 else defaults.turn_s


@dataclass(frozen=True, slots=True)
class Reminder:
    """A fired reminder: who to ping where."""

    game_id: int
    channel_id: int
    guild_id: int | None
    title: str
    user_ids: tuple[int, ...]
    board_message_id: int | None


def can_skip(game: Game) -> bool:
    """Whether the game's rules have a pass a timeout may make for a seat (its optional `skip_action`)."""
    return callable(getattr(game, "skip_action", None))


def consequences(game: Game) -> tuple[str, ...]:
    """The timeout consequences this game offers: `skip` only where its rules have a pass, `computer` where it has
    computer players."""
    offered = {"skip": can_skip(game), "computer": has_computers(game.name)}
    return tuple(c for c in CONSEQUENCES if offered.get(c, True))


def check_consequence(game: Game, on_timeout: str) -> None:
    """Refuse a timeout consequence the game doesn't offer, saying why and what it offers instead."""
    offered = consequences(game)
    if on_timeout in offered:
        return
    choices = ", ".join(f"`{c}`" for c in offered)
    if on_timeout == "skip":
        raise IllegalAction(
            _("{game}'s rules have no pass, so a timeout can't skip a turn: choose {choices}.").format(
                game=game.title, choices=choices
            )
        )
    raise IllegalAction(_("On timeout, choose one of: {choices}.").format(choices=choices))


def arm(timers: GameTimers, defaults: TimerDefaults, waiting: int, now_ms: int, version: int) -> TimerPlan:
    """The timers of a wait that begins now at `version` (nothing to arm if nobody must act)."""
    if not waiting:
        return TimerPlan(version)
    due = [("remind", now_ms + 1000 * timers.reminder_delay(defaults, waiting))]
    if timers.timeout_s is not None:
        due.append(("timeout", now_ms + 1000 * timers.timeout_s))
    return TimerPlan(version, tuple(due))
