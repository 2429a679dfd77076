"""Mexican Train's greedy planner: the longest line a hand can lay on its own train, and how a play keeps it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action
from bot.games.mexican_train import rules, tiles
from bot.games.mexican_train.state import MEXICAN, MexicanState

CHAIN_NODES, ROLLOUT_NODES = 3000, 300
"""How far the normal player looks for its own train's longest line (a hand of 15 rarely needs more), and in
the search's rollouts (many more moves, each cheaper)."""
OFF_LINE, ELSEWHERE = 5.0, 1.0
"""Weights: per tile off its own line; per such tile another train takes now."""
COVERED, UNCOVERED = 8.0, 3.0
"""A double played and covered at once sheds two tiles in one turn; one it cannot cover yet is still worth playing
early (a double fits only its own number, so one kept in hand is the tile most likely to be stranded)."""
CLOSES_MARKER = 6.0
"""An own-train play that takes its marker back: no one else can then break its line or use it as an outlet."""
STUCK_TRAIN, STARVED = 2.0, 2.0
"""Another player's open train means it found nothing for that train's end: a play there costs this much (a new end
may free it), and a play anywhere but its own train gains this much for leaving that number (it cannot follow)."""
PIP, URGENT_PIP, URGENT = 0.05, 0.5, 3
"""Weight per pip shed, and when an opponent is down to URGENT tiles (pips then decide who wins)."""


def longest_chain(hand: Sequence[int], end: int, budget: int = CHAIN_NODES) -> tuple[set[int], int | None]:
    """The tiles of the longest line the hand can lay from `end`, and its first tile (a depth-first search over
    bit sets of the hand, cut after `budget` steps)."""
    joins: list[list[tuple[int, int]]] = [[] for _ in range(tiles.BASE)]
    for index, code in enumerate(hand):
        high, low = divmod(code, tiles.BASE)
        joins[high].append((1 << index, low))
        if low != high:
            joins[low].append((1 << index, high))
    best = [0, 0, 0, 0]  # length, tiles used (bits), steps, first tile's bit

    def extend(at: int, used: int, length: int, first: int) -> None:
        best[2] += 1
        if length > best[0]:
            best[0], best[1], best[3] = length, used, first
        if best[2] > budget:
            return
        for bit, other in joins[at]:
            if not used & bit:
                extend(other, used | bit, length + 1, first or bit)

    extend(end, 0, 0, 0)
    used, first = best[1], best[3]
    line = {code for index, code in enumerate(hand) if used >> index & 1}
    return line, next((code for index, code in enumerate(hand) if first >> index & 1), None)


def play_of(action: Action) -> tuple[int, int]:
    """(tile, train key) of a play."""
    key = rules.train_key(action.args[1])
    return tiles.CODES[str(action.args[0])], MEXICAN if key is None else key


class Planner:
    """Scores one seat's plays on one turn: its own train's line is found once, and again only for a play that
    changes it (a tile of the line played, or another tile played on its own train)."""

    def __init__(self, state: MexicanState, seat: int, urgent: bool, nodes: int = CHAIN_NODES) -> None:
        self.state, self.seat, self.nodes = state, seat, nodes
        self.pip = URGENT_PIP if urgent else PIP
        self.own_end = rules.open_end(state, seat)
        self.line, self.first = longest_chain(state.hands[seat], self.own_end, nodes)
        self.lacked = {rules.open_end(state, o) for o in range(state.seats) if o != seat and state.markers[o]}

    def line_after(self, code: int, key: int, leaves: int, rest: list[int]) -> set[int]:
        """The own train's longest line once `code` is played on train `key`."""
        if key == self.seat:
            if code == self.first:
                return self.line - {code}
            return longest_chain(rest, leaves, self.nodes)[0]
        if code in self.line:
            return longest_chain(rest, self.own_end, self.nodes)[0]
        return self.line

    def value(self, action: Action) -> float:
        """How much the normal player likes a play: fewest tiles left off its own train's longest line (those need
        other trains), those that fit another train now, doubles played early, its marker taken back, stuck players left
        stuck, pips shed."""
        state, seat = self.state, self.seat
        code, key = play_of(action)
        rest = list(state.hands[seat])
        if code in rest:
            rest.remove(code)
        end = rules.open_end(state, key)
        leaves = code // tiles.BASE + code % tiles.BASE - end
        line = self.line_after(code, key, leaves, rest)
        off = [t for t in rest if t not in line]
        ends = {state.engine} if state.mexican is None else set()
        if state.double_train is None:
            others = (k for k in rules.places(state, seat) if k != seat)
            ends.update(leaves if k == key else rules.open_end(state, k) for k in others)
        elsewhere = sum(1 for t in off if not ends.isdisjoint(tiles.halves(t)))
        value = -OFF_LINE * len(off) + ELSEWHERE * elsewhere + self.pip * tiles.SCORES[code]
        if code in tiles.DOUBLES and rest:
            value += COVERED if any(leaves in tiles.halves(t) for t in rest) else UNCOVERED
        if key == seat:
            if state.markers[seat]:
                value += CLOSES_MARKER
        else:
            if key != MEXICAN:
                value -= STUCK_TRAIN
            if leaves in self.lacked:
                value += STARVED
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
    planner = Planner(state, seat, urgent, nodes)
    return sorted(moves, key=lambda a: -planner.value(a))
