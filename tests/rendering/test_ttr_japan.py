"""The Ticket to Ride: Japan renderer: map and panel images built from views of real random games."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageDraw

import rendering
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import JapanState
from rendering.ttr_japan import board as ttr_japan_board
from rendering.ttr_japan import map as tmap
from rendering.ttr_japan import pictures as ttr_japan_pictures
from rendering.ttr_japan import private as ttr_japan_private
from rendering.ttr_japan import whole_map as renderer
from tests.rendering import pngs

MAX_BYTES = 800_000
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve")


def play_until(seed: int, seats: int, done: Callable[[JapanState], bool]) -> JapanState | None:
    """A game of random legal moves from `seed`, stopped at the first state where `done` holds."""
    rnd = random.Random(seed)
    state = TTR_JAPAN.setup(seed, seats, {})
    step = 0
    while not done(state):
        if state.finished:
            return None
        seat = rnd.choice(sorted(TTR_JAPAN.to_act(state)))
        action = rnd.choice(TTR_JAPAN.legal_actions(state, seat))
        step += 1
        state = TTR_JAPAN.apply(state, seat, action, GameRandom(seed, step))
    return state


def find(seats: int, done: Callable[[JapanState], bool]) -> JapanState:
    """The first state over seeds 0.. where `done` holds."""
    for seed in range(300):
        state = play_until(seed, seats, done)
        if state is not None:
            return state
    raise AssertionError("no random game reached the wanted position")


def png(view: dict[str, Any], names: tuple[str, ...] | list[str] = NAMES) -> bytes:
    """The view rendered through the registry."""
    return pngs.png("ttr_japan", view, names)


def check_png(data: bytes) -> Image.Image:
    """A valid PNG of the whole map's size, small enough for Discord and a phone."""
    image = pngs.opened(data, MAX_BYTES)
    assert (image.width, image.height) == (tmap.WIDTH, tmap.HEIGHT)
    assert 1400 <= image.width <= 1600 and 900 <= image.height <= 1400
    return image


def check_board(data: bytes) -> Image.Image:
    """A valid PNG of the board's phone picture: its width, no taller than it needs."""
    image = pngs.opened(data, MAX_BYTES)
    assert image.width == ttr_japan_board.WIDTH and 600 <= image.height <= 1400
    return image


def check_seat_png(data: bytes) -> Image.Image:
    """A valid PNG of a seat's own picture: made for a phone, as wide as its renderer says."""
    image = pngs.opened(data, MAX_BYTES)
    assert image.width == ttr_japan_private.WIDTH and 700 <= image.height <= 2000
    return image


def board(state: JapanState, names: tuple[str, ...] | list[str] = NAMES) -> bytes:
    """The public image of `state`."""
    return png(TTR_JAPAN.player_view(state, None), names)


def whole_map(view: dict[str, Any]) -> bytes:
    """The whole map of a view (what the board's Full map button sends)."""
    return rendering.png_of(renderer.render_ttr_japan, view, NAMES)


def mid_game(state: JapanState) -> bool:
    """Several routes claimed, some with a Bullet Train, and the game still on."""
    return len(state.claims) >= 12 and len(state.bullet_claims) >= 2 and not state.finished


def test_the_renderer_is_registered() -> None:
    assert rendering.has_renderer("ttr_japan")
    assert rendering.RENDERERS["ttr_japan"] is ttr_japan_pictures.render


def test_start_view() -> None:
    state = TTR_JAPAN.setup(1, 3, {})
    check_board(board(state))
    check_seat_png(png(TTR_JAPAN.player_view(state, 0)))


@pytest.mark.parametrize("seats", [2, 4])
def test_mid_game_views(seats: int) -> None:
    state = find(seats, mid_game)
    check_board(board(state))
    check_seat_png(png(TTR_JAPAN.player_view(state, state.turn)))


def test_finished_five_player_game() -> None:
    state = find(5, lambda s: s.finished)
    view = TTR_JAPAN.player_view(state, None)
    assert len(view["public"]["results"]) == 5
    check_board(png(view))
    check_png(whole_map(view))
    check_seat_png(png(TTR_JAPAN.player_view(state, 4)))


def twins(state: JapanState) -> tuple[int, int] | None:
    """Two seats whose public counts agree but whose hands and tickets differ."""
    for a in range(state.seats):
        for b in range(a + 1, state.seats):
            same = sum(state.hands[a].values()) == sum(state.hands[b].values())
            same = same and len(state.tickets[a]) == len(state.tickets[b])
            if same and state.hands[a] != state.hands[b] and set(state.tickets[a]) != set(state.tickets[b]):
                return a, b
    return None


def test_the_public_image_ignores_hands_and_tickets() -> None:
    state = find(4, lambda s: mid_game(s) and twins(s) is not None)
    a, b = twins(state) or (0, 0)
    swapped = state.copy()
    swapped.hands[a], swapped.hands[b] = swapped.hands[b], swapped.hands[a]
    swapped.tickets[a], swapped.tickets[b] = swapped.tickets[b], swapped.tickets[a]
    swapped.events = list(state.events)
    assert TTR_JAPAN.player_view(swapped, None)["public"] == TTR_JAPAN.player_view(state, None)["public"]
    assert board(swapped) == board(state)
    assert png(TTR_JAPAN.player_view(swapped, a)) != png(TTR_JAPAN.player_view(state, a))


