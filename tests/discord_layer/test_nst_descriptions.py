"""Issue 19: Next Station Tokyo's pictures in words, for a screen reader: the board's and a player's sheet."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from bot.games.next_station_tokyo.state import TokyoState
from bot.i18n import speaking
from bot.ui.next_station_tokyo.presenter import TokyoPresenter, line_words
from bot.ui.presenters import DESCRIPTION_MAX, plain
from tests.rendering.test_next_station_tokyo import EVERYTHING, finished, mid_game
from tests.support.french import NAMES, english_fragments, english_in, update_for

PRESENTER = TokyoPresenter()


def board_said(state: TokyoState) -> str:
    """The description of the board's picture."""
    update = update_for(NEXT_STATION_TOKYO, state, 0)
    return plain(PRESENTER.describe_picture(update, update.public))


def sheet_said(state: TokyoState, seat: int) -> str:
    """The description of a seat's own sheet."""
    update = update_for(NEXT_STATION_TOKYO, state, seat)
    return plain(PRESENTER.describe_picture(update, NEXT_STATION_TOKYO.player_view(state, seat)))


def public(state: TokyoState) -> dict[str, Any]:
    """The public part of the board's view."""
    return NEXT_STATION_TOKYO.player_view(state, None)["public"]  # type: ignore[no-any-return]


def test_the_board_says_the_round_the_card_who_must_play_and_every_score() -> None:
    state = mid_game(4, EVERYTHING)
    board, said = public(state), board_said(state)
    assert f"round {board['round']} of 4" in said
    assert "Card up: " in said and f"green cards {board['greens']} of 5" in said
    waiting = ", ".join(NAMES[s] for s in board["waiting"])
    assert f"Still to draw or pass: {waiting}." in said
    for seat in range(4):
        total = board["results"][seat]["total"]
        assert f"{NAMES[seat]}: {board['colours'][seat]} line, " in said
        assert f"{total} points so far" in said or f"{total} point so far" in said
    assert len(said) <= DESCRIPTION_MAX


def test_the_board_says_when_no_card_is_up() -> None:
    state = replace(mid_game(3), card=None)
    assert "No card up yet: the next one is turned over when everyone is ready;" in board_said(state)


def test_the_final_board_ranks_every_player_with_their_score() -> None:
    state = finished(4, EVERYTHING)
    board, said = public(state), board_said(state)
    assert "final sheets" in said
    best = max(range(4), key=lambda s: board["results"][s]["total"])
    assert f"1st: {NAMES[best]}, {board['results'][best]['total']} points." in said


def test_a_sheet_says_its_lines_and_score() -> None:
    state = mid_game(4, EVERYTHING)
    seat = state.waiting[0]
    board, said = public(state), sheet_said(state, seat)
    assert said.startswith(f"{NAMES[seat]}'s sheet, ")
    assert f"draws the {board['colours'][seat]} line" in said
    drawn = {colour: sections for colour, sections in board["sheets"][seat].items() if sections}
    assert drawn
    for colour, sections in drawn.items():
        districts, most, points = board["results"][seat]["lines"][colour]
        assert f"The {colour} line runs {line_words(sections)}: {districts} districts x {most} = {points}." in said
    assert f"Total so far: {board['results'][seat]['total']} " in said
    assert len(said) <= DESCRIPTION_MAX


def test_a_solo_games_board_is_its_sheet() -> None:
    state = mid_game(1)
    assert board_said(state).startswith(f"{NAMES[0]}'s sheet, ")


@pytest.mark.parametrize("seats", [2, 8])
def test_descriptions_are_in_french_when_the_server_speaks_it(seats: int) -> None:
    fragments = english_fragments(["next_station_tokyo", "core"], [NEXT_STATION_TOKYO.title])
    for state in (mid_game(seats, EVERYTHING), finished(seats, EVERYTHING)):
        with speaking("fr"):
            texts = [board_said(state), sheet_said(state, 0)]
        assert texts[0] != board_said(state)
        for text in texts:
            assert not english_in(text, fragments), text
            assert len(text) <= DESCRIPTION_MAX
    with speaking("fr"):
        said = board_said(mid_game(seats, EVERYTHING))
    assert "manche" in said
