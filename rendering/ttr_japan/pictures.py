"""Ticket to Ride: Japan's pictures by view: the board's for everyone, a seat's own for its owner.

The whole map (`rendering.ttr_japan.whole_map.render_ttr_japan`) is the one picture a player opens and zooms; the
pictures sent with moves are made for a phone (tests/rendering/test_phone_size.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from rendering import registry
from rendering.ttr_japan import board, private

SMALLEST_TEXT = min(board.SMALLEST_TEXT, private.SMALLEST_TEXT)


def render(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """The board's picture for the public view, the seat's own for a seat's view."""
    if view.get("private") is None:
        return board.board_picture(view, names)
    return private.private_picture(view, names)


registry.register("ttr_japan", render, private.warm_ups())
