"""Doubles: covered by the same player, else by whoever comes next; nothing else is played meanwhile."""

from __future__ import annotations

from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MEXICAN, MexicanState
from tests.games.mexican_train.position import act, arrange, legal, play, plays, refusal

# Four seats, engine 12; seat 0's train ends in 5, nobody else has started a train.
TRAINS = {0: ["12-5"]}


def doubled(draws: list[str], hand: list[str] | None = None) -> MexicanState:
    """Seat 0 (holding `hand`) has just played 5-5 on its own train; only seat 2 holds another 5."""
    hands = {0: hand or ["5-5", "12-1", "9-2"], 1: ["12-7", "7-6"], 2: ["5-4", "12-8"], 3: ["12-9", "3-2"]}
    state = arrange(4, hands=hands, trains=TRAINS, draws=draws)
    return play(state, 0, "5-5", 0)


def test_the_player_who_places_a_double_plays_again_to_cover_it() -> None:
    state = doubled([], ["5-5", "5-3", "12-1", "9-9"])
    assert state.turn == 0 and state.double_train == 0
    assert legal(state, 0) == [("play", "5-3", 0)]
    view = MEXICAN_TRAIN.player_view(state, 2)
    assert view["public"]["double"] == {"train": 0, "value": 5, "waiting": 0}
    after = play(state, 0, "5-3", 0)
    assert after.double_train is None and after.turn == 1 and len(after.trains[0]) == 3


def test_a_double_blocks_every_other_play_until_it_is_covered() -> None:
    state = doubled([], ["5-5", "5-3", "12-1", "9-9"])
    message = refusal(state, 0, "play", "12-1", "start")
    assert message == "The double 5-5 must be covered first: play a tile with a 5 on it."
    assert refusal(state, 0, "draw") == "You have a tile you can play, so you must play it."


def test_unable_to_cover_your_own_double_you_draw_once_then_pass_and_mark_your_train() -> None:
    state = doubled(["3-1"])
    assert legal(state, 0) == [("draw",)]
    after = act(state, 0, "draw")
    assert after.turn == 1 and after.markers == [True, False, False, False]
    assert after.double_train == 0, "the double still waits"


def test_a_drawn_tile_that_covers_the_double_must_be_played_on_it() -> None:
    state = act(doubled(["5-2"]), 0, "draw")
    assert state.turn == 0 and legal(state, 0) == [("play", "5-2", 0)]
    after = play(state, 0, "5-2", 0)
    assert after.double_train is None and after.turn == 1 and after.markers[0] is False


def test_the_next_player_must_cover_the_double_even_with_a_play_of_their_own() -> None:
    state = act(doubled(["3-1", "11-10"]), 0, "draw")
    assert state.turn == 1 and ("12-7", 1) not in plays(state, 1)
    assert legal(state, 1) == [("draw",)]
    assert "The double 5-5 must be covered first" in refusal(state, 1, "play", "12-7", 1)
    after = act(state, 1, "draw")
    assert after.turn == 2 and after.markers == [True, True, False, False] and after.double_train == 0


def test_after_the_double_is_covered_play_resumes_after_the_one_who_covered_it() -> None:
    state = act(act(doubled(["3-1", "11-10"]), 0, "draw"), 1, "draw")
    assert legal(state, 2) == [("play", "5-4", 0)], "seat 2 may not start its own train with 12-8 meanwhile"
    covered = play(state, 2, "5-4", 0)
    assert covered.double_train is None and covered.turn == 3
    assert ("12-9", 3) in plays(covered, 3) and ("12-9", "start") in plays(covered, 3)
    assert covered.markers == [True, True, False, False], "covering another's double does not mark anyone"


def test_a_double_on_the_mexican_train_binds_everyone_too() -> None:
    state = arrange(3, hands={0: ["6-6", "1-1"], 1: ["6-2", "12-3"], 2: ["9-9"]}, mexican=["12-6"], draws=["10-4"])
    state = play(state, 0, "6-6", "mexican")
    assert state.double_train == MEXICAN
    state = act(state, 0, "draw")
    assert state.turn == 1 and legal(state, 1) == [("play", "6-2", "mexican")]
    after = play(state, 1, "6-2", "mexican")
    assert after.double_train is None and after.turn == 2


def test_going_out_on_a_double_ends_the_round_at_once() -> None:
    state = arrange(3, hands={0: ["5-5"], 1: ["7-6"], 2: ["9-8"]}, trains=TRAINS)
    after = play(state, 0, "5-5", 0)
    assert after.finished and after.history[-1].went_out == 0
    outcome = MEXICAN_TRAIN.outcome(after)
    assert outcome is not None and outcome.winners() == (0,) and outcome.reason == "<seat:0> went out"


def test_going_out_on_a_double_in_rounds_mode_deals_the_next_round() -> None:
    state = arrange(3, mode="rounds", hands={0: ["5-5"], 1: ["7-6"], 2: ["9-8"]}, trains=TRAINS)
    after = play(state, 0, "5-5", 0)
    assert after.round == 2 and after.double_train is None and after.history[-1].scores == [0, 13, 17]
