"""Everything about a Toyko Train game in progress, as plain data with its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import JSON
from bot.games.toyko_train.data import NINE, SIX, Compartment

SCHEMA = 1
ROUNDS = 7
SERIALS_PER_ROUND = 1_000_000
"""Room for that many exchanges and cancels in a round before a seating number could repeat a later round's."""
SWAP_AFTER = 3
"""rules: after 3 rounds the partners exchange roles for the 4 rounds left."""


def team_of(seat: int) -> int:
    """RULINGS: seats pair up in order, 0+1 are team 1 (index 0), 2+3 team 2…"""
    return seat // 2


def conductor_of(team: int, round_number: int) -> int:
    """The seat that conducts: the pair's first for rounds 1–3, its second for rounds 4–7."""
    return 2 * team + (round_number > SWAP_AFTER)


def conducts(seat: int, round_number: int) -> bool:
    """Whether `seat` is its pair's conductor: `conductor_of` its own team, without working out the team."""
    return seat % 2 == (round_number > SWAP_AFTER)


@dataclass(slots=True)
class ToykoState:
    """One game. Hidden: the target (conductors only) and each team's words (that team only)."""

    nine: bool
    scheme: str
    words: list[list[str]]
    """Per team: the words of the six colours in COLOURS order, then its cancel word."""
    target: list[str]
    starts: list[list[str]]
    """Per team: this round's starting seating."""
    seatings: list[list[str]]
    round: int = 1
    exchanges: list[list[tuple[int, int]]] = field(default_factory=list)
    """Per team: this round's exchanges still standing, in order (a cancel removes the last)."""
    made: list[int] = field(default_factory=list)
    """Per team: the exchanges its tourist made this round, cancelled ones included."""
    out: list[bool] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    signals: list[tuple[str, str] | None] = field(default_factory=list)
    """Per team: the conductor's last signal (word, exchange kind), as everyone saw it."""
    signalled_at: list[int] = field(default_factory=list)
    """Per team: its seating number when the last signal was given (the tourist's timer follows a signal once)."""
    began_ms: int = 0
    moved_ms: list[int] = field(default_factory=list)
    """Per team: when it last acted this round (its time in the round's summary)."""
    summaries: list[dict[str, JSON]] = field(default_factory=list)
    finished: bool = False
    events: list[str] = field(default_factory=list)

    @property
    def teams(self) -> int:
        return len(self.words)

    @property
    def compartment(self) -> Compartment:
        return NINE if self.nine else SIX

    def serial(self, team: int) -> int:
        """The number of the team's seating now: it grows with every exchange and every cancel, round after round.

        A tourist's exchange names the seating it was chosen on, so a doubled click can't swap the tourists back.
        """
        return self.round * SERIALS_PER_ROUND + 2 * self.made[team] - len(self.exchanges[team])

    def conductor(self, team: int) -> int:
        return conductor_of(team, self.round)

    def tourist(self, team: int) -> int:
        return 2 * team + 1 - (self.round > SWAP_AFTER)

    def copy(self) -> ToykoState:
        """A copy that shares no mutable part with this state."""
        return ToykoState(
            nine=self.nine,
            scheme=self.scheme,
            words=self.words,  # dealt once, never changed
            target=list(self.target),
            starts=[list(s) for s in self.starts],
            seatings=[list(s) for s in self.seatings],
            round=self.round,
            exchanges=[list(e) for e in self.exchanges],
            made=list(self.made),
            out=list(self.out),
            cards=list(self.cards),
            signals=list(self.signals),
            signalled_at=list(self.signalled_at),
            began_ms=self.began_ms,
            moved_ms=list(self.moved_ms),
            summaries=list(self.summaries),
            finished=self.finished,
        )

    def to_json(self) -> dict[str, JSON]:
        return {
            "schema": SCHEMA,
            "nine": self.nine,
            "scheme": self.scheme,
            "words": [list(w) for w in self.words],
            "target": list(self.target),
            "starts": [list(s) for s in self.starts],
            "seatings": [list(s) for s in self.seatings],
            "round": self.round,
            "exchanges": [[list(pair) for pair in e] for e in self.exchanges],
            "made": list(self.made),
            "out": list(self.out),
            "cards": list(self.cards),
            "signals": [list(s) if s else None for s in self.signals],
            "signalled_at": list(self.signalled_at),
            "began_ms": self.began_ms,
            "moved_ms": list(self.moved_ms),
            "summaries": list(self.summaries),
            "finished": self.finished,
            "events": list(self.events),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ToykoState:
        return cls(
            nine=bool(data["nine"]),
            scheme=str(data["scheme"]),
            words=[[str(w) for w in team] for team in data["words"]],
            target=[str(c) for c in data["target"]],
            starts=[[str(c) for c in s] for s in data["starts"]],
            seatings=[[str(c) for c in s] for s in data["seatings"]],
            round=int(data["round"]),
            exchanges=[[(int(a), int(b)) for a, b in e] for e in data["exchanges"]],
            made=[int(n) for n in data["made"]],
            out=[bool(o) for o in data["out"]],
            cards=[int(n) for n in data["cards"]],
            signals=[(str(s[0]), str(s[1])) if s else None for s in data["signals"]],
            # Saved before signals were numbered: none counts as fresh.
            signalled_at=[int(n) for n in data.get("signalled_at", [-1] * len(data["words"]))],
            began_ms=int(data["began_ms"]),
            moved_ms=[int(n) for n in data.get("moved_ms", [data["began_ms"]] * len(data["words"]))],
            summaries=list(data["summaries"]),
            finished=bool(data["finished"]),
            events=[str(e) for e in data["events"]],
        )
