"""Tournament seating: table sizes, Swiss rounds and round-robin rounds, all deterministic."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

_UNREACHABLE = 1 << 30
"""Stands for "no partition exists" in the table-count tables; bigger than any real count."""


def _fewest_tables(total: int, sizes: Collection[int]) -> list[int]:
    """For each player count 0..total, the fewest tables of these sizes that seat exactly that many."""
    best = [0] + [_UNREACHABLE] * total
    for count in range(1, total + 1):
        best[count] = min((best[count - size] + 1 for size in sizes if size <= count), default=_UNREACHABLE)
    return best


def _usable_sizes(allowed: Sequence[int], target: int) -> list[int]:
    """The table sizes a round may use: allowed sizes ≥ 2 and ≤ target, or the smallest allowed if none fits."""
    # A table of one is no game against anybody, so solo-capable games still seat at least two.
    real = sorted({size for size in allowed if size >= 2})
    fitting = [size for size in real if size <= target]
    return fitting or real[:1]


def table_sizes(players: int, allowed: Sequence[int], target: int) -> tuple[list[int], int]:
    """The table sizes for this many players, and how many of them sit out (byes)."""
    if players < 0:
        raise ValueError(f"players must be ≥ 0, got {players}")
    usable = _usable_sizes(allowed, target)
    if not usable:
        return [], players
    fewest = _fewest_tables(players, usable)
    seated = max(count for count in range(players + 1) if fewest[count] < _UNREACHABLE)
    tables = fewest[seated]
    # Every window [low, high] of usable sizes, narrowest first: the first one that still seats
    # them all at the fewest tables gives the most even split. Higher windows win ties so that
    # equal spreads prefer bigger tables, which keeps the answer unique.
    windows = sorted(
        ((low, high) for low in usable for high in usable if low <= high), key=lambda w: (w[1] - w[0], -w[1])
    )
    for low, high in windows:
        window = [size for size in usable if low <= size <= high]
        within = _fewest_tables(seated, window)
        if within[seated] == tables:
            return _rebuild(seated, window, within), players - seated
    raise AssertionError("the full window always seats everyone")  # pragma: no cover


def _rebuild(total: int, sizes: Sequence[int], fewest: Sequence[int]) -> list[int]:
    """One fewest-table partition of `total`, taking the biggest possible table each step (largest first)."""
    parts: list[int] = []
    while total:
        size = max(size for size in sizes if size <= total and fewest[total - size] == fewest[total] - 1)
        parts.append(size)
        total -= size
    return sorted(parts, reverse=True)


def _have_met(met: Mapping[int, Collection[int]], a: int, b: int) -> bool:
    """Whether a and b sat together before; either side's record is enough, in case the history is one-sided."""
    return b in met.get(a, ()) or a in met.get(b, ())


def _repeats(tables: Sequence[Sequence[int]], met: Mapping[int, Collection[int]]) -> int:
    """How many pairs sitting at one table have met before."""
    return sum(
        _have_met(met, table[i], table[j])
        for table in tables
        for i in range(len(table))
        for j in range(i + 1, len(table))
    )


def _clashes(user: int, table: Sequence[int], skip: int, met: Mapping[int, Collection[int]]) -> int:
    """How many people at `table` (apart from `skip`) `user` has met."""
    return sum(1 for other in table if other != skip and other != user and _have_met(met, user, other))


def _find_swap(
    tables: list[list[int]],
    pairs: Sequence[tuple[int, int]],
    rank: Mapping[int, int],
    met: Mapping[int, Collection[int]],
) -> tuple[int, int, int, int] | None:
    """The improving swap between these table pairs with the two players closest in standing, if any."""
    # Closest in standing first keeps tables level; among equally close swaps the bigger gain wins,
    # so one swap that clears two repeats is not spent on a neighbour that clears only one.
    found: tuple[int, int, int, int, int, int] | None = None
    for first, second in pairs:
        for i, a in enumerate(tables[first]):
            for j, b in enumerate(tables[second]):
                before = _clashes(a, tables[first], a, met) + _clashes(b, tables[second], b, met)
                after = _clashes(b, tables[first], a, met) + _clashes(a, tables[second], b, met)
                key = (abs(rank[a] - rank[b]), after - before)
                if after < before and (found is None or key < found[:2]):
                    found = (*key, first, i, second, j)
    return None if found is None else found[2:]


