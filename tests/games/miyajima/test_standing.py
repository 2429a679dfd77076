"""A game closed early stands on what the sheets score as they are: cars, or cargo and cars squared."""

from __future__ import annotations

from bot.games.base import Action, Outcome
from bot.games.miyajima import MIYAJIMA, scoring
from bot.games.miyajima.data import sheet
from bot.games.miyajima.state import MiyajimaState
from bot.games.rng import GameRandom

CLOSED = "the game was closed early"


class Die(GameRandom):
    """Rolls the one value given."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        super().__init__(1, 1)
        self.value = value

    def randint(self, low: int, high: int) -> int:
        self.draws += 1
        assert low <= self.value <= high
        return self.value


def roll(state: MiyajimaState, die: str, value: int, *loads: tuple[str, str]) -> MiyajimaState:
    """The active player rolls `die` to `value`, then seat n loads `loads[n]` (colour, train)."""
    state = MIYAJIMA.apply(state, state.active, Action("roll", (die,)), Die(value))
    for seat, load in enumerate(loads):
        state = MIYAJIMA.apply(state, seat, Action("load", (*load, state.roll_number)), GameRandom(1, 1))
    return state


def test_a_colour_whose_fast_train_is_closer_and_heavy_heavier_pulls_ahead() -> None:
    state = MIYAJIMA.setup(1, 2, {})
    state = roll(state, "yellow", 2, ("yellow", "fast"), ("yellow", "fast"))
    state = roll(state, "blue", 1, ("green", "fast"), ("blue", "fast"))  # green = yellow 2 + blue 1
    state = roll(state, "red", 6, ("red", "fast"), ("red", "fast"))
    assert state.round == 2
    assert MIYAJIMA.standing(state) == Outcome((3, 3), (1, 1), CLOSED), "a car a point while nothing adheres"
    state = roll(state, "yellow", 5, ("yellow", "fast"), ("yellow", "fast"))
    state = roll(state, "blue", 4, ("green", "heavy"), ("blue", "fast"))  # green heavy 9
    assert not state.finished and state.sheets[0]["green"] == {"fast": [3], "heavy": [9]}
    # Seat 0: yellow 2 cars, green fast cargo 3 + heavy 1 car squared, red 1 car; seat 1: 2 + 2 + 1 cars.
    standing = MIYAJIMA.standing(state)
    assert standing == Outcome((2 + 3 + 1 + 1, 2 + 2 + 1), (1, 2), CLOSED)
    assert standing == scoring.outcome_of(state, sheet(), CLOSED)
