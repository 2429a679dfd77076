"""Next Station Tokyo's map file, checked against RULINGS.md, and the geometry helpers on hand-made cases."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from math import gcd

import pytest

from bot.games.next_station_tokyo.data import (
    COLOURS,
    MAP_FILE,
    SYMBOLS,
    MapError,
    Station,
    TokyoMap,
    crosses,
    parse_map,
    segment,
    tokyo_map,
)


@pytest.fixture(scope="module")
def board() -> TokyoMap:
    """The real map."""
    return tokyo_map()


def position(board: TokyoMap, sid: str) -> tuple[int, int]:
    """A station's (column, row) read back from its id, independently of the loader."""
    return "ABCDEFGHIJ".index(sid[0]), int(sid[1:])


def test_ids_are_valid_and_unique(board: TokyoMap) -> None:
    ids = re.findall(r'id = "([^"]+)"', MAP_FILE.read_text(encoding="utf-8"))
    assert len(ids) == len(set(ids)) == len(board.stations)
    for sid, station in board.stations.items():
        assert re.fullmatch(r"[A-J](10|[1-9])", sid)
        assert station.id == sid
        assert (station.col, station.row) == position(board, sid)
    assert len({(s.col, s.row) for s in board.stations.values()}) == len(board.stations)


def test_station_count_and_symbol_balance(board: TokyoMap) -> None:
    assert 50 <= len(board.stations) <= 56
    counts = Counter(s.symbol for s in board.stations.values())
    assert set(counts) == set(SYMBOLS)
    assert len(set(counts.values())) == 1, counts


def test_thirteen_districts(board: TokyoMap) -> None:
    kinds = Counter(board.districts.values())
    assert kinds == {"corner": 4, "edge": 4, "inner": 5}
    used = Counter(s.district for s in board.stations.values())
    assert set(used) == set(board.districts), "every district has stations, every station a known district"


def test_loop_is_closed_along_guides(board: TokyoMap) -> None:
    loop = board.loop
    assert len(loop) == len(set(loop)) == 8
    for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
        assert b in board.guides[a] and a in board.guides[b], (a, b)
    assert len(set(board.loop_sections)) == 8


def test_loop_sections_do_not_cross(board: TokyoMap) -> None:
    for s1, s2 in combinations(board.loop_sections, 2):
        assert not crosses(s1, s2, board.stations), (s1, s2)


def test_departures(board: TokyoMap) -> None:
    assert sorted(board.departures) == sorted(COLOURS)
    assert len(set(board.departures.values())) == 4
    for colour, sid in board.departures.items():
        reach = board.guides[sid]
        assert len(reach) >= 3, colour
        assert len({board.stations[t].symbol for t in reach}) >= 3, colour
    centre = (4.5, 5.5)
    sides = {
        (position(board, sid)[0] > centre[0], position(board, sid)[1] > centre[1]) for sid in board.departures.values()
    }
    assert len(sides) == 4, "one departure in each quarter around the centre"


