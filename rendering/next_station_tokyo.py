"""Next Station Tokyo renderer: a seat's sheet (the map with its four lines and scores), or every sheet in small."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import rendering
from bot.games.next_station_tokyo.data import COLOURS, COLUMNS, ROWS, TokyoMap, segment, tokyo_map
from bot.games.next_station_tokyo.lines import stations_by_lines
from bot.games.next_station_tokyo.scoring import GREEN_MISS, OBJECTIVE_POINTS
from bot.games.next_station_tokyo.state import ROUNDS, Sheet
from bot.games.next_station_tokyo.words import answer_words, card_name, colour_name, district_name, effect_name
from bot.i18n import _, ngettext, pgettext
from rendering.canvas import INK, Colour, check, fit, font, ordinal, seat_name, to_palette, wrap
from rendering.canvas import blank as paper
from rendering.table import clean

Point = tuple[float, float]
Draw = ImageDraw.ImageDraw


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
"""Pages are drawn on a canvas this tall and cropped to what was drawn."""

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


# --- geometry ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Grid:
    """A map drawn at `cell` pixels per lattice unit: where lattice points fall in the map image."""

    cell: int

    @property
    def label(self) -> int:
        """The band left of and above the frame that holds the coordinates (small maps have none)."""
        return max(SMALLEST_TEXT + 4, self.cell * 2 // 5) if self.cell >= SMALL_MAP else 2

    @property
    def size(self) -> tuple[int, int]:
        """The map image's width and height."""
        return self.label + len(COLUMNS) * self.cell + 2, self.label + ROWS * self.cell + 2

    def at(self, col: float, row: float) -> Point:
        """The pixel of lattice point (col, row): col 0 is A, row 1 is the top row."""
        return self.label + (col + 0.5) * self.cell, self.label + (row - 0.5) * self.cell

    def station(self, board: TokyoMap, sid: str) -> Point:
        """The pixel of a station."""
        s = board.stations[sid]
        return self.at(s.col, s.row)

    def scaled(self, units: float, least: int = 1) -> int:
        """`units` lattice units in pixels, at least `least`."""
        return max(least, round(units * self.cell))


def centroid(points: Sequence[Point]) -> Point:
    """The mean of some points."""
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def around(x: float, y: float, r: float) -> tuple[float, float, float, float]:
    """The box of a circle of radius r centred on (x, y)."""
    return x - r, y - r, x + r, y + r


