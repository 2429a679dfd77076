"""Ranked table renderer: tournament standings and server leaderboards as a striped, medalled PNG."""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.i18n import _
from rendering import registry
from rendering.canvas import INK, PHONE_TEXT, PHONE_WIDTH, Colour, Font, blank, fit, font, to_palette, triangle

# --- layout (pixels) ---------------------------------------------------------------------------
MIN_WIDTH = 480
MARGIN = 16
TITLE_SIZE = 30
SUBTITLE_SIZE = 20
TEXT_SIZE = 20
SMALLEST_TEXT = min(TITLE_SIZE, SUBTITLE_SIZE, TEXT_SIZE)
"""The smallest text this renderer draws (tests/rendering/test_phone_size.py holds it to the phone rule)."""
TITLE_H = 42
SUBTITLE_H = 30
HEADER_H = 36
ROW_H = 34
COLUMN_GAP = 20
MARKER_W = 22
MARKER = 14
MEDAL = 16
MEDAL_GAP = 6
NAME_MAX = 320
NAME_MIN = 160
"""A name column squeezed to fit MAX_WIDTH keeps this much first (about a dozen letters) before headings are cut."""
MAX_WIDTH = PHONE_WIDTH * SMALLEST_TEXT // PHONE_TEXT
"""The widest table whose smallest text still reads on a phone: wider ones cut their longest cells to fit."""
CELL_MAX = 160
STRIKE_W = 2
MAX_CHARS = 120
"""Longer cells are cut before measuring, so `fit` never walks a huge string."""
NOTDEF = "\ue000"
"""A private-use character: the bundled font draws its missing-glyph box for it."""
FALLBACK = {"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "—": "-"}
"""Look-alikes for letters the bundled font lacks that have no Unicode decomposition."""

# --- colours (each paired with a shape or text, never the only cue) ----------------------------
HEADER_FILL = (214, 206, 188)
STRIPE = (232, 227, 214)
HIGHLIGHT = (255, 214, 102)
STRUCK = (150, 146, 138)
MUTED = (105, 100, 92)
MEDALS: dict[int, Colour] = {1: (222, 176, 36), 2: (176, 180, 190), 3: (184, 115, 51)}
"""Gold, silver and bronze discs for places 1–3, drawn beside the place number itself."""


@dataclass(frozen=True, slots=True)
class RankedTable:
    """What a ranked table shows: a title, a subtitle, column headings and the rows (already ordered)."""

    title: str
    subtitle: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: int | None = None
    struck: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        """Reject rows whose width differs from the headings, and row indexes that point nowhere."""
        if not self.columns:
            raise ValueError("a ranked table needs at least one column")
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"row {i} has {len(row)} cells for {len(self.columns)} columns")
        marked = set(self.struck) | ({self.highlight} if self.highlight is not None else set())
        if any(not 0 <= i < len(self.rows) for i in marked):
            raise ValueError("highlight and struck must be indexes of rows")


@lru_cache(maxsize=4096)
def drawable(char: str) -> bool:
    """Whether the bundled font has a glyph for `char` (its mask differs from the missing-glyph box)."""
    # Probed at the title's size: a glyph is there at any size, and a probe must not count as small text drawn
    # (other renderers, Toyko Train's, clean their text through here too).
    face = font(TITLE_SIZE)
    mask, box = face.getmask(char), face.getmask(NOTDEF)
    return mask.size != box.size or bytes(mask) != bytes(box)


def glyph(char: str) -> str:
    """`char`, or a look-alike the font can draw when it has none (ë → e); a missing mark or joiner is dropped."""
    if drawable(char):
        return char
    if unicodedata.category(char) in ("Cf", "Mn", "Me"):
        return ""
    plain = FALLBACK.get(char) or "".join(
        c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
    )
    return plain if plain and all(drawable(c) for c in plain) else char


def clean(text: str) -> str:
    """`text` cut when very long, control characters and lone surrogates blanked, missing letters replaced."""
    text = text[:MAX_CHARS] + "…" if len(text) > MAX_CHARS else text
    return "".join(" " if unicodedata.category(c) in ("Cc", "Cs") else glyph(c) for c in text)


def place(cell: str) -> int | None:
    """The place a rank cell names ("1", "2." or "=3"), or None when it is not a number."""
    digits = cell.strip().lstrip("=T").rstrip(".")
    return int(digits) if digits.isdecimal() and digits.isascii() else None


def widths(table: RankedTable, face: Font) -> list[int]:
    """Each column's width: its widest text, the name column capped at NAME_MAX, the rank column with a medal."""
    result = []
    for c, heading in enumerate(table.columns):
        texts = [heading, *(row[c] for row in table.rows)]
        cap = NAME_MAX if c == 1 else CELL_MAX
        result.append(min(cap, max(math.ceil(face.getlength(clean(t))) for t in texts)))  # up: `fit` cuts on 0.1 px
    result[0] += MEDAL + MEDAL_GAP
    return result


