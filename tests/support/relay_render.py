"""A small renderer for the relay test game, so the image pipeline is exercised end to end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

import rendering
from rendering.canvas import blank, labelled_box

CARD = (56, 40)
GAP = 8
MARGIN = 12


def render_relay(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """Played cards per seat, plus the viewer's own hand when the view has one."""
    public = view["public"]
    rows = [list(cards) for cards in public["played"]]
    private = view.get("private")
    if private:
        rows.append(list(private["hand"]))
    width = MARGIN * 2 + max(1, max((len(r) for r in rows), default=1)) * (CARD[0] + GAP)
    height = MARGIN * 2 + len(rows) * (CARD[1] + GAP)
    image, draw = blank(width, height)
    for r, cards in enumerate(rows):
        y = MARGIN + r * (CARD[1] + GAP)
        colour = (170, 200, 240) if private and r == len(rows) - 1 else (240, 220, 170)
        for c, card in enumerate(cards):
            x = MARGIN + c * (CARD[0] + GAP)
            labelled_box(draw, (x, y, x + CARD[0], y + CARD[1]), colour, str(card))
    return image


rendering.register("relay", render_relay)
