"""Next Station Tokyo's scores on a seat's sheet: a box per line, the objectives, the total and its parts."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image

from bot.games.next_station_tokyo.data import COLOURS
from bot.games.next_station_tokyo.scoring import GREEN_MISS, OBJECTIVE_POINTS
from bot.games.next_station_tokyo.words import colour_name, district_name
from bot.i18n import _, pgettext
from rendering.canvas import INK, check, fit, font
from rendering.lettered import Lettered, blank
from rendering.next_station_tokyo.look import (
    GOOD,
    LINE_H,
    LOOKS,
    MARGIN,
    MUTED,
    PAPER,
    ROW_FILL,
    ROW_H,
    SCORE_H,
    SMALL_SIZE,
    TITLE_SIZE,
    TURN_FILL,
    WIDTH,
    Draw,
)
from rendering.next_station_tokyo.shapes import tag
from rendering.next_station_tokyo.text import paragraph

SCORES_PER_ROW = 2
"""Line score boxes side by side: two leave room for the colour's name at a size a phone reads."""


BOX_W = (WIDTH - 2 * MARGIN - (SCORES_PER_ROW - 1) * 8) // SCORES_PER_ROW
BOXES_H = math.ceil(len(COLOURS) / SCORES_PER_ROW) * (SCORE_H + 8) + 2
"""The height of the line score boxes, rows and gaps."""


@lru_cache(maxsize=2 * len(COLOURS))
def score_box(colour: str, current: bool) -> Image.Image:
    """A line's score box without its words, drawn once (0.07 MB each): its frame, highlighted now, and its tag."""
    image, draw = blank(BOX_W + 1, SCORE_H + 1)
    draw.rounded_rectangle(
        (0, 0, BOX_W, SCORE_H),
        radius=8,
        fill=TURN_FILL if current else ROW_FILL,
        outline=INK if current else MUTED,
        width=3 if current else 1,
    )
    tag(draw, 22, SCORE_H // 2, LOOKS[colour], SMALL_SIZE)
    return image


def line_scores(image: Image.Image, y: int, result: dict[str, Any], now: str | None) -> int:
    """A box per line: its letter, colour and districts x most = points; the colour drawn now is highlighted."""
    draw, face = Lettered(image), font(SMALL_SIZE)
    for i, colour in enumerate(COLOURS):
        row, col = divmod(i, SCORES_PER_ROW)
        x, y_box = MARGIN + col * (BOX_W + 8), y + row * (SCORE_H + 8)
        image.paste(score_box(colour, colour == now), (x, y_box))
        districts, most, points = result["lines"][colour]
        words = fit(f"{colour_name(colour)} {districts} x {most} = {points}", face, BOX_W - 52)
        draw.text((x + 44, y_box + SCORE_H // 2), words, fill=INK, font=face, anchor="lm")
    return y + BOXES_H


def breakdown(result: dict[str, Any]) -> list[str]:
    """The final score part by part, in words (the objectives are listed apart)."""
    points = [int(p) for _districts, _most, p in result["lines"].values()]
    sizes = ", ".join(_("{n} of {size} lines").format(n=n, size=size) for size, n in result["interchanges"].items())
    bonus = ", ".join(district_name(d) for d in result["bonus_districts"]) or pgettext("nst districts", "none")
    misses = int(result["misses"])
    return [
        _("Lines: {points} = {total}").format(points=" + ".join(map(str, points)), total=sum(points)),
        _("Interchanges ({sizes}): +{points}").format(
            sizes=sizes or pgettext("nst interchanges", "none"), points=result["interchange_points"]
        ),
        _("Outer districts with an interchange ({districts}): +{points}").format(
            districts=bonus, points=result["bonus_points"]
        ),
        _("Green-loop stations missed: {misses} x {each} = {points}").format(
            misses=misses, each=GREEN_MISS, points=GREEN_MISS * misses
        ),
    ]


def summary(result: dict[str, Any]) -> str:
    """The total's parts on one line, for a game still running."""
    lines = sum(int(p) for _districts, _most, p in result["lines"].values())
    objectives = OBJECTIVE_POINTS * sum(map(bool, result["objectives"]))
    return _(
        "lines {lines} · interchanges {interchanges} · districts {districts} · green loop {loop}"
        " · objectives {objectives}"
    ).format(
        lines=lines,
        interchanges=f"{result['interchange_points']:+d}",
        districts=f"{result['bonus_points']:+d}",
        loop=f"{GREEN_MISS * int(result['misses']):+d}",
        objectives=f"{objectives:+d}",
    )


def draw_objectives(draw: Draw, y: int, objectives: list[str], met: list[bool]) -> int:
    """The shared objectives, each ticked while met; returns the y below them."""
    for text, done in zip(objectives, met, strict=False):
        draw.rectangle((MARGIN, y + 4, MARGIN + 24, y + 28), fill=PAPER, outline=INK, width=2)
        if done:
            check(draw, MARGIN + 3, y + 6, 18, GOOD)
        template = (
            _("Objective (+{points}): {objective}") if done else _("Objective (+{points}): {objective} (not met)")
        )
        words = template.format(points=OBJECTIVE_POINTS, objective=_(text))
        y = max(
            y + ROW_H,
            paragraph(draw, MARGIN + 36, y + 2, words, SMALL_SIZE, WIDTH - 2 * MARGIN - 36, INK if done else MUTED) + 6,
        )
    return y


def draw_scores(image: Image.Image, y: int, public: dict[str, Any], seat: int) -> int:
    """Line scores, then the total so far with its parts or, once the game is over, the total part by part."""
    now = None if public["finished"] else public["colours"][seat]
    return draw_totals(Lettered(image), line_scores(image, y, public["results"][seat], now), public, seat)


def draw_totals(draw: Draw, y: int, public: dict[str, Any], seat: int) -> int:
    """Under the line scores: the objectives, the total and its parts; returns the y below."""
    result = public["results"][seat]
    finished = public["finished"]
    if finished:
        for line in breakdown(result):
            y = paragraph(draw, MARGIN, y, line, SMALL_SIZE, WIDTH - 2 * MARGIN) + 4
    y = draw_objectives(draw, y, public["objectives"], result["objectives"])
    total = (_("Total: {total}") if finished else _("Total so far: {total}")).format(total=result["total"])
    draw.text((MARGIN, y + 4), total, fill=INK, font=font(TITLE_SIZE))
    y += LINE_H
    if not finished:
        y = paragraph(draw, MARGIN, y, f"= {summary(result)}", SMALL_SIZE, WIDTH - 2 * MARGIN, MUTED)
    return y + 8
