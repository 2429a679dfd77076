"""Computer players of Mexican Train: random sensible plays, a greedy line planner, and determinized search."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.computers.base import Budget, Player, Seen
from bot.computers.search import best_move
from bot.games.base import Action, State
from bot.games.mexican_train import rules, tiles
from bot.games.mexican_train.state import MEXICAN, MexicanState

CHAIN_NODES, ROLLOUT_NODES = 3000, 300
"""How far the normal player looks for its own train's longest line (a hand of 15 rarely needs more), and in
the search's rollouts (many more moves, each cheaper)."""
OFF_LINE, ELSEWHERE, COVERED, UNCOVERED = 5.0, 1.0, 4.0, -6.0
"""Normal's weights: per tile off its own line; per such tile another train takes now; a double it covers or not."""
PIP, URGENT_PIP, URGENT = 0.05, 0.5, 3
"""Normal's weight per pip shed, and when an opponent is down to URGENT tiles (pips then decide who wins)."""
WIDTH, INCUMBENT = 5, 5.0
"""The strong player searches at most this many plays, the normal player's best first (more would thin the
playouts), and keeps normal's choice unless another scores this much more (a twentieth of a win)."""
CLOSES_MARKER = 3.0
"""Normal's liking for an own-train play that takes its marker back (no one else can then break its line)."""
WIN, MARGIN = 100.0, 0.1
"""A search playout's worth: winning the round (the fewest pips), then a little of the pip margin (the margins of a
round gone out are large, and would otherwise outweigh how often a move wins)."""


def _code(pair: Sequence[int], *, oriented: bool = False) -> int:
    """A view's [a, b] pair as a code (canonical for a hand tile, oriented for a placed one)."""
    a, b = int(pair[0]), int(pair[1])
    return a * tiles.BASE + b if oriented else tiles.tile(a, b)


def _train(pairs: Any) -> list[int]:
    return [_code(p, oriented=True) for p in pairs]


def known_state(seen: Seen) -> tuple[MexicanState, list[int]]:
    """The game as the seat sees it (its own hand and the table; other hands and the boneyard empty), and the
    number of tiles each hand holds."""
    public, private = seen.public, seen.private
    seats, seat = seen.seats, seen.seat
    counts = [int(n) for n in public["hands"]]
    hands: list[list[int]] = [[] for _ in range(seats)]
    hands[seat] = sorted(_code(p) for p in private["hand"])
    trains = [_train(t["tiles"]) for t in public["trains"]]
    markers = [bool(t["open"]) for t in public["trains"]]
    double = public["double"]
    drawn = private["drawn"]
    turn = public["turn"]
    leader = int(public["leader"])
    turn_seat = leader if turn is None else int(turn)
    state = MexicanState(
        mode=public["mode"],
        fast_start=bool(public["fast_start"]),
        manual_knock=public["last_tile"] == "manual",
        rounds=int(public["round"]),  # a guess plays out this round only: its pips are what the search scores
        round=int(public["round"]),
        engine=int(public["engine"]),
        engine_from=public["engine_from"],
        leader=leader,
        hands=hands,
        boneyard=[],
        trains=trains,
        markers=markers,
        mexican=None if public["mexican"] is None else _train(public["mexican"]),
        turn=turn_seat,
        double_train=None if double is None else MEXICAN if double["train"] == "mexican" else int(double["train"]),
        drawn=None if drawn is None else _code(drawn),
        chain=public["chain"] is not None,
        fresh=_fresh(trains, markers, leader, turn_seat, bool(public["new_cycle"])),
        knock=public["knock"],
        new_tiles=[[] for _ in range(seats)],
        totals=[int(t) for t in public["totals"]],
        finished=bool(public["finished"]),
    )
    state.new_tiles[seat] = [_code(p) for p in private["new_tiles"]]
    return state, counts


def _fresh(trains: list[list[int]], markers: list[bool], leader: int, turn: int, new_cycle: bool) -> list[bool]:
    """A guess at who has not had a first turn this round (fast start only): the view does not say.

    Seats from the one to act round to the leader, with an empty train and no marker, while the table is young."""
    seats = len(trains)
    placed = sum(len(t) for t in trains)
    fresh = [False] * seats
    if placed > seats * 3 or (new_cycle and placed):
        return fresh
    for step in range(seats):
        s = (turn + step) % seats
        if step and s == leader:
            break
        fresh[s] = not trains[s] and not markers[s]
    return fresh


def unseen(state: MexicanState, seat: int) -> list[int]:
    """The tiles the seat cannot see, in set order: the set minus the engine, its hand and every train."""
    seen = {tiles.tile(state.engine, state.engine), *state.hands[seat]}
    for train in (*state.trains, state.mexican or []):
        seen.update(tiles.tile(*tiles.halves(placed)) for placed in train)
    return [t for t in tiles.ALL_TILES if t not in seen]


def sample(seen: Seen, rng: random.Random) -> State:
    """A full state of this round consistent with the view: the unseen tiles dealt at random to the other hands
    (by their counts) and the boneyard (the rest, in random order)."""
    state, counts = known_state(seen)
    pool = unseen(state, seen.seat)
    rng.shuffle(pool)
    hands = list(state.hands)
    for other, count in enumerate(counts):
        if other != seen.seat:
            hands[other], pool = sorted(pool[:count]), pool[count:]
    state.hands, state.boneyard = hands, pool
    return state


