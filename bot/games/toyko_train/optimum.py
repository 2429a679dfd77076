"""The fewest exchanges from one seating to another: a best path, and the count alone (both cached).

A best path comes from a two-ended breadth-first search; the count alone from a table of the arrangements near
"every tourist home", which answers most questions with one look-up.
"""

from __future__ import annotations

import functools
import itertools
from array import array
from bisect import bisect_left

from bot.games.toyko_train.data import COLOURS, Compartment

Seating = tuple[str, ...]
"""The tourist colour in each place, places in index order."""
Exchange = tuple[int, int]


BITS = 3
"""Bits per place when a seating is packed into one int: enough for six colours."""
FIELD = (1 << BITS) - 1
PLACE_BITS = 4
"""Bits per place when an arrangement (each place holds the place its tourist must reach) is packed: nine places."""
PLACE_FIELD = (1 << PLACE_BITS) - 1
RADIUS = 7
"""How far from home the table of arrangements reaches: 117,028 of the 362,880 of nine places, about 1 MB; every
seating of six places is at most 7 exchanges from home. Most targets are nearer, so most counts are one look-up."""
DEPTH_BITS = 4
"""Low bits of a table entry that hold its distance from home (at most RADIUS)."""


def _moves(exchanges: tuple[Exchange, ...]) -> list[tuple[int, int, int, Exchange]]:
    """Each exchange with the bit offsets of its two places in a packed seating, and a 1 at each offset."""
    return [(BITS * a, BITS * b, (1 << BITS * a) | (1 << BITS * b), (a, b)) for a, b in exchanges]


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
    # And which side reached each seating: one look-up tells a new seating, one of ours and one of theirs apart.
    side_of = {start: 0, target: 1}
    moves = _moves(compartment.exchanges)
    frontiers: list[list[int]] = [[start], [target]]
    while frontiers[0] and frontiers[1]:
        # Grow the smaller frontier a whole layer: the two searches meet in the middle, far sooner than one alone.
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        mine = came[side]
        grown = []
        for seating in frontiers[side]:
            # One legal exchange away, in a handful of integer operations (a twin pair swapped changes nothing).
            for first, second, ones, exchange in moves:
                differ = ((seating >> first) ^ (seating >> second)) & FIELD
                if not differ:
                    continue
                after = seating ^ differ * ones
                reached = side_of.get(after)
                if reached is None:
                    side_of[after] = side
                    mine[after] = (seating, exchange)
                    grown.append(after)
                elif reached != side:
                    # Every meeting in this layer closes a path of the same length (both sides' depths plus one):
                    # the first found is the path to give.
                    return _joined(came, side, (after, seating, exchange))
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


@functools.lru_cache(maxsize=4096)
def fewest_exchanges(compartment: Compartment, start: Seating, target: Seating) -> int:
    """The fewest legal exchanges that turn `start` into `target`."""
    if sorted(start) != sorted(target):
        raise ValueError("the two seatings must hold the same tourists")
    table, moves = _table(compartment), _place_moves(compartment)
    # Twins may reach either of their colour's places: the count is the fewest over every way to send them.
    layer = set(_arrangements(start, target))
    seen = set(layer)
    steps = 0
    while True:
        # A layer of arrangements `steps` exchanges out, none nearer home than the table reaches, until one is in it.
        known = [d for d in (_depth(table, arrangement) for arrangement in layer) if d is not None]
        if known:
            return steps + min(known)
        layer = {after for arrangement in layer for after in _neighbours(arrangement, moves)} - seen
        seen |= layer
        steps += 1


def _arrangements(start: Seating, target: Seating) -> list[int]:
    """`start` packed as arrangements: each place holds a place of its tourist's colour in `target`, all different."""
    homes = [[place for place, colour in enumerate(target) if colour == tourist] for tourist in start]
    return [
        sum(home << (PLACE_BITS * place) for place, home in enumerate(choice))
        for choice in itertools.product(*homes)
        if len(set(choice)) == len(choice)
    ]


def _place_moves(compartment: Compartment) -> list[tuple[int, int]]:
    """Each exchange as the bit offsets of its two places in a packed arrangement."""
    return [(PLACE_BITS * a, PLACE_BITS * b) for a, b in compartment.exchanges]


def _neighbours(arrangement: int, moves: list[tuple[int, int]]) -> list[int]:
    """The arrangements one exchange away (every tourist is different, so every exchange changes something)."""
    found = []
    for first, second in moves:
        differ = ((arrangement >> first) ^ (arrangement >> second)) & PLACE_FIELD
        found.append(arrangement ^ (differ << first) ^ (differ << second))
    return found


@functools.cache
def _table(compartment: Compartment) -> array[int]:
    """Every arrangement within RADIUS exchanges of home, its distance in the low DEPTH_BITS, sorted.

    Kept as one sorted array of ints rather than a dict: a tenth of the memory, and a look-up is still a bisection.
    """
    moves = _place_moves(compartment)
    home = sum(place << (PLACE_BITS * place) for place in range(compartment.size))
    entries = [home << DEPTH_BITS]
    # Breadth first, remembering two layers only: a neighbour of the last layer is in it, in the one before, or new.
    previous: set[int] = set()
    layer = {home}
    for depth in range(1, RADIUS + 1):
        grown = {after for arrangement in layer for after in _neighbours(arrangement, moves)} - layer - previous
        previous, layer = layer, grown
        entries += [(arrangement << DEPTH_BITS) | depth for arrangement in layer]
    return array("Q", sorted(entries))


def _depth(table: array[int], arrangement: int) -> int | None:
    """The arrangement's distance from home if the table holds it."""
    key = arrangement << DEPTH_BITS
    i = bisect_left(table, key)
    if i < len(table) and table[i] >> DEPTH_BITS == arrangement:
        return table[i] & ((1 << DEPTH_BITS) - 1)
    return None
