"""Fast Train to Miyajima: a seat's sheet (six colours of fast and heavy trains), from pre-drawn parts where exact."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.base import name_seats
from bot.games.miyajima.data import KINDS, sheet
from bot.games.miyajima.view import SOLO_GOALS
from bot.games.miyajima.words import colour_name, kind_name, rank_name, retold
from bot.i18n import _, language
from rendering.canvas import BACKGROUND, INK, Font, check, fit, font, seat_name
from rendering.miyajima.look import (
    BAD,
    BLOCK_GAP,
    CAR_INSET,
    CAR_W,
    COLOURS,
    GOAL_H,
    GOOD,
    KIND_GAP,
    KIND_W,
    LABEL_W,
    LINE_H,
    LOCKED,
    MARGIN,
    MUTED,
    NUMBER_SIZE,
    PAPER,
    REASON_X,
    RESULT_H,
    SCALE_H,
    SMALL_SIZE,
    TEXT_SIZE,
    THICK,
    TITLE_SIZE,
    TRAIN_H,
    WIDTH,
    Lettered,
    blank,
    chip,
    draw_header,
    header,
    plain,
    tint,
)
from rendering.pieces import Piece, band, piece

BLOCKS = 24
"""Colour blocks kept drawn with empty cars (six colours, reached or not, in each language; 330 KB each: ≤ 8 MB)."""
CARS = 256
"""Filled cars kept drawn (a colour, a width and a running total; 14 KB on average, 36 KB at most: about 4 MB)."""
NO_TRAINS: dict[str, list[int]] = {kind: [] for kind in KINDS}


def car_edges(colour: str, kind: str, left: int) -> list[tuple[int, int]]:
    """Each car's left and right x: car k ends (6 - distance after k cars) car widths from the start."""
    distance = sheet().colours[colour].distance[kind]
    end = distance[0]
    return [
        (left + round((end - distance[k - 1]) * CAR_W), left + round((end - distance[k]) * CAR_W))
        for k in range(1, len(distance))
    ]


