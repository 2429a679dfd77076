"""The shared search: paired playouts compare candidates on the same luck, and the first keeps its lead."""

from __future__ import annotations

import random

from bot.computers import Budget, Seen
from bot.computers.search import best_move
from bot.games.base import State
from bot.games.ttr_japan import TTR_JAPAN, rules
from bot.games.ttr_japan.state import JapanState

RED, BLUE = rules.FACE_UP_DRAWS[0], rules.FACE_UP_DRAWS[1]


def table() -> tuple[Seen, JapanState]:
    """Seat 0 to draw its first card from a market whose first two cards are red and blue."""
    state = TTR_JAPAN.setup(1, 2, {})
    state.phase, state.offer, state.turn = "turns", [[], []], 0
    state.market = ["red", "blue", "green", "black", "white"]
    return Seen("ttr_japan", 0, 2, TTR_JAPAN.player_view(state, 0)), state


def decide(value: float, incumbent: float, playouts: int = 60) -> int:
    """Which of (blue, red) the search picks when red is worth `value` more than blue, give or take the deal's luck."""
    seen, state = table()

    def guess(seen: Seen, rng: random.Random) -> State:
        new = state.copy()
        rng.shuffle(new.deck)
        return new

    def worth(state: State, seat: int) -> float:
        assert isinstance(state, JapanState)
        luck = 10.0 * (state.deck[-1] == "red")  # the same for both on a shared deal: paired, it cancels out
        return luck + (value if state.first_card == "red" else 0.0)

    move = best_move(
        seen,
        [BLUE, RED],
        guess,
        random.Random(3),
        Budget(playouts=playouts),
        playout=lambda state, seed, moves, depth: state,
        value=worth,
        paired=True,
        incumbent=incumbent,
    )
    return [BLUE, RED].index(move)


def test_a_clear_gain_overrules_the_first_candidate_and_a_small_one_does_not() -> None:
    assert decide(1.0, incumbent=0.5) == 1
    assert decide(1.0, incumbent=2.0) == 0
    assert decide(-1.0, incumbent=0.0) == 0
