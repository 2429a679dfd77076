"""Where a replay may jump to: the step each round began, or each turn in a game played in one round or none.

Read from the public view of the steps (the game contract's own words: a `round` number, whose `turn` it is), so
nothing here knows a game's state. Discord-free: the replay's "Jump to" menu and the web pages list the same marks.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from bot.games.base import JSON
from bot.i18n import _

T = TypeVar("T")

SHOWN = 25
"""At most this many marks are listed (Discord's limit of a menu's options)."""
ROUND, TURN, STEP = "round", "turn", "step"

PublicAt = Callable[[int], Mapping[str, JSON]]
"""A step's number → everyone's view at that step (`player_view(state, None)`)."""


@dataclass(frozen=True)
class Mark:
    """A step worth jumping to: where round or turn `number` began (kind STEP: just a step)."""

    step: int
    kind: str
    number: int


def found(public_at: PublicAt, last: int) -> list[Mark]:
    """The rounds' first steps where the game had more than one round, else its turns' (none if it has neither)."""
    rounds = round_starts(public_at, last)
    return rounds if len(rounds) > 1 else turn_starts(public_at, last)


def round_starts(public_at: PublicAt, last: int) -> list[Mark]:
    """The first step of each round, found by bisection: rounds only go forward, so few steps' views are read."""
    if round_of(public_at(0)) is None:
        return []
    steps = range(last + 1)
    marks, step = [], 0
    while step <= last:
        number = round_of(public_at(step)) or 0
        marks.append(Mark(step, ROUND, number))
        step = bisect_right(steps, number, lo=step, key=lambda n: round_of(public_at(n)) or 0)
    return marks


def round_of(view: Mapping[str, JSON]) -> int | None:
    """The round a view names, if the game has rounds."""
    number = public_field(view, "round")
    return number if isinstance(number, int) else None


def public_field(view: Mapping[str, JSON], name: str) -> JSON:
    """A field of a view's public part (None when it has no such field)."""
    public = view.get("public")
    return public.get(name) if isinstance(public, dict) else None


def turn_starts(public_at: PublicAt, last: int) -> list[Mark]:
    """Each step where the turn passed to another seat (no turn: the game is being set up, or is over)."""
    marks: list[Mark] = []
    before: JSON = None
    for step in range(last + 1):
        turn = public_field(public_at(step), "turn")
        if turn is not None and turn != before:
            marks.append(Mark(step, TURN, len(marks) + 1))
        before = turn
    return marks


def spread(items: Sequence[T], limit: int) -> list[T]:
    """At most `limit` of `items`, evenly spread, the first and the last among them."""
    if len(items) <= limit:
        return list(items)
    last = len(items) - 1
    return [items[i] for i in sorted({round(k * last / (limit - 1)) for k in range(limit)})]


def labelled(marks: Sequence[Mark], last: int, limit: int = SHOWN) -> list[tuple[int, str]]:
    """The marks as (step, label) choices, at most `limit`; a game with neither rounds nor turns: its steps."""
    shown = spread(marks, limit) if marks else [Mark(n, STEP, n) for n in spread(range(last + 1), limit)]
    return [(mark.step, label(mark)) for mark in shown]


def label(mark: Mark) -> str:
    """A mark in words, in the language in use ("Round 3 · step 41")."""
    if mark.kind == ROUND:
        return _("Round {round} · step {step}").format(round=mark.number, step=mark.step)
    if mark.kind == TURN:
        return _("Turn {turn} · step {step}").format(turn=mark.number, step=mark.step)
    return _("Set-up") if mark.step == 0 else _("Step {step}").format(step=mark.step)
