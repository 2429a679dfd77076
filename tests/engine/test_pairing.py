"""Tournament seating: table sizes against a brute force, Swiss rounds and round-robin schedules."""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.pairing import round_robin_round, round_robin_rounds, swiss_round, table_sizes

Met = dict[int, set[int]]


def repeats(tables: Sequence[Sequence[int]], met: Mapping[int, Collection[int]]) -> int:
    """Pairs at one table who met before, counted independently of the module's own helper."""
    return sum(
        1 for table in tables for a, b in itertools.combinations(table, 2) if b in met.get(a, ()) or a in met.get(b, ())
    )


def record(met: Met, tables: Sequence[Sequence[int]]) -> None:
    """Add every pair seated together to the history, both ways."""
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            met.setdefault(a, set()).add(b)
            met.setdefault(b, set()).add(a)


def usable(allowed: Collection[int], target: int) -> tuple[int, ...]:
    """The spec's size rule, restated: allowed sizes 2..target, else the smallest allowed ≥ 2."""
    real = sorted(size for size in set(allowed) if size >= 2)
    fitting = tuple(size for size in real if size <= target)
    return fitting or tuple(real[:1])


@cache
def partitions(total: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every multiset of `sizes` summing to `total`, as non-increasing tuples (brute force)."""
    if total == 0:
        return ((),)
    found = []
    for index, size in enumerate(sizes):
        if size <= total:
            # Only sizes ≤ this one afterwards, so each multiset appears once.
            found += [(size, *rest) for rest in partitions(total - size, sizes[: index + 1])]
    return tuple(found)


def brute_best(players: int, allowed: Collection[int], target: int) -> tuple[int, int, int]:
    """(byes, tables, spread) of the best seating by exhaustive search."""
    sizes = tuple(sorted(usable(allowed, target)))
    options = [
        (byes, len(parts), (max(parts) - min(parts)) if parts else 0)
        for byes in range(players + 1)
        for parts in partitions(players - byes, sizes)
    ]
    return min(options)


# --- table_sizes ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "allowed", "target", "expected"),
    [
        (12, range(2, 9), 4, ([4, 4, 4], 0)),
        (7, range(2, 9), 4, ([4, 3], 0)),
        (7, (2,), 2, ([2, 2, 2], 1)),
        (9, (4, 6, 8), 8, ([8], 1)),
        (5, range(2, 6), 4, ([3, 2], 0)),
        (3, (4, 6, 8), 4, ([], 3)),
        (0, range(2, 9), 4, ([], 0)),
        (1, (1, 2, 3), 4, ([], 1)),
        (14, range(2, 9), 8, ([7, 7], 0)),
        (10, (4, 6, 8), 8, ([6, 4], 0)),
        # Nothing allowed fits the target, so the smallest allowed size is used instead.
        (10, (5, 6), 4, ([5, 5], 0)),
    ],
)
def test_table_sizes_examples(
    players: int, allowed: Sequence[int], target: int, expected: tuple[list[int], int]
) -> None:
    assert table_sizes(players, allowed, target) == expected


def test_table_sizes_rejects_negative_players() -> None:
    with pytest.raises(ValueError):
        table_sizes(-1, range(2, 9), 4)


def test_table_sizes_never_makes_a_table_of_one() -> None:
    sizes, byes = table_sizes(5, (1, 4), 4)
    assert (sizes, byes) == ([4], 1)


@settings(max_examples=400, deadline=None)
@given(
    players=st.integers(0, 18),
    allowed=st.sets(st.integers(1, 8), min_size=1),
    target=st.integers(1, 9),
)
def test_table_sizes_is_optimal_against_brute_force(players: int, allowed: set[int], target: int) -> None:
    sizes, byes = table_sizes(players, sorted(allowed), target)
    assert sum(sizes) + byes == players
    assert all(size >= 2 and size in allowed for size in sizes)
    if any(2 <= size <= target for size in allowed):
        assert all(size <= target for size in sizes)
    assert sizes == sorted(sizes, reverse=True)
    spread = (max(sizes) - min(sizes)) if sizes else 0
    assert (byes, len(sizes), spread) == brute_best(players, allowed, target)
    assert table_sizes(players, sorted(allowed, reverse=True), target) == (sizes, byes)


# --- swiss_round ------------------------------------------------------------------------------------------


def seating_strategy(max_players: int = 16) -> st.SearchStrategy[tuple[list[int], Met, list[int], int, set[int]]]:
    """A standing order, a symmetric meeting history, table sizes from table_sizes, and who had byes."""

    @st.composite
    def build(draw: st.DrawFn) -> tuple[list[int], Met, list[int], int, set[int]]:
        count = draw(st.integers(0, max_players))
        order = draw(st.permutations([100 + i for i in range(count)]))
        pairs = list(itertools.combinations(order, 2))
        met: Met = {}
        for a, b in draw(st.lists(st.sampled_from(pairs), max_size=30)) if pairs else []:
            record(met, [[a, b]])
        allowed = draw(st.sets(st.integers(2, 6), min_size=1))
        sizes, byes = table_sizes(count, sorted(allowed), draw(st.integers(2, 6)))
        had_bye = set(draw(st.lists(st.sampled_from(order), max_size=count))) if order else set()
        return list(order), met, sizes, byes, had_bye

    return build()


@settings(max_examples=200, deadline=None)
@given(seating_strategy())
def test_swiss_seats_everyone_once_at_the_given_sizes(case: tuple[list[int], Met, list[int], int, set[int]]) -> None:
    order, met, sizes, byes, had_bye = case
    tables, resting = swiss_round(order, met, sizes, byes, had_bye)
    everyone = [user for table in tables for user in table] + resting
    assert sorted(everyone) == sorted(order)
    assert [len(table) for table in tables] == sizes
    assert len(resting) == byes


@settings(max_examples=200, deadline=None)
@given(seating_strategy())
def test_swiss_byes_go_to_the_lowest_without_one(case: tuple[list[int], Met, list[int], int, set[int]]) -> None:
    order, met, sizes, byes, had_bye = case
    _, resting = swiss_round(order, met, sizes, byes, had_bye)
    from_bottom = [u for u in reversed(order) if u not in had_bye] + [u for u in reversed(order) if u in had_bye]
    assert set(resting) == set(from_bottom[:byes])


@settings(max_examples=200, deadline=None)
@given(seating_strategy())
def test_swiss_swaps_never_add_repeats(case: tuple[list[int], Met, list[int], int, set[int]]) -> None:
    order, met, sizes, byes, had_bye = case
    tables, resting = swiss_round(order, met, sizes, byes, had_bye)
    seated = [user for user in order if user not in resting]
    plain, start = [], 0
    for size in sizes:
        plain.append(seated[start : start + size])
        start += size
    assert repeats(tables, met) <= repeats(plain, met)
    assert swiss_round(order, met, sizes, byes, had_bye) == (tables, resting)


def test_swiss_byes_when_everyone_had_one_go_to_the_lowest() -> None:
    order = [5, 4, 3, 2, 1]
    _, resting = swiss_round(order, {}, [2, 2], 1, had_bye={1, 2, 3, 4, 5})
    assert resting == [1]
    _, resting = swiss_round(order, {}, [2, 2], 1, had_bye={1, 2})
    assert resting == [3]


def test_swiss_round_one_puts_the_top_players_together() -> None:
    order = [7, 3, 9, 1, 8, 2, 6, 4, 5]
    tables, resting = swiss_round(order, {}, [3, 3, 3], 0, ())
    assert resting == []
    assert tables == [order[0:3], order[3:6], order[6:9]]


def test_swiss_avoids_the_round_one_opponents() -> None:
    # Round one seated the standing neighbours together, so a plain top-down fill repeats every pair.
    order = list(range(1, 9))
    met: Met = {}
    record(met, [[1, 2], [3, 4], [5, 6], [7, 8]])
    tables, _ = swiss_round(order, met, [2, 2, 2, 2], 0, ())
    assert repeats(tables, met) == 0
    assert 1 in tables[0]  # the leader still sits at the top table


@settings(max_examples=200, deadline=None)
@given(order=st.permutations(list(range(1, 9))), pairing=st.permutations(list(range(1, 9))))
def test_swiss_after_one_round_of_pairs_never_repeats(order: list[int], pairing: list[int]) -> None:
    met: Met = {}
    record(met, [pairing[i : i + 2] for i in range(0, 8, 2)])
    tables, resting = swiss_round(order, met, [2, 2, 2, 2], 0, ())
    assert resting == []
    assert repeats(tables, met) == 0


def test_swiss_rejects_sizes_that_do_not_fit() -> None:
    with pytest.raises(ValueError):
        swiss_round([1, 2, 3, 4, 5], {}, [2, 2], 0, ())
    with pytest.raises(ValueError):
        swiss_round([1, 1, 2, 3], {}, [2, 2], 0, ())


# --- round robin ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "rounds"),
    [(0, 2, 0), (1, 2, 0), (2, 2, 1), (7, 2, 7), (8, 2, 7), (4, 4, 1), (8, 4, 3), (9, 3, 4), (10, 4, 3)],
)
def test_round_robin_rounds(players: int, size: int, rounds: int) -> None:
    assert round_robin_rounds(players, size) == rounds


def test_round_robin_rounds_rejects_tables_below_two() -> None:
    with pytest.raises(ValueError):
        round_robin_rounds(6, 1)


@pytest.mark.parametrize("count", range(2, 13))
def test_two_seat_round_robin_meets_everyone_exactly_once(count: int) -> None:
    players = [10 * i + 3 for i in range(count)]
    sizes, byes = table_sizes(count, (2,), 2)
    met: Met = {}
    meetings: dict[frozenset[int], int] = {}
    bye_count = dict.fromkeys(players, 0)
    for index in range(round_robin_rounds(count, 2)):
        had_bye = {user for user, n in bye_count.items() if n}
        tables, resting = round_robin_round(players, index, sizes, byes, met, had_bye)
        assert sorted([u for t in tables for u in t] + resting) == players
        assert all(len(table) == 2 for table in tables)
        for a, b in tables:
            meetings[frozenset((a, b))] = meetings.get(frozenset((a, b)), 0) + 1
        for user in resting:
            bye_count[user] += 1
        record(met, tables)
    assert meetings == {frozenset(pair): 1 for pair in itertools.combinations(players, 2)}
    assert max(bye_count.values()) <= 1
    assert sum(bye_count.values()) == (count % 2) * count


def best_possible(players: Sequence[int], sizes: Sequence[int], met: Met) -> int:
    """The fewest repeats any seating of these players at these table sizes can have (exhaustive)."""

    def search(left: tuple[int, ...], rest: Sequence[int]) -> int:
        if not rest:
            return 0
        # The lowest remaining player sits at this table, which removes the table-order symmetry.
        first, others = left[0], left[1:]
        return min(
            repeats([[first, *mates]], met) + search(tuple(u for u in others if u not in mates), rest[1:])
            for mates in itertools.combinations(others, rest[0] - 1)
        )

    return search(tuple(players), sizes)


def test_four_seat_round_robin_repeats_only_when_unavoidable() -> None:
    players = list(range(1, 9))
    met: Met = {}
    seen: set[frozenset[int]] = set()
    for index in range(round_robin_rounds(8, 4)):
        tables, resting = round_robin_round(players, index, [4, 4], 0, met, ())
        assert resting == [] and sorted(u for t in tables for u in t) == players
        assert repeats(tables, met) == best_possible(players, [4, 4], met)
        seen |= {frozenset(pair) for table in tables for pair in itertools.combinations(table, 2)}
        record(met, tables)
    assert seen == {frozenset(pair) for pair in itertools.combinations(players, 2)}


def test_four_seat_round_robin_round_two_has_no_repeats_when_avoidable() -> None:
    players = list(range(1, 17))
    met: Met = {}
    first, _ = round_robin_round(players, 0, [4, 4, 4, 4], 0, met, ())
    record(met, first)
    second, _ = round_robin_round(players, 1, [4, 4, 4, 4], 0, met, ())
    assert sorted(u for t in second for u in t) == players
    assert repeats(second, met) == 0


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("count", range(4, 13))
def test_bigger_table_round_robin_round_two_is_as_good_as_any_seating(count: int, size: int) -> None:
    players = list(range(1, count + 1))
    sizes, byes = table_sizes(count, (size,), size)
    met: Met = {}
    tables, resting = round_robin_round(players, 0, sizes, byes, met, ())
    record(met, tables)
    tables, resting = round_robin_round(players, 1, sizes, byes, met, set(resting))
    assert sorted([u for t in tables for u in t] + resting) == players
    assert repeats(tables, met) == best_possible([u for u in players if u not in resting], sizes, met)


def test_bigger_table_round_robin_rotates_byes() -> None:
    players = list(range(1, 10))
    sizes, byes = table_sizes(9, (4,), 4)
    assert (sizes, byes) == ([4, 4], 1)
    met: Met = {}
    had_bye: list[int] = []
    for index in range(len(players)):
        tables, resting = round_robin_round(players, index, sizes, byes, met, set(had_bye))
        assert len(resting) == 1 and resting[0] not in had_bye
        had_bye += resting
        record(met, tables)
    # Fresh byes go from the end of the given order upwards.
    assert had_bye == players[::-1]
