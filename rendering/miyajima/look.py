"""Fast Train to Miyajima pictures' layout, colours, lettered drawing and header, shared by the sheet and overview."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.miyajima.data import DICE, sheet
from bot.games.miyajima.words import colour_name
from bot.i18n import _
from rendering.canvas import BACKGROUND, INK, fit, font, wrap
from rendering.canvas import blank as paper
from rendering.pieces import Piece, piece
from rendering.table import clean

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


DICE_KEPT = 64
"""Dice kept drawn (each colour with each face, or unrolled; ~10 KB each)."""


def die_face(draw: ImageDraw.ImageDraw, dx: int, y: int, die: str, value: str) -> None:
    """One die at (dx, y): its colour with the value on a white face, or a grey "?" while unrolled."""
    box = (dx, y, dx + DIE, y + DIE)
    if value == "?":
        draw.rounded_rectangle(box, radius=8, fill=ROW_FILL, outline=MUTED, width=2)
    else:
        draw.rounded_rectangle(box, radius=8, fill=COLOURS[die][0], outline=INK, width=2)
        draw.rounded_rectangle((dx + 8, y + 8, dx + DIE - 8, y + DIE - 8), radius=5, fill=PAPER)
    draw.text(
        (dx + DIE // 2, y + DIE // 2), value, fill=INK if value != "?" else MUTED, font=font(TEXT_SIZE), anchor="mm"
    )


@lru_cache(maxsize=DICE_KEPT)
def die_piece(die: str, value: str) -> Piece | None:
    """A die drawn once (an unrolled one looks the same whatever its colour)."""
    return piece(DIE + 1, DIE + 1, BACKGROUND, lambda im, x, y: die_face(Lettered(im), x, y, die, value))


def draw_dice(image: Image.Image, x: int, y: int, rolled: list[list[Any]]) -> None:
    """This round's dice in rolling order, then the unrolled ones as "?", each named by its colour."""
    draw = Lettered(image)
    done = [str(die) for die, _value in rolled]
    slots = [(str(die), str(value)) for die, value in rolled] + [(d, "?") for d in DICE if d not in done]
    for i, (die, value) in enumerate(slots):
        dx = x + i * DIE_SLOT
        face = die_piece(die if value != "?" else "", value)
        if face is None:
            die_face(draw, dx, y, die, value)
        else:  # exact: the header is paper where a die goes
            face.paste(image, dx, y)
        name = colour_name(die)
        draw.text(
            (dx + DIE + 8, y + DIE // 2), name, fill=INK if value != "?" else MUTED, font=font(TEXT_SIZE), anchor="lm"
        )


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


def draw_header(image: Image.Image, public: dict[str, Any], title: str, said: Header) -> None:
    """Title, the round's dice, the status lines and the destinations note."""
    draw = Lettered(image)
    draw.text((MARGIN, MARGIN), fit(title, font(TITLE_SIZE), WIDTH - 2 * MARGIN), fill=INK, font=font(TITLE_SIZE))
    y = MARGIN + LINE_H + 4
    draw.text((MARGIN, y + DIE // 2), _("Dice"), fill=INK, font=font(TEXT_SIZE), anchor="lm")
    draw_dice(image, MARGIN + 80, y, public["rolled"])
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