def squeezed(table: RankedTable, ws: list[int], face: Font) -> list[int]:
    """The column widths cut to fit MAX_WIDTH: long names, then headings wider than their cells, then any column."""
    over = sum(ws) + len(ws) * COLUMN_GAP - COLUMN_GAP + 2 * MARGIN + MARKER_W - MAX_WIDTH
    if over <= 0:
        return ws
    ws = list(ws)
    cells = [max((math.ceil(face.getlength(clean(row[c]))) for row in table.rows), default=0) for c in range(len(ws))]
    cells[0] += MEDAL + MEDAL_GAP
    name = min(1, len(ws) - 1)
    least = math.ceil(face.getlength("00…"))
    stages = (
        [NAME_MIN if c == name else w for c, w in enumerate(ws)],
        [NAME_MIN if c == name else min(w, cells[c]) for c, w in enumerate(ws)],
        [least] * len(ws),
    )
    for floors in stages:
        over = shrink(ws, floors, over)
    return ws


def shrink(ws: list[int], floors: list[int], over: int) -> int:
    """Take up to `over` px from the columns, none below its floor, the most generous first; returns what is left."""
    for c in sorted(range(len(ws)), key=lambda c: floors[c] - ws[c]):
        give = max(0, min(over, ws[c] - floors[c]))
        ws[c] -= give
        over -= give
    return over


def lefts(column_widths: list[int]) -> list[int]:
    """Each column's left edge, after the margin and the marker's gutter."""
    x, result = MARGIN + MARKER_W, []
    for w in column_widths:
        result.append(x)
        x += w + COLUMN_GAP
    return result


def draw_cells(
    draw: ImageDraw.ImageDraw, y: int, cells: tuple[str, ...], xs: list[int], ws: list[int], ink: Colour
) -> None:
    """One line of cells centred on y: the name column left-aligned, every other column right-aligned."""
    face = font(TEXT_SIZE)
    for c, cell in enumerate(cells):
        text = fit(clean(cell), face, ws[c])
        if c == 1:
            draw.text((xs[c], y), text, fill=ink, font=face, anchor="lm")
        else:
            draw.text((xs[c] + ws[c], y), text, fill=ink, font=face, anchor="rm")


def draw_row(draw: ImageDraw.ImageDraw, table: RankedTable, i: int, top: int, xs: list[int], ws: list[int]) -> None:
    """Row i: its stripe or highlight band, marker, medal, cells and, for a dropped player, the strike line."""
    width = xs[-1] + ws[-1] + MARGIN
    mid = top + ROW_H // 2
    fill = HIGHLIGHT if i == table.highlight else STRIPE if i % 2 else None
    if fill is not None:
        draw.rectangle((0, top, width - 1, top + ROW_H - 1), fill=fill)
    if i == table.highlight:
        triangle(draw, MARGIN, mid, MARKER, INK)
    struck = i in table.struck
    medal = MEDALS.get(place(table.rows[i][0]) or 0)
    if medal is not None and not struck:
        x = xs[0]
        draw.ellipse((x, mid - MEDAL // 2, x + MEDAL, mid + MEDAL // 2), fill=medal, outline=INK)
    draw_cells(draw, mid, table.rows[i], xs, ws, STRUCK if struck else INK)
    if struck:
        draw.line((MARGIN + MARKER_W, mid, width - MARGIN, mid), fill=STRUCK, width=STRIKE_W)


def render_table(table: RankedTable) -> Image.Image:
    """The table drawn: title, subtitle, a header row, then one striped row per entry (palette image)."""
    ws = squeezed(table, widths(table, font(TEXT_SIZE)), font(TEXT_SIZE))
    xs = lefts(ws)
    ws[min(1, len(ws) - 1)] += max(0, MIN_WIDTH - (xs[-1] + ws[-1] + MARGIN))  # spare room goes to the names
    xs = lefts(ws)
    width = xs[-1] + ws[-1] + MARGIN
    top = MARGIN + TITLE_H + (SUBTITLE_H if table.subtitle else 0)
    height = top + HEADER_H + max(1, len(table.rows)) * ROW_H + MARGIN
    image, draw = blank(width, height)
    title_face, sub_face = font(TITLE_SIZE), font(SUBTITLE_SIZE)
    draw.text((MARGIN, MARGIN), fit(clean(table.title), title_face, width - 2 * MARGIN), fill=INK, font=title_face)
    if table.subtitle:
        line = fit(clean(table.subtitle), sub_face, width - 2 * MARGIN)
        draw.text((MARGIN, MARGIN + TITLE_H), line, fill=MUTED, font=sub_face)
    draw.rectangle((0, top, width - 1, top + HEADER_H - 1), fill=HEADER_FILL)
    draw_cells(draw, top + HEADER_H // 2, table.columns, xs, ws, INK)
    draw.line((0, top + HEADER_H - 1, width, top + HEADER_H - 1), fill=INK, width=1)
    top += HEADER_H
    if not table.rows:
        draw.text((xs[0], top + ROW_H // 2), _("No entries yet"), fill=MUTED, font=font(TEXT_SIZE), anchor="lm")
    for i in range(len(table.rows)):
        draw_row(draw, table, i, top + i * ROW_H, xs, ws)
    return to_palette(image)


def table_png(table: RankedTable) -> bytes:
    """The table as PNG bytes (palette-reduced)."""
    return registry.encoded(render_table(table))
