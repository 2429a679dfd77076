"""Ticket to Ride: Japan's kept drawings (the pieces of a crop, stamps): a picture drawn from them is the very
picture drawn afresh, they hold nothing of a seat's, and they stay within their bytes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

import rendering
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import JapanState
from rendering import worker
from rendering.ttr_japan import board, cars, private, stamps
from rendering.ttr_japan import crop as crops
from rendering.ttr_japan import map as tmap

NAMES = ["alice", "bob", "carol", "dave"]
SCALES = {crops.TOP_SCALE / crops.SCALE_STEP**n for n in range(16)}


def playout(seed: int, moves: int) -> Iterator[JapanState]:
    """A four-seat game of random moves, state by state."""
    rnd = random.Random(seed)
    state = TTR_JAPAN.setup(seed, 4, {})
    for step in range(1, moves + 1):
        if state.finished:
            return
        seat = rnd.choice(sorted(TTR_JAPAN.to_act(state)))
        state = TTR_JAPAN.apply(state, seat, rnd.choice(TTR_JAPAN.legal_actions(state, seat)), GameRandom(seed, step))
        yield state


def same(a: Image.Image, b: Image.Image) -> bool:
    """Whether two pictures have the same size and pixels."""
    a, b = a.convert("RGB"), b.convert("RGB")
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def afresh(view: dict[str, Any]) -> Image.Image:
    """A seat's picture with nothing kept from before."""
    cars.forget()
    return private.private_picture(view, NAMES)


def test_a_picture_from_kept_pieces_is_the_picture_drawn_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    views = [TTR_JAPAN.player_view(state, seat) for state in list(playout(7, 60))[25::5] for seat in (0, 1)]
    cars.forget()
    drawn, pasted = [], []
    sprite, route_items = cars.sprite, cars.route_items
    monkeypatch.setattr(cars, "sprite", lambda *key: drawn.append(key) or sprite(*key))
    monkeypatch.setattr(cars, "route_items", lambda *args: pasted.extend(found := route_items(*args)) or found)
    kept = [private.private_picture(view, NAMES) for view in views]
    monkeypatch.undo()
    assert len(drawn) < len(pasted) / 2  # most routes came from sprites kept for an earlier picture, of either seat
    assert all(same(picture, afresh(view)) for picture, view in zip(kept, views, strict=True))


def test_kept_pieces_name_no_seat_and_no_ticket() -> None:
    state = list(playout(3, 40))[-1]
    cars.forget()
    for seat in range(4):
        private.private_picture(TTR_JAPAN.player_view(state, seat), NAMES)
    assert cars._sprites.drawings and cars._tiles.drawings
    for route_id, look, scale in cars._sprites.drawings:  # a route, how it is drawn, and the scale: all public
        assert route_id in japan().routes and isinstance(look, tmap.Look) and scale in SCALES
    assert all(len(key) == 3 and key[0] in SCALES for key in cars._tiles.drawings)


def test_kept_pieces_stay_within_their_bytes() -> None:
    cars.forget()
    for seed in range(1, 13):
        state = list(playout(seed, 30))[-1]
        for seat in range(4):
            private.private_picture(TTR_JAPAN.player_view(state, seat), NAMES)
            for keeper in (cars._sprites, cars._tiles):
                assert keeper.held == sum(cars.held(piece) for piece in keeper.drawings.values())
                assert keeper.held <= keeper.most or len(keeper.drawings) == 1


def test_a_stamped_board_is_the_board_drawn_afresh() -> None:
    for state in list(playout(5, 50))[10::10]:
        view = TTR_JAPAN.player_view(state, None)
        stamps.forget()
        fresh = board.board_picture(view, NAMES)
        assert same(board.board_picture(view, NAMES), fresh)  # the second from stamps
        assert stamps._held <= stamps.STAMPS_BYTES


def test_the_ground_from_squares_is_the_map_enlarged_once() -> None:
    crop = crops.on_grid((300.0, 250.0, 700.0, 700.0), crops.stepped(1.5))
    image = Image.new("RGB", crop.size)
    cars.forget()
    cars.draw_ground_and_routes(image, crop, {"claims": {}, "supply": 0}, None, set())
    x0, y0 = crop.corner
    width, height = crop.size
    box = (x0 / crop.scale, y0 / crop.scale, (x0 + width) / crop.scale, (y0 + height) / crop.scale)
    whole = crops.land_and_sea().resize(crop.size, Image.Resampling.BILINEAR, box=box)
    red, green, blue = ImageChops.difference(image, whole).split()
    off = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(lambda v: 255 if v > 1 else 0)
    cars_drawn = Image.new("L", crop.size, 0)
    for route_id, look in cars.route_items(crop, {"claims": {}, "supply": 0}, None, set()):
        piece = cars._sprites.drawings[(route_id, look, crop.scale)]
        cars_drawn.paste(
            255, (piece.at[0] - x0, piece.at[1] - y0), piece.image().getchannel(3).point(lambda v: 255 if v else 0)
        )
    assert off.getbbox() is not None  # the cars are there
    assert ImageChops.subtract(off, cars_drawn).getbbox() is None  # the ground is off by no more than a level elsewhere


def test_a_seats_crop_takes_a_shared_scale_and_keeps_its_size_and_its_cities() -> None:
    board = japan()
    for cities in (["Hakodate", "Sendai"], ["Nagasaki", "Hakodate"], ["Tokyo", "Nagoya"], ["Kochi", "Osaka"]):
        places = private.ticket_places(board, cities)
        asked = private.crop_box(places.values())
        crop = private.seat_crop(places.values(), 40)
        assert crop.scale in SCALES
        assert crop.size[0] == private.WIDTH
        assert abs(crop.size[1] - (asked[3] - asked[1]) * private.WIDTH / (asked[2] - asked[0])) <= 1
        corner = (crop.box[0] * crop.scale, crop.box[1] * crop.scale)
        assert all(abs(a - b) < 1e-6 for a, b in zip(crop.corner, corner, strict=True))  # whole pixels of its scale
        assert all(crop.shows(point) for point in places.values())


def test_a_worker_warmed_up_draws_the_seats_of_new_games_from_kept_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    cars.forget()
    for step, args in rendering.WARM_UPS:  # what a worker draws ahead once started
        worker.draw("en", step, args)
    drawn: list[tuple[Any, ...]] = []
    sprite, tile = cars.sprite, cars.tile
    monkeypatch.setattr(cars, "sprite", lambda *key: drawn.append(key) or sprite(*key))
    monkeypatch.setattr(cars, "tile", lambda *key: drawn.append(key) or tile(*key))
    for seed in range(1, 6):
        state = TTR_JAPAN.setup(seed, 4, {})
        for seat in range(4):
            private.private_picture(TTR_JAPAN.player_view(state, seat), NAMES)
    assert drawn == []  # every sprite and square of ground was kept