def _play_of(action: Action) -> tuple[int, int]:
    """(tile, train key) of a play."""
    key = rules.train_key(action.args[1])
    return tiles.CODES[str(action.args[0])], MEXICAN if key is None else key


def longest_chain(hand: Sequence[int], end: int, budget: int = CHAIN_NODES) -> set[int]:
    """The tiles of the longest line the hand can lay from `end` (a depth-first search, cut after `budget` steps)."""
    joins: dict[int, list[int]] = {}
    for code in hand:
        high, low = divmod(code, tiles.BASE)
        joins.setdefault(high, []).append(code)
        if low != high:
            joins.setdefault(low, []).append(code)
    best: list[int] = []
    path: list[int] = []
    steps = 0

    def extend(at: int) -> None:
        nonlocal best, steps
        steps += 1
        if len(path) > len(best):
            best = path[:]
        if steps > budget:
            return
        for code in joins.get(at, ()):
            if code not in path:
                path.append(code)
                extend(code // tiles.BASE + code % tiles.BASE - at)
                path.pop()

    extend(end)
    return set(best)


def plan_value(state: MexicanState, seat: int, action: Action, urgent: bool, nodes: int = CHAIN_NODES) -> float:
    """How much the normal player likes a play: fewest tiles left off its own train's longest line (those need
    other trains), those that fit another train now, a double it can cover, its marker taken back, pips shed."""
    code, key = _play_of(action)
    rest = list(state.hands[seat])
    if code in rest:
        rest.remove(code)
    end = rules.open_end(state, key)
    leaves = code // tiles.BASE + code % tiles.BASE - end
    line = longest_chain(rest, leaves if key == seat else rules.open_end(state, seat), nodes)
    off = [t for t in rest if t not in line]
    ends = {state.engine} if state.mexican is None else set()
    if state.double_train is None:
        ends.update(leaves if k == key else rules.open_end(state, k) for k in rules.places(state, seat) if k != seat)
    elsewhere = sum(1 for t in off if not ends.isdisjoint(tiles.halves(t)))
    value = -OFF_LINE * len(off) + ELSEWHERE * elsewhere + (URGENT_PIP if urgent else PIP) * tiles.SCORES[code]
    if code in tiles.DOUBLES and rest:
        value += COVERED if any(leaves in tiles.halves(t) for t in rest) else UNCOVERED
    if key == seat and state.markers[seat]:
        value += CLOSES_MARKER
    return value


def sensible(legal: list[Action]) -> list[Action]:
    """The moves worth making: catch or knock when offered, else a play when there is one (knocking with it when the
    rules ask), else whatever is left (draw, pass, done)."""
    calls = [a for a in legal if a.verb in ("catch", "knock")]
    if calls:
        return calls
    plays = [a for a in legal if a.verb == "play"]
    knocking = [a for a in plays if rules.knocks(a)]
    return knocking or plays or legal


def ranked(
    state: MexicanState, counts: list[int], seat: int, legal: list[Action], nodes: int = CHAIN_NODES
) -> list[Action]:
    """The sensible moves, the normal player's favourite first."""
    moves = sensible(legal)
    if len(moves) == 1 or moves[0].verb != "play":
        return moves
    urgent = min(n for other, n in enumerate(counts) if other != seat) <= URGENT
    return sorted(moves, key=lambda a: -plan_value(state, seat, a, urgent, nodes))


def round_value(state: State, seat: int) -> float:
    """A finished playout's worth to the seat: its pip margin over the best other hand, and a bonus for the fewest."""
    scores: list[int] = state.history[-1].scores if state.history else rules.hand_scores(state)
    best_other = min(s for i, s in enumerate(scores) if i != seat)
    mine = scores[seat]
    return MARGIN * (best_other - mine) + (WIN if mine < best_other else WIN / 2 if mine == best_other else 0.0)


class Sensible:
    """Easy: any sensible move, uniformly (a tile when one fits, knocking and catching when it can)."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        moves = sensible(seen.legal)
        return moves[rng.randrange(len(moves))]


class Greedy:
    """Normal: keep its own train's longest line for itself, other tiles to other trains, coverable doubles, pips."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        return ranked(*known_state(seen), seen.seat, seen.legal)[0]


class Search:
    """Strong: determinized playouts of the rest of the round (normal rollouts) over the normal player's best plays."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        moves = ranked(*known_state(seen), seen.seat, seen.legal)
        if len(moves) == 1 or moves[0].verb != "play":
            return moves[0]
        return best_move(
            seen,
            moves[:WIDTH],
            sample,
            rng,
            budget,
            policy=planned,
            value=round_value,
            paired=True,
            incumbent=INCUMBENT,
        )


PLAYERS: dict[str, Player] = {"easy": Sensible(), "normal": Greedy(), "strong": Search()}
"""By level (see `bot.computers.LEVELS`)."""


def planned(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The search's rollout policy: every seat plays as the normal player does, with a shorter look for its line."""
    return ranked(state, [len(hand) for hand in state.hands], seat, legal, ROLLOUT_NODES)[0]
