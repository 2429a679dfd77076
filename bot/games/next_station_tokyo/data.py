"""Next Station Tokyo's map, read from config/games/next_station_tokyo.toml and checked; its guides and geometry."""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAP_FILE = Path(__file__).resolve().parents[3] / "config" / "games" / "next_station_tokyo.toml"
SYMBOLS = ("circle", "square", "triangle", "pentagon")
COLOURS = ("blue", "orange", "purple", "pink")
KINDS = ("corner", "edge", "inner")
COLUMNS = "ABCDEFGHIJ"
ROWS = 10
LOOP_LENGTH = 8
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The 8 compass directions as (dx, dy), clockwise from north; rows grow southwards."""
_ID = re.compile(r"([A-J])(10|[1-9])")


@dataclass(frozen=True, slots=True)
class Station:
    """One station: its id ("C7"), lattice column (0 = A) and row (1..10), symbol and district."""

    id: str
    col: int
    row: int
    symbol: str
    district: str


Sheet = dict[str, list[tuple[str, str]]]
"""A player's sheet: line colour → its sections in the order drawn, each (from, to)."""
Step = tuple[str, tuple[str, str], frozenset[tuple[str, str]]]
"""A guide from a station: the station it leads to, the section as a sorted pair, the sections it crosses."""


@dataclass(frozen=True)
class TokyoMap:
    """The whole map: stations, districts by kind, the green loop, the departures and the computed guides."""

    stations: dict[str, Station]
    districts: dict[str, str]
    """District id → "corner", "edge" or "inner"."""
    loop: tuple[str, ...]
    departures: dict[str, str]
    """Line colour → its departure station."""
    guides: dict[str, tuple[str, ...]]
    """Station → the nearest station in each compass direction that has one, clockwise from north."""

    @functools.cached_property
    def loop_sections(self) -> tuple[tuple[str, str], ...]:
        """The green loop's sections, each a sorted pair of stations."""
        return tuple(segment(a, self.loop[(i + 1) % len(self.loop)]) for i, a in enumerate(self.loop))

    @functools.cached_property
    def sections(self) -> frozenset[tuple[str, str]]:
        """Every section that may ever be drawn: each guide, as a sorted pair."""
        return frozenset(segment(a, b) for a, found in self.guides.items() for b in found)

    @functools.cached_property
    def conflicts(self) -> dict[tuple[str, str], frozenset[tuple[str, str]]]:
        """Each guide section → the guide sections it crosses or overlaps (itself included), worked out once."""
        every = sorted(self.sections)
        found: dict[tuple[str, str], set[tuple[str, str]]] = {s: set() for s in every}
        box = {s: _box(s, self.stations) for s in every}
        for i, s in enumerate(every):
            left, right, top, bottom = box[s]
            for t in every[i:]:
                # Sections whose bounding boxes are apart can't meet: most pairs end here, before `crosses`.
                t_left, t_right, t_top, t_bottom = box[t]
                if t_left > right or left > t_right or t_top > bottom or top > t_bottom:
                    continue
                if crosses(s, t, self.stations):
                    found[s].add(t)
                    found[t].add(s)
        return {s: frozenset(c) for s, c in found.items()}

    @functools.cached_property
    def steps(self) -> dict[str, tuple[Step, ...]]:
        """From each station, each guide: the station it leads to, the section as a sorted pair, what it crosses.

        In the order moves are listed: by the column, then the row of the station a guide leads to.
        """
        return {
            a: tuple(
                (b, segment(a, b), self.conflicts[segment(a, b)]) for b in sorted(found, key=self.place.__getitem__)
            )
            for a, found in self.guides.items()
        }

    @functools.cached_property
    def steps_to(self) -> dict[str, dict[str, tuple[Step, ...]]]:
        """`steps` from each station, by the symbol of the station each leads to (a card shows one symbol)."""
        return {
            a: {symbol: tuple(step for step in found if self.stations[step[0]].symbol == symbol) for symbol in SYMBOLS}
            for a, found in self.steps.items()
        }

    @functools.cached_property
    def symbol_of(self) -> dict[str, str]:
        """Each station's symbol (one look-up instead of two on the hot path of listing moves)."""
        return {sid: s.symbol for sid, s in self.stations.items()}

    @functools.cached_property
    def place(self) -> dict[str, tuple[int, int]]:
        """Each station's (column, row), the order moves are listed in."""
        return {sid: (s.col, s.row) for sid, s in self.stations.items()}

    def is_guide(self, a: str, b: str) -> bool:
        """Whether a straight section may be drawn between a and b."""
        return b in self.guides.get(a, ())


class MapError(ValueError):
    """A map file that doesn't add up, with what is wrong."""


COMPASS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def district_words(district: str) -> str:
    """An outer district's id in words ("nw" → "north-west"); inner ids ("cn") as they are."""
    if all(c in COMPASS for c in district):
        return "-".join(COMPASS[c] for c in district)
    return district


