"""Double-twelve dominoes as small ints: a canonical code per tile, an oriented code per placed tile."""

from __future__ import annotations

import re
from typing import Final

HIGH: Final = 12
"""The highest number on a double-twelve set."""
BASE: Final = HIGH + 1
BLANK_SCORE = 25
"""RULINGS: each blank half counts 25 at the end of a round (0-0 = 50, 0-7 = 32)."""

_TYPED = re.compile(r"^\s*(\d{1,2})\s*[-|/:x ]\s*(\d{1,2})\s*$")


def tile(a: int, b: int) -> int:
    """The canonical code of the tile a-b (the same for b-a)."""
    return max(a, b) * BASE + min(a, b)


def oriented(joins: int, leaves: int) -> int:
    """A tile as placed on a train: `joins` touches the previous end, `leaves` is the new open end."""
    return joins * BASE + leaves


def halves(code: int) -> tuple[int, int]:
    """The two numbers of a code (high first for canonical codes; joining end first for oriented ones)."""
    return divmod(code, BASE)


def end_of(placed: int) -> int:
    """The open number an oriented tile leaves."""
    return placed % BASE


def is_double(code: int) -> bool:
    """Whether both halves are the same."""
    a, b = divmod(code, BASE)
    return a == b


def fits(code: int, end: int) -> bool:
    """Whether the tile has `end` on one of its halves."""
    a, b = divmod(code, BASE)
    return a == end or b == end


def score(code: int) -> int:
    """Penalty points of a tile left in hand: its pips, a blank half counting 25."""
    a, b = divmod(code, BASE)
    return (a or BLANK_SCORE) + (b or BLANK_SCORE)


def name(code: int) -> str:
    """How players write a tile: "12-5" (high first)."""
    a, b = divmod(code, BASE)
    return f"{a}-{b}"


def pair(code: int) -> list[int]:
    """A code as a JSON pair for views and renderers."""
    return list(divmod(code, BASE))


def parse(text: str) -> int | None:
    """A typed tile ("5-12", "12|5", "12 5") as its canonical code, or None if it is not a tile."""
    code = CODES.get(text)
    if code is not None:
        return code  # the name the engine itself writes: no need for the pattern
    match = _TYPED.match(text)
    if match is None:
        return None
    a, b = int(match[1]), int(match[2])
    return tile(a, b) if a <= HIGH and b <= HIGH else None


ALL_TILES = tuple(tile(a, b) for a in range(BASE) for b in range(a + 1))
"""The 91 tiles of the set."""

CODES: dict[str, int] = {name(t): t for t in ALL_TILES}
"""Each tile's canonical name ("12-5", as `name` writes it and moves carry it) to its code."""
WITH: tuple[frozenset[int], ...] = tuple(frozenset(t for t in ALL_TILES if fits(t, n)) for n in range(BASE))
"""The tiles showing each number: `t in WITH[end]` is `fits(t, end)`, without the arithmetic."""
DOUBLES = frozenset(t for t in ALL_TILES if is_double(t))
"""The 13 doubles."""
SCORES: dict[int, int] = {t: score(t) for t in ALL_TILES}
"""`score` of each tile, looked up: a round's end scores every tile left in every hand."""
