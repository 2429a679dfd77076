"""Mexican Train pictures' layout, colours and dominoes, shared by the board and the hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import ngettext
from rendering.canvas import INK, font

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Colour = tuple[int, int, int]

# --- layout (pixels) ---------------------------------------------------------------------------
WIDTH = 800
"""Narrow enough that a phone (about 400 px wide) shows it at half size: 22 px text reads as 11 px."""
SMALLEST_TEXT = 23
"""The smallest text drawn: two-digit numerals on board tiles (see tile_image)."""
MARGIN = 16
TITLE_SIZE = 34
TEXT_SIZE = 28
SMALL_SIZE = 24
NUMERAL_SIZE = 28
HEADER_H = 112
BANNER_H = 64
ROW_H = 80
ROW_GAP = 6
GUTTER = 30
NAME_W = 220
HALF = 42
"""A board domino is two HALF×HALF squares side by side."""
TILE_GAP = 6
MORE_W = 66
END_W = 60
HAND_HALF = 58
HAND_GAP_X = 18
HAND_LABEL_H = 36
HAND_GAP_Y = 16
HAND_HEADER_H = 104
THICK = 6
"""Outline width of whatever needs attention (a pending double, a playable tile)."""
TILE_CACHE = 600
"""Drawn dominoes kept for reuse (a few per tile, style and size; ~20 KB each)."""

# --- colours (always paired with a word, numeral or shape) -------------------------------------
TILE_FILL = (255, 253, 240)
TILE_DIM = (214, 211, 200)
ROW_FILL = (232, 227, 214)
TURN_FILL = (255, 236, 170)
MUTED = (105, 100, 92)
OPEN_COLOUR = (0, 120, 60)
ALERT = (200, 40, 20)
PLAYABLE = (0, 90, 200)
END_FILL = (255, 214, 90)
NUMERAL_COLOURS: tuple[Colour, ...] = (
    (90, 90, 90),
    (20, 90, 180),
    (0, 115, 55),
    (185, 30, 30),
    (120, 70, 0),
    (115, 40, 150),
    (0, 105, 115),
    (25, 25, 25),
    (190, 85, 0),
    (55, 55, 150),
    (150, 20, 95),
    (75, 100, 20),
    (140, 45, 45),
)
"""Numeral ink per number, as on coloured-pip sets; the numeral itself carries the meaning."""


@dataclass(frozen=True)
class TileStyle:
    """How one domino is drawn: fill, outline width and colour, and which half (if any) is lit."""

    fill: Colour = TILE_FILL
    outline: Colour = INK
    width: int = 2
    lit_half: int | None = None


# --- shared drawing ----------------------------------------------------------------------------


@lru_cache(maxsize=TILE_CACHE)
def tile_image(pair: tuple[int, int], half: int, style: TileStyle) -> Image.Image:
    """A horizontal domino with a numeral on each half (blank halves read "0"), transparent corners."""
    image = Image.new("RGBA", (2 * half + 1, half + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, 2 * half, half), radius=half // 6, fill=style.fill, outline=style.outline, width=style.width
    )
    if style.lit_half is not None:
        hx, inset = style.lit_half * half, style.width + 1
        draw.rectangle((hx + inset, inset, hx + half - inset, half - inset), fill=END_FILL)
    draw.line((half, 6, half, half - 6), fill=INK, width=2)
    size = NUMERAL_SIZE * half // HALF
    for i, value in enumerate(pair):
        face = font(size if value < 10 else size * 5 // 6)
        colour = NUMERAL_COLOURS[value % len(NUMERAL_COLOURS)]
        centre = (half * i + half // 2, half // 2)
        draw.text(centre, str(value), fill=colour, font=face, anchor="mm", stroke_width=1, stroke_fill=colour)
    return image


def domino(image: Image.Image, x: int, y: int, half: int, pair: Sequence[int], style: TileStyle) -> None:
    """A domino pasted at (x, y), drawn once per look and reused."""
    tile = tile_image((pair[0], pair[1]), half, style)
    image.paste(tile, (x, y), tile)


def flag(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    """A marker flag (pole and pennant) standing on (x, y + size)."""
    draw.line((x + 2, y, x + 2, y + size), fill=INK, width=3)
    draw.polygon([(x + 4, y), (x + 4 + size * 3 // 4, y + size // 4), (x + 4, y + size // 2)], fill=OPEN_COLOUR)


def tile_name(pair: Sequence[int]) -> str:
    """The tile as its rules name "hi-lo"."""
    return f"{max(pair)}-{min(pair)}"


def hand_count(count: int) -> str:
    """A hand's size in words: "1 tile", "7 tiles"."""
    return ngettext("{n} tile", "{n} tiles", count).format(n=count)