def segment(a: str, b: str) -> tuple[str, str]:
    """A section between two stations as a sorted pair, the same whichever way it is drawn."""
    return (a, b) if a <= b else (b, a)


def _orientation(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> int:
    """The sign of the turn p → q → r: 1 counter-clockwise, -1 clockwise, 0 in a straight line."""
    cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (cross > 0) - (cross < 0)


def _box(section: tuple[str, str], stations: dict[str, Station]) -> tuple[int, int, int, int]:
    """A section's bounding box on the lattice: (least column, greatest column, least row, greatest row)."""
    a, b = stations[section[0]], stations[section[1]]
    return min(a.col, b.col), max(a.col, b.col), min(a.row, b.row), max(a.row, b.row)


def crosses(s1: tuple[str, str], s2: tuple[str, str], stations: dict[str, Station]) -> bool:
    """Whether two straight sections meet anywhere but at a station they share as an end (overlaps count)."""
    p1, p2 = ((stations[s].col, stations[s].row) for s in s1)
    q1, q2 = ((stations[s].col, stations[s].row) for s in s2)
    shared = bool(set(s1) & set(s2))
    o1, o2 = _orientation(p1, p2, q1), _orientation(p1, p2, q2)
    o3, o4 = _orientation(q1, q2, p1), _orientation(q1, q2, p2)
    if o1 == o2 == o3 == o4 == 0:
        axis = 0 if p1[0] != p2[0] else 1
        low = max(min(p1[axis], p2[axis]), min(q1[axis], q2[axis]))
        high = min(max(p1[axis], p2[axis]), max(q1[axis], q2[axis]))
        return high > low or (high == low and not shared)
    return o1 * o2 <= 0 and o3 * o4 <= 0 and not shared


def _guides(stations: dict[str, Station]) -> dict[str, tuple[str, ...]]:
    """From each station, the nearest station along each of the 8 compass directions."""
    at = {(s.col, s.row): s.id for s in stations.values()}
    guides = {}
    for s in stations.values():
        found = []
        for dx, dy in DIRECTIONS:
            col, row = s.col + dx, s.row + dy
            while 0 <= col < len(COLUMNS) and 1 <= row <= ROWS:
                if (col, row) in at:
                    found.append(at[col, row])
                    break
                col, row = col + dx, row + dy
        guides[s.id] = tuple(found)
    return guides


def parse_map(text: str) -> TokyoMap:
    """Parse and check the map file's text."""
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MapError(f"the map file is not valid TOML: {error}") from error
    districts = {str(name): str(kind) for name, kind in data["districts"].items()}
    for name, kind in districts.items():
        if kind not in KINDS:
            raise MapError(f"district {name}: kind {kind!r} must be one of {', '.join(KINDS)}")
    stations: dict[str, Station] = {}
    for entry in data["stations"]:
        sid, symbol, district = str(entry["id"]), str(entry["symbol"]), str(entry["district"])
        match = _ID.fullmatch(sid)
        if match is None:
            raise MapError(f"station {sid!r}: an id is a column A–J and a row 1–{ROWS}, like C7")
        if sid in stations:
            raise MapError(f"station {sid}: listed twice (two stations at one lattice position)")
        if symbol not in SYMBOLS:
            raise MapError(f"station {sid}: unknown symbol {symbol!r}, must be one of {', '.join(SYMBOLS)}")
        if district not in districts:
            raise MapError(f"station {sid}: unknown district {district!r}")
        stations[sid] = Station(sid, COLUMNS.index(match[1]), int(match[2]), symbol, district)
    guides = _guides(stations)
    loop = tuple(str(s) for s in data["loop"])
    if len(loop) != LOOP_LENGTH or len(set(loop)) != LOOP_LENGTH:
        raise MapError(f"the green loop must visit {LOOP_LENGTH} distinct stations, not {list(loop)}")
    for i, a in enumerate(loop):
        b = loop[(i + 1) % len(loop)]
        if a not in stations or b not in stations:
            raise MapError(f"the green loop: unknown station {a if a not in stations else b}")
        if b not in guides[a]:
            raise MapError(f"the green loop is not closed along guides: {a} → {b} is not a guide")
    departures = {str(colour): str(sid) for colour, sid in data["departures"].items()}
    if sorted(departures) != sorted(COLOURS):
        raise MapError(f"departures are needed for exactly {', '.join(COLOURS)}")
    for colour, sid in departures.items():
        if sid not in stations:
            raise MapError(f"departure of {colour}: unknown station {sid}")
    return TokyoMap(stations, districts, loop, departures, guides)


@functools.cache
def tokyo_map() -> TokyoMap:
    """The map of config/games/next_station_tokyo.toml (read once)."""
    return parse_map(MAP_FILE.read_text(encoding="utf-8"))
