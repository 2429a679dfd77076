"""Toyko Train's pictures in words (issue 19): the board's says the round, every team and its signal, and no secret;
a seat's own says its words and, for a conductor, the target; both in the reader's language."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import Update
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.state import ToykoState
from bot.games.toyko_train.words import colour_name, gesture_name
from bot.i18n import speaking
from bot.ui.presenters import DESCRIPTION_MAX, plain
from bot.ui.toyko_train.presenter import ToykoPresenter
from tests.discord_layer.test_secrets_at_scale import public_needles
from tests.discord_layer.toyko_table import (
    ToykoTable,
    simcord_bot_fixture,  # noqa: F401
    toyko_fixture,  # noqa: F401
)
from tests.support.french import NAMES, update_for

PRESENTER = ToykoPresenter()


def busy(seats: int = 8, seed: int = 5) -> ToykoState:
    """A 9-place game in its second round or later, with signals given and exchanges made."""
    rnd = random.Random(seed)
    state = TOYKO_TRAIN.setup(seed, seats, {"nine": True})
    step = 0
    while not state.finished and not (state.round >= 2 and sum(1 for s in state.signals if s) >= 2):
        seat = rnd.choice(sorted(TOYKO_TRAIN.to_act(state)))
        step += 1
        action = rnd.choice(TOYKO_TRAIN.legal_actions(state, seat)).stamped(500 * step)
        state = TOYKO_TRAIN.apply(state, seat, action, GameRandom(seed, step))
    assert not state.finished, "no busy position: try another seed"
    return state


def board_words(state: ToykoState) -> tuple[Update, str]:
    update = update_for(TOYKO_TRAIN, state, 0)
    return update, plain(PRESENTER.describe_picture(update, update.public))


def seat_words(state: ToykoState, seat: int) -> tuple[Update, dict[str, Any], str]:
    update = update_for(TOYKO_TRAIN, state, seat)
    assert update.actor_view is not None
    return update, update.actor_view, plain(PRESENTER.describe_picture(update, update.actor_view))


def test_the_boards_description_says_round_teams_scores_and_signals() -> None:
    state = busy()
    update, text = board_words(state)
    public = update.public["public"]
    assert f"round {public['round']} of {public['rounds']}" in text
    assert public["summaries"] and f"Round {public['summaries'][-1]['round']} went to Team" in text
    for team, record in enumerate(public["teams"]):
        cards = f"{record['cards']} card"
        assert f"Team {team + 1} ({NAMES[record['conductor'] % len(NAMES)]} conducts" in text
        assert f"Team {team + 1}" in text and cards in text
        if record["signal"]:
            word, gesture = record["signal"]
            assert f"«{word}» {gesture_name(gesture)}" in text
    first = public["teams"][0]["seating"]
    assert "Team 1: " + ", ".join(colour_name(c) for c in first[:3]) in text
    assert len(text) <= DESCRIPTION_MAX


def test_the_boards_description_holds_no_secret() -> None:
    for seed in (5, 6, 7):
        state = busy(seed=seed)
        update, text = board_words(state)
        for seat in range(2 * state.teams):
            view = TOYKO_TRAIN.player_view(state, seat)
            private = view["private"]
            needles = {*private["dictionary"].values(), private["cancel_word"]}
            if private.get("target"):
                target = private["target"]
                needles |= {" ".join(target), ", ".join(target), str(target)}
                needles |= {" ".join(colour_name(c) for c in target), ", ".join(colour_name(c) for c in target)}
            needles = public_needles("toyko_train", private, needles, update.public)
            assert not [n for n in needles if n in text], seed
            for colour, word in private["dictionary"].items():
                assert f"«{word}» {colour_name(colour)}" not in text  # what a word means, as a seat's own says it


def test_a_conductors_description_says_the_target_and_the_words() -> None:
    state = busy()
    _update, view, text = seat_words(state, 0)
    mine = view["private"]
    assert mine["role"] == "conductor" and mine["target"]
    target = ", ".join(colour_name(c) for c in mine["target"][:3])
    assert f"Target row by row: {target}" in text
    for colour, word in mine["dictionary"].items():
        assert f"«{word}» {colour_name(colour)}" in text
    assert f"«{mine['cancel_word']}»" in text
    assert "Team 1 (you)" in text and "of 9 right" in text
    assert len(text) <= DESCRIPTION_MAX


def test_a_tourists_description_says_the_words_but_has_no_target() -> None:
    state = busy()
    _update, view, text = seat_words(state, 1)
    mine = view["private"]
    assert mine["role"] == "tourist" and "target" not in mine
    assert "Target" not in text and "Your tourists row by row from A1: " in text
    assert all(f"«{word}» {colour_name(colour)}" in text for colour, word in mine["dictionary"].items())
    assert f"Follow {NAMES[0]}'s signals" in text


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_the_descriptions_are_french_under_french(seat: int | None) -> None:
    state = busy()
    update = update_for(TOYKO_TRAIN, state, seat or 0)
    view = update.public if seat is None else update.actor_view
    assert view is not None
    english = PRESENTER.describe_picture(update, view)
    with speaking("fr"):
        french = PRESENTER.describe_picture(update, view)
    assert french != english
    assert "Équipe 1" in french and "manche" in french and "Team 1" not in french
    assert "row by row" not in french and "rangée par rangée" in french
    assert "last signal" not in french.lower() and "dernier signe" in french.lower()


async def test_the_board_picture_goes_out_with_its_toyko_description(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    described = [
        attachment.description or ""
        for message in toyko.game_channel.history()
        for attachment in message.attachments
        if attachment.filename.endswith(".png")
    ]
    board = [text for text in described if text.startswith("Toyko Train · round 1 of 7")]
    assert board and all("Seats row by row from A1" in text for text in board)
