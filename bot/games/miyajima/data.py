"""Fast Train to Miyajima's sheet geometry and tables, read from config/games/miyajima.toml and checked."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SHEET_FILE = Path(__file__).resolve().parents[3] / "config" / "games" / "miyajima.toml"
DICE = ("red", "yellow", "blue")
KINDS = ("fast", "heavy")


@dataclass(frozen=True, slots=True)
class Colour:
    """One colour of the sheet: its destination, the dice that make it, and each train's remaining distance."""

    name: str
    destination: str
    dice: tuple[str, ...]
    distance: dict[str, tuple[float, ...]]
    """By train kind: distance left after k filled cars, k = 0..cars."""


@dataclass(frozen=True)
class Sheet:
    """The whole sheet: colours in sheet order, cars per train, the end trigger and the solo ranks."""

    colours: dict[str, Colour]
    cars: int
    end_after: tuple[int, ...]
    ranks: tuple[tuple[int, str], ...]

    def mix(self, first: str, second: str) -> str:
        """The colour two different dice make together (red + blue = purple)."""
        return self.made_by[frozenset((first, second))]

    @functools.cached_property
    def made_by(self) -> dict[frozenset[str], str]:
        """Each die or pair of dice → the colour it makes."""
        return {frozenset(c.dice): c.name for c in self.colours.values()}

    def destinations_to_end(self, seats: int) -> int:
        """How many distinct destinations, reached by anyone, make the current round the last."""
        return self.end_after[min(seats, len(self.end_after)) - 1]

    def rank(self, score: int) -> str:
        """The solo rank title for a score."""
        return [title for lowest, title in self.ranks if score >= lowest][-1]


class SheetError(ValueError):
    """A sheet file that doesn't add up, with what is wrong."""


def parse_sheet(text: str) -> Sheet:
    """Parse and check the sheet file's text."""
    data: dict[str, Any] = tomllib.loads(text)
    cars = int(data["cars"])
    colours = {}
    for entry in data["colours"]:
        dice = tuple(entry["dice"])
        if not dice or any(d not in DICE for d in dice):
            raise SheetError(f"{entry['name']}: dice must be among {', '.join(DICE)}")
        distance = {kind: tuple(float(x) for x in entry[kind]) for kind in KINDS}
        for kind, row in distance.items():
            if len(row) != cars + 1 or list(row) != sorted(row, reverse=True) or row[-1] != 0:
                raise SheetError(f"{entry['name']} {kind}: {cars + 1} falling distances ending at 0 are needed")
        colours[entry["name"]] = Colour(entry["name"], entry["destination"], dice, distance)
    combos = {frozenset(c.dice) for c in colours.values()}
    if len(combos) != len(colours) or len(colours) != 6:
        raise SheetError("six colours are needed, each made by its own die or pair of dice")
    ranks = tuple(sorted((int(r["from"]), str(r["title"])) for r in data["ranks"]))
    if not ranks or ranks[0][0] != 0:
        raise SheetError("the lowest rank must start at 0")
    return Sheet(colours, cars, tuple(int(n) for n in data["end_after"]), ranks)


@functools.cache
def sheet() -> Sheet:
    """The sheet of config/games/miyajima.toml (read once)."""
    return parse_sheet(SHEET_FILE.read_text(encoding="utf-8"))
