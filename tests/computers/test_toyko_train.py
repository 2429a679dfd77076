"""Toyko Train's computers: conductors and tourists that read each other's public moves, with humans or each other."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.computers import Budget, Seen, players
from bot.computers.toyko_train.players import waiting
from bot.games.base import Action
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.state import ToykoState
from tests.games.toyko_train.scenarios import NINE_START, START, toyko

QUICK = Budget(playouts=12)
LEVELS = ("easy", "normal", "strong")
Mover = Callable[[ToykoState, int, int], Action | None]
"""A seat's move now (None: it waits), given the state, the seat and the step."""


def seen(state: ToykoState, seat: int) -> Seen:
    return Seen("toyko_train", seat, 4, TOYKO_TRAIN.player_view(state, seat), {"nine": state.nine})


def computer(level: str) -> Mover:
    def move(state: ToykoState, seat: int, step: int) -> Action | None:
        view = seen(state, seat)
        return None if waiting(view) else players("toyko_train")[level].choose(view, random.Random(step), QUICK)

    return move


def human_conductor(state: ToykoState, seat: int, step: int) -> Action | None:
    """A person who sees the target: the bot's own hint, given once the tourist has acted on the last signal."""
    team = seat // 2
    if state.signals[team] is not None and state.signalled_at[team] == state.serial(team):
        return None
    return TOYKO_TRAIN.default_action(state, seat)


def human_tourist(state: ToykoState, seat: int, step: int) -> Action | None:
    """A person who does what the latest signal says, when it names one exchange."""
    return TOYKO_TRAIN.default_action(state, seat)


def play_round(state: ToykoState, conductor: Mover, tourist: Mover, limit: int = 400) -> ToykoState:
    """Team 1 plays until the round is over (team 2 never moves); conductor and tourist asked in turn."""
    round_number = state.round
    for step in range(limit):
        seat = step % 2
        mover = conductor if state.conductor(0) == seat else tourist
        move = mover(state, seat, step)
        if move is not None:
            state = TOYKO_TRAIN.apply(state, seat, move, GameRandom(1, step))
        if state.round != round_number or state.finished:
            return state
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("level", LEVELS)
def test_a_human_conductor_wins_rounds_with_a_computer_tourist(level: str) -> None:
    state = play_round(toyko(), human_conductor, computer(level))
    assert state.cards == [1, 0] and state.summaries[-1]["right"]


@pytest.mark.parametrize("level", LEVELS)
def test_a_computer_conductor_wins_rounds_with_a_human_tourist(level: str) -> None:
    state = TOYKO_TRAIN.setup(5, 4, {})
    for _ in range(3):
        state = play_round(state, computer(level), human_tourist)
    assert state.cards == [3, 0]


@pytest.mark.parametrize("level", ("normal", "strong"))
def test_a_computer_pair_reaches_the_target_in_the_fewest_exchanges_in_six_places(level: str) -> None:
    state = TOYKO_TRAIN.setup(9, 4, {})
    for _ in range(7):
        state = play_round(state, computer(level), computer(level))
    assert state.finished and state.cards == [7, 0]
    assert all(s["teams"][0]["made"] == s["teams"][0]["optimum"] for s in state.summaries)  # type: ignore[index]


@pytest.mark.parametrize("level", LEVELS)
def test_a_computer_pair_finishes_rounds_of_the_nine_places(level: str) -> None:
    state = TOYKO_TRAIN.setup(4, 4, {"nine": True})
    for _ in range(2):
        state = play_round(state, computer(level), computer(level), limit=2_000)
    assert state.cards == [2, 0]


def test_a_tourist_follows_a_signal_once_then_waits() -> None:
    state = toyko()
    signal = TOYKO_TRAIN.default_action(state, 0)
    assert signal is not None
    assert waiting(seen(state, 1))
    state = TOYKO_TRAIN.apply(state, 0, signal, GameRandom(1, 1))
    assert waiting(seen(state, 0)) and not waiting(seen(state, 1))
    move = players("toyko_train")["strong"].choose(seen(state, 1), random.Random(1), QUICK)
    assert move.verb == "swap"
    state = TOYKO_TRAIN.apply(state, 1, move, GameRandom(1, 2))
    assert waiting(seen(state, 1)) and not waiting(seen(state, 0))
    assert players("toyko_train")["strong"].choose(seen(state, 1), random.Random(2), QUICK).verb == "point"


@pytest.mark.parametrize("level", ("normal", "strong"))
def test_a_conductor_cancels_an_exchange_it_did_not_ask_for(level: str) -> None:
    state = toyko()  # two horizontals away: A1/B1 and A3/B3
    state = TOYKO_TRAIN.apply(state, 1, Action("swap", ("A1", "A2", state.serial(0))), GameRandom(1, 1))
    move = players("toyko_train")[level].choose(seen(state, 0), random.Random(1), QUICK)
    assert move.verb == "cancel"


def test_a_conductor_calls_as_soon_as_the_seating_is_right() -> None:
    state = toyko(seatings=[list(START), list(START)], target=START[1::-1] + START[2:])
    state = TOYKO_TRAIN.apply(state, 1, Action("swap", ("A1", "B1", state.serial(0))), GameRandom(1, 1))
    for level in LEVELS:
        assert players("toyko_train")[level].choose(seen(state, 0), random.Random(1), QUICK).verb == "call"


def test_an_ambiguous_signal_is_read_anew_after_each_cancel() -> None:
    """In nine places a twin can fit several exchanges: after a cancel, the tourist tries the next one."""
    state = toyko(nine=True)
    red_small = Action("signal", (state.words[0][0], "small"))  # red sits at A1 and A3: A1/A2 and A2/A3 both fit
    state = TOYKO_TRAIN.apply(state, 0, red_small, GameRandom(1, 1))
    first = players("toyko_train")["strong"].choose(seen(state, 1), random.Random(1), QUICK)
    state = TOYKO_TRAIN.apply(state, 1, first, GameRandom(1, 2))
    state = TOYKO_TRAIN.apply(state, 0, Action("cancel", (1, state.serial(0))), GameRandom(1, 3))
    assert state.seatings[0] == NINE_START
    state = TOYKO_TRAIN.apply(state, 0, red_small, GameRandom(1, 4))
    second = players("toyko_train")["strong"].choose(seen(state, 1), random.Random(1), QUICK)
    assert {first.args[:2], second.args[:2]} == {("A1", "A2"), ("A2", "A3")}
