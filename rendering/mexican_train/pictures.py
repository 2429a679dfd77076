"""Mexican Train renderer: the public board (hub, trains, pending double) or a seat's private hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from rendering import registry
from rendering.canvas import fit, seat_name, to_palette
from rendering.mexican_train.board import header_text, render_board
from rendering.mexican_train.hand import hand_status, playable_tiles, render_hand
from rendering.mexican_train.look import BANNER_H, SMALLEST_TEXT, TEXT_SIZE, WIDTH, hand_count, tile_name

__all__ = [
    "BANNER_H",
    "SMALLEST_TEXT",
    "TEXT_SIZE",
    "WIDTH",
    "fit",
    "hand_count",
    "hand_status",
    "header_text",
    "playable_tiles",
    "render_mexican_train",
    "seat_name",
    "tile_name",
]


def render_mexican_train(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """The board for a public view, the hand for a seat's own view."""
    if view.get("private") is None:
        return to_palette(render_board(view["public"], names))
    return to_palette(render_hand(view, names))


registry.register("mexican_train", render_mexican_train)
