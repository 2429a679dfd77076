"""Scoring each colour (closer and heavier, or cars only), totals, the solo rank and the five solo goals."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Outcome
from bot.games.miyajima.data import Sheet
from bot.games.miyajima.rules import total
from bot.games.miyajima.state import MiyajimaState, Trains
from bot.i18n import N_, _

SOLO_TARGET = 230
SOLO_COLOUR_GOAL = 200
DESIGNER_BEST = 260
ADHERED = N_("fast closer and heavy heavier")
FAST_NOT_CLOSER = N_("fast not closer")
HEAVY_NOT_HEAVIER = N_("heavy not heavier")
NEITHER = N_("fast not closer, heavy not heavier")
EMPTY = N_("nothing loaded")


@dataclass(frozen=True, slots=True)
class ColourScore:
    """One colour's two trains at the end: whether they adhere, why not, and each train's points."""

    colour: str
    fast: int
    heavy: int
    adhered: bool
    why: str
    """In English (it travels in the view): say it with `_()`."""

    @property
    def points(self) -> int:
        return self.fast + self.heavy


def colour_score(trains: Trains, colour: str, board: Sheet) -> ColourScore:
    """rules: fast strictly closer AND heavy strictly heavier → fast scores its cargo, heavy its cars squared."""
    fast, heavy = trains[colour]["fast"], trains[colour]["heavy"]
    distance = board.colours[colour].distance
    closer = distance["fast"][len(fast)] < distance["heavy"][len(heavy)]
    heavier = total(heavy) > total(fast)
    if closer and heavier:
        return ColourScore(colour, total(fast), len(heavy) ** 2, True, ADHERED)
    why = FAST_NOT_CLOSER if not closer else HEAVY_NOT_HEAVIER
    if not closer and not heavier:
        why = NEITHER if fast or heavy else EMPTY  # two empty trains didn't fail a race: they never ran
    return ColourScore(colour, len(fast), len(heavy), False, why)


def sheet_scores(trains: Trains, board: Sheet) -> list[ColourScore]:
    """Every colour's score, in sheet order."""
    return [colour_score(trains, colour, board) for colour in board.colours]


def solo_goals(scores: list[ColourScore], reached: list[str]) -> list[bool]:
    """Which of the five solo goals were met (rules/miyajima.txt, in its order)."""
    score = sum(s.points for s in scores)
    by_colour = {s.colour: s.points for s in scores}
    others = [p for c, p in by_colour.items() if c not in ("yellow", "purple")]
    yellow_then_purple = by_colour["yellow"] > by_colour["purple"] > max(others)
    return [
        score >= SOLO_COLOUR_GOAL and yellow_then_purple,
        len(reached) >= 4 and score >= SOLO_TARGET,
        {"red", "orange", "yellow"} <= set(reached) and score >= SOLO_TARGET,
        {"green", "blue", "purple"} <= set(reached) and score >= SOLO_TARGET,
        score > DESIGNER_BEST,
    ]


def outcome_of(state: MiyajimaState, board: Sheet, reason: str | None = None) -> Outcome:
    """Everyone's total as the sheets stand (the final score once the game is over); ties share their place.

    The reason is worded by the caller, in the language in use ("the last round is over" when none is given).
    """
    totals = [sum(s.points for s in sheet_scores(trains, board)) for trains in state.sheets]
    return Outcome.from_scores(totals, _("the last round is over") if reason is None else reason)
