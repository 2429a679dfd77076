"""Random legal games for 1–8 seats: nothing crosses, no line revisits a station, every section follows a guide, and
each final score agrees with a count written here from the drawn sections and the map alone."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from bot.games.next_station_tokyo.data import COLUMNS, Sheet, crosses, segment, tokyo_map
from bot.games.next_station_tokyo.state import TokyoState
from bot.games.rng import GameRandom
from tests.games.next_station_tokyo.scenarios import Section

GREEN = "green"
INTERCHANGE = {3: 5, 4: 15, 5: 30}
OUTER = {"corner": 10, "edge": 5}


def position(sid: str) -> tuple[int, int]:
    """A station's lattice point read from its id ("C7" → (2, 7))."""
    return COLUMNS.index(sid[0]), int(sid[1:])


OCCUPIED = {position(sid) for sid in tokyo_map().stations}


def along_a_guide(a: str, b: str) -> bool:
    """Whether a–b runs straight (orthogonal or diagonal) with no station strictly between."""
    (ax, ay), (bx, by) = position(a), position(b)
    dx, dy = bx - ax, by - ay
    steps = max(abs(dx), abs(dy))
    if steps == 0 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return False
    return all((ax + dx // steps * k, ay + dy // steps * k) not in OCCUPIED for k in range(1, steps))


def coloured(drawn: Sheet) -> list[tuple[Section, str]]:
    """Every section on a sheet with its colour, the green loop's included."""
    loop = tokyo_map().loop
    found = [((a, loop[(i + 1) % len(loop)]), GREEN) for i, a in enumerate(loop)]
    return found + [(section, colour) for colour, sections in drawn.items() for section in sections]


def may_meet(first: tuple[Section, str], second: tuple[Section, str]) -> bool:
    """Two drawn sections may only overlap as the same section in two different colours (Double Rail)."""
    (s1, c1), (s2, c2) = first, second
    if not crosses(s1, s2, tokyo_map().stations):
        return True
    return segment(*s1) == segment(*s2) and c1 != c2


def is_tree(sections: list[Section], departure: str) -> bool:
    """Whether a line is connected from its departure and never closes on itself (so visits no station twice)."""
    if not sections:
        return True
    stations = {s for section in sections for s in section}
    reached, frontier = {departure}, [departure]
    while frontier:
        here = frontier.pop()
        for a, b in sections:
            for there in (b,) if a == here else (a,) if b == here else ():
                if there not in reached:
                    reached.add(there)
                    frontier.append(there)
    return reached == stations and len(stations) == len(sections) + 1


def check_move(before: TokyoState, after: TokyoState, seat: int, action: Action) -> None:
    """The move changed only the mover's line of this round, and what it drew keeps every drawing rule."""
    board = tokyo_map()
    colour = before.colour_of(seat)
    old, new = before.sheets[seat][colour], after.sheets[seat][colour]
    assert new[: len(old)] == old
    for each in range(before.seats):
        for c in before.sheets[each]:
            assert after.sheets[each][c] == before.sheets[each][c] or (each, c) == (seat, colour)
    added = new[len(old) :]
    assert bool(added) == (action.verb == "draw")
    assert is_tree(new, board.departures[colour]), f"{colour} line of seat {seat} revisits a station: {new}"
    existing = coloured(before.sheets[seat])
    overlaps = 0
    for n, section in enumerate(added):
        assert along_a_guide(*section), f"{section} follows no guide"
        for other in [*existing, *((s, colour) for s in added[:n])]:
            assert may_meet((section, colour), other), f"{section} crosses {other}"
            overlaps += segment(*section) == segment(*other[0])
    if added:
        symbol = str(before.card).split()[1]
        assert symbol == "joker" or board.stations[added[-1][1]].symbol == symbol
    assert overlaps <= 1, "Double Rail reuses one section once"
    assert not overlaps or before.card == "pink joker" or before.effect == "double"
    assert not overlaps or before.express[seat] is None, "never on an Express's second section"


def check_sheet(drawn: Sheet) -> None:
    """No two sections of a finished sheet cross, except one section drawn twice in two colours, never thrice."""
    every = coloured(drawn)
    for first, second in combinations(every, 2):
        assert may_meet(first, second), f"{first} crosses {second}"
    assert max(Counter(segment(*s) for s, _ in every).values()) <= 2


def visits(drawn: Sheet) -> dict[str, set[str]]:
    """Colour → the stations its line visits."""
    return {colour: {s for section in sections for s in section} for colour, sections in drawn.items()}


def districts(stations: Iterable[str]) -> Counter[str]:
    """How many of the stations lie in each district."""
    board = tokyo_map()
    return Counter(board.stations[s].district for s in stations)


def counted_score(drawn: Sheet, objectives: list[int]) -> int:
    """A sheet's score counted from scratch, following RULINGS.md (not scoring.py)."""
    board = tokyo_map()
    lines = visits(drawn)
    line_points = sum(len(d) * max(d.values()) for d in map(districts, lines.values()) if d)
    lines_at = Counter(board.loop) + Counter(s for stations in lines.values() for s in stations)
    hubs = {s: n for s, n in lines_at.items() if n >= 2}
    hub_points = sum(INTERCHANGE.get(n, 0) for n in hubs.values())
    stamps = sum(OUTER.get(board.districts[d], 0) for d in districts(hubs))
    mine = set().union(*lines.values())
    misses = len(set(board.loop) - mine)
    met = [
        len(hubs) >= 6,
        set(districts(mine)) == set(board.districts),
        misses == 0,
        any(len(districts(stations)) >= 7 for stations in lines.values()),
        any(n >= 4 for n in hubs.values()),
    ]
    return line_points + hub_points + stamps - 3 * misses + 10 * sum(met[i] for i in objectives)


def play(seed: int, seats: int, options: dict[str, bool], moves: random.Random, eager: bool) -> TokyoState:
    """A whole game of random legal moves (`eager`: passing only when nothing else is legal), each checked as made."""
    state = NEXT_STATION_TOKYO.setup(seed, seats, options)
    step = 0
    while not state.finished:
        seat = moves.choice(sorted(NEXT_STATION_TOKYO.to_act(state)))
        legal = NEXT_STATION_TOKYO.legal_actions(state, seat)
        action = moves.choice([a for a in legal if a.verb == "draw"] if eager and len(legal) > 1 else legal)
        step += 1
        after = NEXT_STATION_TOKYO.apply(state, seat, action, GameRandom(seed, step))
        check_move(state, after, seat, action)
        state = after
    return state


@settings(max_examples=250, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(1, 8),
    objectives=st.booleans(),
    effects=st.booleans(),
    moves=st.integers(0, 2**32),
    eager=st.booleans(),
)
def test_random_games_keep_the_drawing_rules_and_score_as_counted(
    seed: int, seats: int, objectives: bool, effects: bool, moves: int, eager: bool
) -> None:
    options = {"objectives": objectives, "effects": effects}
    state = play(seed, seats, options, random.Random(moves), eager)
    assert state.round == 4
    for drawn in state.sheets:
        check_sheet(drawn)
    outcome = NEXT_STATION_TOKYO.outcome(state)
    assert outcome is not None
    assert outcome.scores == tuple(counted_score(drawn, state.objectives) for drawn in state.sheets)


def test_the_counted_score_is_not_trivial() -> None:
    """The oracle itself, on a sheet worked out by hand: lines 2+2+2, a 3-line interchange 5, edge n 5, 7 misses."""
    drawn = {"blue": [("E4", "D3")], "orange": [("D2", "D3")], "purple": [("D2", "E2")], "pink": []}
    assert counted_score(drawn, []) == 6 + 5 + 5 - 21
    assert counted_score(drawn, [4]) == counted_score(drawn, []), "no 4-line interchange"


def test_the_checks_refuse_bad_drawings() -> None:
    """The playout checks themselves: bends, passing a station, loops, crossings and same-colour overlaps fail."""
    assert along_a_guide("E4", "E5") and along_a_guide("E4", "F5")
    assert not along_a_guide("E4", "G5") and not along_a_guide("E4", "E7"), "a bend; passing E5"
    assert is_tree([("E4", "F4"), ("F4", "F5"), ("F4", "G5")], "E4")
    assert not is_tree([("E4", "F4"), ("F4", "F5"), ("F5", "E4")], "E4"), "back to E4"
    assert not is_tree([("F4", "F5")], "E4"), "not from the departure"
    assert not may_meet((("E4", "F5"), "blue"), (("F4", "E5"), "orange"))
    assert not may_meet((("E4", "F5"), "blue"), (("F5", "E4"), "blue"))
    assert may_meet((("E4", "F5"), "blue"), (("F5", "E4"), "orange")) and may_meet(
        (("E4", "E5"), "blue"), (("F4", "E5"), "orange")
    )
