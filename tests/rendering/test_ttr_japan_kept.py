"""Ticket to Ride: Japan's kept drawings (a crop's ground and cars, stamps): a picture drawn from them is the very
picture drawn afresh, never one seat's for another, and they stay within their bytes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.state import JapanState
from rendering import ttr_japan_board as board
from rendering import ttr_japan_cars as cars
from rendering import ttr_japan_private as private
from rendering import ttr_japan_stamps as stamps

NAMES = ["alice", "bob", "carol", "dave"]


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


def test_a_crop_brought_up_to_date_draws_what_a_fresh_one_does(monkeypatch: pytest.MonkeyPatch) -> None:
    states = list(playout(7, 60))[25::5]
    kept = []
    cars.forget()
    redraw, boxes = cars.redraw, []
    monkeypatch.setattr(
        cars, "redraw", lambda base, items, rects, *rest: redraw(base, items, boxes.extend(rects) or rects, *rest)
    )
    for state in states:  # each picture starts from the last one's crop, where tickets allow
        for seat in (0, 1):
            kept.append(private.private_picture(TTR_JAPAN.player_view(state, seat), NAMES))
    monkeypatch.undo()
    assert any(box[:2] != (0, 0) for box in boxes)  # some pictures were brought up to date box by box
    fresh = [afresh(TTR_JAPAN.player_view(state, seat)) for state in states for seat in (0, 1)]
    assert all(same(a, b) for a, b in zip(kept, fresh, strict=True))


def test_a_crop_drawn_for_one_seat_is_never_reused_for_another() -> None:
    state = list(playout(3, 40))[-1]
    cars.forget()
    for seat in range(4):
        private.private_picture(TTR_JAPAN.player_view(state, seat), NAMES)
        assert any(key[2] == seat for key in cars._bases), "the crop just drawn is kept, for its seat"
        assert all(key[-1][0] == key[2] for key in cars._bases)  # each keyed by that seat's own tickets


def test_kept_crops_stay_within_their_bytes() -> None:
    cars.forget()
    for seed in range(1, 9):
        state = list(playout(seed, 30))[-1]
        private.private_picture(TTR_JAPAN.player_view(state, 0), NAMES)
        assert sum(base.bytes for base in cars._bases.values()) <= cars.BASES_BYTES or len(cars._bases) == 1


def test_a_stamped_board_is_the_board_drawn_afresh() -> None:
    for state in list(playout(5, 50))[10::10]:
        view = TTR_JAPAN.player_view(state, None)
        stamps.forget()
        fresh = board.board_picture(view, NAMES)
        assert same(board.board_picture(view, NAMES), fresh)  # the second from stamps
        assert stamps._held <= stamps.STAMPS_BYTES


def test_a_crop_started_from_its_kept_ground_is_the_crop_drawn_afresh() -> None:
    state = list(playout(4, 40))[-1]
    cars.forget()
    fresh = {seat: private.private_picture(TTR_JAPAN.player_view(state, seat), NAMES) for seat in range(4)}
    assert cars._grounds, "grounds are kept, whatever seat's crop they were enlarged for"
    for seat in range(4):
        cars._bases.clear()  # no crop kept: each starts from its kept ground
        assert same(private.private_picture(TTR_JAPAN.player_view(state, seat), NAMES), fresh[seat])
    assert sum(len(band) for kept in cars._grounds.values() for band in kept) <= cars.GROUNDS_BYTES