def _improve(tables: list[list[int]], order: Sequence[int], met: Mapping[int, Collection[int]]) -> list[list[int]]:
    """Swap players between tables while that strictly lowers the repeats; neighbouring tables are tried first."""
    rank = {user: index for index, user in enumerate(order)}
    tables = [list(table) for table in tables]
    adjacent = [(t, t + 1) for t in range(len(tables) - 1)]
    anywhere = [(t, u) for t in range(len(tables)) for u in range(t + 2, len(tables))]
    # Each swap lowers the repeat count by at least one, so this bound is never the reason to stop;
    # it only makes termination evident.
    for _ in range(_repeats(tables, met)):
        swap = _find_swap(tables, adjacent, rank, met) or _find_swap(tables, anywhere, rank, met)
        if swap is None:
            break
        first, i, second, j = swap
        tables[first][i], tables[second][j] = tables[second][j], tables[first][i]
    # Seat order follows standing (or the given order), so the output does not depend on swap history.
    return [sorted(table, key=rank.__getitem__) for table in tables]


def _pick_byes(order: Sequence[int], byes: int, had_bye: Collection[int]) -> list[int]:
    """The `byes` players lowest in `order`, skipping those who already had a bye while others have not."""
    fresh = [user for user in reversed(order) if user not in had_bye]
    again = [user for user in reversed(order) if user in had_bye]
    chosen = set((fresh + again)[:byes])
    return [user for user in order if user in chosen]


def _check_counts(players: Sequence[int], sizes: Sequence[int], byes: int) -> None:
    """Raise ValueError unless the tables and byes hold exactly these (distinct) players."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if byes < 0 or any(size < 1 for size in sizes) or sum(sizes) + byes != len(players):
        raise ValueError(f"{len(players)} players do not fit tables {list(sizes)} with {byes} byes")


def _slice(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Cut `players` into consecutive tables of `sizes`."""
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(list(players[start : start + size]))
        start += size
    return tables


def swiss_round(
    order: Sequence[int],
    met: Mapping[int, Collection[int]],
    sizes: Sequence[int],
    byes: int,
    had_bye: Collection[int],
) -> tuple[list[list[int]], list[int]]:
    """Swiss seating: tables of players close in standing, avoiding repeat opponents where possible; and the byes."""
    _check_counts(order, sizes, byes)
    resting = _pick_byes(order, byes, had_bye)
    seated = [user for user in order if user not in resting]
    return _improve(_slice(seated, sizes), order, met), resting


def round_robin_rounds(players: int, allowed_target_size: int) -> int:
    """Rounds a full round robin needs: n−1 (even) or n (odd) at two-seat tables, else ceil((n−1)/(size−1))."""
    if players < 0 or allowed_target_size < 2:
        raise ValueError(f"need players ≥ 0 and a table size ≥ 2, got {players} and {allowed_target_size}")
    if players < 2:
        return 0
    if allowed_target_size == 2:
        return players - 1 if players % 2 == 0 else players
    # Each round a player meets at most size−1 new people and has n−1 to meet.
    return -(-(players - 1) // (allowed_target_size - 1))


def _circle(players: Sequence[int], round_index: int) -> tuple[list[list[int]], list[int]]:
    """The circle method: the first player stays put, the rest rotate one place per round."""
    ring: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    rest = ring[1:]
    shift = round_index % len(rest)
    line = [ring[0], *rest[len(rest) - shift :], *rest[: len(rest) - shift]]
    tables: list[list[int]] = []
    resting: list[int] = []
    for i in range(len(line) // 2):
        a, b = line[i], line[-1 - i]
        if a is None or b is None:
            resting.extend(user for user in (a, b) if user is not None)
        else:
            tables.append([a, b])
    return tables, resting


def _greedy(players: Sequence[int], sizes: Sequence[int], met: Mapping[int, Collection[int]]) -> list[list[int]]:
    """Fill tables one at a time with whoever has met the fewest of the table so far."""
    left = set(players)
    tables: list[list[int]] = []
    for size in sizes:
        table: list[int] = []
        for _ in range(size):
            pick = min(left, key=lambda u: (_clashes(u, table, u, met), len(met.get(u, ())), u))
            table.append(pick)
            left.remove(pick)
        tables.append(table)
    return tables


def round_robin_round(
    players: Sequence[int],
    round_index: int,
    sizes: Sequence[int],
    byes: int,
    met: Mapping[int, Collection[int]],
    had_bye: Collection[int],
) -> tuple[list[list[int]], list[int]]:
    """Round-robin seating for round `round_index` (0-based): over the rounds, everyone meets everyone."""
    _check_counts(players, sizes, byes)
    if round_index < 0:
        raise ValueError(f"round_index must be ≥ 0, got {round_index}")
    if len(players) >= 2 and all(size == 2 for size in sizes) and byes == len(players) % 2:
        # A fixed schedule beats any greedy one here: every pair exactly once, at most one bye each.
        return _circle(players, round_index)
    resting = _pick_byes(players, byes, had_bye)
    seated = [user for user in players if user not in resting]
    # Greedy seats well but can corner itself on the last table; the swap pass only ever removes repeats.
    return _improve(_greedy(seated, sizes, met), players, met), resting
