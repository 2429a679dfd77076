"""Ticket to Ride: Japan, stamps: a drawing made once per worker and pasted wherever the very same one is wanted.

A face-up card or a seat's marker is the same drawing in the same place move after move, and most of its cost is
its letter or digit (laid out with a stroke) and its outline (a polygon's wide outline is drawn through a mask the
size of the whole picture). Exact: the stamp is drawn at its own coordinates on plain paper, so
pasting the pixels it changed (through a mask of them) where the paper under them is still plain gives the very
pixels drawing it there would, whatever is beside them.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image, ImageChops, ImageDraw

from rendering.canvas import BACKGROUND
from rendering.ttr_japan.map import Box, Colour, Draw

STAMPS_BYTES = 3 * 2**20
"""Stamps kept (a face-up card is about 50 KB; a game shows a few dozen in all), least recently used first out."""
MARGIN = 3
"""Pixels kept round a stamp's box: rounded outlines reach a pixel past a fractional edge."""

_stamps: OrderedDict[Hashable, tuple[Image.Image, Image.Image]] = OrderedDict()
_held = 0


def forget() -> None:
    """Drop every stamp kept."""
    global _held
    _stamps.clear()
    _held = 0


def reach(box: Box) -> tuple[int, int, int, int]:
    """The whole pixels a drawing inside `box` can touch."""
    return (
        max(0, math.floor(box[0]) - MARGIN),
        max(0, math.floor(box[1]) - MARGIN),
        math.ceil(box[2]) + MARGIN,
        math.ceil(box[3]) + MARGIN,
    )


def stamp(
    image: Image.Image, box: Box, key: Hashable, paint: Callable[[Draw], None], paper: Colour = BACKGROUND
) -> None:
    """What `paint` draws inside `box` (image pixels), drawn once per `key` and the place, then pasted: only where
    the pixels it changes are still plain `paper` in `image`, and `key` must name everything `paint` draws."""
    global _held
    where = reach(box)
    full = (key, box, paper)
    found = _stamps.pop(full, None)
    if found is None:
        canvas = Image.new("RGB", where[2:], paper)  # its own coordinates, so it rasterises as in place
        paint(ImageDraw.Draw(canvas))
        drawn = canvas.crop(where)
        found = drawn, changed(drawn, paper)
        _held += drawn.width * drawn.height * 4
        while _stamps and _held > STAMPS_BYTES:
            old, _mask = _stamps.popitem(last=False)[1]
            _held -= old.width * old.height * 4
    _stamps[full] = found
    image.paste(found[0], where[:2], found[1])


def changed(drawn: Image.Image, paper: Colour) -> Image.Image:
    """A mask of the pixels of `drawn` that are not plain `paper` (in any channel)."""
    red, green, blue = ImageChops.difference(drawn, Image.new("RGB", drawn.size, paper)).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).point(lambda v: 255 if v else 0)
