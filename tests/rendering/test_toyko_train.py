"""The Toyko Train renderer: private and public pictures built from views of real games, secrets kept."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

import rendering
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.data import COLOURS
from bot.games.toyko_train.state import ToykoState
from rendering.canvas import font, text_sizes
from rendering.toyko_train import pictures as renderer
from tests.rendering import pngs

MAX_BYTES = 200_000
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")
Colour = tuple[int, int, int]


def play_until(seed: int, seats: int, nine: bool, done: Callable[[ToykoState], bool]) -> ToykoState:
    """A game of random legal moves from `seed`, stamped 500 ms apart, stopped once `done` holds (or at its end)."""
    rnd = random.Random(seed)
    state = TOYKO_TRAIN.setup(seed, seats, {"nine": nine})
    step = 0
    while not state.finished and not done(state):
        seat = rnd.choice(sorted(TOYKO_TRAIN.to_act(state)))
        step += 1
        action = rnd.choice(TOYKO_TRAIN.legal_actions(state, seat)).stamped(500 * step)
        state = TOYKO_TRAIN.apply(state, seat, action, GameRandom(seed, step))
    return state


def mid_round(seats: int, nine: bool, seed: int = 4) -> ToykoState:
    """A position after the first round, with exchanges made, every team signalled, and every team still in."""

    def ready(s: ToykoState) -> bool:
        return s.round >= 2 and all(s.signals) and min(s.made) >= 1 and not any(s.out)

    state = play_until(seed, seats, nine, ready)
    assert ready(state), "no mid-round position: try another seed"
    return state


def png(view: dict[str, Any], names: tuple[str, ...] | list[str] = NAMES) -> bytes:
    """The view rendered through the registry."""
    return pngs.png("toyko_train", view, names)


def check_png(data: bytes) -> Image.Image:
    """A valid, small PNG of the renderer's width, tall enough to hold a compartment."""
    image = pngs.opened(data, MAX_BYTES)
    assert image.width == renderer.WIDTH
    assert 600 < image.height < 2000
    return image


def differ(a: bytes, b: bytes) -> bool:
    """Whether two PNGs show different pictures."""
    first, second = (Image.open(io.BytesIO(d)).convert("RGB") for d in (a, b))
    return first.size != second.size or ImageChops.difference(first, second).getbbox() is not None


def nearest_tourist(image: Image.Image, at: tuple[int, int]) -> tuple[str, int]:
    """The tourist colour nearest to the pixel at `at`, and how far it is (largest channel difference)."""
    pixel = image.convert("RGB").getpixel(at)
    assert isinstance(pixel, tuple)
    distances = {c: max(abs(a - b) for a, b in zip(rgb, pixel, strict=True)) for c, rgb in renderer.TOURISTS.items()}
    colour = min(distances, key=lambda c: distances[c])
    return colour, distances[colour]


def assert_figures(image: Image.Image, seats: renderer.Seats, seating: list[str]) -> None:
    """Every place's figure shows its tourist's colour at the body point the layout gives."""
    for place, colour in enumerate(seating):
        found, distance = nearest_tourist(image, seats.body(place))
        assert (found, distance <= 16) == (colour, True), f"place {place}: wanted {colour}, found {found} ({distance})"


def whites(image: Image.Image) -> float:
    """The share of near-white pixels: paper, as on the target card's face (the table's background is darker)."""
    colours = image.getcolors(image.width * image.height) or []
    white = sum(n for n, rgb in colours if isinstance(rgb, tuple) and min(rgb) >= 250)
    return white / (image.width * image.height)


def other_seating(seating: list[str]) -> list[str]:
    """The same tourists in another order: the first two different colours swapped."""
    j = next(i for i, c in enumerate(seating) if c != seating[0])
    changed = list(seating)
    changed[0], changed[j] = changed[j], changed[0]
    return changed


# --- whole pictures ----------------------------------------------------------------------------


def test_registered() -> None:
    assert rendering.has_renderer("toyko_train")
    assert rendering.RENDERERS["toyko_train"] is renderer.render_toyko_train


def test_every_tourist_colour_has_a_look() -> None:
    assert set(renderer.TOURISTS) == set(COLOURS)
    assert set(COLOURS) >= renderer.LIGHT


