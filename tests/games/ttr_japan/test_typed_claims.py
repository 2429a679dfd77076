"""What a player types for /ttr claim and sees in its autocomplete, read against their own view (typed.py)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN, typed
from bot.games.ttr_japan.state import JapanState
from bot.i18n import speaking
from tests.games.ttr_japan.position import route, set_hand, started

WHITE_TRACK = route("Aomori", "Hakodate", "white")
BULLET_TRACK = route("Aomori", "Hakodate", "gray")
"""RULINGS: Aomori – Hakodate is one white track of 3 and one gray Bullet Train track of 2 (not a double route)."""


def view(state: JapanState, seat: int = 0) -> dict[str, Any]:
    return TTR_JAPAN.player_view(state, seat)


def aomori_hand(**cards: int) -> JapanState:
    return set_hand(started(), 0, cards)


def test_claim_autocomplete_stops_saying_bullet_train_once_the_bullet_trains_run_out() -> None:
    state = aomori_hand(red=2)
    live = dict(typed.route_choices(view(state), "Hakodate"))
    assert live == {"Aomori – Hakodate · 2 · gray · bullet train": str(BULLET_TRACK.id)}
    state.supply = 0  # rules: the unclaimed Bullet Train routes are ordinary gray routes now
    gone = dict(typed.route_choices(view(state), "Hakodate"))
    assert gone == {"Aomori – Hakodate · 2 · gray": str(BULLET_TRACK.id)}
    assert not any("bullet" in label for label, _id in typed.route_choices(view(state), ""))


@pytest.mark.parametrize(
    "text",
    ["Kita-Senju to Ueno", "kita-senju - ueno", "Ueno – Kita-Senju", "Ueno/Kita-Senju", "kita-senju-ueno"],
)
def test_typed_route_names_with_hyphenated_cities_are_recognised(text: str) -> None:
    found = typed.routes_named(text)
    assert {(r.a, r.b) for r in found} == {("Kita-Senju", "Ueno")} and len(found) == 2, text


def test_a_colour_named_for_a_route_with_two_tracks_picks_the_track_it_pays() -> None:
    state = aomori_hand(red=2, white=3)
    assert typed.claim_meant(view(state), "Aomori - Hakodate", "red", None) == Action(
        "claim", (BULLET_TRACK.id, "red", 0)
    )
    with pytest.raises(IllegalAction, match="has two tracks"):  # white pays both: the player must say which
        typed.claim_meant(view(state), "Aomori - Hakodate", "white", 0)
    twins = set_hand(started(), 0, {"red": 2, "white": 2})  # a true double route, four players
    red_track = route("Kita-Senju", "Ueno", "red")
    assert typed.claim_meant(view(twins), "Kita-Senju to Ueno", "red", None) == Action(
        "claim", (red_track.id, "red", 0)
    )
    with speaking("fr"):
        assert typed.claim_meant(view(twins), "Kita-Senju to Ueno", "rouge", None).args[0] == red_track.id


@pytest.mark.parametrize(
    "text", ["Aomori - Hakodate gray", "Aomori - Hakodate bullet", "Aomori – Hakodate · 2 · gray · bullet train"]
)
def test_the_gray_bullet_train_track_is_reached_by_typed_city_names(text: str) -> None:
    state = aomori_hand(white=3)  # white pays either track
    assert typed.claim_meant(view(state), text, None, None) == Action("claim", (BULLET_TRACK.id, "white", 0))
    assert typed.claim_meant(view(state), "Aomori - Hakodate white", None, None).args[0] == WHITE_TRACK.id
    with pytest.raises(IllegalAction) as unclear:
        typed.claim_meant(view(state), "Aomori - Hakodate", None, None)
    assert "has two tracks (3 · white; 2 · gray · bullet train)" in unclear.value.message
    assert "Aomori – Hakodate gray" in unclear.value.message


def test_a_gray_route_the_hand_cannot_pay_is_refused_for_the_cards_missing() -> None:
    state = aomori_hand(red=1)
    action = typed.claim_meant(view(state), "Aomori - Hakodate gray", None, None)
    assert action == Action("claim", (BULLET_TRACK.id, "red", 0))
    with pytest.raises(IllegalAction, match="You need 2 red cards and have 1"):
        TTR_JAPAN.apply(state, 0, action, GameRandom(1, 1))
