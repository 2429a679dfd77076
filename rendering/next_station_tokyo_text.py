"""Next Station Tokyo's words on a page: paragraphs, the card now, the legend and a sheet's scores."""

from __future__ import annotations

import math
from typing import Any

from bot.games.next_station_tokyo.data import COLOURS
from bot.games.next_station_tokyo.scoring import GREEN_MISS, OBJECTIVE_POINTS
from bot.games.next_station_tokyo.words import card_name, colour_name, district_name, effect_name
from bot.i18n import _, pgettext
from rendering.canvas import INK, Colour, check, fit, font, wrap
from rendering.next_station_tokyo_look import (
    GOOD,
    GREEN,
    LINE_H,
    LOOKS,
    MARGIN,
    MUTED,
    PAPER,
    PINK_CARD,
    ROW_FILL,
    ROW_H,
    SCORE_H,
    SMALL_SIZE,
    TEXT_SIZE,
    TITLE_SIZE,
    TURN_FILL,
    WIDTH,
    Draw,
)
from rendering.next_station_tokyo_shapes import draw_symbol, tag

# --- text, cards and legend --------------------------------------------------------------------


def plain(text: str) -> str:
    """`text` with the signs the bundled font lacks written in ones it has."""
    return text.replace("→", "»").replace("×", "x").replace("−", "-")


def places(public: dict[str, Any]) -> list[int]:
    """Each seat's place by its total (1 = first; ties share a place)."""
    totals = [int(r["total"]) for r in public["results"]]
    return [1 + sum(t > mine for t in totals) for mine in totals]


def paragraph(draw: Draw, x: int, y: int, text: str, size: int, width: int, fill: Colour = INK) -> int:
    """`text` wrapped to `width` at `size`; returns the y below it."""
    face = font(size)
    for line in wrap(text, face, width):
        draw.text((x, y), line, fill=fill, font=face)
        y += round(size * 1.3)
    return y


CARD_W, CARD_H = 36, 46


def draw_card(draw: Draw, x: int, y: int, card: str) -> None:
    """The card now, drawn small: green or pink, showing its symbol (a Joker shows a J)."""
    colour, symbol = card.split()
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=5, fill=GREEN if colour == "green" else PINK_CARD, outline=INK, width=2
    )
    middle = (x + CARD_W // 2, y + CARD_H // 2)
    if symbol in ("joker", "switch"):
        draw.text(middle, symbol[0].upper(), fill=PAPER, font=font(TEXT_SIZE), anchor="mm")
    else:
        draw_symbol(draw, symbol, *middle, 11)


def card_words(public: dict[str, Any]) -> str:
    """The card now in words, with its effect and whether a switch applies."""
    if not public["card"]:
        return _("No card up")
    words = _("Card: {card}").format(card=card_name(str(public["card"])))
    if public["effect"]:
        words += f" · {effect_name(str(public['effect']))}"
    if public["switch"]:
        words += _(" · switch: leave any station of your line")
    return words


def draw_card_row(draw: Draw, y: int, public: dict[str, Any]) -> int:
    """The card now (drawn and in words), then how many green cards of the round are out; returns the y below."""
    x = MARGIN
    if public["card"]:
        draw_card(draw, x, y, str(public["card"]))
        x += CARD_W + 12
    greens = _("green cards {greens} of {total}").format(greens=public["greens"], total=public["greens_to_end"])
    below = paragraph(draw, x, y + 4, f"{plain(card_words(public))} · {greens}", TEXT_SIZE, WIDTH - MARGIN - x)
    return max(below, y + CARD_H) + 8


# --- the sheet ---------------------------------------------------------------------------------


SCORES_PER_ROW = 2
"""Line score boxes side by side: two leave room for the colour's name at a size a phone reads."""


def line_scores(draw: Draw, y: int, result: dict[str, Any], now: str | None) -> int:
    """A box per line: its letter, colour and districts x most = points; the colour drawn now is highlighted."""
    box_w = (WIDTH - 2 * MARGIN - (SCORES_PER_ROW - 1) * 8) // SCORES_PER_ROW
    face = font(SMALL_SIZE)
    for i, colour in enumerate(COLOURS):
        row, col = divmod(i, SCORES_PER_ROW)
        x, y_box = MARGIN + col * (box_w + 8), y + row * (SCORE_H + 8)
        current = colour == now
        draw.rounded_rectangle(
            (x, y_box, x + box_w, y_box + SCORE_H),
            radius=8,
            fill=TURN_FILL if current else ROW_FILL,
            outline=INK if current else MUTED,
            width=3 if current else 1,
        )
        tag(draw, x + 22, y_box + SCORE_H // 2, LOOKS[colour], SMALL_SIZE)
        districts, most, points = result["lines"][colour]
        words = fit(f"{colour_name(colour)} {districts} x {most} = {points}", face, box_w - 52)
        draw.text((x + 44, y_box + SCORE_H // 2), words, fill=INK, font=face, anchor="lm")
    rows = math.ceil(len(COLOURS) / SCORES_PER_ROW)
    return y + rows * (SCORE_H + 8) + 2


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


def draw_scores(draw: Draw, y: int, public: dict[str, Any], seat: int) -> int:
    """Line scores, then the total so far with its parts or, once the game is over, the total part by part."""
    result = public["results"][seat]
    finished = public["finished"]
    y = line_scores(draw, y, result, None if finished else public["colours"][seat])
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