@pytest.mark.parametrize("seats", [4, 6, 8])
@pytest.mark.parametrize("nine", [False, True])
def test_every_seat_and_the_public_view_render(seats: int, nine: bool) -> None:
    state = mid_round(seats, nine)
    for seat in range(seats):
        check_png(png(TOYKO_TRAIN.player_view(state, seat)))
    check_png(png(TOYKO_TRAIN.player_view(state, None)))


def test_the_start_and_the_end_render() -> None:
    start = TOYKO_TRAIN.setup(1, 6, {"nine": True})
    check_png(png(TOYKO_TRAIN.player_view(start, 0)))
    check_png(png(TOYKO_TRAIN.player_view(start, None)))
    end = play_until(2, 4, False, lambda s: False)
    assert end.finished
    for seat in (0, 1, None):
        check_png(png(TOYKO_TRAIN.player_view(end, seat)))
    # Once the game is over no round is being played: the last round's OUT marks go.
    for seat in (0, None):
        view = TOYKO_TRAIN.player_view(end, seat)
        marks = [copy.deepcopy(view), copy.deepcopy(view)]
        for team, record in enumerate(marks[0]["public"]["teams"]):
            record["out"] = False
            marks[1]["public"]["teams"][team]["out"] = True
        assert png(marks[0]) == png(marks[1])


def test_rendering_is_deterministic() -> None:
    state = mid_round(4, True)
    assert png(TOYKO_TRAIN.player_view(state, 0)) == png(TOYKO_TRAIN.player_view(state, 0))
    assert png(TOYKO_TRAIN.player_view(state, None)) == png(TOYKO_TRAIN.player_view(state, None))


@pytest.mark.parametrize("names", pngs.ODD_NAMES)
def test_names_of_any_length_or_script(names: list[str]) -> None:
    state = mid_round(8, True)
    state.out[1] = True
    for seat in (0, 3, 7, None):
        check_png(png(TOYKO_TRAIN.player_view(state, seat), names))


# --- the target card and hidden information ----------------------------------------------------


@pytest.mark.parametrize("nine", [False, True])
def test_a_conductor_sees_the_target_card_and_its_tourist_does_not(nine: bool) -> None:
    state = mid_round(4, nine)
    conductor, tourist = state.conductor(0), state.tourist(0)
    view = TOYKO_TRAIN.player_view(state, conductor)
    assert "target" in view["private"]
    with_card = png(view)
    without = copy.deepcopy(view)
    del without["private"]["target"]
    assert differ(with_card, png(without))
    image = check_png(with_card).convert("RGB")
    assert_figures(image, renderer.target_seats(view), state.target)
    # The card's white face is where the conductor's card lies; the tourist's picture has no card there.
    card = renderer.card_box(renderer.target_seats(view))
    tourist_image = check_png(png(TOYKO_TRAIN.player_view(state, tourist))).convert("RGB")
    assert whites(image.crop(card)) > 0.15
    assert whites(tourist_image.crop(card)) < 0.05


@pytest.mark.parametrize("nine", [False, True])
def test_a_new_target_changes_only_the_conductors_pictures(nine: bool) -> None:
    state = mid_round(6, nine)
    before = {seat: png(TOYKO_TRAIN.player_view(state, seat)) for seat in (*range(6), None)}
    moved = copy.deepcopy(state)
    moved.target = other_seating(state.target)
    for seat, picture in before.items():
        after = png(TOYKO_TRAIN.player_view(moved, seat))
        if seat is not None and TOYKO_TRAIN.player_view(moved, seat)["private"]["role"] == "conductor":
            assert differ(after, picture), f"seat {seat} conducts but its card did not change"
        else:
            assert after == picture, f"seat {seat} can see the target"


def test_a_teams_words_show_only_in_its_own_pictures() -> None:
    state = mid_round(6, False)
    before = {seat: png(TOYKO_TRAIN.player_view(state, seat)) for seat in (*range(6), None)}
    renamed = copy.deepcopy(state)
    renamed.words[1] = [f"Word{i}" for i in range(len(COLOURS))] + ["Undo"]
    for seat, picture in before.items():
        after = png(TOYKO_TRAIN.player_view(renamed, seat))
        if seat in (2, 3):
            assert differ(after, picture), f"seat {seat} does not see its own words"
        else:
            assert after == picture, f"seat {seat} can see team 2's words"


