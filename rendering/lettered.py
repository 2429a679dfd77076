"""A drawing context that writes letters the font lacks as look-alikes, for renderers that draw players' words."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from rendering.canvas import blank as paper
from rendering.table import MAX_CHARS, clean

COMMON = "".join(map(chr, range(0x20, 0x7F))) + "".join(map(chr, range(0xA0, 0x180))) + "…–’“”"
"""The letters pictures write most: ASCII, Latin-1 (« » · among them), Latin Extended-A, and a few typographic signs."""


@lru_cache(maxsize=1)
def kept() -> frozenset[str]:
    """The COMMON letters `clean` leaves as they are (the font draws them), found once a process."""
    return frozenset(c for c in COMMON if clean(c) == c)


def cleaned(text: str) -> str:
    """`clean(text)`, without its letter-by-letter walk when every letter is one it keeps (nearly every text).

    `clean` works letter by letter, so a short text of kept letters is returned unchanged: the same string."""
    if len(text) <= MAX_CHARS and kept().issuperset(text):
        return text
    return clean(text)


class Lettered(ImageDraw.ImageDraw):
    """A drawing context that writes letters the bundled font lacks as look-alikes (French "é" → "e"), not boxes."""

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        super().text(xy, cleaned(text) if isinstance(text, str) else text, *args, **kwargs)


def blank(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A paper-coloured canvas (see rendering.canvas.blank) and its lettered drawing context."""
    image, _plain = paper(width, height)
    return image, Lettered(image)