def draw_train(draw: ImageDraw.ImageDraw, y: int, colour: str, kind: str, totals: list[int], locked: bool) -> None:
    """One train: its filled cars with their running totals, its empty cars (greyed once the colour is reached)."""
    left = MARGIN + LABEL_W + KIND_W
    draw.text((left - 10, y + TRAIN_H // 2), kind_name(kind), fill=INK, font=font(SMALL_SIZE), anchor="rm")
    for k, (x0, x1) in enumerate(car_edges(colour, kind, left)):
        draw_car(
            draw,
            (x0 + CAR_INSET, y, x1 - CAR_INSET, y + TRAIN_H),
            colour,
            totals[k] if k < len(totals) else None,
            locked,
        )


def draw_car(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: str, total: int | None, locked: bool
) -> None:
    """A car: tinted with its running total once filled, else empty (greyed once the colour is reached)."""
    if total is not None:
        draw.rounded_rectangle(box, radius=6, fill=tint(colour), outline=INK, width=2)
        centre = ((box[0] + box[2]) // 2, box[1] + TRAIN_H // 2)
        draw.text(centre, str(total), fill=INK, font=font(NUMBER_SIZE), anchor="mm")
    else:
        draw.rounded_rectangle(box, radius=6, fill=LOCKED if locked else PAPER, outline=MUTED, width=1)


@lru_cache(maxsize=CARS)
def car_piece(colour: str, width: int, total: int) -> Piece | None:
    """A filled car `width` px wide drawn once; None unless it covers its whole box (see draw_block)."""
    found = piece(
        width + 1,
        TRAIN_H + 1,
        BACKGROUND,
        lambda im, x, y: draw_car(Lettered(im), (x, y, x + width, y + TRAIN_H), colour, total, False),
    )
    whole = found is not None and found.image is not None and found.image.size == (width + 1, TRAIN_H + 1)
    return found if whole else None


def draw_destination(draw: ImageDraw.ImageDraw, y: int, colour: str, reached: bool) -> None:
    """The destination at the trains' right end: circled, framed and ticked once reached."""
    x0 = MARGIN + LABEL_W + KIND_W + sheet().cars * CAR_W + 12
    box = (x0, y, WIDTH - MARGIN, y + 2 * TRAIN_H + KIND_GAP)
    name = sheet().colours[colour].destination
    if reached:
        draw.rounded_rectangle(box, radius=12, fill=tint(colour), outline=INK, width=THICK)
        draw.ellipse((box[0] + 8, box[1] + 6, box[2] - 8, box[1] + 62), outline=INK, width=3)
        check(draw, box[0] + 18, box[1] + 70, 24, GOOD)
        draw.text((box[0] + 52, box[1] + 82), _("reached"), fill=INK, font=font(SMALL_SIZE), anchor="lm")
    else:
        draw.rounded_rectangle(box, radius=12, fill=PAPER, outline=MUTED, width=2)
        draw.text((box[0] + 16, box[1] + 82), _("not reached"), fill=MUTED, font=font(SMALL_SIZE), anchor="lm")
    face = font(TEXT_SIZE)
    draw.text(
        ((box[0] + box[2]) // 2, box[1] + 34), fit(name, face, box[2] - box[0] - 30), fill=INK, font=face, anchor="mm"
    )


def draw_colour_block(
    draw: ImageDraw.ImageDraw, y: int, colour: str, trains: dict[str, list[int]], reached: bool
) -> None:
    """One colour: its swatch and name, the fast train above the heavy one, and the destination."""
    height = 2 * TRAIN_H + KIND_GAP
    chip(draw, (MARGIN, y, MARGIN + 44, y + height), colour, TITLE_SIZE)
    draw.text((MARGIN + 52, y + height // 2), colour_name(colour), fill=INK, font=font(SMALL_SIZE), anchor="lm")
    for i, kind in enumerate(KINDS):
        draw_train(draw, y + i * (TRAIN_H + KIND_GAP), colour, kind, trains[kind], reached)
    draw_destination(draw, y, colour, reached)


@lru_cache(maxsize=BLOCKS)
def block_piece(colour: str, reached: bool, speaking: str) -> Piece | None:
    """A colour's block drawn once with every car empty, in the language `speaking` (its words are in it)."""
    return band(
        WIDTH,
        2 * TRAIN_H + KIND_GAP + 1,
        BACKGROUND,
        lambda im, y: draw_colour_block(Lettered(im), y, colour, NO_TRAINS, reached),
    )


def draw_block(image: Image.Image, y: int, colour: str, trains: dict[str, list[int]], reached: bool) -> None:
    """A colour's block: pasted with empty cars, then each filled car pasted over its empty one.

    Exact: the block's band is paper until it is drawn, and a filled car's piece covers its whole box, so it
    replaces the empty car with what drawing the filled one on paper gives (the same box and corners).
    """
    left = MARGIN + LABEL_W + KIND_W
    block = block_piece(colour, reached, language())
    cars = [
        (x0 + CAR_INSET, y + i * (TRAIN_H + KIND_GAP), car_piece(colour, x1 - x0 - 2 * CAR_INSET, total))
        for i, kind in enumerate(KINDS)
        for (x0, x1), total in zip(car_edges(colour, kind, left), trains[kind], strict=False)
    ]
    if block is None or any(car is None for _x, _y, car in cars):
        draw_colour_block(Lettered(image), y, colour, trains, reached)
        return
    block.paste(image, 0, y)
    for x, car_y, car in cars:
        assert car is not None
        car.paste(image, x, car_y)


def draw_scale(draw: ImageDraw.ImageDraw, y: int) -> None:
    """The distance points row: what a heavy train with k cars scores when its colour adheres (k squared)."""
    left = MARGIN + LABEL_W + KIND_W
    draw.text((left - 10, y + SCALE_H // 2), _("distance points"), fill=MUTED, font=font(SMALL_SIZE), anchor="rm")
    for k in range(1, sheet().cars + 1):
        centre = (left + k * CAR_W - CAR_W // 2, y + SCALE_H // 2)
        draw.text(centre, str(k * k), fill=INK, font=font(TEXT_SIZE), anchor="mm")


@lru_cache(maxsize=2)
def scale_piece(speaking: str) -> Piece | None:
    """The distance points row drawn once, in the language `speaking`."""
    return band(WIDTH, SCALE_H, BACKGROUND, lambda im, y: draw_scale(Lettered(im), y))


def two_lines(text: str, face: Font, width: int) -> list[str]:
    """`text` on one line if it fits `width`, else two lines split at its last comma (longer French reasons)."""
    if face.getlength(text) <= width or ", " not in text:
        return [fit(text, face, width)]
    head, _comma, tail = text.rpartition(", ")
    return [fit(head + ",", face, width), fit(tail, face, width)]


def draw_results(draw: ImageDraw.ImageDraw, y: int, result: dict[str, Any]) -> int:
    """Per colour: fast and heavy points, adhered (tick) or why not (cross); the total; solo rank and goals."""
    small, face = font(SMALL_SIZE), font(TEXT_SIZE)
    draw.text((MARGIN, y), _("Scores"), fill=INK, font=font(TITLE_SIZE))
    y += LINE_H + 4
    for entry in result["colours"]:
        colour = str(entry["colour"])
        chip(draw, (MARGIN, y, MARGIN + 32, y + 32), colour, SMALL_SIZE)
        draw.text((MARGIN + 40, y + 16), fit(colour_name(colour), small, 68), fill=INK, font=small, anchor="lm")
        fast = _("fast {points}").format(points=entry["fast"])
        heavy = _("heavy {points}").format(points=entry["heavy"])
        for x, words, width in ((MARGIN + 112, fast, 110), (MARGIN + 228, heavy, 124)):
            size = face if face.getlength(words) <= width else small  # longer words (French) in the smaller size
            draw.text((x, y + 16), fit(words, size, width), fill=INK, font=size, anchor="lm")
        draw.text((MARGIN + 358, y + 16), f"= {entry['fast'] + entry['heavy']}", fill=INK, font=face, anchor="lm")
        if entry["adhered"]:
            check(draw, MARGIN + 414, y + 4, 22, GOOD)
            draw.text((REASON_X, y + 16), _("adhered"), fill=GOOD, font=small, anchor="lm")
        else:
            draw.text((MARGIN + 418, y + 16), "x", fill=BAD, font=face, anchor="lm")
            lines = two_lines(_(str(entry["why"])), small, WIDTH - MARGIN - REASON_X)
            for n, line in enumerate(lines):
                ly = y + 16 + (n * 2 - len(lines) + 1) * SMALL_SIZE // 2
                draw.text((REASON_X, ly), line, fill=BAD, font=small, anchor="lm")
        y += RESULT_H
    draw.text((MARGIN, y + 6), _("Total {total}").format(total=result["total"]), fill=INK, font=font(TITLE_SIZE))
    y += LINE_H + 10
    if "rank" in result:
        draw.text((MARGIN, y), _("Solo rank: {rank}").format(rank=rank_name(result["rank"])), fill=INK, font=face)
        y += LINE_H
        for met, goal in zip(result["goals"], SOLO_GOALS, strict=False):
            draw.rectangle((MARGIN, y + 4, MARGIN + 24, y + 28), fill=PAPER, outline=INK, width=2)
            if met:
                check(draw, MARGIN + 3, y + 6, 18, GOOD)
            words = (_("met: {goal}") if met else _("not met: {goal}")).format(goal=_(goal))
            draw.text(
                (MARGIN + 36, y + 16), fit(words, small, WIDTH - 2 * MARGIN - 40), fill=INK, font=small, anchor="lm"
            )
            y += GOAL_H
    return y


def sheet_status(view: dict[str, Any], seat: int, names: Sequence[str]) -> str:
    """One line under the dice: the prompt (players named), or what this seat loaded last."""
    public = view["public"]
    load = public["loads"][seat] if seat < len(public["loads"]) else None
    if public["phase"] == "load" and seat not in public["waiting"] and load:
        return plain(_("You loaded {load}").format(load=retold(load)))
    return plain(name_seats(str(view["prompt"]), names))


def render_sheet(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """One seat's sheet: dice, six colours of fast and heavy trains, distance points, and scores at the end."""
    public = view["public"]
    seat = int(view["private"]["seat"])
    result = public["results"][seat] if public["finished"] and public["results"] else None
    block = 2 * TRAIN_H + KIND_GAP + BLOCK_GAP
    said = header(public, sheet_status(view, seat, names))
    height = said.height + SCALE_H + len(COLOURS) * block + MARGIN
    if result is not None:
        height += LINE_H + 4 + len(COLOURS) * RESULT_H + LINE_H + 10
        height += LINE_H + len(SOLO_GOALS) * GOAL_H if "rank" in result else 0
    image, draw = blank(WIDTH, height + MARGIN)
    title = _("Round {round} · {player}'s sheet").format(round=public["round"], player=seat_name(names, seat))
    draw_header(image, public, title, said)
    y = said.height
    scale = scale_piece(language())
    if scale is None:
        draw_scale(draw, y)
    else:  # exact: the header ends above it, on paper
        scale.paste(image, 0, y)
    y += SCALE_H
    for colour in sheet().colours:
        draw_block(image, y, colour, public["sheets"][seat][colour], colour in public["reached"][seat])
        y += block
    if result is not None:
        draw_results(draw, y, result)
    return image
