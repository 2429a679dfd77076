"""Everything about a Mexican Train game in progress, as plain data with its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from bot.games.base import JSON

MEXICAN: Final = -1
"""The train key of the Mexican Train; personal trains are keyed by their owner's seat."""

SCHEMA = 1

CHOSEN, DRAWN, CHAINED, TOOK = range(4)
"""How a `Move` came about: a tile chosen from the hand, the tile just drawn, a fast start's chained tile, or unseen
tiles taken (a draw that did not fit, a skip's draw, a catch's penalty)."""


class Move(NamedTuple):
    """One move of this round as the whole table saw it: what a computer reads the other hands from."""

    seat: int
    how: int
    tile: int
    """The tile placed (a code); -1 when the seat took tiles instead."""
    train: int
    markers: tuple[bool, ...]
    """Every seat's marker before the move."""
    double: int | None
    """The train whose double waited before the move."""
    took: int = 0
    """How many unseen tiles the seat took (TOOK)."""

    def to_json(self) -> list[JSON]:
        return [self.seat, self.how, self.tile, self.train, list(self.markers), self.double, self.took]

    @classmethod
    def from_json(cls, data: Any) -> Move:
        seat, how, tile, train, markers, double, took = data
        return cls(seat, how, tile, train, tuple(markers), double, took)


