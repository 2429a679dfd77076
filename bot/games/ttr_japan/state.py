"""Everything about a Ticket to Ride: Japan game in progress, as plain data with its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import JSON

SCHEMA = 1

LOCOMOTIVE = "locomotive"
START, TURNS = "start", "turns"
"""Phases: everyone choosing their first tickets at once, then turns."""


@dataclass(slots=True)
class TicketResult:
    """A ticket revealed at the end: whether its owner connected it."""

    ticket: int
    done: bool

    def to_json(self) -> list[JSON]:
        return [self.ticket, self.done]


@dataclass(slots=True)
class Final:
    """One seat's final score, part by part."""

    routes: int
    tickets: list[TicketResult]
    bonus: int
    total: int
    completed: int

    def to_json(self) -> dict[str, JSON]:
        return {
            "routes": self.routes,
            "tickets": [t.to_json() for t in self.tickets],
            "bonus": self.bonus,
            "total": self.total,
            "completed": self.completed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Final:
        tickets = [TicketResult(int(t), bool(d)) for t, d in data["tickets"]]
        return cls(data["routes"], tickets, data["bonus"], data["total"], data["completed"])


@dataclass(frozen=True, slots=True)
class ClaimedBits:
    """The claims as sets of route bits (route id n is bit n), made from one `claims` dict and never stored."""

    of: dict[int, int]
    """The very dict these bits stand for: a state whose `claims` is another dict makes its bits again."""
    count: int
    """Its size then (claims only grow, so a dict changed in place is noticed too)."""
    taken: int
    twins: int
    """The twins of every claimed route."""
    twins_by_seat: tuple[int, ...]
    """For each seat, the twins of its own claims."""


@dataclass(slots=True)
class JapanState:
    """One game. Cards are colour names; tickets and routes are the ids of `config/games/ttr_japan.toml`."""

    phase: str
    deck: list[str]
    """Face-down train cards; draws take the last one."""
    discard: list[str]
    market: list[str]
    """The face-up cards (five, fewer only when the deck and discards run dry)."""
    hands: list[dict[str, int]]
    ticket_deck: list[int]
    """Face-down tickets; draws take the last ones, returned tickets go to the front (the bottom)."""
    tickets: list[list[int]]
    offer: list[list[int]]
    """Tickets a seat has drawn and must choose from now."""
    keep_at_least: list[int]
    claims: dict[int, int]
    """Claimed route id → the seat that claimed it."""
    bullet_claims: list[int]
    """Routes claimed with a Bullet Train (usable by every player for tickets)."""
    claim_order: list[int]
    """Claimed route ids, oldest first: the board shows the last few claims (stored JSON sorts `claims`' keys)."""
    trains: list[int]
    points: list[int]
    """Route points so far."""
    track: list[int]
    """Each seat's place on the Bullet Train track."""
    supply: int
    """Bullet Trains left in the shared supply."""
    turn: int = 0
    first_card: str | None = None
    """The card taken first this turn, while a second may follow."""
    returned: list[int] = field(default_factory=list)
    """Start tickets sent back, shuffled under the deck once everyone has chosen."""
    final_turns: int | None = None
    """Turns left in the final round once it has begun."""
    passes: int = 0
    """Automatic passes in a row; the game ends when every seat has passed in succession."""
    new_cards: list[list[str]] = field(default_factory=list)
    """Cards each seat received since its own last move, for its eyes only (a blind draw stays secret)."""
    new_cycle: bool = False
    """The last move brought the turn back to the first seat: a good moment to show the board again."""
    events: list[str] = field(default_factory=list)
    finals: list[Final] = field(default_factory=list)
    reason: str = ""
    """Why the game ended."""
    finished: bool = False
    claimed_bits: ClaimedBits | None = field(default=None, compare=False, repr=False)
    """`claims` as route bits, for listing claims fast; derived, so neither compared nor stored."""

    @property
    def seats(self) -> int:
        return len(self.hands)

    def copy(self) -> JapanState:
        """A copy that shares nothing mutable with this state."""
        new = self.fork()
        new.hands = [h.copy() for h in self.hands]
        new.tickets = [t[:] for t in self.tickets]
        new.offer = [o[:] for o in self.offer]
        new.new_cards = [c[:] for c in self.new_cards]
        new.ticket_deck, new.keep_at_least, new.returned = self.ticket_deck[:], self.keep_at_least[:], self.returned[:]
        new.claims, new.bullet_claims, new.claim_order = self.claims.copy(), self.bullet_claims[:], self.claim_order[:]
        new.trains, new.points, new.track, new.finals = self.trains[:], self.points[:], self.track[:], self.finals[:]
        return new

    def fork(self) -> JapanState:
        """A copy for the next move: it shares the seats' hands and every list a move rarely changes (copy-on-write)."""
        # Every move copies the state, so rules.py replaces what it changes instead; only the cards are copied here.
        new = JapanState.__new__(JapanState)
        new.phase = self.phase
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.market = self.market[:]
        new.hands = self.hands[:]
        new.ticket_deck = self.ticket_deck
        new.tickets = self.tickets[:]
        new.offer = self.offer[:]
        new.keep_at_least = self.keep_at_least
        new.claims = self.claims
        new.bullet_claims = self.bullet_claims
        new.claim_order = self.claim_order
        new.trains = self.trains
        new.points = self.points
        new.track = self.track
        new.supply = self.supply
        new.turn = self.turn
        new.first_card = self.first_card
        new.returned = self.returned
        new.final_turns = self.final_turns
        new.passes = self.passes
        new.new_cards = self.new_cards[:]
        new.new_cycle = False
        new.events = []
        new.finals = self.finals
        new.reason = self.reason
        new.finished = self.finished
        new.claimed_bits = self.claimed_bits
        return new

    def to_json(self) -> dict[str, JSON]:
        return {
            "schema": SCHEMA,
            "phase": self.phase,
            "deck": list(self.deck),
            "discard": list(self.discard),
            "market": list(self.market),
            "hands": [dict(h) for h in self.hands],
            "ticket_deck": list(self.ticket_deck),
            "tickets": [list(t) for t in self.tickets],
            "offer": [list(o) for o in self.offer],
            "keep_at_least": list(self.keep_at_least),
            "claims": {str(r): s for r, s in self.claims.items()},
            "bullet_claims": list(self.bullet_claims),
            "claim_order": list(self.claim_order),
            "trains": list(self.trains),
            "points": list(self.points),
            "track": list(self.track),
            "supply": self.supply,
            "turn": self.turn,
            "first_card": self.first_card,
            "returned": list(self.returned),
            "final_turns": self.final_turns,
            "passes": self.passes,
            "new_cards": [list(c) for c in self.new_cards],
            "new_cycle": self.new_cycle,
            "events": list(self.events),
            "finals": [f.to_json() for f in self.finals],
            "reason": self.reason,
            "finished": self.finished,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JapanState:
        return cls(
            phase=data["phase"],
            deck=list(data["deck"]),
            discard=list(data["discard"]),
            market=list(data["market"]),
            hands=[dict(h) for h in data["hands"]],
            ticket_deck=list(data["ticket_deck"]),
            tickets=[list(t) for t in data["tickets"]],
            offer=[list(o) for o in data["offer"]],
            keep_at_least=list(data["keep_at_least"]),
            claims={int(r): s for r, s in data["claims"].items()},
            bullet_claims=list(data["bullet_claims"]),
            # A game stored before the order was kept: its claims in route order (their real order is lost).
            claim_order=list(data.get("claim_order", sorted(int(r) for r in data["claims"]))),
            trains=list(data["trains"]),
            points=list(data["points"]),
            track=list(data["track"]),
            supply=data["supply"],
            turn=data["turn"],
            first_card=data["first_card"],
            returned=list(data["returned"]),
            final_turns=data["final_turns"],
            passes=data["passes"],
            new_cards=[list(c) for c in data["new_cards"]],
            new_cycle=data["new_cycle"],
            events=list(data["events"]),
            finals=[Final.from_json(f) for f in data["finals"]],
            reason=data["reason"],
            finished=data["finished"],
        )
