"""Scoring a sheet: lines, interchanges, outer-district bonuses, green-loop misses and the shared objectives."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot.games.next_station_tokyo import lines
from bot.games.next_station_tokyo.data import COLOURS, Sheet, TokyoMap
from bot.i18n import N_

INTERCHANGE_POINTS = {3: 5, 4: 15, 5: 30}
DISTRICT_BONUS = {"corner": 10, "edge": 5}
GREEN_MISS = -3
OBJECTIVE_POINTS = 10
OBJECTIVES = (
    N_("at least 6 interchanges"),
    N_("all 13 districts visited"),
    N_("all 8 green-loop stations on your lines"),
    N_("one line through at least 7 districts"),
    N_("a 4-line interchange"),
)
"""The five objectives in English (marked; the view carries them so): say them with `_()`."""


@dataclass(frozen=True, slots=True)
class LineScore:
    """One line: districts visited × most stations in one district."""

    districts: int
    most: int

    @property
    def points(self) -> int:
        return self.districts * self.most


@dataclass(frozen=True, slots=True)
class SheetScore:
    """A whole sheet's score, part by part."""

    lines: dict[str, LineScore]
    interchanges: dict[int, int]
    """Lines at a station (2 to 5) → how many such interchanges."""
    bonus_districts: tuple[str, ...]
    misses: int
    objectives: tuple[bool, ...]
    """Whether each objective in play was met, in the game's order."""

    @property
    def interchange_points(self) -> int:
        return sum(INTERCHANGE_POINTS.get(size, 0) * n for size, n in self.interchanges.items())

    def bonus_points(self, board: TokyoMap) -> int:
        return sum(DISTRICT_BONUS[board.districts[d]] for d in self.bonus_districts)

    def total(self, board: TokyoMap) -> int:
        line_points = sum(s.points for s in self.lines.values())
        objective_points = OBJECTIVE_POINTS * sum(self.objectives)
        return (
            line_points
            + self.interchange_points
            + self.bonus_points(board)
            + GREEN_MISS * self.misses
            + objective_points
        )


def line_score(sections: list[tuple[str, str]], board: TokyoMap) -> LineScore:
    """rules: (districts the line visits) × (its stations in the district where it has most)."""
    by_district = Counter(board.stations[s].district for s in lines.visited(sections))
    return LineScore(len(by_district), max(by_district.values(), default=0))


def sheet_score(sheet: Sheet, board: TokyoMap, objectives: list[int]) -> SheetScore:
    """Everything a sheet scores; `objectives` are the indices of the objectives in play."""
    by_lines = lines.stations_by_lines(sheet, board)
    interchanges = [s for s, n in by_lines.items() if n >= 2]
    sizes = Counter(by_lines[s] for s in interchanges)
    outer = {d for d, kind in board.districts.items() if kind in DISTRICT_BONUS}
    bonus = tuple(sorted(outer & {board.stations[s].district for s in interchanges}))
    on_my_lines = {s for sections in sheet.values() for s in lines.visited(sections)}
    misses = sum(1 for s in board.loop if s not in on_my_lines)
    scores = {colour: line_score(sheet[colour], board) for colour in COLOURS}
    met = _objectives_met(sheet, board, scores, sizes, misses)
    return SheetScore(scores, dict(sizes), bonus, misses, tuple(met[i] for i in objectives))


def totals(sheets: list[Sheet], board: TokyoMap, objectives: list[int]) -> list[int]:
    """Each sheet's total as it stands (the final scores once the fourth line is drawn)."""
    return [sheet_score(sheet, board, objectives).total(board) for sheet in sheets]


def _objectives_met(
    sheet: Sheet, board: TokyoMap, scores: dict[str, LineScore], sizes: Counter[int], misses: int
) -> list[bool]:
    """Each of the five objectives, in OBJECTIVES order."""
    districts = {board.stations[s].district for sections in sheet.values() for s in lines.visited(sections)}
    return [
        sum(sizes.values()) >= 6,
        districts == set(board.districts),
        misses == 0,
        any(s.districts >= 7 for s in scores.values()),
        any(size >= 4 for size in sizes),
    ]