def cross(o: Point, a: Point, b: Point) -> float:
    """The z of (a − o) × (b − o): positive when o → a → b turns clockwise on screen (y grows down)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def hull(points: list[Point]) -> list[Point]:
    """The convex hull (monotone chain), collinear points dropped."""
    ordered = sorted(set(points))

    def half(run: list[Point]) -> list[Point]:
        found: list[Point] = []
        for p in run:
            while len(found) >= 2 and cross(found[-2], found[-1], p) <= 0:
                found.pop()
            found.append(p)
        return found[:-1]

    return half(ordered) + half(ordered[::-1])


def intersection(p: Point, d: Point, q: Point, e: Point) -> Point:
    """Where the line through p along d meets the line through q along e."""
    t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / (d[0] * e[1] - d[1] * e[0])
    return p[0] + t * d[0], p[1] + t * d[1]


@lru_cache(maxsize=1)
def octagon() -> tuple[Point, ...]:
    """The central octagon in lattice units: the inner districts' stations' hull, each side pushed outward."""
    board = tokyo_map()
    corners = hull([(float(s.col), float(s.row)) for s in board.stations.values() if is_inner(board, s.district)])
    cx, cy = centroid(corners)
    sides: list[tuple[Point, Point]] = []
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.dist(a, b)
        d = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        n = (d[1], -d[0])
        if n[0] * (cx - a[0]) + n[1] * (cy - a[1]) > 0:
            n = (-n[0], -n[1])
        sides.append(((a[0] + OCTAGON_OFFSET * n[0], a[1] + OCTAGON_OFFSET * n[1]), d))
    return tuple(intersection(*sides[i - 1], *sides[i]) for i in range(len(sides)))


def is_inner(board: TokyoMap, district: str) -> bool:
    """Whether a district is one of those making up the central octagon."""
    return board.districts[district] == "inner"


def inside_span(p: Point, q: Point, polygon: Sequence[Point]) -> tuple[float, float] | None:
    """The part of p → q inside a convex polygon, as fractions of its length (Cyrus–Beck), or None."""
    middle = centroid(polygon)
    low, high = 0.0, 1.0
    for a, b in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        sign = 1.0 if cross(a, b, middle) > 0 else -1.0
        g0, g1 = sign * cross(a, b, p), sign * cross(a, b, q)
        if g0 < 0 and g1 < 0:
            return None
        if g0 < 0:
            low = max(low, g0 / (g0 - g1))
        elif g1 < 0:
            high = min(high, g0 / (g0 - g1))
    return (low, high) if low < high else None


def along(p: Point, q: Point, t: float) -> Point:
    """The point a fraction t of the way from p to q."""
    return p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])


def clip_cell(
    cell: list[tuple[Point, str | None]], own: Point, other: Point, tag: str
) -> list[tuple[Point, str | None]]:
    """The part of a Voronoi cell nearer `own` than `other`; its new side, on their bisector, is tagged `tag`.

    A cell is its corners in order, each with the station across the side that starts there (None: the frame)."""
    mx, my = (own[0] + other[0]) / 2, (own[1] + other[1]) / 2
    dx, dy = other[0] - own[0], other[1] - own[1]
    kept: list[tuple[Point, str | None]] = []
    for (p, side), (q, _next_side) in zip(cell, cell[1:] + cell[:1], strict=True):
        sp, sq = (p[0] - mx) * dx + (p[1] - my) * dy, (q[0] - mx) * dx + (q[1] - my) * dy
        if sp <= 0:
            kept.append((p, side))
        if (sp <= 0) != (sq <= 0):
            kept.append((along(p, q, sp / (sp - sq)), tag if sp <= 0 else side))
    return kept


def zone_borders(board: TokyoMap, inner: bool) -> list[tuple[Point, Point]]:
    """Borders between districts within the octagon (inner) or around it: sides of the stations' Voronoi cells.

    Each zone is split among its own stations only, so borders never cross a station and meet the octagon cleanly."""
    zone = {
        sid: (float(s.col), float(s.row)) for sid, s in board.stations.items() if is_inner(board, s.district) == inner
    }
    right, bottom = len(COLUMNS) - 0.5, ROWS + 0.5
    frame: list[tuple[Point, str | None]] = [
        ((-0.5, 0.5), None),
        ((right, 0.5), None),
        ((right, bottom), None),
        ((-0.5, bottom), None),
    ]
    borders: list[tuple[Point, Point]] = []
    for sid, own in zone.items():
        cell = frame
        for other, at in zone.items():
            if other != sid:
                cell = clip_cell(cell, own, at, other)
        for (p, across), (q, _next_across) in zip(cell, cell[1:] + cell[:1], strict=True):
            differ = across is not None and board.stations[sid].district != board.stations[across].district
            if differ and sid < str(across) and math.dist(p, q) > 1e-6:
                borders.append((p, q))
    return borders


def outside_parts(p: Point, q: Point, polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    """The pieces of p → q outside a convex polygon."""
    span = inside_span(p, q, polygon)
    if span is None:
        return [(p, q)]
    low, high = span
    return [(a, b) for a, b in ((p, along(p, q, low)), (along(p, q, high), q)) if math.dist(a, b) > 1e-6]


@lru_cache(maxsize=1)
def district_borders() -> tuple[tuple[Point, Point], ...]:
    """Every district border in lattice units, the octagon's outline aside (the map has no drawn borders)."""
    board, ring = tokyo_map(), octagon()
    found: list[tuple[Point, Point]] = []
    for p, q in zone_borders(board, inner=True):
        span = inside_span(p, q, ring)
        if span is not None:
            found.append((along(p, q, span[0]), along(p, q, span[1])))
    for p, q in zone_borders(board, inner=False):
        found.extend(outside_parts(p, q, ring))
    return tuple(found)


