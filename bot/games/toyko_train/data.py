"""Toyko Train's fixed parts: the compartments' geometry, the tourist colours, and the words and gestures file."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

WORDS_FILE = Path(__file__).resolve().parents[3] / "config" / "games" / "toyko_train.toml"
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
LETTERS = {colour: colour[0].upper() for colour in COLOURS}
KINDS = ("great", "small", "horizontal")
ROWS = 3
COLUMN_LETTERS = "ABC"


@dataclass(frozen=True)
class Compartment:
    """A compartment of 3 rows and 2 or 3 columns; places are numbered row by row, named column + row ("B2")."""

    columns: int

    @property
    def size(self) -> int:
        return ROWS * self.columns

    def name(self, place: int) -> str:
        """A place's name: its column letter and row number."""
        return self.names[place]

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        """Every place's name, by index (every view and menu names them all)."""
        return tuple(f"{COLUMN_LETTERS[p % self.columns]}{p // self.columns + 1}" for p in range(self.size))

    @functools.cached_property
    def places(self) -> dict[str, int]:
        """Place name → index."""
        return {name: i for i, name in enumerate(self.names)}

    def kind_of(self, a: int, b: int) -> str | None:
        """The exchange that swaps places a and b, or None when the rules allow none between them."""
        (ra, ca), (rb, cb) = divmod(a, self.columns), divmod(b, self.columns)
        if ca == cb and {ra, rb} == {0, ROWS - 1}:
            return "great"
        if ca == cb and abs(ra - rb) == 1:
            return "small"
        if ra == rb and abs(ca - cb) == 1:
            return "horizontal"
        return None

    @functools.cached_property
    def exchanges(self) -> tuple[tuple[int, int], ...]:
        """Every pair of places a tourist may exchange, lower index first."""
        return tuple(
            (a, b) for a in range(self.size) for b in range(a + 1, self.size) if self.kind_of(a, b) is not None
        )


SIX = Compartment(2)
NINE = Compartment(3)


@dataclass(frozen=True)
class Words:
    """The words file: the cancel word team 1 always gets, the pool to deal from, and each scheme's gestures."""

    cancel_word: str
    words: tuple[str, ...]
    schemes: dict[str, dict[str, str]]


def parse_words(text: str) -> Words:
    """Parse and check the words file's text."""
    data: dict[str, Any] = tomllib.loads(text)
    words = tuple(str(w) for w in data["words"])
    cancel = str(data["cancel_word"])
    if len({w.lower() for w in (*words, cancel)}) != len(words) + 1:
        raise ValueError("every word in the words file must be different")
    schemes = {str(name): {str(k): str(v) for k, v in gestures.items()} for name, gestures in data["schemes"].items()}
    for name, gestures in schemes.items():
        if sorted(gestures) != sorted(KINDS):
            raise ValueError(f"scheme {name} must say how each of {', '.join(KINDS)} is shown")
    return Words(cancel, words, schemes)


@functools.cache
def words_file() -> Words:
    """The words of config/games/toyko_train.toml (read once)."""
    return parse_words(WORDS_FILE.read_text(encoding="utf-8"))
