"""Everything about a Next Station Tokyo game in progress, as plain data with its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.games.base import JSON, Action
from bot.games.next_station_tokyo.data import COLOURS, Sheet

if TYPE_CHECKING:
    from bot.games.next_station_tokyo.lines import Draw, LineFacts

SCHEMA = 1
ROUNDS = 4
GREEN_CARDS = 5
DECK = (
    *(f"green {s}" for s in ("circle", "square", "triangle", "pentagon", "joker")),
    *(f"pink {s}" for s in ("circle", "square", "triangle", "pentagon", "joker", "switch")),
)
"""The 11 station cards: "pink joker" is the Joker + Double Rail Track card, "pink switch" the Railroad Switch."""


def card_symbol(card: str) -> str:
    """The symbol a card shows ("circle"… "joker", "switch")."""
    return card.split()[1]


def is_green(card: str) -> bool:
    """Whether a card has the green background (the fifth one ends the round)."""
    return card.startswith("green ")


GREEN_DECK = frozenset(card for card in DECK if is_green(card))


def greens(cards: list[str]) -> int:
    """How many of `cards` are green (counted on every card flipped, so by set look-ups)."""
    return len([card for card in cards if card in GREEN_DECK])


def is_double_rail(card: str) -> bool:
    """The pink Joker, which carries the Double Rail Track."""
    return card == "pink joker"


def line_colour(seat: int, round_number: int) -> str:
    """RULINGS: in round r, seat s draws colour (s + r) mod 4 (rounds counted from 1, so seat 0 starts blue)."""
    return COLOURS[(seat + round_number - 1) % len(COLOURS)]


@dataclass(slots=True)
class TokyoState:
    """One game. Nothing is hidden but the order of the cards still to flip."""

    sheets: list[Sheet]
    objectives: list[int]
    """Indices of the shared objectives in play (empty without the objectives option)."""
    effects_on: bool = False
    round: int = 1
    remaining: list[str] = field(default_factory=lambda: list(DECK))
    """This round's cards not flipped yet (drawn at random when flipped, so their order is never stored)."""
    flipped: list[str] = field(default_factory=list)
    card: str | None = None
    """The card everyone answers now."""
    switch: bool = False
    """Whether the card now follows an effective Railroad Switch: sections may leave any station of the line."""
    effect: str | None = None
    """The orange effect on the card now ("switch", "express", "straight", "double"), if any."""
    round_effect: tuple[str, str] | None = None
    """Option effects: this round's (symbol, effect), the effect on the first card of that symbol."""
    effect_used: bool = False
    waiting: list[int] = field(default_factory=list)
    """Seats still choosing for the card now."""
    answers: list[str | None] = field(default_factory=list)
    """What each seat did with the card now ("C7 → E5", "passed"), None while it is still choosing."""
    express: list[str | None] = field(default_factory=list)
    """Per seat: the new end an Express lets it draw a second section from, while it may."""
    finished: bool = False
    new_cycle: bool = False
    """Whether the last move flipped a new card (the board is posted afresh)."""
    events: list[str] = field(default_factory=list)
    facts: dict[int, LineFacts] = field(default_factory=dict, compare=False, repr=False)
    """Per seat, facts derived from its sheet (see `rules.line_facts`): a cache, never stored, rebuilt when missing."""
    listed: dict[int, tuple[Sheet, tuple[object, ...], list[Draw], list[Action]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Per seat, its draws and moves with what they were listed for (see `rules._listing`): a cache, never stored."""

    @property
    def seats(self) -> int:
        return len(self.sheets)

    @property
    def card_number(self) -> int:
        """The number of the card up, counted through the whole game: every answer names the card it answers."""
        return (self.round - 1) * len(DECK) + len(self.flipped)

    def colour_of(self, seat: int) -> str:
        """The colour `seat` draws this round."""
        return line_colour(seat, self.round)

    def copy(self) -> TokyoState:
        """A copy that shares no mutable part with this state, except sheets until one is changed (`own_line`)."""
        return TokyoState(
            sheets=list(self.sheets),  # shared until changed: see `own_line`
            objectives=list(self.objectives),
            effects_on=self.effects_on,
            round=self.round,
            remaining=list(self.remaining),
            flipped=list(self.flipped),
            card=self.card,
            switch=self.switch,
            effect=self.effect,
            round_effect=self.round_effect,
            effect_used=self.effect_used,
            waiting=list(self.waiting),
            answers=list(self.answers),
            express=list(self.express),
            finished=self.finished,
            facts=dict(self.facts),  # entries say which sheet and card they are about, so they stay true
            listed=dict(self.listed),
        )

    def own_line(self, seat: int, colour: str) -> list[tuple[str, str]]:
        """The seat's line of `colour`, copied first so that changing it leaves earlier states alone."""
        sheet = dict(self.sheets[seat])  # the other lines are shared: they too are only changed through here
        line = sheet[colour] = list(sheet[colour])
        self.sheets[seat] = sheet
        return line

    def to_json(self) -> dict[str, JSON]:
        return {
            "schema": SCHEMA,
            "sheets": [{c: [list(s) for s in sheet[c]] for c in COLOURS} for sheet in self.sheets],
            "objectives": list(self.objectives),
            "effects_on": self.effects_on,
            "round": self.round,
            "remaining": sorted(self.remaining),
            "flipped": list(self.flipped),
            "card": self.card,
            "switch": self.switch,
            "effect": self.effect,
            "round_effect": list(self.round_effect) if self.round_effect else None,
            "effect_used": self.effect_used,
            "waiting": list(self.waiting),
            "answers": list(self.answers),
            "express": list(self.express),
            "finished": self.finished,
            "new_cycle": self.new_cycle,
            "events": list(self.events),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TokyoState:
        effect = data["round_effect"]
        return cls(
            sheets=[{c: [(str(a), str(b)) for a, b in sheet[c]] for c in COLOURS} for sheet in data["sheets"]],
            objectives=[int(i) for i in data["objectives"]],
            effects_on=bool(data["effects_on"]),
            round=int(data["round"]),
            remaining=[str(c) for c in data["remaining"]],
            flipped=[str(c) for c in data["flipped"]],
            card=data["card"],
            switch=bool(data["switch"]),
            effect=data["effect"],
            round_effect=(str(effect[0]), str(effect[1])) if effect else None,
            effect_used=bool(data["effect_used"]),
            waiting=[int(s) for s in data["waiting"]],
            answers=list(data["answers"]),
            express=list(data["express"]),
            finished=bool(data["finished"]),
            new_cycle=bool(data["new_cycle"]),
            events=[str(e) for e in data["events"]],
        )
