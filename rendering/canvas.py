"""Shared drawing helpers: fonts, a blank canvas, labelled swatches, small shapes and palette reduction."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

BACKGROUND = (245, 241, 232)
INK = (34, 34, 34)
FONT_SIZE = 18
PALETTE_COLOURS = 128
"""Flat drawings are reduced to this many colours: a palette PNG compresses several times faster and smaller."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Colour = tuple[int, int, int]


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


def fit(text: str, face: Font, width: int) -> str:
    """`text` shortened with an ellipsis until it fits `width` pixels."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def triangle(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, fill: Colour) -> None:
    """A right-pointing ▶ (the bundled font has no such glyph) with its left edge at x, centred on y."""
    draw.polygon([(x, y - size // 2), (x + size, y), (x, y + size // 2)], fill=fill, outline=INK)


def check(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, fill: Colour) -> None:
    """A tick mark drawn as two strokes, its box's top-left at (x, y)."""
    draw.line([(x, y + size // 2), (x + size // 3, y + size), (x + size, y)], fill=fill, width=4, joint="curve")


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's display name, or "Seat N" when none was given."""
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def to_palette(image: Image.Image) -> Image.Image:
    """The flat drawing as a palette image (no dithering), so `render_png`'s optimize pass stays fast."""
    return image.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def ordinal(n: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
