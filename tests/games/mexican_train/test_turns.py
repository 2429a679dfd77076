"""A turn: play if you can, else draw once, else pass; markers; the Mexican Train; refusals; the timer's move."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MEXICAN
from tests.games.mexican_train.position import act, arrange, code, legal, narrated, play, plays, refusal

# Engine 12 throughout; seat 0's train ends in 5 (12-5), seat 1's in 7 (12-7), seat 2's in 9 (12-9).
TRAINS = {0: ["12-5"], 1: ["12-7"], 2: ["12-9"]}
STUCK = ["3-1", "4-2"]
"""A hand that fits none of those ends nor the engine."""


def test_a_player_who_can_play_must_play_draw_and_pass_are_refused() -> None:
    state = arrange(hands={0: ["5-3", *STUCK], 1: ["6-6"], 2: ["8-8"]}, trains=TRAINS)
    assert legal(state, 0) == [("play", "5-3", 0)]
    for verb in ("draw", "pass"):
        assert refusal(state, 0, verb) == "You have a tile you can play, so you must play it."


def test_a_player_who_cannot_play_may_only_draw() -> None:
    state = arrange(hands={0: STUCK, 1: ["6-6"], 2: ["8-8"]}, trains=TRAINS, draws=["11-10"])
    assert legal(state, 0) == [("draw",)]
    assert "draw a tile first" in refusal(state, 0, "pass")


def test_a_drawn_tile_that_fits_must_be_played_and_is_the_only_tile_offered() -> None:
    state = arrange(hands={0: STUCK, 1: ["6-6"], 2: ["8-8"]}, trains=TRAINS, draws=["12-11", "11-10"])
    drew = act(state, 0, "draw")
    assert drew.turn == 0 and drew.drawn == code("12-11") and code("12-11") in drew.hands[0]
    assert plays(drew, 0) == {("12-11", "start")}  # not on seat 0's train (ends in 5), not a second draw
    assert legal(drew, 0) == [("play", "12-11", "start")]
    assert "you must play that tile" in refusal(drew, 0, "play", "3-1", 0)
    assert refusal(drew, 0, "draw") == "You have a tile you can play, so you must play it."
    assert refusal(drew, 0, "pass") == "You have a tile you can play, so you must play it."
    view = MEXICAN_TRAIN.player_view(drew, 0)
    assert view["private"]["drawn"] == [12, 11] and view["private"]["new_tiles"] == [[12, 11]]
    assert "12-11" in view["prompt"]
    after = play(drew, 0, "12-11", "start")
    assert after.turn == 1 and after.mexican is not None and after.boneyard[-1] == code("11-10")


def test_a_drawn_tile_that_does_not_fit_passes_at_once_and_marks_the_drawers_train() -> None:
    state = arrange(hands={0: STUCK, 1: ["6-6"], 2: ["8-8"]}, trains=TRAINS, draws=["11-10"])
    after = act(state, 0, "draw")
    assert after.turn == 1 and after.markers == [True, False, False]
    assert code("11-10") in after.hands[0] and after.new_tiles[0] == [code("11-10")]
    assert after.drawn is None
    assert "<seat:0> passes" in narrated(after)


def test_pass_only_when_the_boneyard_is_empty_and_it_marks_the_passers_train() -> None:
    with_stock = arrange(hands={0: STUCK, 1: ["7-6"], 2: ["8-8"]}, trains=TRAINS)
    assert legal(with_stock, 0) == [("draw",)]
    empty = arrange(hands={0: STUCK, 1: ["7-6"], 2: ["8-8"]}, trains=TRAINS, stock=False)
    assert legal(empty, 0) == [("pass",)]
    assert refusal(empty, 0, "draw") == "The boneyard is empty — pass."
    after = act(empty, 0, "pass")
    assert after.turn == 1 and after.markers == [True, False, False] and not after.finished


def test_playing_on_your_own_train_takes_your_marker_back() -> None:
    state = arrange(hands={0: ["5-3", "11-1"]}, trains=TRAINS, markers=[0])
    after = play(state, 0, "5-3", 0)
    assert after.markers[0] is False and after.trains[0][-1] % 13 == 3


def test_others_may_play_on_a_marked_train_and_the_marker_stays() -> None:
    state = arrange(hands={0: ["7-3", "9-4", "11-1"]}, trains=TRAINS, markers=[1])
    assert ("7-3", 1) in plays(state, 0)
    after = play(state, 0, "7-3", 1)
    assert after.markers == [False, True, False] and len(after.trains[1]) == 2


def test_nobody_plays_on_another_players_unmarked_train() -> None:
    state = arrange(hands={0: ["7-3", "9-4", "11-1"]}, trains=TRAINS, markers=[1])
    assert not any(where == 2 for _, where in plays(state, 0))
    assert "<seat:2>'s train is closed" in refusal(state, 0, "play", "9-4", 2)


def test_a_marked_empty_train_may_be_started_by_anyone_with_a_tile_matching_the_engine() -> None:
    state = arrange(hands={0: ["12-3", "11-1"]}, trains={0: ["12-5"]}, markers=[1], mexican=["12-6"])
    assert ("12-3", 1) in plays(state, 0) and ("12-3", 2) not in plays(state, 0)


def test_starting_the_mexican_train_takes_a_tile_matching_the_engine() -> None:
    state = arrange(hands={0: ["11-3", "12-4", "1-1"]}, trains=TRAINS)
    assert ("12-4", "start") in plays(state, 0) and ("11-3", "start") not in plays(state, 0)
    assert "doesn't fit" in refusal(state, 0, "play", "11-3", "start")
    assert "hasn't started" in refusal(state, 0, "play", "12-4", "mexican")
    after = play(state, 0, "12-4", "start")
    assert after.mexican is not None and after.mexican[-1] % 13 == 4
    assert not after.markers[0], "starting the Mexican Train is not a pass"


def test_there_is_only_one_mexican_train() -> None:
    state = arrange(hands={0: ["12-4", "4-4"]}, trains=TRAINS, mexican=["12-6"])
    assert ("12-4", "start") not in plays(state, 0)
    assert "only one" in refusal(state, 0, "play", "12-4", "start")


def test_the_mexican_train_is_always_open_to_everyone() -> None:
    state = arrange(hands={0: ["6-2", "1-1"], 1: ["6-3", "1-0"], 2: ["6-4", "2-0"]}, trains=TRAINS, mexican=["12-6"])
    for seat in range(3):
        state.turn = seat
        assert any(where == "mexican" for _, where in plays(state, seat))
    state.turn = 0
    after = play(state, 0, "6-2", "mexican")
    assert after.markers == [False, False, False] and len(after.mexican or []) == 2
    assert MEXICAN == -1 and after.train(MEXICAN) == after.mexican


def test_refusals_name_the_reason() -> None:
    state = arrange(hands={0: ["5-3", "9-4", "7-1"], 1: ["2-2"]}, trains=TRAINS)
    assert refusal(state, 0, "play", "5-4", 0) == "You don't have 5-4 in your hand."
    assert "doesn't fit" in (fit := refusal(state, 0, "play", "9-4", 0)) and "open end is 5" in fit
    assert "<seat:1>'s train is closed" in refusal(state, 0, "play", "7-1", 1)
    assert "isn't a domino" in refusal(state, 0, "play", "13-2", 0)
    assert "isn't a domino" in refusal(state, 0, "play", "banana", 0)
    assert refusal(state, 0, "play", "5-3", 7) == "There's no such train."
    assert refusal(state, 0, "play", "5-3", "nowhere") == "There's no such train."
    assert "Name a tile and a train" in refusal(state, 0, "play", "5-3")
    assert "not your turn" in refusal(state, 1, "play", "2-2", 1)
    stuck = arrange(hands={0: STUCK}, trains=TRAINS)
    assert refusal(stuck, 0, "fly") == "That move isn't part of Mexican Train."


def test_default_action_plays_the_legal_tile_worth_most_with_blanks_at_25() -> None:
    state = arrange(hands={0: ["5-4", "12-11", "12-0", "1-1"]}, trains=TRAINS)
    default = MEXICAN_TRAIN.default_action(state, 0)
    assert default is not None and default.verb == "play" and default.args[0] == "12-0"  # 37 beats 23
    assert default.bare() in MEXICAN_TRAIN.legal_actions(state, 0)


def test_default_action_draws_when_nothing_fits_and_passes_when_the_boneyard_is_empty() -> None:
    state = arrange(hands={0: STUCK}, trains=TRAINS)
    assert MEXICAN_TRAIN.default_action(state, 0) == Action("draw")
    empty = arrange(hands={0: STUCK, 1: ["7-6"]}, trains=TRAINS, stock=False)
    assert MEXICAN_TRAIN.default_action(empty, 0) == Action("pass")


def test_default_action_is_none_for_seats_not_on_turn_and_after_the_end() -> None:
    state = arrange(hands={0: ["5-3"], 1: ["7-6", "1-1"], 2: ["9-2"]}, trains=TRAINS)
    assert MEXICAN_TRAIN.default_action(state, 1) is None and MEXICAN_TRAIN.default_action(state, 2) is None
    over = play(state, 0, "5-3", 0)
    assert over.finished and all(MEXICAN_TRAIN.default_action(over, s) is None for s in range(3))
