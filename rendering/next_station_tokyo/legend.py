"""Next Station Tokyo's legend: what each line's pattern and letter, and each mark, means; drawn once a language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image

from bot.games.next_station_tokyo.words import colour_name
from bot.i18n import _
from rendering.canvas import INK, font
from rendering.lettered import blank
from rendering.next_station_tokyo.look import (
    DISTRICT,
    GREEN,
    LEGEND_SAMPLE,
    LOOKS,
    MARGIN,
    ROW_H,
    SMALL_SIZE,
    SMALLEST_TEXT,
    WIDTH,
    Draw,
    LineLook,
    pattern_words,
)
from rendering.next_station_tokyo.shapes import badge, draw_section, draw_symbol, tag

Sample = Callable[[Draw, int, int], None]
"""How a legend entry's sample is drawn, at its left and middle."""
Item = tuple[Sample, str]
"""A legend entry: its sample and its words."""


@lru_cache(maxsize=len(LOOKS))
def line_sample(look: LineLook) -> Sample:
    """The legend's sample of a line: a stretch in its pattern, then its letter (one per look: legends are keys)."""

    def sample(draw: Draw, x: int, y: int) -> None:
        draw_section(draw, (x, y), (x + LEGEND_SAMPLE - 26, y), look, 6)
        tag(draw, x + LEGEND_SAMPLE - 12, y, look, SMALLEST_TEXT)

    return sample


def loop_sample(draw: Draw, x: int, y: int) -> None:
    """The legend's sample of the green loop: a gentle arc."""
    draw.arc((x, y - 6, x + LEGEND_SAMPLE, y + 30), 200, 340, fill=GREEN, width=4)


def border_sample(draw: Draw, x: int, y: int) -> None:
    """The legend's sample of a district border."""
    draw.line([(x, y), (x + LEGEND_SAMPLE, y)], fill=DISTRICT, width=3)


def interchange_sample(draw: Draw, x: int, y: int) -> None:
    """The legend's sample of an interchange: a ring with its count."""
    draw_symbol(draw, "circle", x + 18, y, 9)
    draw.ellipse((x + 5, y - 13, x + 31, y + 13), outline=INK, width=2)
    badge(draw, x + 42, y - 4, "3", SMALLEST_TEXT)


def departure_sample(draw: Draw, x: int, y: int) -> None:
    """The legend's sample of a departure: a ring in its line's colour."""
    draw_symbol(draw, "square", x + 20, y, 9)
    draw.ellipse((x + 6, y - 14, x + 34, y + 14), outline=LOOKS["blue"].colour, width=4)


def line_items() -> tuple[Item, ...]:
    """The legend's entries for the four lines: pattern and letter, then colour and pattern in words."""
    return tuple(
        (line_sample(look), f"{colour_name(colour)} ({pattern_words(look.pattern)})") for colour, look in LOOKS.items()
    )


def legend_items() -> tuple[Item, ...]:
    """Each legend entry: how to draw its sample, and its words."""
    return (
        *line_items(),
        (loop_sample, _("green loop")),
        (border_sample, _("district border")),
        (departure_sample, _("departure")),
        (interchange_sample, _("interchange (lines there)")),
    )


LEGENDS_KEPT = 4
"""Legends a worker keeps: a sheet's and the overview's, in two languages (at most 0.4 MB each)."""


@lru_cache(maxsize=LEGENDS_KEPT)
def legend_strip(items: tuple[Item, ...]) -> Image.Image:
    """The legend drawn once for its samples and words: every page of a language shows the very same one."""
    image, draw = blank(WIDTH, (len(items) + 1) * ROW_H + 10)
    return image.crop((0, 0, WIDTH, lay_out(draw, 0, items)))


def lay_out(draw: Draw, y: int, items: Sequence[Item]) -> int:
    """The legend's samples and words, a row after another from `y`; returns the y below it."""
    face = font(SMALL_SIZE)
    x = MARGIN
    for sample, words in items:
        width = LEGEND_SAMPLE + 8 + round(face.getlength(words))
        if x + width > WIDTH - MARGIN:
            x, y = MARGIN, y + ROW_H
        sample(draw, x, y + ROW_H // 2)
        draw.text((x + LEGEND_SAMPLE + 8, y + ROW_H // 2), words, fill=INK, font=face, anchor="lm")
        x += width + 22
    return y + ROW_H + 10
