"""Fast Train to Miyajima: the public overview of every sheet in small, from pre-drawn parts where exact."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.miyajima.data import KINDS, sheet
from bot.games.miyajima.words import colour_name, kind_name
from bot.i18n import _, language, pgettext
from rendering.canvas import BACKGROUND, INK, Colour, fit, font, ordinal, seat_name, triangle
from rendering.miyajima.look import (
    BAD,
    COLOURS,
    COLUMN_HEAD_H,
    MARGIN,
    MARK_W,
    MUTED,
    NAME_W,
    PAPER,
    PIP_GAP,
    PIP_H,
    PIP_W,
    ROW_FILL,
    ROW_H,
    SEAT_GAP,
    SMALL_SIZE,
    TEXT_SIZE,
    TURN_FILL,
    WIDTH,
    Lettered,
    blank,
    chip,
    draw_header,
    header,
    tint,
)
from rendering.pieces import Piece, band, piece

CELLS = 512
"""Overview cells kept drawn (a colour, its filled cars, its total, on a row's fill; ~8 KB each: ≤ 4 MB)."""
FRAMES = 4
"""Seat rows' backgrounds kept drawn (the seat to roll or not, per language; ~200 KB each)."""
CELL_W = sheet().cars * (PIP_W + PIP_GAP) + 29
"""A cell's box: its pips, then its total right-aligned at 28 px past them."""
CELL_TOP = 5
"""A cell's box starts this far down its row, inside a reached colour's frame (3 px wide, 2 px in)."""


def overview_status(public: dict[str, Any], names: Sequence[str]) -> str:
    """Who is to act, in words."""
    if public["finished"]:
        return pgettext("miyajima", "Game over")
    if public["phase"] == "roll":
        return _("{player} chooses a die to roll").format(player=seat_name(names, public["active"]))
    waiting = public["waiting"]
    text = _("Loading: {players}").format(players=", ".join(seat_name(names, s) for s in waiting))
    if font(TEXT_SIZE).getlength(text) <= WIDTH - 2 * MARGIN:
        return text
    return _("{waiting} of {seats} players still loading").format(waiting=len(waiting), seats=len(public["sheets"]))


def seat_note(public: dict[str, Any], seat: int, places: list[int]) -> str:
    """The second line of a seat's name column: its total and place, or what it is doing."""
    if public["finished"] and public["results"]:
        return _("{total} pts · {place}").format(total=public["results"][seat]["total"], place=ordinal(places[seat]))
    if public["phase"] == "roll":
        return _("rolls the dice") if seat == public["active"] else ""
    return _("loading...") if seat in public["waiting"] else _("loaded")


def draw_column_heads(draw: ImageDraw.ImageDraw, y: int, col_w: int) -> None:
    """Each colour's swatch, letter and name over its column."""
    for i, colour in enumerate(COLOURS):
        x = MARGIN + NAME_W + MARK_W + i * col_w
        chip(draw, (x, y, x + 24, y + 32), colour, SMALL_SIZE)
        name = fit(colour_name(colour), font(SMALL_SIZE), col_w - 32)
        draw.text((x + 28, y + 16), name, fill=INK, font=font(SMALL_SIZE), anchor="lm")


@lru_cache(maxsize=2)
def heads_piece(col_w: int, speaking: str) -> Piece | None:
    """The column heads drawn once, in the language `speaking`."""
    return band(WIDTH, COLUMN_HEAD_H, BACKGROUND, lambda im, y: draw_column_heads(Lettered(im), y, col_w))


def draw_cell(draw: ImageDraw.ImageDraw, x: int, y: int, colour: str, filled: int, text: str) -> None:
    """One train in small: a pip per car (the `filled` ones tinted and outlined) and its total."""
    for k in range(sheet().cars):
        px = x + k * (PIP_W + PIP_GAP)
        box = (px, y + (ROW_H - PIP_H) // 2, px + PIP_W, y + (ROW_H + PIP_H) // 2)
        if k < filled:
            draw.rectangle(box, fill=COLOURS[colour][0], outline=INK)
        else:
            draw.rectangle(box, fill=PAPER, outline=MUTED)
    draw.text(
        (x + sheet().cars * (PIP_W + PIP_GAP) + 28, y + ROW_H // 2),
        text,
        fill=INK,
        font=font(SMALL_SIZE + 2),
        anchor="rm",
    )


@lru_cache(maxsize=CELLS)
def cell_piece(colour: str, filled: int, text: str, fill: Colour) -> Piece | None:
    """A cell drawn once on its row's fill, in its box inside a reached colour's frame."""
    return piece(
        CELL_W,
        ROW_H - 2 * CELL_TOP,
        fill,
        lambda im, x, y: draw_cell(Lettered(im), x, y - CELL_TOP, colour, filled, text),
    )


def seat_frame(draw: ImageDraw.ImageDraw, y: int, active: bool) -> None:
    """A seat row's background: its box, a ▶ when it rolls, and the fast and heavy rows' letters."""
    box = (MARGIN, y, WIDTH - MARGIN, y + 2 * ROW_H)
    draw.rounded_rectangle(box, radius=8, fill=TURN_FILL if active else ROW_FILL, outline=MUTED, width=1)
    if active:
        triangle(draw, MARGIN + 8, y + ROW_H // 2, 18, BAD)


def kind_letters(draw: ImageDraw.ImageDraw, y: int) -> None:
    """The fast and heavy rows' letters, before the first colour."""
    for i, kind in enumerate(KINDS):
        draw.text(
            (MARGIN + NAME_W + 4, y + i * ROW_H + ROW_H // 2),
            kind_name(kind)[0].upper(),
            fill=MUTED,
            font=font(SMALL_SIZE),
            anchor="lm",
        )


@lru_cache(maxsize=FRAMES)
def frame_piece(active: bool, speaking: str) -> Piece | None:
    """A seat row's background and letters drawn once, in the language `speaking`."""

    def paint(image: Image.Image, y: int) -> None:
        draw = Lettered(image)
        seat_frame(draw, y, active)
        kind_letters(draw, y)

    return band(WIDTH, 2 * ROW_H + 1, BACKGROUND, paint)


def draw_seat(
    image: Image.Image,
    y: int,
    seat: int,
    public: dict[str, Any],
    names: Sequence[str],
    places: list[int],
    col_w: int,
) -> None:
    """One player's row: name and note, then fast and heavy per colour; reached colours are framed."""
    draw = Lettered(image)
    active = public["phase"] == "roll" and seat == public["active"] and not public["finished"]
    note = seat_note(public, seat, places)
    frame = frame_piece(active, language())
    # The letters are pasted with the frame, before the name and note: exact while the note ends short of them.
    early = frame is not None and MARGIN + 8 + font(SMALL_SIZE).getlength(note) < MARGIN + NAME_W
    if early:
        assert frame is not None
        frame.paste(image, 0, y)
    else:
        seat_frame(draw, y, active)
    x = MARGIN + 32 if active else MARGIN + 8
    draw.text(
        (x, y + 4),
        fit(seat_name(names, seat), font(SMALL_SIZE + 2), NAME_W - (x - MARGIN)),
        fill=INK,
        font=font(SMALL_SIZE + 2),
    )
    draw.text((MARGIN + 8, y + ROW_H + 4), note, fill=MUTED, font=font(SMALL_SIZE))
    if not early:
        kind_letters(draw, y)
    for c, colour in enumerate(COLOURS):
        cx = MARGIN + NAME_W + MARK_W + c * col_w
        fill = TURN_FILL if active else ROW_FILL
        if colour in public["reached"][seat]:
            fill = tint(colour)
            draw.rectangle((cx - 4, y + 2, cx + col_w - 6, y + 2 * ROW_H - 2), fill=fill, outline=INK, width=3)
        for i, kind in enumerate(KINDS):
            totals = public["sheets"][seat][colour][kind]
            text = str(totals[-1]) if totals else "-"
            cell = cell_piece(colour, len(totals), text, fill)
            if cell is None:
                draw_cell(draw, cx, y + i * ROW_H, colour, len(totals), text)
            else:  # exact: the cell's box is still its row's (or its frame's) plain fill
                cell.paste(image, cx, y + i * ROW_H + CELL_TOP)


def render_overview(public: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """Every player's sheet in small, for the channel: dice, who is to act, cars and totals per train."""
    seats = len(public["sheets"])
    col_w = (WIDTH - 2 * MARGIN - NAME_W - MARK_W) // len(COLOURS)
    said = header(public, overview_status(public, names))
    top = said.height + COLUMN_HEAD_H
    image, draw = blank(WIDTH, top + seats * (2 * ROW_H + SEAT_GAP) + MARGIN)
    title = _("Fast Train to Miyajima · Round {round}").format(round=public["round"])
    draw_header(image, public, title, said)
    heads = heads_piece(col_w, language())
    if heads is None:
        draw_column_heads(draw, said.height, col_w)
    else:  # exact: paper below the header
        heads.paste(image, 0, said.height)
    totals = [int(r["total"]) for r in public["results"]] if public["results"] else [0] * seats
    places = [1 + sum(t > mine for t in totals) for mine in totals]
    for seat in range(seats):
        draw_seat(image, top + seat * (2 * ROW_H + SEAT_GAP), seat, public, names, places, col_w)
    return image
