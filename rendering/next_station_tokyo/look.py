"""Next Station Tokyo's look: page layout, colours, and how each line colour is drawn (pattern and letter)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from PIL import ImageDraw

from bot.i18n import pgettext
from rendering.canvas import INK, Colour

Point = tuple[float, float]
Draw = ImageDraw.ImageDraw


class Unseen:
    """A drawing context that draws nothing: a dry run of a part of a page learns its height before the page exists.

    Pages were drawn on a canvas taller than any and cropped: filling and copying the unused part cost about 1 ms."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


UNSEEN = cast(Draw, Unseen())


# --- layout (pixels) ---------------------------------------------------------------------------
WIDTH = 800
"""Narrower than most pictures: a phone shows it 400 px wide, so every 2 px here is 1 px there."""
SMALLEST_TEXT = 23
"""The smallest text drawn (line letters, counts, coordinates, the legend): 11.5 px once shown 400 px wide."""
MARGIN = 16
TITLE_SIZE = 34
TEXT_SIZE = 27
SMALL_SIZE = SMALLEST_TEXT
LINE_H = 44
SHEET_CELL = 72
"""Lattice spacing of a seat's own sheet: the map fills the page's width, so symbols and letters read on a phone."""
TILE_GAP = 16
TILE_HEAD = 40
LEGEND_SAMPLE = 60
SCORE_H = 48
ROW_H = 36
MAX_HEIGHT = 2400
"""No page is taller (eight seats' overview is about 2,100 px): pages are drawn at their own height, within this."""

# --- the map, in lattice units (one unit = the distance between neighbouring lattice points) ----
OCTAGON_OFFSET = 0.36
"""How far the central octagon lies outside its stations: about halfway to the outer stations beyond its diagonals."""
LOOP_BULGE = 0.28
"""How far outward a green-loop section's control point lies: its curve then bows 0.14, clear of the octagon."""
SYMBOL_R = 0.26
"""A station symbol's radius."""
LINE_W = 0.11
"""A drawn line's width."""
DOT_STEP = 0.1
"""The spacing of a guide's dots."""
SMALL_MAP = 40
"""Maps with smaller cells (the overview's) count only the interchanges that score."""

# --- colours (every line colour also has a pattern and a letter) ---------------------------------
PAPER = (255, 255, 255)
MAP_PAPER = (253, 252, 248)
OCTAGON_FILL = (252, 246, 224)
MUTED = (105, 100, 92)
GUIDE = (165, 160, 152)
FAINT_GUIDE = (200, 196, 188)
"""Guides on small maps, where the dots lie closer and would grey the whole map."""
LATTICE = (205, 200, 192)
DISTRICT = (236, 184, 0)
OCTAGON_EDGE = (205, 150, 0)
GREEN = (0, 158, 115)
PINK_CARD = (225, 95, 160)
ROW_FILL = (232, 227, 214)
TURN_FILL = (255, 236, 170)
GOOD = (0, 120, 60)


@dataclass(frozen=True, slots=True)
class LineLook:
    """How a line colour is drawn: its colour, the letter on its tags, its pattern, and the tag letters' ink."""

    colour: Colour
    letter: str
    pattern: str
    ink: Colour


LOOKS = {
    "blue": LineLook((0, 114, 178), "B", "solid", PAPER),
    "orange": LineLook((230, 159, 0), "O", "dashed", INK),
    "purple": LineLook((120, 70, 170), "P", "double", PAPER),
    "pink": LineLook((225, 95, 160), "K", "sleepers", INK),
}
"""Okabe–Ito-like colours; blue and purple look alike to many eyes, so the pattern and letter tell them apart."""


def pattern_words(pattern: str) -> str:
    """A line pattern's name in the legend, in the language in use."""
    names = {
        "solid": pgettext("nst pattern", "solid"),
        "dashed": pgettext("nst pattern", "dashed"),
        "double": pgettext("nst pattern", "double"),
        "sleepers": pgettext("nst pattern", "cross-ticks"),
    }
    return names.get(pattern, pattern)
