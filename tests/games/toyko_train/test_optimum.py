"""The two-ended search for the fewest exchanges, checked against a plain one-ended breadth-first search written
here, over every seating of the 3×2 compartment and of the 3×3 one with three colours doubled."""

from __future__ import annotations

import functools
import random
from collections import Counter, deque

import pytest

from bot.games.toyko_train.data import COLOURS, NINE, SIX, Compartment
from bot.games.toyko_train.optimum import best_path, fewest_exchanges

Seating = tuple[str, ...]

NINE_SORTED: Seating = tuple(sorted([*COLOURS, "red", "orange", "yellow"]))
"""Nine tourists, red, orange and yellow twice, in alphabetical order: blue, green, orange, orange, purple, red…"""
NINE_IN_ROWS: Seating = (*COLOURS, "red", "orange", "yellow")
"""The same nine in colour order, row by row."""


def geometric_exchanges(compartment: Compartment) -> list[tuple[int, int]]:
    """The legal exchanges worked out from rows and columns alone (not the compartment's own list)."""
    found = []
    for a in range(compartment.size):
        for b in range(a + 1, compartment.size):
            (ra, ca), (rb, cb) = divmod(a, compartment.columns), divmod(b, compartment.columns)
            great = ca == cb and {ra, rb} == {0, 2}
            small = ca == cb and abs(ra - rb) == 1
            horizontal = ra == rb and abs(ca - cb) == 1
            if great or small or horizontal:
                found.append((a, b))
    return found


@functools.cache
def distances(compartment: Compartment, start: Seating) -> dict[Seating, int]:
    """The oracle: every seating of start's tourists with its fewest exchanges from start, by plain BFS."""
    exchanges = geometric_exchanges(compartment)
    found = {start: 0}
    queue = deque([start])
    while queue:
        seating = queue.popleft()
        for a, b in exchanges:
            after = list(seating)
            after[a], after[b] = after[b], after[a]
            key = tuple(after)
            if key not in found:
                found[key] = found[seating] + 1
                queue.append(key)
    return found


def walk(compartment: Compartment, start: Seating, path: tuple[tuple[int, int], ...]) -> Seating:
    """Where a path of exchanges leads, each checked to be legal and to move two different tourists."""
    legal = set(geometric_exchanges(compartment))
    seating = list(start)
    for a, b in path:
        assert (min(a, b), max(a, b)) in legal, f"{compartment.name(a)}–{compartment.name(b)} is no legal exchange"
        assert seating[a] != seating[b], "an exchange of two tourists of one colour changes nothing"
        seating[a], seating[b] = seating[b], seating[a]
    return tuple(seating)


def test_the_compartments_list_exactly_the_geometric_exchanges() -> None:
    assert list(SIX.exchanges) == geometric_exchanges(SIX) and len(SIX.exchanges) == 9
    assert list(NINE.exchanges) == geometric_exchanges(NINE) and len(NINE.exchanges) == 15


def test_on_six_every_one_of_the_720_seatings_is_at_most_seven_exchanges_from_a_start() -> None:
    oracle = distances(SIX, COLOURS)
    assert len(oracle) == 720
    assert max(oracle.values()) == 7


def test_on_six_the_search_finds_the_oracles_optimum_for_all_720_targets() -> None:
    oracle = distances(SIX, COLOURS)
    wrong = {
        t: (fewest_exchanges(SIX, COLOURS, t), d) for t, d in oracle.items() if fewest_exchanges(SIX, COLOURS, t) != d
    }
    assert wrong == {}


def test_on_nine_every_one_of_the_45360_seatings_is_at_most_ten_exchanges_from_the_sorted_one() -> None:
    oracle = distances(NINE, NINE_SORTED)
    assert len(oracle) == 45_360 == 362_880 // 2**3
    assert max(oracle.values()) == 10


def test_on_nine_how_far_the_farthest_seating_lies_depends_on_the_start() -> None:
    """With doubled colours not every start is alike: from the colours row by row the farthest is 11 away."""
    oracle = distances(NINE, NINE_IN_ROWS)
    assert len(oracle) == 45_360
    assert max(oracle.values()) == 11
    farthest = sorted(t for t, d in oracle.items() if d == 11)[:4]
    assert [fewest_exchanges(NINE, NINE_IN_ROWS, t) for t in farthest] == [11] * 4


def test_on_nine_the_search_finds_the_oracles_optimum_for_the_farthest_and_a_sample_of_targets() -> None:
    oracle = distances(NINE, NINE_SORTED)
    farthest = [t for t, d in oracle.items() if d == 10]
    sample = random.Random(20).sample(sorted(oracle), 120)
    for target in [*farthest, *sample]:
        assert fewest_exchanges(NINE, NINE_SORTED, target) == oracle[target], target
    for target in farthest:
        assert fewest_exchanges(NINE, target, NINE_SORTED) == 10, "the distance reads both ways"


def test_on_nine_every_distance_from_0_to_10_is_found_right() -> None:
    oracle = distances(NINE, NINE_SORTED)
    one_per_distance = {d: t for t, d in sorted(oracle.items())}
    assert sorted(one_per_distance) == list(range(11))
    for d, target in one_per_distance.items():
        assert fewest_exchanges(NINE, NINE_SORTED, target) == d


@pytest.mark.parametrize("nine", [False, True], ids=["six", "nine"])
def test_a_best_path_is_legal_as_long_as_the_optimum_and_really_leads_to_the_target(nine: bool) -> None:
    compartment, start = (NINE, NINE_SORTED) if nine else (SIX, COLOURS)
    oracle = distances(compartment, start)
    farthest = max(oracle.values())
    targets = [t for t, d in oracle.items() if d == farthest][:5] + random.Random(3).sample(sorted(oracle), 40)
    for target in targets:
        path = best_path(compartment, start, target)
        assert len(path) == oracle[target]
        assert walk(compartment, start, path) == target


def test_a_best_path_between_equal_seatings_is_empty() -> None:
    assert best_path(SIX, COLOURS, COLOURS) == ()
    assert fewest_exchanges(NINE, NINE_SORTED, NINE_SORTED) == 0


def test_seatings_of_different_tourists_are_refused() -> None:
    with pytest.raises(ValueError, match="the same tourists"):
        best_path(SIX, COLOURS, ("red", "red", "yellow", "green", "blue", "purple"))
    other_doubles = tuple(sorted([*COLOURS, "green", "blue", "purple"]))
    assert Counter(other_doubles) != Counter(NINE_SORTED)
    with pytest.raises(ValueError, match="the same tourists"):
        fewest_exchanges(NINE, NINE_SORTED, other_doubles)
    with pytest.raises(ValueError, match="the same tourists"):
        fewest_exchanges(SIX, COLOURS, COLOURS[:5])
