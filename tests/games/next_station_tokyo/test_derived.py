"""The facts and move lists the rules keep on a state (to list moves fast) always match ones worked out afresh."""

from __future__ import annotations

import random

import pytest

from bot.games.next_station_tokyo import NEXT_STATION_TOKYO, rules
from bot.games.next_station_tokyo.data import tokyo_map
from bot.games.next_station_tokyo.lines import LineFacts
from bot.games.next_station_tokyo.state import TokyoState
from bot.games.rng import GameRandom


def fresh(state: TokyoState) -> TokyoState:
    """The same game read back from its JSON: nothing derived is carried over."""
    return NEXT_STATION_TOKYO.from_json(NEXT_STATION_TOKYO.to_json(state))


@pytest.mark.parametrize(
    ("seats", "options"),
    [(1, {}), (1, {"effects": True}), (3, {"effects": True, "objectives": True}), (8, {"effects": True})],
)
def test_kept_facts_and_moves_match_fresh_ones_through_random_games(seats: int, options: dict[str, bool]) -> None:
    board = tokyo_map()
    for seed in range(6):
        state = NEXT_STATION_TOKYO.setup(seed, seats, options)
        rnd, step = random.Random(seed), 0
        while not state.finished:
            again = fresh(state)
            for seat in range(seats):
                colour = state.colour_of(seat)
                assert rules.line_facts(state, seat) == LineFacts.of(state.sheets[seat], colour, board)
                assert NEXT_STATION_TOKYO.legal_actions(state, seat) == NEXT_STATION_TOKYO.legal_actions(again, seat)
                assert rules.draws(state, seat) == rules.draws(again, seat)
            seat = rnd.choice(sorted(NEXT_STATION_TOKYO.to_act(state)))
            action = rnd.choice(NEXT_STATION_TOKYO.legal_actions(state, seat))
            step += 1
            after = NEXT_STATION_TOKYO.apply(state, seat, action, GameRandom(seed, step))
            redone = NEXT_STATION_TOKYO.apply(again, seat, action, GameRandom(seed, step))
            assert NEXT_STATION_TOKYO.to_json(after) == NEXT_STATION_TOKYO.to_json(redone)
            state = after


def test_a_listed_draw_is_refused_once_the_sheet_changes_under_it() -> None:
    """The kept list is for one sheet: a state whose sheet is replaced lists (and accepts) afresh."""
    state = NEXT_STATION_TOKYO.setup(3, 1, {})
    listed = rules.draws(state, 0)
    assert listed
    first = listed[0]
    state.sheets[0] = {c: list(s) for c, s in state.sheets[0].items()}
    state.sheets[0][state.colour_of(0)].extend(first.sections)
    assert first not in rules.draws(state, 0)
    assert isinstance(rules.check(state, 0, first.origin, first.target), str)
