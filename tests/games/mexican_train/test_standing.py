"""A game closed early stands on the totals of the rounds played plus the pips left in each hand (lower wins)."""

from __future__ import annotations

from bot.games.base import Outcome
from bot.games.mexican_train import MEXICAN_TRAIN, tiles
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom
from tests.games.mexican_train.position import arrange, play

CLOSED = "the game was closed early"


def pips(state: MexicanState, seat: int) -> int:
    return sum(tiles.score(t) for t in state.hands[seat])


def test_a_running_round_stands_on_the_pips_left_in_each_hand() -> None:
    state = arrange(3, hands={0: ["12-3", "6-6"], 1: ["7-0", "2-1"], 2: ["0-0"]})
    assert MEXICAN_TRAIN.standing(state) == Outcome((15 + 12, 35, 50), (1, 2, 3), CLOSED)
    after = play(state, 0, "12-3", 0)
    assert not after.finished
    assert MEXICAN_TRAIN.standing(after) == Outcome((12, 35, 50), (1, 2, 3), CLOSED), "the 6-6 is all seat 0 has left"


def test_a_match_closed_in_round_two_adds_round_one_to_the_hands_now() -> None:
    state = MEXICAN_TRAIN.setup(11, 3, {"mode": "rounds"})
    n = 0
    while state.round == 1:
        n += 1
        seat = min(MEXICAN_TRAIN.to_act(state))
        action = MEXICAN_TRAIN.default_action(state, seat)
        assert action is not None and n < 1_000
        state = MEXICAN_TRAIN.apply(state, seat, action, GameRandom(11, n))
    assert not state.finished and state.history[0].scores == state.totals
    standing = MEXICAN_TRAIN.standing(state)
    expected = tuple(state.totals[s] + pips(state, s) for s in range(3))
    assert standing == Outcome.from_scores(expected, CLOSED, lower_wins=True)
    fewest = min(expected)
    assert {s for s in range(3) if standing.ranks[s] == 1} == {s for s in range(3) if expected[s] == fewest}


def test_a_finished_game_stands_on_its_outcome() -> None:
    state = arrange(3, hands={0: ["12-3"], 1: ["7-0", "2-1"], 2: ["0-0"]})
    after = play(state, 0, "12-3", 0)
    assert after.finished
    assert MEXICAN_TRAIN.standing(after) == MEXICAN_TRAIN.outcome(after)
    assert MEXICAN_TRAIN.standing(after).reason == "<seat:0> went out"
