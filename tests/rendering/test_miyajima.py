"""The Fast Train to Miyajima renderer: sheet and overview images built from views of real games."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.games.miyajima import MIYAJIMA
from bot.games.miyajima.state import MiyajimaState
from bot.games.rng import GameRandom
from bot.i18n import _, speaking
from rendering.canvas import font
from rendering.miyajima import pictures as renderer
from tests.rendering import pngs

MAX_BYTES = 300_000
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")


def play_until(seed: int, seats: int, done: Callable[[MiyajimaState], bool]) -> MiyajimaState:
    """A game of random legal moves from `seed`, stopped at the first state where `done` holds (or at its end)."""
    rnd = random.Random(seed)
    state = MIYAJIMA.setup(seed, seats, {})
    step = 0
    while not state.finished and not done(state):
        seat = rnd.choice(sorted(MIYAJIMA.to_act(state)))
        step += 1
        state = MIYAJIMA.apply(state, seat, rnd.choice(MIYAJIMA.legal_actions(state, seat)), GameRandom(seed, step))
    return state


def png(view: dict[str, Any], names: tuple[str, ...] | list[str] = NAMES) -> bytes:
    """The view rendered through the registry."""
    return pngs.png("miyajima", view, names)


def check_png(data: bytes) -> Image.Image:
    """A valid, small PNG of the renderer's width."""
    image = pngs.opened(data, MAX_BYTES)
    assert image.width == renderer.WIDTH
    return image


def mid_game(seats: int = 4) -> MiyajimaState:
    """A position some rounds in, with seats still to load."""
    return play_until(5, seats, lambda s: s.round >= 6 and s.phase == "load" and len(s.waiting) >= 1)


def test_start_sheet() -> None:
    state = MIYAJIMA.setup(1, 3, {})
    check_png(png(MIYAJIMA.player_view(state, 0)))


def test_mid_game_sheet() -> None:
    state = mid_game()
    view = MIYAJIMA.player_view(state, state.waiting[0])
    assert view["private"] is not None
    check_png(png(view))


def test_finished_solo_sheet_shows_rank_and_goals() -> None:
    state = play_until(2, 1, lambda s: False)
    view = MIYAJIMA.player_view(state, 0)
    result = view["public"]["results"][0]
    assert "rank" in result and len(result["goals"]) == 5
    solo = check_png(png(view))
    unfinished = copy.deepcopy(view)
    unfinished["public"]["finished"], unfinished["public"]["results"] = False, []
    assert solo.height > check_png(png(unfinished)).height


def test_finished_eight_player_overview() -> None:
    state = play_until(3, 8, lambda s: False)
    view = MIYAJIMA.player_view(state, None)
    assert view["public"]["finished"] and len(view["public"]["results"]) == 8
    check_png(png(view))


def test_the_sheet_changes_when_a_car_is_loaded() -> None:
    state = play_until(7, 2, lambda s: s.phase == "load" and s.round >= 2)
    seat = state.waiting[0]
    before = png(MIYAJIMA.player_view(state, seat))
    assert before == png(MIYAJIMA.player_view(state, seat))  # deterministic
    action = MIYAJIMA.legal_actions(state, seat)[0]
    after = MIYAJIMA.apply(state, seat, action, GameRandom(7, 999))
    assert png(MIYAJIMA.player_view(after, seat)) != before


@pytest.mark.parametrize("seats", [1, 8])
def test_overview_for_one_and_eight_players(seats: int) -> None:
    start = MIYAJIMA.setup(4, seats, {})
    check_png(png(MIYAJIMA.player_view(start, None)))
    state = mid_game(seats)
    image = check_png(png(MIYAJIMA.player_view(state, None)))
    assert image.height < 1400


def test_offset_cars_follow_the_distance_table() -> None:
    edges = renderer.car_edges("purple", "heavy", 0)
    assert edges[0] == (0, round(2.5 * renderer.CAR_W))
    assert edges[-1][1] == 6 * renderer.CAR_W
    assert renderer.car_edges("red", "fast", 0)[2] == (2 * renderer.CAR_W, 3 * renderer.CAR_W)