def test_guides_never_pass_through_a_station(board: TokyoMap) -> None:
    taken = {position(board, sid) for sid in board.stations}
    for a, targets in board.guides.items():
        assert len(targets) == len(set(targets)) <= 8
        for b in targets:
            (ax, ay), (bx, by) = position(board, a), position(board, b)
            dx, dy = bx - ax, by - ay
            assert dx == 0 or dy == 0 or abs(dx) == abs(dy), (a, b)
            steps = gcd(abs(dx), abs(dy))
            between = {(ax + dx // steps * k, ay + dy // steps * k) for k in range(1, steps)}
            assert not between & taken, (a, b)


def test_guides_are_complete(board: TokyoMap) -> None:
    taken = {position(board, sid): sid for sid in board.stations}
    for a in board.stations:
        ax, ay = position(board, a)
        for dx, dy in ((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy):
            ahead = [taken[ax + dx * k, ay + dy * k] for k in range(1, 10) if (ax + dx * k, ay + dy * k) in taken]
            if ahead:
                assert ahead[0] in board.guides[a], (a, dx, dy)
    assert len({segment(a, b) for a, bs in board.guides.items() for b in bs}) > 100


def test_guides_are_symmetric(board: TokyoMap) -> None:
    for a, targets in board.guides.items():
        for b in targets:
            assert a in board.guides[b], (a, b)


def lattice(*points: tuple[str, int, int]) -> dict[str, Station]:
    """Hand-made stations at the given lattice points."""
    return {sid: Station(sid, col, row, "circle", "c") for sid, col, row in points}


GRID = lattice(
    ("A1", 0, 1),
    ("B1", 1, 1),
    ("C1", 2, 1),
    ("D1", 3, 1),
    ("A2", 0, 2),
    ("B2", 1, 2),
    ("A3", 0, 3),
    ("C3", 2, 3),
)


@pytest.mark.parametrize(
    ("s1", "s2", "expected"),
    [
        (("A1", "B2"), ("B1", "A2"), True),  # an X between four stations
        (("A1", "C3"), ("C1", "A3"), True),  # an X at a lattice point with no station
        (("A1", "B2"), ("B2", "C1"), False),  # touching at a shared station
        (("A1", "C1"), ("A1", "A3"), False),  # an L at a shared station
        (("A1", "C1"), ("B1", "D1"), True),  # collinear, overlapping
        (("A1", "C1"), ("A1", "B1"), True),  # collinear, overlapping from a shared end
        (("A1", "B1"), ("B1", "C1"), False),  # collinear, meeting only at a shared station
        (("A1", "B1"), ("C1", "D1"), False),  # collinear, apart
        (("A1", "C1"), ("A2", "B2"), False),  # parallel, apart
        (("A1", "B2"), ("A2", "C3"), False),  # not parallel, not meeting
        (("A1", "C1"), ("A1", "C1"), True),  # the same section twice
    ],
)
def test_crosses(s1: tuple[str, str], s2: tuple[str, str], expected: bool) -> None:
    assert crosses(s1, s2, GRID) is expected
    assert crosses(s2, s1, GRID) is expected
    assert crosses(s1[::-1], s2[::-1], GRID) is expected


def test_segment_is_sorted() -> None:
    assert segment("C7", "B2") == segment("B2", "C7") == ("B2", "C7")


def test_refuses_an_unknown_symbol() -> None:
    text = MAP_FILE.read_text(encoding="utf-8")
    station = next(iter(tokyo_map().stations.values()))
    edited = text.replace(
        f'id = "{station.id}", symbol = "{station.symbol}"', f'id = "{station.id}", symbol = "hexagon"'
    )
    assert edited != text
    with pytest.raises(MapError, match=rf"{station.id}: unknown symbol 'hexagon'"):
        parse_map(edited)


def test_refuses_an_open_loop() -> None:
    text = MAP_FILE.read_text(encoding="utf-8")
    loop = tokyo_map().loop
    line = "loop = [" + ", ".join(f'"{s}"' for s in loop) + "]"
    assert line in text
    swapped = (loop[1], loop[0], *loop[2:])
    edited = text.replace(line, "loop = [" + ", ".join(f'"{s}"' for s in swapped) + "]")
    with pytest.raises(MapError, match="not closed along guides"):
        parse_map(edited)


def test_refuses_other_mistakes() -> None:
    text = MAP_FILE.read_text(encoding="utf-8")
    with pytest.raises(MapError, match="unknown station Z9"):
        parse_map(text.replace('blue = "E4"', 'blue = "Z9"'))
    with pytest.raises(MapError, match="an id is a column"):
        parse_map(text.replace('id = "A1"', 'id = "A11"'))
    with pytest.raises(MapError, match="listed twice"):
        parse_map(text.replace('id = "C1"', 'id = "A1"'))
    with pytest.raises(MapError, match="unknown district 'zz'"):
        parse_map(
            text.replace(
                'id = "A1", symbol = "square", district = "nw"', 'id = "A1", symbol = "square", district = "zz"'
            )
        )
