"""Fast Train to Miyajima renderer: a seat's roll-and-write sheet, or a compact overview of every sheet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

import rendering
from bot.games.base import name_seats
from bot.games.miyajima.data import DICE, KINDS, sheet
from bot.games.miyajima.view import SOLO_GOALS
from bot.games.miyajima.words import colour_name, kind_name, rank_name, retold
from bot.i18n import _, pgettext
from rendering.canvas import INK, Font, check, fit, font, ordinal, seat_name, to_palette, triangle, wrap
from rendering.canvas import blank as paper
from rendering.table import clean

# Helpers shared with the Mexican Train renderer (candidates for rendering/canvas.py).

Colour = tuple[int, int, int]


class Lettered(ImageDraw.ImageDraw):
    """A drawing context that writes letters the bundled font lacks as look-alikes (French "é" → "e"), not boxes."""

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        super().text(xy, clean(text) if isinstance(text, str) else text, *args, **kwargs)


def blank(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A paper-coloured canvas (see rendering.canvas.blank) and its lettered drawing context."""
    image, _plain = paper(width, height)
    return image, Lettered(image)


# --- layout (pixels) ---------------------------------------------------------------------------
WIDTH = 800
"""Narrow enough that a phone (about 400 px wide) shows it at half size: 22 px text reads as 11 px."""
SMALLEST_TEXT = 22
"""The smallest text drawn (SMALL_SIZE: notes, labels, column heads)."""
MARGIN = 16
TITLE_SIZE = 34
TEXT_SIZE = 28
SMALL_SIZE = 22
NUMBER_SIZE = 26
"""A car's running total: it must fit a half-width car."""
LINE_H = 44
DIE = 50
DIE_SLOT = 150
HEADER_H = 3 * LINE_H + DIE + 20
"""The header with one status line and one line of destinations; each wrapped line more adds its height."""
STATUS_LINE_H = 36
"""A status line (TEXT_SIZE) wrapped onto the next."""
NOTE_LINE_H = 29
"""A destinations line (SMALL_SIZE) wrapped onto the next."""
LABEL_W = 110
KIND_W = 70
CAR_W = 70
TRAIN_H = 52
KIND_GAP = 4
BLOCK_GAP = 14
CAR_INSET = 3
SCALE_H = 40
RESULT_H = 46
"""A scores row: room for a reason on two lines (see two_lines)."""
REASON_X = MARGIN + 446
"""Where a colour's "adhered" or its reason why not starts, on the scores rows."""
GOAL_H = 34
NAME_W = 160
MARK_W = 26
PIP_W = 8
PIP_GAP = 2
PIP_H = 22
ROW_H = 34
SEAT_GAP = 8
COLUMN_HEAD_H = 40
THICK = 5

# --- colours (always paired with a letter or a word) -------------------------------------------
PAPER = (255, 255, 255)
ROW_FILL = (232, 227, 214)
TURN_FILL = (255, 236, 170)
MUTED = (105, 100, 92)
LOCKED = (200, 196, 188)
GOOD = (0, 120, 60)
BAD = (190, 30, 30)
COLOURS: dict[str, tuple[Colour, str]] = {
    "red": ((205, 40, 40), "R"),
    "orange": ((240, 135, 20), "O"),
    "yellow": ((245, 205, 30), "Y"),
    "green": ((40, 150, 60), "G"),
    "blue": ((40, 95, 205), "B"),
    "purple": ((135, 60, 175), "P"),
}
LIGHT_INK = ("orange", "yellow")
"""Colours light enough to carry dark letters; the others carry white ones."""


