"""Ticket to Ride: Japan, a seat's own picture, sent only to its owner (issue 19: to be made for phones)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from rendering.ttr_japan import render_ttr_japan

SMALLEST_TEXT = 13


def private_picture(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """A seat's view: for now the whole map with its network, tickets and hand."""
    return render_ttr_japan(view, names)