@dataclass(slots=True)
class RoundResult:
    """A finished round: every hand revealed, the scores, and how it ended."""

    round: int
    engine: int
    hands: list[list[int]]
    scores: list[int]
    went_out: int | None

    def to_json(self) -> dict[str, JSON]:
        return {
            "round": self.round,
            "engine": self.engine,
            "hands": [list(h) for h in self.hands],
            "scores": list(self.scores),
            "went_out": self.went_out,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundResult:
        hands = [list(h) for h in data["hands"]]
        return cls(data["round"], data["engine"], hands, list(data["scores"]), data["went_out"])


@dataclass(slots=True)
class MexicanState:
    """One game (single round or a 13-round match). Tiles are codes from `tiles.py`."""

    mode: str
    fast_start: bool
    manual_knock: bool
    rounds: int
    round: int
    engine: int
    """The number on the engine double in the hub."""
    engine_from: int | None
    """The seat whose highest double became the engine (single mode)."""
    leader: int
    """The seat that opened this round; a turn cycle is complete when the turn comes back to it."""
    hands: list[list[int]]
    boneyard: list[int]
    """Face-down tiles; draws take the last one (the order was shuffled when dealt)."""
    trains: list[list[int]]
    """Each seat's personal train as oriented codes, from the hub outwards."""
    markers: list[bool]
    mexican: list[int] | None
    """The Mexican Train (oriented codes), None until someone starts it."""
    turn: int
    double_train: int | None = None
    """The train whose last tile is a double that must be satisfied (a seat, or MEXICAN)."""
    drawn: int | None = None
    """A tile the player to act drew this turn and must now play (it fits)."""
    chain: bool = False
    """A fast-start turn in progress: its player may keep playing on their own train."""
    fresh: list[bool] = field(default_factory=list)
    """Seats that have not had their first turn of this round (fast start)."""
    knock: int | None = None
    """Manual last tile: the seat down to one tile that has not knocked, until the next player acts."""
    new_tiles: list[list[int]] = field(default_factory=list)
    """Tiles each seat received since its own last action (a draw, a catch penalty), for its eyes only."""
    totals: list[int] = field(default_factory=list)
    history: list[RoundResult] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    """What the last action caused, for the public log (seats written with `seat_mark`)."""
    new_cycle: bool = True
    """The last action completed a turn cycle (or began a round): a good moment to show the board."""
    ended_round: int | None = None
    """The round the last action ended, if it ended one (its results are the last of `history`)."""
    blocking_draw: tuple[int, int] | None = None
    """(seat, tile): the last action was a draw that blocked the round; the drawer alone is told the tile."""
    moves: list[Move] = field(default_factory=list)
    """This round's moves as the table saw them (public: which tiles went where, who took unseen tiles)."""
    finished: bool = False

    @property
    def seats(self) -> int:
        return len(self.hands)

    def train(self, key: int) -> list[int]:
        """The tiles of a train by key (an empty list for an unstarted Mexican Train)."""
        if key == MEXICAN:
            return self.mexican or []
        return self.trains[key]

    def successor(self) -> MexicanState:
        """The state a move starts from: a shallow copy whose lists are shared with this one, log cleared.

        The rules never change a list in place: they put a changed copy in the successor (copy on write),
        so this state stays as it was and the successor costs only what the move changes.
        """
        # No __init__: every field is set below, once (a field added to the class must be added here too).
        new = MexicanState.__new__(MexicanState)
        new.mode = self.mode
        new.fast_start = self.fast_start
        new.manual_knock = self.manual_knock
        new.rounds = self.rounds
        new.round = self.round
        new.engine = self.engine
        new.engine_from = self.engine_from
        new.leader = self.leader
        new.hands = self.hands
        new.boneyard = self.boneyard
        new.trains = self.trains
        new.markers = self.markers
        new.mexican = self.mexican
        new.turn = self.turn
        new.double_train = self.double_train
        new.drawn = self.drawn
        new.chain = self.chain
        new.fresh = self.fresh
        new.knock = self.knock
        new.new_tiles = self.new_tiles
        new.totals = self.totals
        new.history = self.history
        new.events = []
        new.new_cycle = False
        new.ended_round = None
        new.blocking_draw = None
        new.moves = self.moves
        new.finished = self.finished
        return new

    def copy(self) -> MexicanState:
        """A copy that shares nothing mutable with this state (cheaper than a JSON round trip)."""
        return MexicanState(
            mode=self.mode,
            fast_start=self.fast_start,
            manual_knock=self.manual_knock,
            rounds=self.rounds,
            round=self.round,
            engine=self.engine,
            engine_from=self.engine_from,
            leader=self.leader,
            hands=[list(h) for h in self.hands],
            boneyard=list(self.boneyard),
            trains=[list(t) for t in self.trains],
            markers=list(self.markers),
            mexican=None if self.mexican is None else list(self.mexican),
            turn=self.turn,
            double_train=self.double_train,
            drawn=self.drawn,
            chain=self.chain,
            fresh=list(self.fresh),
            knock=self.knock,
            new_tiles=[list(t) for t in self.new_tiles],
            totals=list(self.totals),
            history=list(self.history),  # finished rounds are never changed, so sharing them is safe
            events=[],
            new_cycle=False,
            ended_round=None,
            blocking_draw=None,
            moves=list(self.moves),
            finished=self.finished,
        )

    def to_json(self) -> dict[str, JSON]:
        return {
            "schema": SCHEMA,
            "mode": self.mode,
            "fast_start": self.fast_start,
            "manual_knock": self.manual_knock,
            "rounds": self.rounds,
            "round": self.round,
            "engine": self.engine,
            "engine_from": self.engine_from,
            "leader": self.leader,
            "hands": [list(h) for h in self.hands],
            "boneyard": list(self.boneyard),
            "trains": [list(t) for t in self.trains],
            "markers": list(self.markers),
            "mexican": None if self.mexican is None else list(self.mexican),
            "turn": self.turn,
            "double_train": self.double_train,
            "drawn": self.drawn,
            "chain": self.chain,
            "fresh": list(self.fresh),
            "knock": self.knock,
            "new_tiles": [list(t) for t in self.new_tiles],
            "totals": list(self.totals),
            "history": [r.to_json() for r in self.history],
            "events": list(self.events),
            "new_cycle": self.new_cycle,
            "ended_round": self.ended_round,
            "blocking_draw": None if self.blocking_draw is None else list(self.blocking_draw),
            "moves": [m.to_json() for m in self.moves],
            "finished": self.finished,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MexicanState:
        return cls(
            mode=data["mode"],
            fast_start=data["fast_start"],
            manual_knock=data["manual_knock"],
            rounds=data["rounds"],
            round=data["round"],
            engine=data["engine"],
            engine_from=data["engine_from"],
            leader=data["leader"],
            hands=[list(h) for h in data["hands"]],
            boneyard=list(data["boneyard"]),
            trains=[list(t) for t in data["trains"]],
            markers=list(data["markers"]),
            mexican=None if data["mexican"] is None else list(data["mexican"]),
            turn=data["turn"],
            double_train=data["double_train"],
            drawn=data["drawn"],
            chain=data["chain"],
            fresh=list(data["fresh"]),
            knock=data["knock"],
            new_tiles=[list(t) for t in data["new_tiles"]],
            totals=list(data["totals"]),
            history=[RoundResult.from_json(r) for r in data["history"]],
            events=list(data["events"]),
            new_cycle=data["new_cycle"],
            ended_round=data["ended_round"],
            blocking_draw=_pair(data.get("blocking_draw")),  # absent from states saved before it existed
            moves=[Move.from_json(m) for m in data.get("moves", [])],  # likewise
            finished=data["finished"],
        )


def _pair(data: Any) -> tuple[int, int] | None:
    """A stored (seat, tile) pair, or None."""
    return None if data is None else (int(data[0]), int(data[1]))
