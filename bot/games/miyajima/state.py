"""Everything about a Fast Train to Miyajima game in progress, as plain data with its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import JSON
from bot.games.miyajima.data import DICE

SCHEMA = 1
DICE_PER_ROUND = len(DICE)
ROLL, LOAD = "roll", "load"
"""Phases: the active player picks a die to roll; then everyone who can loads it, all at once."""

Trains = dict[str, dict[str, list[int]]]
"""colour → {"fast": running totals, "heavy": running totals} (one total per filled car)."""


@dataclass(slots=True)
class MiyajimaState:
    """One game. Nothing is hidden: every sheet and every roll is public."""

    sheets: list[Trains]
    reached: list[list[str]]
    """Each seat's reached destinations (colours), in the order reached."""
    round: int = 1
    active: int = 0
    phase: str = ROLL
    rolled: list[tuple[str, int]] = field(default_factory=list)
    """This round's dice so far: (die colour, value), in rolling order."""
    waiting: list[int] = field(default_factory=list)
    """Seats that must still load the last roll."""
    loads: list[str | None] = field(default_factory=list)
    """What each seat loaded from the last roll ("blue 4 → heavy"), None for a seat that had nothing to load."""
    last_round: bool = False
    finished: bool = False
    events: list[str] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.sheets)

    @property
    def roll_number(self) -> int:
        """The number of the last roll, counted through the whole game: every load names the roll it answers."""
        return (self.round - 1) * DICE_PER_ROUND + len(self.rolled)

    def copy(self) -> MiyajimaState:
        """A copy that shares no mutable part with this state, except sheets until one is changed (`own_train`)."""
        return MiyajimaState(
            sheets=list(self.sheets),  # shared until changed: see `own_train`
            reached=[list(r) for r in self.reached],
            round=self.round,
            active=self.active,
            phase=self.phase,
            rolled=list(self.rolled),
            waiting=list(self.waiting),
            loads=list(self.loads),
            last_round=self.last_round,
            finished=self.finished,
            events=[],
        )

    def own_sheet(self, seat: int) -> Trains:
        """The seat's sheet, copied first so that changing it leaves earlier states alone."""
        self.sheets[seat] = {c: {k: list(v) for k, v in t.items()} for c, t in self.sheets[seat].items()}
        return self.sheets[seat]

    def own_train(self, seat: int, colour: str, kind: str) -> list[int]:
        """The seat's train, copied first (with the dicts holding it) so that changing it leaves older states alone."""
        # Its other trains stay shared: they too are only changed through here or `own_sheet`, which copy first.
        sheet = self.sheets[seat] = dict(self.sheets[seat])
        trains = sheet[colour] = dict(sheet[colour])
        train = trains[kind] = list(trains[kind])
        return train

    def to_json(self) -> dict[str, JSON]:
        return {
            "schema": SCHEMA,
            "sheets": [{c: {k: list(v) for k, v in t.items()} for c, t in s.items()} for s in self.sheets],
            "reached": [list(r) for r in self.reached],
            "round": self.round,
            "active": self.active,
            "phase": self.phase,
            "rolled": [[die, value] for die, value in self.rolled],
            "waiting": list(self.waiting),
            "loads": list(self.loads),
            "last_round": self.last_round,
            "finished": self.finished,
            "events": list(self.events),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MiyajimaState:
        return cls(
            sheets=[{c: {k: list(v) for k, v in t.items()} for c, t in s.items()} for s in data["sheets"]],
            reached=[list(r) for r in data["reached"]],
            round=data["round"],
            active=data["active"],
            phase=data["phase"],
            rolled=[(str(die), int(value)) for die, value in data["rolled"]],
            waiting=list(data["waiting"]),
            loads=list(data["loads"]),
            last_round=data["last_round"],
            finished=data["finished"],
            events=list(data["events"]),
        )