def loop_curves(board: TokyoMap, grid: Grid) -> Iterator[list[Point]]:
    """Each green-loop section as points of a quadratic curve bulging away from the loop's centre."""
    points = [grid.station(board, s) for s in board.loop]
    cx, cy = centroid(points)
    for p, q in zip(points, points[1:] + points[:1], strict=True):
        mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
        push = LOOP_BULGE * grid.cell / math.dist((mx, my), (cx, cy))
        control = (mx + (mx - cx) * push, my + (my - cy) * push)
        steps = 16
        yield [
            (
                (1 - t) ** 2 * p[0] + 2 * (1 - t) * t * control[0] + t * t * q[0],
                (1 - t) ** 2 * p[1] + 2 * (1 - t) * t * control[1] + t * t * q[1],
            )
            for t in (i / steps for i in range(steps + 1))
        ]


def shifted(p: Point, q: Point, by: float) -> tuple[Point, Point]:
    """p → q moved `by` pixels sideways (to the right of its direction)."""
    length = math.dist(p, q) or 1.0
    nx, ny = -(q[1] - p[1]) / length * by, (q[0] - p[0]) / length * by
    return (p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny)


def pieces(p: Point, q: Point, on: float, off: float, centred: bool = False) -> Iterator[tuple[Point, Point]]:
    """Dashes `on` pixels long with `off`-pixel gaps from p to q; `centred`: one dash on the middle, the rest
    spaced from it both ways (a short section shows the most between the station symbols at its ends)."""
    length = math.dist(p, q)
    start = (length / 2 - on / 2) % (on + off) - (on + off) if centred else 0.0
    while start < length:
        if start + on > 0:
            yield along(p, q, max(start, 0.0) / length), along(p, q, min(start + on, length) / length)
        start += on + off


# --- drawing shapes ----------------------------------------------------------------------------


def symbol_outline(symbol: str, x: float, y: float, r: float) -> list[Point]:
    """A square, triangle or pentagon centred on (x, y), sized to look as big as a circle of radius r."""
    if symbol == "square":
        return [
            (x - 0.85 * r, y - 0.85 * r),
            (x + 0.85 * r, y - 0.85 * r),
            (x + 0.85 * r, y + 0.85 * r),
            (x - 0.85 * r, y + 0.85 * r),
        ]
    sides, size, drop = (3, 1.3 * r, 0.2 * r) if symbol == "triangle" else (5, 1.08 * r, 0.05 * r)
    return [
        (x + size * math.sin(2 * math.pi * k / sides), y + drop - size * math.cos(2 * math.pi * k / sides))
        for k in range(sides)
    ]


def draw_symbol(draw: Draw, symbol: str, x: float, y: float, r: float, fill: Colour = PAPER) -> None:
    """A station symbol drawn as a shape (the bundled font has none of them), outlined in ink."""
    width = max(2, round(r / 8))
    if symbol == "circle":
        draw.ellipse(around(x, y, r), fill=fill, outline=INK, width=width)
    else:
        draw.polygon(symbol_outline(symbol, x, y, r), fill=fill, outline=INK, width=width)


