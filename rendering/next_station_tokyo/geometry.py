"""Next Station Tokyo's map geometry: the lattice in pixels, the central octagon, district borders, curves."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.games.next_station_tokyo.data import COLUMNS, ROWS, TokyoMap, tokyo_map
from rendering.next_station_tokyo.look import LOOP_BULGE, OCTAGON_OFFSET, SMALL_MAP, SMALLEST_TEXT, Point


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
