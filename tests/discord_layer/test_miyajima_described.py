"""Issue 19: Fast Train to Miyajima's pictures described in words (attachment descriptions): overview and sheets."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import Update
from bot.games.miyajima import MIYAJIMA
from bot.games.miyajima.data import sheet
from bot.games.miyajima.state import MiyajimaState
from bot.i18n import speaking
from bot.ui.miyajima.presenter import MiyajimaPresenter
from tests.rendering.test_miyajima import play_until
from tests.support.french import english_fragments, english_in, update_for

PRESENTER = MiyajimaPresenter()
NAMES = ("Aiko", "Bastien", "Chloé", "Daichi", "Élodie", "Fumiko", "Gaspard", "Hinata")
FRAGMENTS = english_fragments(("miyajima",), ("Fast Train to Miyajima",))


def update_of(state: MiyajimaState, seat: int) -> Update:
    """The update after a move by `seat`, every seat with its own name."""
    return update_for(MIYAJIMA, state, seat, NAMES)


def overview_words(state: MiyajimaState) -> str:
    update = update_of(state, 0)
    return PRESENTER.describe_picture(update, update.public)


def sheet_words(state: MiyajimaState, seat: int) -> str:
    update = update_of(state, seat)
    assert update.actor_view is not None
    return PRESENTER.describe_picture(update, update.actor_view)


def late_loading() -> MiyajimaState:
    """Eight seats late in the game, some still loading this round's second die."""
    return play_until(7, 8, lambda s: s.round >= 10 and s.phase == "load" and len(s.rolled) == 2 and s.waiting)


def test_the_overview_says_round_dice_who_acts_destinations_and_each_player() -> None:
    state = late_loading()
    words = overview_words(state)
    public = MIYAJIMA.player_view(state, None)["public"]
    assert words.startswith(f"Fast Train to Miyajima, round {state.round}. Dice: ")
    (first, one), (second, two) = public["rolled"]
    unrolled = next(die for die in ("red", "yellow", "blue") if die not in (first, second))
    assert f"Dice: {first} {one}, {second} {two}, {unrolled} not rolled yet." in words
    assert "Still loading: " + ", ".join(NAMES[s] for s in public["waiting"]) + "." in words
    assert f"Destinations reached: {len(public['destinations'])} ({public['to_end']} end the game)" in words
    for seat, name in enumerate(NAMES):
        cars = sum(len(train) for colour in public["sheets"][seat].values() for train in colour.values())
        row = words.split(f"{name}: ")[1].split(";")[0]
        assert row.startswith(f"{cars} cars, ")
        assert all(colour in row for colour in public["reached"][seat]) or "no destination reached" in row
    assert len(words) <= 1024


def test_the_overview_says_who_rolls_and_at_the_end_each_total_and_place() -> None:
    rolling = play_until(2, 8, lambda s: s.phase == "roll" and s.round >= 3)
    assert f"{NAMES[rolling.active]} chooses a die to roll." in overview_words(rolling)
    over = play_until(2, 8, lambda s: False)
    words = overview_words(over)
    results = MIYAJIMA.player_view(over, None)["public"]["results"]
    assert "The game is over." in words
    totals = [int(r["total"]) for r in results]
    best = max(totals)
    for seat, name in enumerate(NAMES):
        assert f"{name}: {totals[seat]} points, " in words
    winner = NAMES[totals.index(best)]
    assert f"{winner}: {best} points, 1st" in words


def test_a_sheet_description_says_whose_it_is_every_colour_and_the_score() -> None:
    state = play_until(4, 3, lambda s: False)
    words = sheet_words(state, 1)
    public = MIYAJIMA.player_view(state, 1)["public"]
    assert words.startswith(f"Fast Train to Miyajima, round {state.round}: {NAMES[1]}'s sheet.")
    for colour, data in sheet().colours.items():
        part = words.lower().split(f"{colour} to {data.destination.lower()}: ")[1].split(";")[0]
        for kind in ("fast", "heavy"):
            cars = public["sheets"][1][colour][kind]
            said = f"{kind} {len(cars)} car" + ("s" if len(cars) > 1 else "") + f", total {cars[-1]}" if cars else ""
            assert (said or f"{kind} empty") in part, part
        assert ("(reached)" in part) == (colour in public["reached"][1])
    assert f"Final score: {public['results'][1]['total']}." in words


def loading_from(rounds: int) -> Callable[[MiyajimaState], bool]:
    """Stop at the first load, from round `rounds` on, that seats still have to make."""
    return lambda s: s.round >= rounds and s.phase == "load" and bool(s.waiting)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_overview_description_holds_nothing_only_a_seat_sees(seed: int) -> None:
    """A seat's own view adds its prompt and its load options: the public description says neither."""
    checked = 0
    for rounds in range(2, 12, 3):
        state = play_until(seed, 5, loading_from(rounds))
        public = overview_words(state)
        for seat in state.waiting:
            update = update_of(state, seat)
            assert update.actor_view is not None
            own = update.actor_view["prompt"]
            assert own.startswith("Load the ") and own not in public
            assert own in sheet_words(state, seat), "the seat's own description says it: the check can fail"
            for move in update.actor_view["legal"]:
                assert str(move["label"]) not in public
                checked += 1
    assert checked > 10


def test_a_french_reader_gets_the_descriptions_in_french() -> None:
    state = late_loading()
    seat = state.waiting[0]
    with speaking("fr"):
        overview, own = overview_words(state), sheet_words(state, seat)
    assert f"tour {state.round}" in overview and "Dés : " in overview and "Chargent encore : " in overview
    assert "wagons" in overview and f"feuille de {NAMES[seat]}" in own and "vers Miyajima" in own
    assert not english_in(overview, FRAGMENTS) and not english_in(own, FRAGMENTS), (overview, own)
    assert english_in(overview_words(state), FRAGMENTS), "the check must find English in the English description"
