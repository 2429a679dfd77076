"""The fewest exchanges from one seating to another, by breadth-first search from both ends (cached)."""

from __future__ import annotations

import functools

from bot.games.toyko_train.data import COLOURS, Compartment

Seating = tuple[str, ...]
"""The tourist colour in each place, places in index order."""
Exchange = tuple[int, int]


BITS = 3
"""Bits per place when a seating is packed into one int: enough for six colours."""
FIELD = (1 << BITS) - 1


def _moves(exchanges: tuple[Exchange, ...]) -> list[tuple[int, int, Exchange]]:
    """Each exchange with the bit offsets of its two places in a packed seating."""
    return [(BITS * a, BITS * b, (a, b)) for a, b in exchanges]


def _packed(seating: Seating) -> int:
    """A seating packed into an int: each place's colour number in its own bits.

    Swapping two fields of an int is a handful of integer operations, many times faster than rebuilding tuples,
    and ints hash fast.
    """
    return sum(COLOURS.index(colour) << (BITS * place) for place, colour in enumerate(seating))


@functools.lru_cache(maxsize=4096)
def best_path(compartment: Compartment, start: Seating, target: Seating) -> tuple[Exchange, ...]:
    """A shortest list of legal exchanges that turns `start` into `target` (the same tourists in another order)."""
    if sorted(start) != sorted(target):
        raise ValueError("the two seatings must hold the same tourists")
    if start == target:
        return ()
    return _search(compartment, _packed(start), _packed(target))


def _search(compartment: Compartment, start: int, target: int) -> tuple[Exchange, ...]:
    """The two-ended breadth-first search itself, on packed seatings."""
    # Each side remembers how it reached every seating: (the seating before, the exchange), None at its own end.
    came: list[dict[int, tuple[int, Exchange] | None]] = [{start: None}, {target: None}]
    moves = _moves(compartment.exchanges)
    frontiers: list[list[int]] = [[start], [target]]
    while frontiers[0] and frontiers[1]:
        # Grow the smaller frontier a whole layer: the two searches meet in the middle, far sooner than one alone.
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        mine, theirs = came[side], came[1 - side]
        grown, meetings = [], []
        for seating in frontiers[side]:
            # One legal exchange away, in a handful of integer operations (a twin pair swapped changes nothing).
            for first, second, exchange in moves:
                differ = ((seating >> first) ^ (seating >> second)) & FIELD
                if not differ:
                    continue
                after = seating ^ (differ << first) ^ (differ << second)
                if after in theirs:
                    meetings.append((after, seating, exchange))
                elif after not in mine:
                    mine[after] = (seating, exchange)
                    grown.append(after)
        if meetings:
            paths = [_joined(came, side, meeting) for meeting in meetings]
            return min(paths, key=len)
        frontiers[side] = grown
    raise ValueError("the target can't be reached")  # never: the exchanges connect every seating


def _joined(
    came: list[dict[int, tuple[int, Exchange] | None]],
    side: int,
    meeting: tuple[int, int, Exchange],
) -> tuple[Exchange, ...]:
    """The whole path through a meeting: start's side walked back, the meeting exchange, the target's side forward."""
    after, before, exchange = meeting
    ends = (before, after) if side == 0 else (after, before)
    first_half = _walk(came[0], ends[0])[::-1]
    second_half = _walk(came[1], ends[1])
    return (*first_half, exchange, *second_half)


def _walk(came: dict[int, tuple[int, Exchange] | None], seating: int) -> list[Exchange]:
    """The exchanges from `seating` back to its side's own end (an exchange undoes itself, so it reads both ways)."""
    path = []
    step = came[seating]
    while step is not None:
        seating, exchange = step
        path.append(exchange)
        step = came[seating]
    return path


def fewest_exchanges(compartment: Compartment, start: Seating, target: Seating) -> int:
    """The fewest legal exchanges that turn `start` into `target`."""
    return len(best_path(compartment, start, target))
