"""The end of a round: going out, a blocked round, and penalty points with blanks at 25."""

from __future__ import annotations

from bot.games.mexican_train import MEXICAN_TRAIN, tiles
from tests.games.mexican_train.position import act, arrange, code, legal, narrated, play


def test_a_tile_scores_its_pips_with_each_blank_half_at_25() -> None:
    assert tiles.score(code("0-0")) == 50
    assert tiles.score(code("7-0")) == 32
    assert tiles.score(code("12-12")) == 24
    assert tiles.score(code("6-1")) == 7


def test_going_out_wins_a_single_mode_game() -> None:
    state = arrange(3, hands={0: ["12-3"], 1: ["7-0", "2-1"], 2: ["0-0"]})
    after = play(state, 0, "12-3", 0)
    assert after.finished and MEXICAN_TRAIN.to_act(after) == frozenset()
    assert all(legal(after, s) == [] for s in range(3))
    outcome = MEXICAN_TRAIN.outcome(after)
    assert outcome is not None
    assert outcome.scores == (0, 35, 50) and outcome.winners() == (0,) and outcome.reason == "<seat:0> went out"
    assert after.history[-1].hands == [[], [code("2-1"), code("7-0")], [code("0-0")]]
    assert "<seat:0> goes out" in narrated(after)
    assert MEXICAN_TRAIN.player_view(after, None)["public"]["rounds_played"][0]["hands"][2] == [[0, 0]]


def test_a_round_is_blocked_when_the_boneyard_is_empty_and_no_hand_fits_anywhere() -> None:
    hands = {0: ["0-0"], 1: ["7-0"], 2: ["6-6", "2-1"]}  # 50, 32 and 15 points; nothing has a 12
    state = arrange(3, hands=hands, stock=False)
    assert legal(state, 0) == [("pass",)]
    after = act(state, 0, "pass")
    assert after.finished and after.history[-1].went_out is None
    outcome = MEXICAN_TRAIN.outcome(after)
    assert outcome is not None and outcome.reason == "the round was blocked"
    assert outcome.scores == (50, 32, 15) and outcome.ranks == (3, 2, 1)
    assert "blocked" in narrated(after)


def test_lowest_score_wins_a_blocked_round_and_ties_share_first_place() -> None:
    state = arrange(3, hands={0: ["0-0"], 1: ["6-6", "5-1"], 2: ["9-3"]}, stock=False)
    outcome = MEXICAN_TRAIN.outcome(act(state, 0, "pass"))
    assert outcome is not None and outcome.scores == (50, 18, 12) and outcome.winners() == (2,)
    state = arrange(2, hands={0: ["9-3"], 1: ["6-6"]}, stock=False)
    outcome = MEXICAN_TRAIN.outcome(act(state, 0, "pass"))
    assert outcome is not None and outcome.winners() == (0, 1) and outcome.ranks == (1, 1)


def test_the_round_goes_on_while_some_hand_fits_a_train_even_a_closed_one() -> None:
    # Seat 1 holds 9-4, which fits only seat 2's closed train: seat 0's pass does not end the round.
    hands = {0: ["0-0"], 1: ["9-4"], 2: ["6-1"]}
    state = arrange(3, hands=hands, trains={2: ["12-9"]}, mexican=["12-3"], stock=False)
    state = act(state, 0, "pass")
    assert not state.finished and state.turn == 1 and legal(state, 1) == [("pass",)]
    state = act(state, 1, "pass")
    assert not state.finished and legal(state, 2) == [("pass",)]
    state = act(state, 2, "pass")  # now seat 2's train is open
    assert not state.finished and legal(state, 0) == [("pass",)]
    state = act(state, 0, "pass")
    assert legal(state, 1) == [("play", "9-4", 2)]
    state = play(state, 1, "9-4", 2)
    assert state.finished and MEXICAN_TRAIN.outcome(state) is not None


def test_a_round_is_blocked_when_nobody_can_cover_a_waiting_double() -> None:
    hands = {0: ["5-5", "12-1"], 1: ["12-7"], 2: ["12-8"]}
    state = arrange(3, hands=hands, trains={0: ["12-5"]}, stock=False)
    state = play(state, 0, "5-5", 0)
    assert legal(state, 0) == [("pass",)]
    after = act(state, 0, "pass")
    assert after.finished and after.history[-1].scores == [13, 19, 20]


def test_a_blocked_round_in_rounds_mode_is_scored_and_the_next_round_dealt() -> None:
    state = arrange(3, mode="rounds", hands={0: ["0-0"], 1: ["7-0"], 2: ["6-6", "2-1"]}, stock=False)
    state.totals = [1, 2, 3]
    after = act(state, 0, "pass")
    assert not after.finished and after.history[-1].went_out is None
    assert after.totals == [51, 34, 18] and (after.round, after.engine, after.turn) == (2, 11, 1)
