"""Next Station Tokyo's map of one sheet: shared layers drawn once, then the sheet's lines, rings and marks."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.next_station_tokyo.data import COLOURS, COLUMNS, ROWS, Sheet, TokyoMap, segment, tokyo_map
from bot.games.next_station_tokyo.lines import stations_by_lines
from rendering.canvas import INK, font
from rendering.lettered import Lettered, blank
from rendering.next_station_tokyo.geometry import Grid, along, around, district_borders, loop_curves, octagon, shifted
from rendering.next_station_tokyo.look import (
    DISTRICT,
    DOT_STEP,
    FAINT_GUIDE,
    GREEN,
    GUIDE,
    LATTICE,
    LINE_W,
    LOOKS,
    MAP_PAPER,
    OCTAGON_EDGE,
    OCTAGON_FILL,
    SMALL_MAP,
    SMALLEST_TEXT,
    SYMBOL_R,
    Draw,
    LineLook,
    Point,
)
from rendering.next_station_tokyo.shapes import badge, dotted, draw_section, draw_symbol, tag

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


def station_layer(cell: int) -> Image.Image:
    """The station symbols every sheet shares over its lines (transparent elsewhere); kept as station_pieces."""
    board, grid = tokyo_map(), Grid(cell)
    image = Image.new("RGBA", grid.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for s in board.stations.values():
        draw_symbol(draw, s.symbol, *grid.at(s.col, s.row), SYMBOL_R * cell)
    return image


Piece = tuple[tuple[int, int], Image.Image, Image.Image]
"""Where a piece of a layer goes, its pixels, and the 1-bit mask of the pixels it sets."""


@lru_cache(maxsize=4)
def station_pieces(cell: int) -> tuple[Piece, ...]:
    """The station layer cut into a piece per symbol, each pasted through a 1-bit mask: the very same pixels.

    Its symbols are opaque (drawn without anti-aliasing), so copying only their pixels equals blending the whole
    layer, which cost about 3 ms a sheet: every pixel of the map went through the alpha blend."""
    board, grid, layer = tokyo_map(), Grid(cell), station_layer(cell)
    alpha = layer.getchannel("A")
    assert sum(alpha.histogram()[1:255]) == 0, "a station symbol has a partly transparent pixel"
    pixels, mask = layer.convert("RGB"), alpha.convert("1", dither=Image.Dither.NONE)
    reach = 1.2 * SYMBOL_R * cell + 2  # a symbol's farthest corner and its outline lie within this of its station
    found: list[Piece] = []
    for s in board.stations.values():
        x, y = grid.at(s.col, s.row)
        box = (
            max(0, math.floor(x - reach)),
            max(0, math.floor(y - reach)),
            min(layer.width, math.ceil(x + reach)),
            min(layer.height, math.ceil(y + reach)),
        )
        found.append((box[:2], pixels.crop(box), mask.crop(box)))
        alpha.paste(0, box)
    assert alpha.getbbox() is None, "a station symbol reaches out of its piece"
    return tuple(found)


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


def map_image(sections: dict[str, Any], cell: int) -> Image.Image:
    """One sheet's map: the shared layers, this sheet's rings, lines, then the letters and counts over them all."""
    board, grid, sheet = tokyo_map(), Grid(cell), as_sheet(sections)
    image = base_layer(cell).copy()
    draw = ImageDraw.Draw(image)
    found = interchanges(board, sheet)
    draw_rings(draw, board, grid, found)
    tags = draw_lines(draw, board, grid, sheet)
    for at, pixels, mask in station_pieces(cell):
        image.paste(pixels, at, mask)
    draw = Lettered(image)
    marks = draw_marks(draw, board, grid, sheet, found)
    middles = [grid.at(*along(*lattice_ends(board, a, b), 0.5)) for c in COLOURS for a, b in sheet[c]]
    taken = [*marks, *middles]
    for p, q, look in tags:  # a letter keeps clear of the marks and of other sections' middles, not its own
        spot = tag_spot(grid, p, q, [t for t in taken if math.dist(t, along(p, q, 0.5)) > line_width(grid)])
        taken.append(spot)
        tag(draw, *spot, look, tag_size(grid))
    return image
