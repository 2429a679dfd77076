"""Fast Train to Miyajima renderer: a seat's roll-and-write sheet, or a compact overview of every sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from rendering import registry
from rendering.canvas import ordinal, to_palette
from rendering.miyajima.look import (
    CAR_W,
    HEADER_H,
    MARGIN,
    NOTE_LINE_H,
    REASON_X,
    SMALL_SIZE,
    SMALLEST_TEXT,
    TEXT_SIZE,
    WIDTH,
    Header,
    destinations_text,
    header,
)
from rendering.miyajima.overview import overview_status, render_overview, seat_note
from rendering.miyajima.sheet import car_edges, render_sheet, sheet_status, two_lines

__all__ = [
    "CAR_W",
    "HEADER_H",
    "MARGIN",
    "NOTE_LINE_H",
    "REASON_X",
    "SMALLEST_TEXT",
    "SMALL_SIZE",
    "TEXT_SIZE",
    "WIDTH",
    "Header",
    "car_edges",
    "destinations_text",
    "header",
    "ordinal",
    "overview_status",
    "render_miyajima",
    "seat_note",
    "sheet_status",
    "two_lines",
]


def render_miyajima(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """A seat's sheet for its own view, the overview of every sheet for the public one."""
    if view.get("private") is None:
        return to_palette(render_overview(view["public"], names))
    return to_palette(render_sheet(view, names))


registry.register("miyajima", render_miyajima)