@pytest.mark.parametrize("names", pngs.ODD_NAMES)
def test_names_of_any_length_or_script(names: list[str]) -> None:
    state = mid_game()
    check_png(png(MIYAJIMA.player_view(state, None), names))
    check_png(png(MIYAJIMA.player_view(state, 0), names))
    check_png(png(MIYAJIMA.player_view(state, 3), names))


def test_ordinals() -> None:
    assert [renderer.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
    ]


def test_the_sheet_names_the_players_its_status_line_speaks_of() -> None:
    """The prompt marks seats ("<seat:2> chooses a die to roll."): the sheet writes their names, not the marks."""
    state = play_until(3, 4, lambda s: s.phase == "roll" and s.round >= 2)
    seat = (state.active + 1) % 4
    view = MIYAJIMA.player_view(state, seat)
    assert "<seat:" in view["prompt"]
    assert renderer.sheet_status(view, seat, NAMES) == f"{NAMES[state.active]} chooses a die to roll."


def test_a_long_reason_goes_on_two_lines_rather_than_being_cut() -> None:
    """French says "fast not closer, heavy not heavier" too long for one line of the scores: it is split, whole."""
    face, room = font(renderer.SMALL_SIZE), renderer.WIDTH - renderer.MARGIN - renderer.REASON_X
    with speaking("fr"):
        reason = _("fast not closer, heavy not heavier")
    assert face.getlength(reason) > room
    lines = renderer.two_lines(reason, face, room)
    assert lines == ["rapide pas plus proche,", "lourd pas plus chargé"]
    assert renderer.two_lines("fast not closer", face, room) == ["fast not closer"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_item_4_8_the_destinations_header_is_wrapped_whole_never_cut(language: str) -> None:
    """Issue 32 item 4.8: "Destinations reached: 5 (5 end the game): Paris, New York, …" is wrapped, not cut."""
    state = play_until(11, 4, lambda s: len({c for r in s.reached for c in r}) >= 5)
    public = MIYAJIMA.player_view(state, None)["public"]
    room, face = renderer.WIDTH - 2 * renderer.MARGIN, font(renderer.SMALL_SIZE)
    with speaking(language):
        full = renderer.destinations_text(public)
        said = renderer.header(public, "Loading: Alice, Bob")
        sheet_image = check_png(png(MIYAJIMA.player_view(state, 0)))
        overview = check_png(png(MIYAJIMA.player_view(state, None)))
    assert face.getlength(full) > room, "the scenario lost its point: the note fits one line"
    assert all(name in full for name in ("Paris", "New York", "Sydney", "Miyajima", "London"))
    assert len(said.destinations) >= 2 and " ".join(said.destinations) == full
    assert all(face.getlength(line) <= room and "…" not in line for line in said.destinations)
    assert said.height > renderer.HEADER_H, "the header grows to hold the wrapped lines"
    one_line = renderer.Header(said.status, said.destinations[:1], said.last_round)
    assert said.height - one_line.height == (len(said.destinations) - 1) * renderer.NOTE_LINE_H
    assert sheet_image.height > overview.height > said.height


def test_item_4_8_a_long_status_is_wrapped_whole_too() -> None:
    """Issue 32 item 4.8: the status line above it (eight players waited for) wraps the same way."""
    state = mid_game(8)
    public = MIYAJIMA.player_view(state, None)["public"]
    status = "Waiting for " + ", ".join(f"{name} {name}" for name in NAMES) + " to load."
    said = renderer.header(public, status)
    face, room = font(renderer.TEXT_SIZE), renderer.WIDTH - 2 * renderer.MARGIN
    assert len(said.status) >= 2 and " ".join(said.status) == status
    assert all(face.getlength(line) <= room for line in said.status)
