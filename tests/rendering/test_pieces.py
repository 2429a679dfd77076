"""Pre-drawn pieces (rendering/pieces.py): pasting one gives the very pixels drawing it in place gives."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import rendering
from bot.games import REGISTRY
from bot.games.base import resolve_options
from bot.games.rng import GameRandom
from bot.i18n import speaking
from rendering.canvas import BACKGROUND, INK
from rendering.mexican_train import board as mexican_train_board
from rendering.mexican_train import hand as mexican_train_hand
from rendering.miyajima import look as miyajima_look
from rendering.miyajima import overview as miyajima_overview
from rendering.miyajima import sheet as miyajima_sheet
from rendering.pieces import band, piece

CACHED: list[Any] = [
    mexican_train_board.hub_piece,
    mexican_train_board.banner_piece,
    mexican_train_board.end_piece,
    mexican_train_board.frame_piece,
    mexican_train_hand.mark_piece,
    miyajima_look.die_piece,
    miyajima_sheet.block_piece,
    miyajima_sheet.car_piece,
    miyajima_sheet.scale_piece,
    miyajima_overview.heads_piece,
    miyajima_overview.frame_piece,
    miyajima_overview.cell_piece,
]
MODULES = (mexican_train_board, mexican_train_hand, miyajima_look, miyajima_overview, miyajima_sheet)


def forget_pieces() -> None:
    for cached in CACHED:
        cached.cache_clear()


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def box(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y, x + 30, y + 20), radius=5, fill=(200, 40, 20), outline=INK, width=2)


def test_a_pasted_piece_is_the_drawing() -> None:
    drawn = Image.new("RGB", (80, 60), BACKGROUND)
    box(ImageDraw.Draw(drawn), 10, 12)
    found = piece(40, 30, BACKGROUND, lambda im, x, y: box(ImageDraw.Draw(im), x, y))
    assert found is not None
    pasted = Image.new("RGB", (80, 60), BACKGROUND)
    found.paste(pasted, 10, 12)
    assert same(drawn, pasted)


def test_a_drawing_that_reaches_out_of_its_box_is_no_piece() -> None:
    assert piece(20, 30, BACKGROUND, lambda im, x, y: box(ImageDraw.Draw(im), x, y)) is None
    assert band(80, 10, BACKGROUND, lambda im, y: box(ImageDraw.Draw(im), 0, y)) is None
    assert band(80, 21, BACKGROUND, lambda im, y: box(ImageDraw.Draw(im), 0, y)) is not None


def views(game: str, seed: int) -> Iterator[dict[str, Any]]:
    """Public and seat views along a seeded random playout, every few moves and at the end."""
    rules = REGISTRY[game]
    state = rules.setup(seed, 4, resolve_options(rules.options, {}))
    rnd, step = random.Random(seed), 0
    while True:
        if step % 9 == 0 or rules.outcome(state) is not None:
            yield from (rules.player_view(state, seat) for seat in (None, step % 4))
        if rules.outcome(state) is not None or step > 300:
            return
        seat = rnd.choice(sorted(rules.to_act(state)))
        step += 1
        state = rules.apply(state, seat, rnd.choice(rules.legal_actions(state, seat)), GameRandom(seed, step))


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", ["mexican_train", "miyajima"])
def test_pictures_from_pieces_are_the_pictures_drawn_in_place(
    game: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderer: Callable[..., Image.Image] = rendering.RENDERERS[game]
    names = ["alice", "", "Wolfeschlegelsteinhausen", "dave"]
    with speaking(language):
        all_views = list(views(game, 5))
        forget_pieces()
        pasted = [renderer(view, names) for view in all_views]
        for module in MODULES:  # no piece at all: everything is drawn where it goes, as before pieces
            for name in ("piece", "band"):
                if hasattr(module, name):
                    monkeypatch.setattr(module, name, lambda *args: None)
        forget_pieces()
        try:
            in_place = [renderer(view, names) for view in all_views]
            assert miyajima_sheet.car_piece("red", 64, 3) is None
            assert mexican_train_board.frame_piece(True, True) is None
        finally:
            monkeypatch.undo()
            forget_pieces()
    assert len(pasted) > 10
    assert all(same(a, b) for a, b in zip(pasted, in_place, strict=True))