def test_private_images_show_each_seats_own_tickets() -> None:
    state = find(4, lambda s: mid_game(s) and twins(s) is not None)
    a, b = twins(state) or (0, 0)
    assert png(TTR_JAPAN.player_view(state, a)) != png(TTR_JAPAN.player_view(state, b))
    view = TTR_JAPAN.player_view(state, a)
    other = copy.deepcopy(view)
    other["private"]["tickets"] = TTR_JAPAN.player_view(state, b)["private"]["tickets"]
    assert view["private"]["tickets"] != other["private"]["tickets"]
    assert png(view) != png(other)


def test_the_private_hand_is_drawn() -> None:
    view = TTR_JAPAN.player_view(find(3, mid_game), 0)
    more = copy.deepcopy(view)
    more["private"]["hand"]["red"] += 3
    assert png(view) != png(more)


def test_claims_change_the_image() -> None:
    view = TTR_JAPAN.player_view(find(4, mid_game), None)
    assert whole_map(view) == whole_map(copy.deepcopy(view))  # deterministic
    bare = copy.deepcopy(view)
    bare["public"]["claims"] = []
    assert whole_map(view) != whole_map(bare)
    one = copy.deepcopy(view)
    one["public"]["claims"] = view["public"]["claims"][:-1]
    assert whole_map(view) != whole_map(one)
    bullet = next(i for i, c in enumerate(view["public"]["claims"]) if c[2])
    plain = copy.deepcopy(view)
    plain["public"]["claims"][bullet][2] = False
    assert whole_map(view) != whole_map(plain)


def test_bullet_marks_go_when_the_supply_runs_out() -> None:
    view = TTR_JAPAN.player_view(TTR_JAPAN.setup(2, 2, {}), None)
    empty = copy.deepcopy(view)
    empty["public"]["supply"] = 0
    assert whole_map(view) != whole_map(empty)


def test_the_final_round_gets_a_banner() -> None:
    view = TTR_JAPAN.player_view(find(3, mid_game), None)
    final = copy.deepcopy(view)
    final["public"]["final_turns"] = 2
    assert png(view) != png(final)
    assert whole_map(view) != whole_map(final)


def test_every_car_is_drawn_inside_its_area() -> None:
    board_map = japan()
    boxes = {i.name: tmap.inset_box(i) for i in board_map.insets}
    keep_out = [*boxes.values(), tmap.frame_box(*tmap.LEGEND_FRAME)]
    whole = tmap.frame_box(0, 0, 1000, 1000)
    for route in board_map.routes.values():
        for car in tmap.tracks()[route.id].cars:
            x0, y0, x1, y1 = boxes.get(route.area, whole)
            assert x0 < car.cx < x1 and y0 < car.cy < y1, route
            if route.area == "main":
                assert not any(b[0] <= car.cx <= b[2] and b[1] <= car.cy <= b[3] for b in keep_out), route
            assert car.length >= 8, route


def test_every_city_name_is_placed_in_its_area() -> None:
    labels = tmap.labels()
    board_map = japan()
    assert len(labels) == sum(len(c.places) for c in board_map.cities.values())
    boxes = {i.name: tmap.inset_box(i) for i in board_map.insets}
    for (_, area), (_, (x0, y0, x1, y1)) in labels.items():
        bx0, by0, bx1, by1 = boxes.get(area, tmap.frame_box(0, 0, 1000, 1000))
        assert bx0 <= x0 and by0 <= y0 and x1 <= bx1 and y1 <= by1


@pytest.mark.parametrize(
    "names",
    [
        ["A" * 300, "Bob " * 60, "W" * 80, "x", "Q" * 40],
        ["東京駅の運転士さん" * 5, "🚂🚂🚂 Loco 🚂🚂🚂", "", "Zoë", "Ünïcødé"],
        [],
        ["OnlyOne"],
    ],
)
def test_names_of_any_length_or_script(names: list[str]) -> None:
    state = find(5, mid_game)
    check_board(board(state, names))
    check_seat_png(png(TTR_JAPAN.player_view(state, state.turn), names))


def test_seat_names_fall_back_to_seat_numbers() -> None:
    assert renderer.seat_name([], 2) == "Seat 3"
    assert renderer.seat_name(["", "Bo"], 0) == "Seat 1"
    assert renderer.seat_name(["", "Bo"], 1) == "Bo"


def _red_marks(tickets: list[dict[str, Any]], over: bool) -> int:
    """Pixels of the alert red beside a ticket list drawn on a blank panel."""
    image = Image.new("RGB", (tmap.WIDTH, tmap.HEIGHT), "white")
    renderer.draw_tickets(ImageDraw.Draw(image), 100, "Your tickets", tickets, True, over)
    marks = image.crop((renderer.LEFT, 100, renderer.LEFT + 24, 100 + 40 * (len(tickets) + 1)))
    return sum(1 for pixel in marks.get_flattened_data() if pixel == renderer.ALERT)


def test_unfinished_tickets_are_not_marked_as_failed_while_the_game_runs() -> None:
    open_ticket = [{"from": "Osaka", "to": "Tokyo", "points": 9, "done": False}]
    assert _red_marks(open_ticket, over=False) == 0, "a ticket not done yet is no failure: no red cross"
    assert _red_marks(open_ticket, over=True) > 0, "once the game is over, a ticket not done has failed"