def tint(colour: str) -> Colour:
    """A pale version of a sheet colour, dark enough to see and light enough for ink numbers on it."""
    r, g, b = COLOURS[colour][0]
    return ((r + 2 * 255) // 3, (g + 2 * 255) // 3, (b + 2 * 255) // 3)


def chip(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: str, size: int = TEXT_SIZE) -> None:
    """A swatch of `colour` with its letter on it, so the colour is never the only cue."""
    fill, letter = COLOURS[colour]
    draw.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)
    ink = INK if colour in LIGHT_INK else PAPER
    draw.text(((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), letter, fill=ink, font=font(size), anchor="mm")


def draw_dice(draw: ImageDraw.ImageDraw, x: int, y: int, rolled: list[list[Any]]) -> None:
    """This round's dice in rolling order, then the unrolled ones as "?", each named by its colour."""
    done = [str(die) for die, _value in rolled]
    slots = [(str(die), str(value)) for die, value in rolled] + [(d, "?") for d in DICE if d not in done]
    for i, (die, value) in enumerate(slots):
        dx = x + i * DIE_SLOT
        box = (dx, y, dx + DIE, y + DIE)
        if value == "?":
            draw.rounded_rectangle(box, radius=8, fill=ROW_FILL, outline=MUTED, width=2)
        else:
            draw.rounded_rectangle(box, radius=8, fill=COLOURS[die][0], outline=INK, width=2)
            draw.rounded_rectangle((dx + 8, y + 8, dx + DIE - 8, y + DIE - 8), radius=5, fill=PAPER)
        face = font(TEXT_SIZE)
        draw.text((dx + DIE // 2, y + DIE // 2), value, fill=INK if value != "?" else MUTED, font=face, anchor="mm")
        name = colour_name(die)
        draw.text((dx + DIE + 8, y + DIE // 2), name, fill=INK if value != "?" else MUTED, font=face, anchor="lm")


@dataclass(frozen=True, slots=True)
class Header:
    """The header's wrapped text: the status lines and the destinations note (all of it, nothing cut)."""

    status: list[str]
    destinations: list[str]
    last_round: bool

    @property
    def height(self) -> int:
        """Where the header ends: HEADER_H grown by each line past the first of the status and the note."""
        return HEADER_H + (len(self.status) - 1) * STATUS_LINE_H + (len(self.destinations) - 1) * NOTE_LINE_H


def destinations_text(public: dict[str, Any]) -> str:
    """How many destinations were reached, how many end the game, which ones, and whether this is the last round."""
    reached = ", ".join(sheet().colours[c].destination for c in public["destinations"])
    line = _("Destinations reached: {reached} ({to_end} end the game)").format(
        reached=len(public["destinations"]), to_end=public["to_end"]
    )
    line += f": {reached}" if reached else ""
    return _("LAST ROUND · {line}").format(line=line) if last_round(public) else line


def last_round(public: dict[str, Any]) -> bool:
    """Whether the game ends with this round (once over, it is no longer said)."""
    return bool(public["last_round"] and not public["finished"])


def header(public: dict[str, Any], status: str) -> Header:
    """The status and the destinations note wrapped to the picture's width (a phone shows it at half size)."""
    room = WIDTH - 2 * MARGIN
    return Header(
        wrap(status, font(TEXT_SIZE), room),
        wrap(destinations_text(public), font(SMALL_SIZE), room),
        last_round(public),
    )


def draw_header(draw: ImageDraw.ImageDraw, public: dict[str, Any], title: str, said: Header) -> None:
    """Title, the round's dice, the status lines and the destinations note."""
    draw.text((MARGIN, MARGIN), fit(title, font(TITLE_SIZE), WIDTH - 2 * MARGIN), fill=INK, font=font(TITLE_SIZE))
    y = MARGIN + LINE_H + 4
    draw.text((MARGIN, y + DIE // 2), _("Dice"), fill=INK, font=font(TEXT_SIZE), anchor="lm")
    draw_dice(draw, MARGIN + 80, y, public["rolled"])
    y += DIE + 12
    for line in said.status:
        draw.text((MARGIN, y), line, fill=INK, font=font(TEXT_SIZE))
        y += STATUS_LINE_H
    y += LINE_H - STATUS_LINE_H
    face = font(SMALL_SIZE)
    for line in said.destinations:
        draw.text((MARGIN, y), line, fill=INK if said.last_round else MUTED, font=face)
        y += NOTE_LINE_H


def plain(text: str) -> str:
    """`text` with the arrows the bundled font lacks written as "»"."""
    return text.replace("→", "»")


# --- the sheet ---------------------------------------------------------------------------------


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
        box = (x0 + CAR_INSET, y, x1 - CAR_INSET, y + TRAIN_H)
        if k < len(totals):
            draw.rounded_rectangle(box, radius=6, fill=tint(colour), outline=INK, width=2)
            centre = ((box[0] + box[2]) // 2, y + TRAIN_H // 2)
            draw.text(centre, str(totals[k]), fill=INK, font=font(NUMBER_SIZE), anchor="mm")
        else:
            draw.rounded_rectangle(box, radius=6, fill=LOCKED if locked else PAPER, outline=MUTED, width=1)


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


def draw_scale(draw: ImageDraw.ImageDraw, y: int) -> None:
    """The distance points row: what a heavy train with k cars scores when its colour adheres (k squared)."""
    left = MARGIN + LABEL_W + KIND_W
    draw.text((left - 10, y + SCALE_H // 2), _("distance points"), fill=MUTED, font=font(SMALL_SIZE), anchor="rm")
    for k in range(1, sheet().cars + 1):
        centre = (left + k * CAR_W - CAR_W // 2, y + SCALE_H // 2)
        draw.text(centre, str(k * k), fill=INK, font=font(TEXT_SIZE), anchor="mm")


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
    draw_header(draw, public, title, said)
    y = said.height
    draw_scale(draw, y)
    y += SCALE_H
    for colour in sheet().colours:
        draw_colour_block(draw, y, colour, public["sheets"][seat][colour], colour in public["reached"][seat])
        y += block
    if result is not None:
        draw_results(draw, y, result)
    return image


# --- the overview ------------------------------------------------------------------------------


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


def draw_cell(draw: ImageDraw.ImageDraw, x: int, y: int, colour: str, totals: list[int]) -> None:
    """One train in small: a pip per car (filled ones tinted and outlined) and its total."""
    for k in range(sheet().cars):
        px = x + k * (PIP_W + PIP_GAP)
        box = (px, y + (ROW_H - PIP_H) // 2, px + PIP_W, y + (ROW_H + PIP_H) // 2)
        if k < len(totals):
            draw.rectangle(box, fill=COLOURS[colour][0], outline=INK)
        else:
            draw.rectangle(box, fill=PAPER, outline=MUTED)
    text = str(totals[-1]) if totals else "-"
    draw.text(
        (x + sheet().cars * (PIP_W + PIP_GAP) + 28, y + ROW_H // 2),
        text,
        fill=INK,
        font=font(SMALL_SIZE + 2),
        anchor="rm",
    )


def draw_seat(
    draw: ImageDraw.ImageDraw,
    y: int,
    seat: int,
    public: dict[str, Any],
    names: Sequence[str],
    places: list[int],
    col_w: int,
) -> None:
    """One player's row: name and note, then fast and heavy per colour; reached colours are framed."""
    active = public["phase"] == "roll" and seat == public["active"] and not public["finished"]
    box = (MARGIN, y, WIDTH - MARGIN, y + 2 * ROW_H)
    draw.rounded_rectangle(box, radius=8, fill=TURN_FILL if active else ROW_FILL, outline=MUTED, width=1)
    x = MARGIN + 8
    if active:
        triangle(draw, x, y + ROW_H // 2, 18, BAD)
        x += 24
    draw.text(
        (x, y + 4),
        fit(seat_name(names, seat), font(SMALL_SIZE + 2), NAME_W - (x - MARGIN)),
        fill=INK,
        font=font(SMALL_SIZE + 2),
    )
    draw.text((MARGIN + 8, y + ROW_H + 4), seat_note(public, seat, places), fill=MUTED, font=font(SMALL_SIZE))
    for i, kind in enumerate(KINDS):
        draw.text(
            (MARGIN + NAME_W + 4, y + i * ROW_H + ROW_H // 2),
            kind_name(kind)[0].upper(),
            fill=MUTED,
            font=font(SMALL_SIZE),
            anchor="lm",
        )
    for c, colour in enumerate(COLOURS):
        cx = MARGIN + NAME_W + MARK_W + c * col_w
        if colour in public["reached"][seat]:
            draw.rectangle((cx - 4, y + 2, cx + col_w - 6, y + 2 * ROW_H - 2), fill=tint(colour), outline=INK, width=3)
        for i, kind in enumerate(KINDS):
            draw_cell(draw, cx, y + i * ROW_H, colour, public["sheets"][seat][colour][kind])


def render_overview(public: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """Every player's sheet in small, for the channel: dice, who is to act, cars and totals per train."""
    seats = len(public["sheets"])
    col_w = (WIDTH - 2 * MARGIN - NAME_W - MARK_W) // len(COLOURS)
    said = header(public, overview_status(public, names))
    top = said.height + COLUMN_HEAD_H
    image, draw = blank(WIDTH, top + seats * (2 * ROW_H + SEAT_GAP) + MARGIN)
    title = _("Fast Train to Miyajima · Round {round}").format(round=public["round"])
    draw_header(draw, public, title, said)
    draw_column_heads(draw, said.height, col_w)
    totals = [int(r["total"]) for r in public["results"]] if public["results"] else [0] * seats
    places = [1 + sum(t > mine for t in totals) for mine in totals]
    for seat in range(seats):
        draw_seat(draw, top + seat * (2 * ROW_H + SEAT_GAP), seat, public, names, places, col_w)
    return image


def render_miyajima(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """A seat's sheet for its own view, the overview of every sheet for the public one."""
    if view.get("private") is None:
        return to_palette(render_overview(view["public"], names))
    return to_palette(render_sheet(view, names))


rendering.register("miyajima", render_miyajima)
