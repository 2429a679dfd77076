"""Ticket to Ride: Japan's pictures by view: the board's for everyone, a seat's own for its owner.

The whole map (`rendering.ttr_japan.render_ttr_japan`) is the one picture a player opens and zooms; the pictures
sent with moves are made for a phone (tests/rendering/test_phone_size.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

import rendering
from rendering import ttr_japan_board, ttr_japan_private

SMALLEST_TEXT = min(ttr_japan_board.SMALLEST_TEXT, ttr_japan_private.SMALLEST_TEXT)


def render(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """The board's picture for the public view, the seat's own for a seat's view."""
    if view.get("private") is None:
        return ttr_japan_board.board_picture(view, names)
    return ttr_japan_private.private_picture(view, names)


rendering.register("ttr_japan", render, ttr_japan_private.warm_ups())