# --- what the pictures show --------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "nine"), [(4, False), (8, True)])
def test_figures_stand_in_their_places(seats: int, nine: bool) -> None:
    state = mid_round(seats, nine)
    for seat in (state.conductor(0), state.tourist(0)):
        view = TOYKO_TRAIN.player_view(state, seat)
        assert_figures(check_png(png(view)), renderer.own_seats(view), state.seatings[0])
    public = TOYKO_TRAIN.player_view(state, None)
    image = check_png(png(public))
    for team in range(state.teams):
        assert_figures(image, renderer.panel_seats(public["public"], team), state.seatings[team])


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_the_public_picture_shows_every_team(seats: int) -> None:
    view = TOYKO_TRAIN.player_view(mid_round(seats, True), None)
    whole = png(view)
    for team in range(seats // 2):
        moved = copy.deepcopy(view)
        moved["public"]["teams"][team]["seating"] = other_seating(view["public"]["teams"][team]["seating"])
        assert differ(png(moved), whole), f"team {team + 1}'s seating is not shown"
        out = copy.deepcopy(view)
        out["public"]["teams"][team]["out"] = True
        assert differ(png(out), whole), f"team {team + 1} out is not shown"
        renamed = list(NAMES[:seats])
        renamed[view["public"]["teams"][team]["tourist"]] = "Somebody else"
        assert differ(png(view, renamed), whole), f"team {team + 1}'s tourist is not named"


def test_a_teams_picture_shows_its_own_seating_and_signal() -> None:
    state = mid_round(4, True)
    view = TOYKO_TRAIN.player_view(state, state.tourist(0))
    whole = png(view)
    moved = copy.deepcopy(view)
    moved["public"]["teams"][0]["seating"] = other_seating(view["public"]["teams"][0]["seating"])
    assert differ(png(moved), whole)
    silent = copy.deepcopy(view)
    silent["public"]["teams"][0]["signal"] = None
    assert differ(png(silent), whole)


def test_a_tourists_letter_is_recorded_at_its_height_in_the_finished_picture() -> None:
    """The figure is drawn SUPERSAMPLE times larger then shrunk: its letter counts at the shrunk size."""
    renderer.place_sprite.cache_clear()
    with text_sizes() as sizes:
        renderer.place_sprite("red", renderer.LEGEND_CELL, renderer.BACKGROUND)
    assert min(sizes) == pytest.approx(0.34 * renderer.LEGEND_CELL, abs=0.5)
    assert min(sizes) >= renderer.SMALLEST_TEXT


def test_a_seats_prompt_wraps_rather_than_being_cut() -> None:
    state = mid_round(8, True)
    view = TOYKO_TRAIN.player_view(state, 0)
    long = ["Bartholomew-Alexandrina " * 3] * 8
    prompt = renderer.status_words(view, long)
    lines = renderer.wrapped(prompt, renderer.WIDTH - 2 * renderer.MARGIN, renderer.SMALL_SIZE, 2)
    assert renderer.PRIVATE_STATUS_LINES == 2 and len(lines) == 2
    assert renderer.private_top(view) == renderer.top(view["public"]) + renderer.PANEL_LINE


# --- words -------------------------------------------------------------------------------------


def test_seat_marks_are_written_as_names() -> None:
    assert renderer.named("Follow <seat:1>'s signals", ["Ann", "Bo"]) == "Follow Bo's signals"
    assert renderer.named("Guide <seat:3>", ["Ann"]) == "Guide Seat 4"


def test_long_gestures_wrap_to_the_lines_given() -> None:
    width = 200
    lines = renderer.wrapped("crosses and uncrosses the arms again and again and again", width, 20, 2)
    assert len(lines) == 2
    assert all(font(20).getlength(line) <= width for line in lines)
    assert lines[-1].endswith("…")
    assert renderer.wrapped("smiles", width, 20, 2) == ["smiles"]


def test_the_winners_are_named_at_the_end() -> None:
    public = {"teams": [{"cards": 3}, {"cards": 1}, {"cards": 3}]}
    assert renderer.winners_words(public) == "Team 1 and Team 3 tie with 3 cards"
    public["teams"][2]["cards"] = 1
    assert renderer.winners_words(public) == "Team 1 wins with 3 cards"
