"""The options: a fast start on your first turn, and announcing your last tile yourself (knock or be caught)."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.mexican_train import MEXICAN_TRAIN
from tests.games.mexican_train.position import act, arrange, code, legal, narrated, play, refusal

FAST = {"fast_start": True}
MANUAL = {"last_tile": "manual"}


def test_fast_start_chains_tiles_on_your_own_train_until_done() -> None:
    hands = {0: ["12-3", "4-3", "6-4", "12-10", "1-1"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = arrange(3, hands=hands, **FAST)
    state = play(state, 0, "12-3", 0)
    assert state.turn == 0 and state.chain
    assert legal(state, 0) == [("play", "4-3", 0), ("done",)], "the chain stays on the own train"
    assert "only play on your own train" in refusal(state, 0, "play", "12-10", "start")
    state = play(state, 0, "4-3", 0)
    state = play(state, 0, "6-4", 0)
    assert state.turn == 0 and legal(state, 0) == [("done",)]
    state = act(state, 0, "done")
    assert state.turn == 1 and not state.chain and len(state.trains[0]) == 3


def test_fast_start_your_second_turn_is_one_tile_again() -> None:
    hands = {0: ["12-3", "3-4", "6-4", "1-1"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = arrange(3, hands=hands, **FAST)
    state = act(play(state, 0, "12-3", 0), 0, "done")
    state = play(state, 1, "12-7", 1)
    assert state.turn == 1 and state.chain, "seat 1's first turn is a fast start too"
    state = act(state, 1, "done")
    state = act(play(state, 2, "12-8", 2), 2, "done")
    after = play(state, 0, "4-3", 0)
    assert after.turn == 1 and not after.chain


def test_fast_start_a_double_in_the_chain_must_be_covered_before_done() -> None:
    hands = {0: ["12-3", "3-3", "4-3", "1-1"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands, **FAST), 0, "12-3", 0)
    state = play(state, 0, "3-3", 0)
    assert state.double_train == 0 and ("done",) not in legal(state, 0)
    assert refusal(state, 0, "done") == "You have a tile you can play, so you must play it."
    state = play(state, 0, "4-3", 0)
    assert state.double_train is None and state.turn == 0 and legal(state, 0) == [("done",)]


def test_without_fast_start_the_first_turn_is_one_tile() -> None:
    hands = {0: ["12-3", "4-3", "1-1"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands), 0, "12-3", 0)
    assert state.turn == 1 and not state.chain and ("done",) not in legal(state, 1)
    refusal(state, 1, "done")


def test_fast_start_a_first_turn_spent_covering_someone_elses_double_ends_there() -> None:
    hands = {0: ["12-5", "5-5", "1-1"], 1: ["5-2", "2-4", "8-8"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands, mexican=["12-6"], draws=["10-3"], **FAST), 0, "12-5", 0)
    state = play(state, 0, "5-5", 0)  # seat 0's chain goes on: a double, which it cannot cover
    state = act(state, 0, "draw")
    assert state.turn == 1 and state.double_train == 0
    after = play(state, 1, "5-2", 0)
    assert after.turn == 2 and not after.chain


def test_manual_last_tile_the_player_down_to_one_tile_may_knock_and_others_may_catch() -> None:
    hands = {0: ["12-3", "6-6"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands, **MANUAL), 0, "12-3", 0)
    assert state.knock == 0 and MEXICAN_TRAIN.to_act(state) == frozenset({0, 1, 2})
    assert legal(state, 0) == [("knock",)]
    assert ("catch",) in legal(state, 1) and ("play", "12-7", 1) in legal(state, 1)
    assert legal(state, 2) == [("catch",)]
    assert MEXICAN_TRAIN.default_action(state, 0) is None and MEXICAN_TRAIN.default_action(state, 2) is None
    assert "one tile" not in narrated(state), "nobody announces it for them"
    knocked = act(state, 0, "knock")
    assert knocked.knock is None and "<seat:0> has one tile left." in narrated(knocked)
    assert MEXICAN_TRAIN.to_act(knocked) == frozenset({1}) and legal(knocked, 2) == []
    assert "nobody to catch" in refusal(knocked, 2, "catch")


def test_manual_last_tile_a_caught_player_draws_two() -> None:
    hands = {0: ["12-3", "6-6"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands, draws=["11-1", "10-4", "8-3"], **MANUAL), 0, "12-3", 0)
    caught = act(state, 2, "catch")
    assert caught.knock is None and caught.turn == 1
    assert caught.hands[0] == sorted(code(n) for n in ["6-6", "11-1", "10-4"])
    assert caught.new_tiles[0] == [code("11-1"), code("10-4")] and caught.boneyard[-1] == code("8-3")
    assert "<seat:0> didn't knock and draws 2 tiles." in narrated(caught)
    assert MEXICAN_TRAIN.player_view(caught, 0)["private"]["new_tiles"] == [[11, 1], [10, 4]]
    assert "knock" in refusal(caught, 0, "knock")


def test_manual_last_tile_the_window_closes_when_the_next_player_acts() -> None:
    hands = {0: ["12-3", "6-6"], 1: ["12-7", "2-2", "3-3"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands, **MANUAL), 0, "12-3", 0)
    after = play(state, 1, "12-7", 1)
    assert after.knock is None and legal(after, 0) == [] and ("catch",) not in legal(after, 2)
    assert "Only a player who just played down to their last tile" in refusal(after, 0, "knock")
    assert "nobody to catch" in refusal(after, 2, "catch")


def test_auto_last_tile_is_announced_in_the_narration() -> None:
    hands = {0: ["12-3", "6-6"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands), 0, "12-3", 0)
    assert state.knock is None and "<seat:0> has one tile left." in MEXICAN_TRAIN.narrate(state)
    assert MEXICAN_TRAIN.to_act(state) == frozenset({1}) and legal(state, 2) == []
    assert "nobody to catch" in refusal(state, 2, "catch")


def test_fast_start_applies_to_everyones_first_turn_of_every_round() -> None:
    hands = {0: ["12-3"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, mode="rounds", hands=hands, **FAST), 0, "12-3", 0)
    assert state.round == 2 and state.fresh == [True, True, True] and state.turn == 1
    own = [str(a.args[0]) for a in MEXICAN_TRAIN.legal_actions(state, 1) if a.args[1:] == (1,)]
    assert own, "with this seed, seat 1 can start its train on the 11-11 engine"
    after = play(state, 1, own[0], 1)
    assert after.turn == 1 and after.chain


def test_item12_the_play_that_leaves_one_tile_carries_the_knock() -> None:
    hands = {0: ["12-3", "6-6"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = arrange(3, hands=hands, **MANUAL)
    assert legal(state, 0)[0] == ("play", "12-3", 0, "knock"), "knocking is offered with the play itself, first"
    assert ("play", "12-3", 0) in legal(state, 0), "a play may still leave the knock out (and be caught)"
    knocked = act(state, 0, "play", "12-3", 0, "knock")
    assert knocked.knock is None and knocked.turn == 1 and knocked.hands[0] == [code("6-6")]
    assert "<seat:0> has one tile left." in narrated(knocked)
    assert MEXICAN_TRAIN.to_act(knocked) == frozenset({1}), "nobody is invited to catch a player who knocked"
    assert ("catch",) not in legal(knocked, 1) and legal(knocked, 2) == []
    assert "nobody to catch" in refusal(knocked, 2, "catch")
    assert MEXICAN_TRAIN.describe(Action("play", ("12-3", 0, "knock"))) == "plays 12-3 on <seat:0>'s train and knocks."
    assert MEXICAN_TRAIN.default_action(state, 0) == Action("play", ("12-3", 0, "knock")), "an absent player knocks"


def test_item12_a_knock_with_a_play_that_does_not_leave_one_tile_is_refused() -> None:
    hands = {0: ["12-3", "6-6", "1-0"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = arrange(3, hands=hands, **MANUAL)
    assert all(len(move) == 3 for move in legal(state, 0) if move[0] == "play")
    assert "after this one you'd hold 2" in refusal(state, 0, "play", "12-3", 0, "knock")
    auto = arrange(3, hands={0: ["12-3", "6-6"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]})
    assert "There's no knocking in this game (last_tile=auto)" in refusal(auto, 0, "play", "12-3", 0, "knock")
    assert "Name a tile and a train" in refusal(state, 0, "play", "12-3", 0, "loudly")


def test_item13_a_player_who_drew_and_passed_off_their_last_tile_can_no_longer_knock_or_be_caught() -> None:
    hands = {0: ["5-5", "1-0"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = arrange(3, hands=hands, trains={0: ["12-5"]}, draws=["9-8"], **MANUAL)
    state = play(state, 0, "5-5", 0)  # down to one tile without knocking, and its own double to cover
    assert state.knock == 0 and ("catch",) in legal(state, 2)
    state = act(state, 0, "draw")  # 9-8 does not cover the double: a pass, holding two tiles
    assert len(state.hands[0]) == 2 and state.turn == 1
    assert state.knock is None and ("knock",) not in legal(state, 0) and ("catch",) not in legal(state, 2)
    assert "nobody to catch" in refusal(state, 2, "catch")
    assert MEXICAN_TRAIN.player_view(state, None)["public"]["knock"] is None


def test_item13_a_saved_state_still_marking_a_two_tile_hand_offers_no_knock() -> None:
    hands = {0: ["5-5", "1-0"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = arrange(3, hands=hands, turn=1, **MANUAL)
    state.knock = 0  # as the old rules left it after a draw and a pass
    assert legal(state, 0) == [] and ("catch",) not in legal(state, 2)
    assert MEXICAN_TRAIN.to_act(state) == frozenset({1})


def test_item18_draw_during_a_fast_start_says_to_end_it_with_done() -> None:
    hands = {0: ["12-3", "6-6", "1-0"], 1: ["12-7", "2-2"], 2: ["12-8", "9-9"]}
    state = play(arrange(3, hands=hands, **FAST), 0, "12-3", 0)
    assert state.chain and state.boneyard and legal(state, 0) == [("done",)]
    for verb in ("draw", "pass"):
        assert refusal(state, 0, verb) == (
            "Nothing more of yours fits your own train: end your fast start with `/mexican done`."
        )


def test_item30_the_draw_that_blocks_a_round_is_shown_to_its_drawer_only() -> None:
    hands = {0: ["3-4"], 1: ["5-6"]}
    state = arrange(2, hands=hands, draws=["1-2"], stock=False, mode="rounds")
    after = act(state, 0, "draw")
    assert after.round == 2 and after.history[-1].went_out is None, "the draw blocked round 1"
    assert MEXICAN_TRAIN.player_view(after, 0)["private"]["blocking_draw"] == [2, 1]
    assert MEXICAN_TRAIN.player_view(after, 1)["private"]["blocking_draw"] is None
    assert "blocking_draw" not in MEXICAN_TRAIN.player_view(after, None)["public"]
    assert MEXICAN_TRAIN.from_json(MEXICAN_TRAIN.to_json(after)) == after
    older = {k: v for k, v in MEXICAN_TRAIN.to_json(after).items() if k != "blocking_draw"}
    assert MEXICAN_TRAIN.from_json(older).blocking_draw is None, "a state saved before the field still loads"
