"""A sheet's lines as geometry: the stations a line visits, its ends, what is drawn, and whether a new section fits."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from bot.games.next_station_tokyo.data import COLOURS, Sheet, TokyoMap, segment

GREEN = "green"
COLOUR_ORDER = {c: i for i, c in enumerate((GREEN, *COLOURS))}
"""The order `drawn` lists a section's colours in: the loop first, then a sheet's colours (refusals name them so)."""


class Draw(NamedTuple):
    """A section a seat may draw: from `origin` through `path` (Straight On may pass stations), maybe reusing one.

    A named tuple rather than a frozen dataclass: listing moves makes many, and a tuple is made faster.
    """

    origin: str
    path: tuple[str, ...]
    reuses: str | None = None
    """The colour whose section this draws a second time (Double Rail), if it does."""
    from_anywhere: bool = False
    """Whether it leaves a station that is not an end of the line (after a Railroad Switch)."""

    @property
    def target(self) -> str:
        return self.path[-1]

    @property
    def sections(self) -> list[tuple[str, str]]:
        """Each straight section of the draw, in drawing order."""
        stops = (self.origin, *self.path)
        return list(pairwise(stops))


def visited(sections: Iterable[tuple[str, str]]) -> list[str]:
    """The stations a line visits, in the order first reached (a line with no section visits none)."""
    seen: dict[str, None] = {}
    for a, b in sections:
        seen.setdefault(a)
        seen.setdefault(b)
    return list(seen)


def ends(sections: list[tuple[str, str]], departure: str) -> list[str]:
    """Where a line may be continued from: its stations on one section only, or its departure before it starts."""
    if not sections:
        return [departure]
    degree: dict[str, int] = {}  # in the order first reached, as `visited`
    for a, b in sections:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return [s for s, n in degree.items() if n == 1]


def drawn(sheet: Sheet, board: TokyoMap) -> dict[tuple[str, str], list[str]]:
    """Every section on a sheet (the green loop's included) → the colours drawn along it."""
    found: dict[tuple[str, str], list[str]] = {s: [GREEN] for s in board.loop_sections}
    for colour, sections in sheet.items():
        for a, b in sections:
            found.setdefault(segment(a, b), []).append(colour)
    return found


@dataclass(frozen=True, slots=True)
class LineFacts:
    """What checking a section needs about one sheet while one of its lines is drawn, worked out once per sheet.

    `rules` keeps these on the state beside the sheet they describe (compared by identity, as a changed sheet is a
    new dict: see `TokyoState.own_line`), so that listing moves doesn't rebuild them for every candidate.
    """

    sheet: Sheet
    colour: str
    drawn: dict[tuple[str, str], list[str]]
    """`drawn(sheet)`: every section on the sheet → its colours. Never changed: a grown line gets a new dict."""
    occupied: frozenset[tuple[str, str]]
    """The sections of `drawn`, as a set (`TokyoMap.conflicts` meets it faster than a dict)."""
    visited: frozenset[str]
    """The stations the line of `colour` visits."""
    ends: tuple[str, ...]
    """`ends` of the line of `colour`."""

    @classmethod
    def of(cls, sheet: Sheet, colour: str, board: TokyoMap) -> LineFacts:
        """The facts worked out from scratch."""
        line = sheet[colour]
        found = drawn(sheet, board)
        return cls(
            sheet,
            colour,
            found,
            frozenset(found),
            frozenset(visited(line)),
            tuple(ends(line, board.departures[colour])),
        )

    def recoloured(self, colour: str, board: TokyoMap) -> LineFacts:
        """The facts for another line of the same sheet (a new round): what is drawn stays as it is."""
        line = self.sheet[colour]
        stations = frozenset(visited(line))
        return LineFacts(
            self.sheet, colour, self.drawn, self.occupied, stations, tuple(ends(line, board.departures[colour]))
        )

    def grown(self, sheet: Sheet, sections: list[tuple[str, str]]) -> LineFacts:
        """The facts for `sheet`: this one with `sections` added to the line of `colour` (cheaper than `of`)."""
        found = dict(self.drawn)
        for a, b in sections:
            key = segment(a, b)
            there = found.get(key)
            found[key] = [self.colour] if there is None else sorted([*there, self.colour], key=COLOUR_ORDER.__getitem__)
        # `ends`, updated: the new far end is one; the origin stays one only if the line had no section yet (it is its
        # departure), and stops being one if it was (a switch's branch from a middle station changes no other end).
        origin, target = sections[0][0], sections[-1][1]
        tips = (*(s for s in self.ends if s != origin), target) if self.visited else (origin, target)
        return LineFacts(sheet, self.colour, found, frozenset(found), self.visited.union(*sections), tips)


def stations_by_lines(sheet: Sheet, board: TokyoMap) -> Counter[str]:
    """How many lines (the green loop counts as one) visit each station."""
    count: Counter[str] = Counter(board.loop)
    for sections in sheet.values():
        count.update(visited(sections))
    return count


def beyond(board: TokyoMap, a: str, b: str) -> str | None:
    """The next station after `b` on the straight line from `a` through `b`, if any."""
    sa, sb = board.stations[a], board.stations[b]
    dx, dy = (sb.col > sa.col) - (sb.col < sa.col), (sb.row > sa.row) - (sb.row < sa.row)
    for c in board.guides[b]:
        sc = board.stations[c]
        if ((sc.col > sb.col) - (sc.col < sb.col), (sc.row > sb.row) - (sc.row < sb.row)) == (dx, dy):
            return c
    return None


def blocker(
    section: tuple[str, str], sections: dict[tuple[str, str], list[str]], board: TokyoMap, reused: bool
) -> tuple[tuple[str, str], list[str]] | None:
    """The first drawn section the new one would cross (the one it reuses aside), with its colours."""
    own = segment(*section)
    # keys() & frozenset: a set, as typed. The other way round is a set too, typed frozenset: mypyc's check fails.
    for other in sorted(sections.keys() & board.conflicts[own]):
        if not (other == own and reused):
            return other, sections[other]
    return None
