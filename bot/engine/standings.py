"""Tournament standings: points per finish, then game score, then head-to-head among the tied."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

_POINT_DIGITS = 9
"""Points are compared rounded to this many decimals, so that float sums like 0.1 + 0.2 still tie 0.3."""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished table of a tournament round."""

    round: int
    table: int
    ranks: Mapping[int, int]  # user → rank at the table (1 = best, ties share a rank)
    scores: Mapping[int, int]  # user → game score


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings."""

    user_id: int
    place: int  # 1 = first; players equal on every tiebreak share a place
    points: float  # tournament points
    score: int  # total game score
    games: int
    wins: int  # rank 1 finishes
    byes: int
    dropped: bool


def table_points(rank: int, seats: int, scheme: Sequence[float] | None) -> float:
    """Tournament points for finishing `rank` of `seats`: N−rank by default, else scheme[rank−1] (0 beyond its end)."""
    if not 1 <= rank <= seats:
        raise ValueError(f"rank {rank} is not a finish at a table of {seats}")
    if scheme is None:
        return float(seats - rank)
    return float(scheme[rank - 1]) if rank <= len(scheme) else 0.0


@dataclass(slots=True)
class _Tally:
    """A player's running totals while the results are read."""

    points: float = 0.0
    score: int = 0
    games: int = 0
    wins: int = 0
    byes: int = 0


def _head_to_head(group: Collection[int], results: Sequence[TableResult]) -> dict[int, int]:
    """For each player of the group: finishes above another group member at a shared table, minus finishes below."""
    balance = dict.fromkeys(group, 0)
    for result in results:
        present = [user for user in result.ranks if user in balance]
        for user in present:
            for other in present:
                if result.ranks[user] < result.ranks[other]:
                    balance[user] += 1
                elif result.ranks[user] > result.ranks[other]:
                    balance[user] -= 1
    return balance


def standings(
    players: Sequence[int],
    results: Sequence[TableResult],
    byes: Sequence[tuple[int, int]],
    *,
    scheme: Sequence[float] | None = None,
    bye_points: float,
    lower_scores_win: bool = False,
    dropped: Collection[int] = (),
) -> list[Standing]:
    """Players ordered by points, then total game score, then head-to-head among the tied."""
    # Anyone who played or sat out is listed even if the caller's roster missed them: a result
    # silently vanishing from the table would be worse than an unexpected line.
    roster = list(dict.fromkeys([*players, *(u for r in results for u in r.ranks), *(u for _, u in byes)]))
    tally = {user: _Tally() for user in roster}
    for result in results:
        seats = len(result.ranks)
        for user, rank in result.ranks.items():
            line = tally[user]
            line.points += table_points(rank, seats, scheme)
            line.score += result.scores.get(user, 0)
            line.games += 1
            line.wins += rank == 1
    for _, user in byes:
        tally[user].points += bye_points
        tally[user].byes += 1

    def primary(user: int) -> tuple[float, int]:
        """Sort key before head-to-head: more points first, then the better total score."""
        line = tally[user]
        return -round(line.points, _POINT_DIGITS), line.score if lower_scores_win else -line.score

    ordered: list[tuple[tuple[float, int, int], int]] = []
    groups: dict[tuple[float, int], list[int]] = {}
    for user in roster:
        groups.setdefault(primary(user), []).append(user)
    for level in sorted(groups):
        # Head-to-head only among those level on points and score; a group of one gets 0 and is unaffected.
        balance = _head_to_head(groups[level], results)
        ordered.extend(((*level, -balance[user]), user) for user in groups[level])
    ordered.sort()

    lines: list[Standing] = []
    for index, (key, user) in enumerate(ordered):
        # Competition ranking (1, 2, 2, 4): a shared place skips the places it used up.
        place = lines[-1].place if index and ordered[index - 1][0] == key else index + 1
        line = tally[user]
        lines.append(
            Standing(
                user_id=user,
                place=place,
                points=line.points,
                score=line.score,
                games=line.games,
                wins=line.wins,
                byes=line.byes,
                dropped=user in dropped,
            )
        )
    return lines
