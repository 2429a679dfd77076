"""Issue 19: Mexican Train's pictures described in words (attachment descriptions) — board public, hand private."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.engine import Update
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom
from bot.i18n import speaking
from bot.ui.mexican_train.presenter import MexicanTrainPresenter
from tests.discord_layer.mexican_table import shows_tile
from tests.rendering.test_mexican_train import find, placed
from tests.support.french import english_fragments, english_in, update_for

PRESENTER = MexicanTrainPresenter()
NAMES = ("Aiko", "Bastien", "Chloé", "Daichi", "Élodie", "Fumiko", "Gaspard", "Hinata")
FRAGMENTS = english_fragments(("mexican_train",), ("Mexican Train",))


def update_of(state: MexicanState, seat: int) -> Update:
    """The update after a move by `seat`, every seat with its own name."""
    return update_for(MEXICAN_TRAIN, state, seat, NAMES)


def board_words(state: MexicanState) -> str:
    update = update_of(state, state.turn)
    return PRESENTER.describe_picture(update, update.public)


def hand_words(state: MexicanState, seat: int) -> str:
    update = update_of(state, seat)
    assert update.actor_view is not None
    return PRESENTER.describe_picture(update, update.actor_view)


def busy() -> MexicanState:
    """Eight seats in rounds mode: a double waits to be covered, a personal train is open, the Mexican Train runs."""
    return find(
        8,
        lambda s: s.double_train is not None and placed(s) > 20 and any(s.markers) and s.mexican is not None,
        {"mode": "rounds"},
    )


def test_the_board_description_says_round_turn_waiting_double_open_trains_and_standings() -> None:
    state = busy()
    public = MEXICAN_TRAIN.player_view(state, None)["public"]
    words = board_words(state)
    assert words.startswith(f"Mexican Train, round {state.round} of 13.")
    assert f"{NAMES[state.turn]} to play." in words
    double = public["double"]
    assert f"A {double['value']}-{double['value']} double waits on" in words
    assert f"{NAMES[state.turn]} must cover it" in words
    opened = [NAMES[seat] for seat, train in enumerate(public["trains"]) if train["open"]]
    shut = [NAMES[seat] for seat, train in enumerate(public["trains"]) if not train["open"]]
    open_part = words.split("Open to all: ")[1].split(".")[0]
    assert all(f"{name}'s train" in open_part for name in opened) and "the Mexican Train" in open_part
    assert not any(f"{name}'s train" in open_part for name in shut)
    for seat, name in enumerate(NAMES):
        hand, total = public["hands"][seat], public["totals"][seat]
        assert f"{name}: {hand} tile" in words
        assert f"{total} point" in words.split(f"{name}: ")[1].split(";")[0]
    assert f"Boneyard: {public['boneyard']}." in words
    assert len(words) <= 1024


def test_the_hand_description_lists_the_tiles_and_which_fit_now() -> None:
    state = find(4, lambda s: placed(s) > 6 and s.double_train is None and len(playable(s)) >= 2)
    words = hand_words(state, state.turn)
    hand = MEXICAN_TRAIN.player_view(state, state.turn)["private"]["hand"]
    assert f"Your hand, {len(hand)} tiles: " in words
    assert all(shows_tile(words.split("Your hand")[1].split(".")[0], pair) for pair in hand)
    fits = words.split("Playable now: ")[1].split(".")[0].split(", ")
    assert sorted(fits) == sorted(playable(state))
    other = (state.turn + 1) % state.seats
    assert "Playable now" not in hand_words(state, other) and f"{NAMES[state.turn]} is playing." in hand_words(
        state, other
    )


def playable(state: MexicanState) -> set[str]:
    """The tiles the seat to play may play now."""
    return {str(a.args[0]) for a in MEXICAN_TRAIN.legal_actions(state, state.turn) if a.verb == "play"}


def playout(seed: int, seats: int, options: dict[str, Any]) -> Iterator[MexicanState]:
    """Every state of a random game."""
    rnd = random.Random(seed)
    state = MEXICAN_TRAIN.setup(seed, seats, options)
    for step in range(1, 3000):
        yield state
        if state.finished:
            return
        seat = rnd.choice(sorted(MEXICAN_TRAIN.to_act(state)))
        state = MEXICAN_TRAIN.apply(
            state, seat, rnd.choice(MEXICAN_TRAIN.legal_actions(state, seat)), GameRandom(seed, step)
        )


@pytest.mark.parametrize(("seed", "seats", "mode"), [(3, 8, "rounds"), (4, 2, "single"), (5, 5, "single")])
def test_the_board_description_never_holds_a_tile_in_someone_s_hand(seed: int, seats: int, mode: str) -> None:
    checked = 0
    for n, state in enumerate(playout(seed, seats, {"mode": mode})):
        if n % 7:
            continue
        public = board_words(state)
        for seat in range(seats):
            hand = MEXICAN_TRAIN.player_view(state, seat)["private"]["hand"]
            assert not [pair for pair in hand if shows_tile(public, pair)], public
            # The same check finds the hand in the seat's own (private) description: it can fail.
            own = hand_words(state, seat)
            assert all(shows_tile(own, pair) for pair in hand), own
            checked += len(hand)
    assert checked > 50


def test_a_french_reader_gets_the_descriptions_in_french() -> None:
    state = busy()
    with speaking("fr"):
        board, hand = board_words(state), hand_words(state, state.turn)
    assert f"ronde {state.round} sur 13" in board and f"À {NAMES[state.turn]} de jouer." in board
    assert "attend sur" in board and "Ouverts à tous" in board and "Cour à trains" in board
    assert "Ta main, " in hand
    assert not english_in(board, FRAGMENTS) and not english_in(hand, FRAGMENTS), (board, hand)
    assert english_in(board_words(state), FRAGMENTS), "the check must find English in the English description"
