"""A click sent twice must not act twice: exchanges and cancels name their seating, calls and cancels their round."""

from __future__ import annotations

import json

import pytest

from bot.engine.replay import replay
from bot.games.base import Action, IllegalAction
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.state import ToykoState
from bot.storage.records import ActionRow

TOURIST, CONDUCTOR = 1, 0


def started() -> ToykoState:
    return TOYKO_TRAIN.setup(5, 4, {})


def test_the_same_exchange_clicked_twice_is_refused_the_second_time() -> None:
    state = started()
    swap = Action("swap", ("A1", "A2", state.serial(0)))
    once = TOYKO_TRAIN.apply(state, TOURIST, swap, GameRandom(5, 1))
    with pytest.raises(IllegalAction, match="changed since that grid was shown"):
        TOYKO_TRAIN.apply(once, TOURIST, swap, GameRandom(5, 2))


def test_a_cancel_makes_an_exchange_chosen_before_it_stale() -> None:
    state = started()
    once = TOYKO_TRAIN.apply(state, TOURIST, Action("swap", ("A1", "A2", state.serial(0))), GameRandom(5, 1))
    grid_serial = once.serial(0)
    undone = TOYKO_TRAIN.apply(once, CONDUCTOR, Action("cancel", (1, once.serial(0))), GameRandom(5, 2))
    assert undone.seatings[0] == state.seatings[0] and undone.serial(0) != grid_serial
    with pytest.raises(IllegalAction, match="changed since"):
        TOYKO_TRAIN.apply(undone, TOURIST, Action("swap", ("B1", "B2", grid_serial)), GameRandom(5, 3))


def test_a_call_or_cancel_for_an_earlier_round_is_refused() -> None:
    state = started()
    state.round = 2
    for action in (Action("call", (1,)), Action("cancel", (1, state.serial(0)))):
        with pytest.raises(IllegalAction, match="meant for round 1"):
            TOYKO_TRAIN.apply(state, CONDUCTOR, action, GameRandom(5, 1))


def test_a_doubled_cancel_click_undoes_one_exchange_only() -> None:
    state = started()
    for n, places in enumerate((("A1", "A2"), ("B1", "B2")), start=1):
        state = TOYKO_TRAIN.apply(state, TOURIST, Action("swap", (*places, state.serial(0))), GameRandom(5, n))
    click = Action("cancel", (1, state.serial(0)))
    once = TOYKO_TRAIN.apply(state, CONDUCTOR, click, GameRandom(5, 3))
    assert once.exchanges[0] == state.exchanges[0][:1]
    with pytest.raises(IllegalAction, match="moved since that Cancel was shown"):
        TOYKO_TRAIN.apply(once, CONDUCTOR, click, GameRandom(5, 4))


def test_a_cancel_logged_before_cancels_named_their_seating_still_replays() -> None:
    state = started()
    rows = [
        ActionRow(1, 1, TOURIST, json.dumps(["swap", "A1", "A2", state.serial(0)]), 1_000, False),
        ActionRow(1, 2, CONDUCTOR, json.dumps(["cancel", 1]), 2_000, False),  # the old form: its round only
    ]
    replayed = replay(TOYKO_TRAIN, 5, 4, {}, rows)
    assert replayed.seatings[0] == state.seatings[0] and not replayed.exchanges[0]


def _round_three_called() -> tuple[ToykoState, Action]:
    """Round 3 won by team 1's call: round 4 is on and the partners have swapped roles."""
    state = started()
    state.round = 3
    state.seatings[0] = list(state.target)
    call = Action("call", (3,))
    return TOYKO_TRAIN.apply(state, CONDUCTOR, call, GameRandom(5, 1)), call


def test_a_doubled_call_at_the_end_of_round_three_is_refused_for_its_round_not_the_role() -> None:
    """Issue 32 item 4.1: the doubled «Toyko Train!» came from round 3's conductor, who is round 4's tourist."""
    state, call = _round_three_called()
    assert state.round == 4 and state.conductor(0) == TOURIST
    with pytest.raises(IllegalAction, match="That was meant for round 3; round 4 is on now"):
        TOYKO_TRAIN.apply(state, CONDUCTOR, call, GameRandom(5, 2))


def test_an_exchange_from_round_three_clicked_in_round_four_is_refused_for_its_round() -> None:
    """Issue 32 item 4.1: an old grid clicked by round 4's conductor (round 3's tourist): its round is named."""
    before = started()
    before.round = 3
    old_grid = Action("swap", ("A1", "A2", before.serial(0)))
    state, _call = _round_three_called()
    with pytest.raises(IllegalAction, match="That was meant for round 3; round 4 is on now"):
        TOYKO_TRAIN.apply(state, TOURIST, old_grid, GameRandom(5, 2))
