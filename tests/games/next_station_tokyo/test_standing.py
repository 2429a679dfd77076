"""A game closed early stands on each sheet's score as drawn so far."""

from __future__ import annotations

from bot.games.base import Outcome
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO, rules, scoring
from bot.games.next_station_tokyo.data import tokyo_map
from bot.games.next_station_tokyo.state import TokyoState
from bot.games.rng import GameRandom

CLOSED = "the game was closed early"
SEED = 0


def sheet_totals(state: TokyoState) -> tuple[int, ...]:
    board = tokyo_map()
    return tuple(scoring.sheet_score(sheet, board, state.objectives).total(board) for sheet in state.sheets)


def test_each_seat_stands_on_its_sheet_score() -> None:
    state = NEXT_STATION_TOKYO.setup(SEED, 2, {"objectives": True})
    assert NEXT_STATION_TOKYO.standing(state) == Outcome(sheet_totals(state), (1, 1), CLOSED)
    for step in range(1, 4):  # seat 0 draws whenever it can, seat 1 lets every card go by
        draw = next((a for a in NEXT_STATION_TOKYO.legal_actions(state, 0) if a.verb == "draw"), None)
        assert draw is not None or step > 1, "the first card gives seat 0 a section"
        state = NEXT_STATION_TOKYO.apply(state, 0, draw or rules.pass_action(state.card_number), GameRandom(SEED, step))
        state = NEXT_STATION_TOKYO.apply(state, 1, rules.pass_action(state.card_number), GameRandom(SEED, step))
    assert not state.finished and any(state.sheets[0].values()) and not any(state.sheets[1].values())
    standing = NEXT_STATION_TOKYO.standing(state)
    assert standing == Outcome(sheet_totals(state), (1, 2), CLOSED), "a drawn line scores, a blank sheet doesn't"
