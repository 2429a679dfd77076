"""Shared drawing helpers: fonts, a blank canvas and colour-blind-safe labelled swatches."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

BACKGROUND = (245, 241, 232)
INK = (34, 34, 34)
FONT_SIZE = 18


@lru_cache(maxsize=8)
def font(size: int = FONT_SIZE) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font (no system fonts needed on a bare VPS)."""
    return ImageFont.load_default(size=size)


def blank(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A paper-coloured canvas and its drawing context."""
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def labelled_box(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: tuple[int, int, int], label: str
) -> None:
    """A filled, outlined box with its label written on it, so colour is never the only cue."""
    draw.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) // 2, (y0 + y1) // 2), label, fill=INK, font=font(), anchor="mm")
