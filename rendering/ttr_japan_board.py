"""Ticket to Ride: Japan, the board's picture, sent with every move (issue 19: to be made for phones)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from rendering.ttr_japan import render_ttr_japan

SMALLEST_TEXT = 13


def board_picture(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """The public board: for now the whole map."""
    return render_ttr_japan(view, names)