def tag(draw: Draw, x: float, y: float, look: LineLook, size: int) -> None:
    """A line's letter on a chip of its colour, centred on (x, y)."""
    half = size * 0.62
    draw.rounded_rectangle((x - half, y - half, x + half, y + half), radius=size // 4, fill=look.colour, outline=INK)
    draw.text((x, y), look.letter, fill=look.ink, font=font(size), anchor="mm")


def dotted(draw: Draw, p: Point, q: Point, step: float, dot: float, fill: Colour) -> None:
    """A dotted line: a small dot every `step` pixels."""
    count = max(1, int(math.dist(p, q) // step))
    for i in range(count + 1):
        x, y = along(p, q, i / count)
        draw.ellipse(around(x, y, dot), fill=fill)


def draw_section(draw: Draw, p: Point, q: Point, look: LineLook, width: int) -> None:
    """One section of a line in its colour's own pattern, so no two lines look alike even without colour."""
    if look.pattern == "dashed":
        for a, b in pieces(p, q, 2.2 * width, 1.3 * width, centred=True):
            draw.line([a, b], fill=look.colour, width=width)
        return
    if look.pattern == "double":
        draw.line([p, q], fill=look.colour, width=width + 2)
        draw.line([p, q], fill=PAPER, width=max(1, (width + 2) // 3))
        return
    draw.line([p, q], fill=look.colour, width=width)
    if look.pattern == "sleepers":
        length = math.dist(p, q) or 1.0
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        half = 1.1 * width
        for i in range(1, int(length // (1.6 * width))):
            x, y = along(p, q, i * 1.6 * width / length)
            draw.line(
                [(x - uy * half, y + ux * half), (x + uy * half, y - ux * half)],
                fill=look.colour,
                width=max(2, width // 3),
            )


# --- the map -----------------------------------------------------------------------------------


def draw_frame(draw: Draw, grid: Grid) -> None:
    """The map's paper, the tinted octagon, the frame and the coordinates along the top and left."""
    right, bottom = grid.label + len(COLUMNS) * grid.cell, grid.label + ROWS * grid.cell
    draw.rectangle((grid.label, grid.label, right, bottom), fill=MAP_PAPER, outline=INK, width=2)
    draw.polygon([grid.at(x, y) for x, y in octagon()], fill=OCTAGON_FILL)
    if grid.cell < SMALL_MAP:  # a player reads coordinates on their own sheet; here they would crowd the map
        return
    face = font(max(SMALLEST_TEXT, grid.cell * 3 // 10))
    for col, letter in enumerate(COLUMNS):
        draw.text((grid.at(col, 1)[0], grid.label // 2), letter, fill=INK, font=face, anchor="mm")
    for row in range(1, ROWS + 1):
        draw.text((grid.label // 2, grid.at(0, row)[1]), str(row), fill=INK, font=face, anchor="mm")


def draw_guides(draw: Draw, board: TokyoMap, grid: Grid) -> None:
    """Empty lattice points as faint dots, and the dotted guides, each pair of stations once."""
    taken = {(s.col, s.row) for s in board.stations.values()}
    dot = max(1.0, grid.cell / 40)
    for col in range(len(COLUMNS)):
        for row in range(1, ROWS + 1):
            if (col, row) not in taken:
                x, y = grid.at(col, row)
                draw.ellipse(around(x, y, 1.5 * dot), fill=LATTICE)
    ink = GUIDE if grid.cell >= SMALL_MAP else FAINT_GUIDE
    for a, b in sorted(board.sections):
        dotted(draw, grid.station(board, a), grid.station(board, b), DOT_STEP * grid.cell, dot, ink)


def draw_districts(draw: Draw, grid: Grid) -> None:
    """District borders in yellow, then the central octagon's outline over them."""
    width = grid.scaled(0.035, 2)
    for p, q in district_borders():
        draw.line([grid.at(*p), grid.at(*q)], fill=DISTRICT, width=width)
    ring = [grid.at(x, y) for x, y in octagon()]
    draw.line([*ring, ring[0]], fill=OCTAGON_EDGE, width=grid.scaled(0.06, 3), joint="curve")


def draw_loop(draw: Draw, board: TokyoMap, grid: Grid) -> None:
    """The pre-drawn green loop, curved so it never hides a straight section drawn along it."""
    for curve in loop_curves(board, grid):
        draw.line(curve, fill=GREEN, width=grid.scaled(0.08, 3), joint="curve")


@lru_cache(maxsize=4)
def base_layer(cell: int) -> Image.Image:
    """What every sheet shares under the lines: frame, coordinates, guides, districts, green loop, departure rings."""
    board, grid = tokyo_map(), Grid(cell)
    image, draw = blank(*grid.size)
    draw_frame(draw, grid)
    draw_guides(draw, board, grid)
    draw_districts(draw, grid)
    draw_loop(draw, board, grid)
    for colour, sid in board.departures.items():
        x, y = grid.station(board, sid)
        draw.ellipse(around(x, y, 1.55 * SYMBOL_R * cell), outline=LOOKS[colour].colour, width=grid.scaled(0.07, 3))
    return image


@lru_cache(maxsize=4)
def station_layer(cell: int) -> Image.Image:
    """The station symbols every sheet shares over its lines (transparent elsewhere)."""
    board, grid = tokyo_map(), Grid(cell)
    image = Image.new("RGBA", grid.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for s in board.stations.values():
        draw_symbol(draw, s.symbol, *grid.at(s.col, s.row), SYMBOL_R * cell)
    return image


def tag_size(grid: Grid) -> int:
    """The letter size of line tags and interchange counts on a map of this scale."""
    return max(SMALLEST_TEXT, grid.cell // 5)


def as_sheet(sections: dict[str, Any]) -> Sheet:
    """A view's sheet ({colour: [[a, b], …]}) as the game's own sheet type."""
    return {colour: [(str(a), str(b)) for a, b in sections.get(colour, [])] for colour in COLOURS}


def lanes(sheet: Sheet) -> dict[tuple[str, tuple[str, str]], float]:
    """How far sideways each colour's copy of a section is drawn, in line widths: Double Rail sections split in two."""
    by_section: dict[tuple[str, str], list[str]] = {}
    for colour in COLOURS:
        for a, b in sheet[colour]:
            by_section.setdefault(segment(a, b), []).append(colour)
    return {
        (colour, section): i - (len(colours) - 1) / 2
        for section, colours in by_section.items()
        for i, colour in enumerate(colours)
    }


def section_ends(board: TokyoMap, grid: Grid, a: str, b: str, lane: float, width: int) -> tuple[Point, Point]:
    """The pixel ends of a section, moved into its lane (always measured along the sorted pair, so lanes agree)."""
    first, second = segment(a, b)
    p, q = shifted(grid.station(board, first), grid.station(board, second), lane * 1.3 * width)
    return (p, q) if first == a else (q, p)


def line_width(grid: Grid) -> int:
    """A drawn line's width: thick enough on a small map for its pattern to show on a phone."""
    return grid.scaled(LINE_W, 5)


Lettering = tuple[Point, Point, LineLook]
"""The section a line's letter goes on, and the line's look."""


def draw_lines(draw: Draw, board: TokyoMap, grid: Grid, sheet: Sheet) -> list[Lettering]:
    """Every section of the sheet's lines; returns the section each line's letter goes on: its longest.

    The longest section leaves its pattern showing beside the letter; a short one between stations would not."""
    width, shift = line_width(grid), lanes(sheet)
    tags: list[Lettering] = []
    for colour in COLOURS:
        ends = [section_ends(board, grid, a, b, shift[colour, segment(a, b)], width) for a, b in sheet[colour]]
        for p, q in ends:
            draw_section(draw, p, q, LOOKS[colour], width)
        if ends:
            middle = len(ends) // 2  # of sections as long, the one nearest the line's middle
            _i, (p, q) = max(enumerate(ends), key=lambda i_pq: (round(math.dist(*i_pq[1])), -abs(i_pq[0] - middle)))
            tags.append((p, q, LOOKS[colour]))
    return tags


def tag_spot(grid: Grid, p: Point, q: Point, taken: list[Point]) -> Point:
    """Where a line's letter goes on section p → q: its middle, or beside it, on the side clear of `taken` spots.

    Between two station symbols a short section shows little; a letter on it would cover it all."""
    chip = 1.24 * tag_size(grid)
    if math.dist(p, q) - 2 * SYMBOL_R * grid.cell >= 3 * chip:
        return along(p, q, 0.5)
    aside = chip / 2 + line_width(grid) / 2 + 2
    sides = [along(*shifted(p, q, by), 0.5) for by in (aside, -aside)]
    return max(sides, key=lambda spot: min((math.dist(spot, other) for other in taken), default=0.0))


def interchanges(board: TokyoMap, sheet: Sheet) -> dict[str, int]:
    """Each station on two or more lines (the green loop counts), with its number of lines."""
    return {sid: count for sid, count in stations_by_lines(sheet, board).items() if count >= 2}


def lattice_ends(board: TokyoMap, a: str, b: str) -> tuple[Point, Point]:
    """A section's ends in lattice units."""
    sa, sb = board.stations[a], board.stations[b]
    return (float(sa.col), float(sa.row)), (float(sb.col), float(sb.row))


def draw_rings(draw: Draw, board: TokyoMap, grid: Grid, found: dict[str, int]) -> None:
    """A ring round each interchange, drawn under the lines so no short section beside it is hidden."""
    r = SYMBOL_R * grid.cell
    for sid in found:
        draw.ellipse(around(*grid.station(board, sid), 1.3 * r), outline=INK, width=grid.scaled(0.035, 2))


SLOTS = 16
"""Where a station's marks may sit: this many directions round it."""


def mark_spots(board: TokyoMap, grid: Grid, sheet: Sheet, sid: str, marks: int, prefer: float) -> list[Point]:
    """Where `marks` marks round a station go: the directions farthest from its drawn sections and from each other.

    A mark on a section would hide it; `prefer` (radians, 0 = east, y down) breaks ties, so marks keep their places."""
    x, y = grid.station(board, sid)
    taken = []
    for colour in COLOURS:
        for a, b in sheet[colour]:
            if sid in (a, b):
                ox, oy = grid.station(board, b if a == sid else a)
                taken.append(math.atan2(oy - y, ox - x))

    def gap(angle: float, others: list[float]) -> float:
        return min((abs(math.remainder(angle - o, math.tau)) for o in others), default=math.pi)

    spots: list[Point] = []
    for _mark in range(marks):
        angles = [prefer + math.tau * k / SLOTS for k in range(SLOTS)]
        best = max(angles, key=lambda a: (round(gap(a, taken), 3), -abs(math.remainder(a - prefer, math.tau))))
        taken.append(best)
        reach = 0.42 * grid.cell
        spots.append((x + reach * math.cos(best), y + reach * math.sin(best)))
    return spots


UP_RIGHT, DOWN_LEFT = -math.pi / 4, 3 * math.pi / 4


def draw_marks(draw: Draw, board: TokyoMap, grid: Grid, sheet: Sheet, found: dict[str, int]) -> list[Point]:
    """Interchange counts and departure letters beside their stations, clear of the sections drawn there.

    On a small map a count on every 2-line interchange would bury it (only 3 lines or more score points), and the
    departures' letters are left to the sheet itself. Returns where the marks went."""
    size, big = tag_size(grid), grid.cell >= SMALL_MAP
    departures = {sid: colour for colour, sid in board.departures.items()} if big else {}
    counted = {sid: count for sid, count in found.items() if count >= (2 if big else 3)}
    placed: list[Point] = []
    for sid in sorted(set(counted) | set(departures)):
        prefer = UP_RIGHT if sid in counted else DOWN_LEFT
        spots = mark_spots(board, grid, sheet, sid, (sid in counted) + (sid in departures), prefer)
        placed.extend(spots)
        if sid in counted:
            badge(draw, *spots[0], str(counted[sid]), size)
        if sid in departures:
            tag(draw, *spots[-1], LOOKS[departures[sid]], size)
    return placed


def badge(draw: Draw, x: float, y: float, text: str, size: int) -> None:
    """A small ink disc with white text: an interchange's number of lines."""
    draw.ellipse(around(x, y, 0.6 * size), fill=INK)
    draw.text((x, y), text, fill=PAPER, font=font(size), anchor="mm")


def map_image(sections: dict[str, Any], cell: int) -> Image.Image:
    """One sheet's map: the shared layers, this sheet's rings, lines, then the letters and counts over them all."""
    board, grid, sheet = tokyo_map(), Grid(cell), as_sheet(sections)
    image = base_layer(cell).copy()
    draw = ImageDraw.Draw(image)
    found = interchanges(board, sheet)
    draw_rings(draw, board, grid, found)
    tags = draw_lines(draw, board, grid, sheet)
    stations = station_layer(cell)
    image.paste(stations, (0, 0), stations)
    draw = Lettered(image)
    marks = draw_marks(draw, board, grid, sheet, found)
    middles = [grid.at(*along(*lattice_ends(board, a, b), 0.5)) for c in COLOURS for a, b in sheet[c]]
    taken = [*marks, *middles]
    for p, q, look in tags:  # a letter keeps clear of the marks and of other sections' middles, not its own
        spot = tag_spot(grid, p, q, [t for t in taken if math.dist(t, along(p, q, 0.5)) > line_width(grid)])
        taken.append(spot)
        tag(draw, *spot, look, tag_size(grid))
    return image


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


def line_sample(look: LineLook) -> Callable[[Draw, int, int], None]:
    """The legend's sample of a line: a stretch in its pattern, then its letter."""

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


def line_items() -> list[tuple[Callable[[Draw, int, int], None], str]]:
    """The legend's entries for the four lines: pattern and letter, then colour and pattern in words."""
    return [
        (line_sample(look), f"{colour_name(colour)} ({pattern_words(look.pattern)})") for colour, look in LOOKS.items()
    ]


def legend_items() -> list[tuple[Callable[[Draw, int, int], None], str]]:
    """Each legend entry: how to draw its sample, and its words."""
    return [
        *line_items(),
        (loop_sample, _("green loop")),
        (border_sample, _("district border")),
        (departure_sample, _("departure")),
        (interchange_sample, _("interchange (lines there)")),
    ]


def draw_legend(draw: Draw, y: int, items: list[tuple[Callable[[Draw, int, int], None], str]]) -> int:
    """What each pattern, letter and mark means, wrapped to the page; returns the y below it."""
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


def own_status(view: dict[str, Any], seat: int) -> str:
    """What this seat is asked, or what it did with the card now while others choose."""
    public = view["public"]
    if seat in public["waiting"]:
        return plain(str(view["prompt"]))
    answer = public["answers"][seat] if seat < len(public["answers"]) else None
    yours = _("You: {answer}. ").format(answer=answer_words(answer)) if answer else ""
    return plain(yours) + _("{n} still choosing.").format(n=len(public["waiting"]))


def draw_sheet_header(draw: Draw, public: dict[str, Any], seat: int, names: Sequence[str], status: str) -> int:
    """Name and round, this round's colour, the card now and `status`; at the end the total; returns the y below."""
    name = seat_name(names, seat)
    if public["finished"]:
        title = _("{player} · final sheet").format(player=name)
    else:
        title = _("{player} · Round {round} of {rounds}").format(player=name, round=public["round"], rounds=ROUNDS)
    draw.text((MARGIN, MARGIN), fit(title, font(TITLE_SIZE), WIDTH - 2 * MARGIN), fill=INK, font=font(TITLE_SIZE))
    y = MARGIN + LINE_H + 6
    if public["finished"]:
        rank = _("{place} of {seats}").format(place=ordinal(places(public)[seat]), seats=len(public["sheets"]))
        words = _("Game over · total {total} · {rank}").format(total=public["results"][seat]["total"], rank=rank)
        draw.text((MARGIN, y + 14), words, fill=INK, font=font(TEXT_SIZE), anchor="lm")
        return y + LINE_H
    colour = public["colours"][seat]
    tag(draw, MARGIN + 16, y + 14, LOOKS[colour], SMALL_SIZE)
    words = fit(_("draws the {colour} line this round").format(colour=colour_name(colour)), font(TEXT_SIZE), WIDTH - 60)
    draw.text((MARGIN + 40, y + 14), words, fill=INK, font=font(TEXT_SIZE), anchor="lm")
    y = draw_card_row(draw, y + LINE_H, public)
    return paragraph(draw, MARGIN, y, status, SMALL_SIZE, WIDTH - 2 * MARGIN, MUTED) + 8


def render_sheet(public: dict[str, Any], seat: int, names: Sequence[str], status: str) -> Image.Image:
    """One seat's sheet, large: header, the map with its lines, the legend and the scores."""
    image, draw = blank(WIDTH, MAX_HEIGHT)
    y = draw_sheet_header(draw, public, seat, names, status)
    board = map_image(public["sheets"][seat], SHEET_CELL)
    # Centre the frame, not the frame and its coordinates.
    image.paste(board, ((WIDTH - board.width - Grid(SHEET_CELL).label) // 2, y))
    y = draw_legend(draw, y + board.height + 8, legend_items())
    y = draw_scores(draw, y, public, seat)
    return image.crop((0, 0, WIDTH, y + MARGIN))


# --- the overview ------------------------------------------------------------------------------


TILES_PER_ROW = 2
"""Maps per row in the overview: with three, a map's line letters would cover it on a phone."""


def overview_status(public: dict[str, Any], names: Sequence[str]) -> str:
    """Who is still choosing or, at the end, who won, in words."""
    if public["finished"]:
        first = [seat_name(names, s) for s, place in enumerate(places(public)) if place == 1]
        best = max(int(r["total"]) for r in public["results"])
        return ngettext(
            "Winner: {players} with {best} points", "Winners: {players} with {best} points", len(first)
        ).format(players=", ".join(first), best=best)
    waiting = public["waiting"]
    text = (
        _("Still choosing: {players}").format(players=", ".join(seat_name(names, s) for s in waiting))
        if waiting
        else ""
    )
    if font(TEXT_SIZE).getlength(text) <= 2 * (WIDTH - 2 * MARGIN):  # two lines at most
        return text
    return _("{waiting} of {seats} players still choosing").format(waiting=len(waiting), seats=len(public["sheets"]))


def draw_tile_head(
    draw: Draw, x: int, y: int, width: int, seat: int, public: dict[str, Any], names: Sequence[str]
) -> None:
    """A seat's label over its map: name, then this round's colour and its total (its place at the end)."""
    choosing = seat in public["waiting"] and not public["finished"]
    fill = TURN_FILL if choosing else ROW_FILL
    draw.rounded_rectangle((x, y, x + width, y + TILE_HEAD - 4), radius=6, fill=fill, outline=MUTED)
    face, middle = font(SMALL_SIZE), y + TILE_HEAD // 2 - 2
    score = pgettext("next station tokyo", "{total} pts").format(total=public["results"][seat]["total"])
    if public["finished"]:
        score += f" · {ordinal(places(public)[seat])}"
    right = x + width - 8 - round(face.getlength(score))
    draw.text((right, middle), score, fill=INK, font=face, anchor="lm")
    if not public["finished"]:
        right -= 38
        tag(draw, right + 16, middle, LOOKS[public["colours"][seat]], SMALLEST_TEXT)
    name = fit(seat_name(names, seat), face, right - x - 16)
    draw.text((x + 8, middle), name, fill=INK, font=face, anchor="lm")


TILE_W = (WIDTH - 2 * MARGIN - (TILES_PER_ROW - 1) * TILE_GAP) // TILES_PER_ROW
TILE_CELL = max(c for c in range(1, TILE_W) if Grid(c).size[0] <= TILE_W)
"""Lattice spacing of the overview's maps: the largest that fits a tile."""


def draw_tiles(image: Image.Image, draw: Draw, y: int, public: dict[str, Any], names: Sequence[str]) -> int:
    """Every seat's map in a grid under its label; returns the y below."""
    seats = len(public["sheets"])
    per_row, tile_w, cell = TILES_PER_ROW, TILE_W, TILE_CELL
    tile_h = TILE_HEAD + Grid(cell).size[1] + TILE_GAP
    for seat in range(seats):
        row, col = divmod(seat, per_row)
        x, top = MARGIN + col * (tile_w + TILE_GAP), y + row * tile_h
        board = map_image(public["sheets"][seat], cell)
        draw_tile_head(draw, x, top, board.width, seat, public, names)
        image.paste(board, (x, top + TILE_HEAD))
    return y + math.ceil(seats / per_row) * tile_h


def render_overview(public: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """Every seat's map in small for the channel, under the round, the card now and who is still choosing."""
    if len(public["sheets"]) == 1:
        return render_sheet(public, 0, names, overview_status(public, names))
    image, draw = blank(WIDTH, MAX_HEIGHT)
    if public["finished"]:
        title = _("Next Station Tokyo · final sheets")
    else:
        title = _("Next Station Tokyo · Round {round} of {rounds}").format(round=public["round"], rounds=ROUNDS)
    draw.text((MARGIN, MARGIN), fit(title, font(TITLE_SIZE), WIDTH - 2 * MARGIN), fill=INK, font=font(TITLE_SIZE))
    y = MARGIN + LINE_H + 6
    if not public["finished"]:
        y = draw_card_row(draw, y, public)
    y = paragraph(draw, MARGIN, y, overview_status(public, names), TEXT_SIZE, WIDTH - 2 * MARGIN) + 10
    y = draw_tiles(image, draw, y, public, names)
    # Only the lines' key: the marks are explained on each player's own sheet, at a size that reads.
    y = draw_legend(draw, y, line_items())
    if public["objectives"]:
        text = _("Objectives (+10 each): {objectives}").format(objectives="; ".join(map(_, public["objectives"])))
        y = paragraph(draw, MARGIN, y, text, SMALL_SIZE, WIDTH - 2 * MARGIN) + 4
    return image.crop((0, 0, WIDTH, y + MARGIN))


def render_next_station_tokyo(view: dict[str, Any], names: Sequence[str] = ()) -> Image.Image:
    """A seat's own sheet for its view; every sheet in small for the public one."""
    private = view.get("private")
    if private is None:
        return to_palette(render_overview(view["public"], names))
    seat = int(private["seat"])
    return to_palette(render_sheet(view["public"], seat, names, own_status(view, seat)))


rendering.register("next_station_tokyo", render_next_station_tokyo)
