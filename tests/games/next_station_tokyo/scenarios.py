"""Next Station Tokyo states built by hand for scenario tests, a deck that flips chosen cards, and move helpers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from bot.games.next_station_tokyo.data import COLOURS, Sheet
from bot.games.next_station_tokyo.state import DECK, TokyoState
from bot.games.rng import GameRandom

Section = tuple[str, str]
T = TypeVar("T")


class Deck(GameRandom):
    """An RNG whose card flips come out as given, in order (every other draw is an error)."""

    __slots__ = ("cards",)

    def __init__(self, cards: Sequence[str]) -> None:
        super().__init__(1, 1)
        self.cards = list(cards)

    def choice(self, items: Sequence[T]) -> T:
        self.draws += 1
        card = self.cards.pop(0)
        assert card in items, f"{card} is not in the deck {list(items)}"
        return items[items.index(card)]


def sheet(**sections: list[Section]) -> Sheet:
    """A sheet with the given lines drawn (colour → sections), the other colours empty."""
    return {c: list(sections.get(c, [])) for c in COLOURS}


def tokyo(
    card: str = "green circle",
    seats: int = 1,
    sheets: Sequence[Sheet] = (),
    *,
    before: Sequence[str] = (),
    round_number: int = 1,
    effect: str | None = None,
    switch: bool = False,
    objectives: Sequence[int] = (),
) -> TokyoState:
    """A game with `card` up (after the cards `before`), everyone still to answer; sheets default to empty."""
    flipped = [*before, card]
    filled = list(sheets) + [sheet() for _ in range(seats - len(sheets))]
    return TokyoState(
        sheets=[{c: list(s[c]) for c in COLOURS} for s in filled],
        objectives=list(objectives),
        effects_on=effect is not None,
        round=round_number,
        remaining=[c for c in DECK if c not in flipped],
        flipped=flipped,
        card=card,
        switch=switch,
        effect=effect,
        effect_used=effect is not None,
        waiting=list(range(len(filled))),
        answers=[None] * len(filled),
        express=[None] * len(filled),
    )


def drawing(state: TokyoState, origin: str, target: str) -> Action:
    """The move that draws origin → target in answer to the card up now."""
    return Action("draw", (origin, target, state.card_number))


def passing(state: TokyoState) -> Action:
    """The move that lets the card up now go by."""
    return Action("pass", (state.card_number,))


def draw(state: TokyoState, seat: int, origin: str, target: str, rng: GameRandom | None = None) -> TokyoState:
    """`seat` draws origin → target (the RNG only matters when this answer makes the next card flip)."""
    return NEXT_STATION_TOKYO.apply(state, seat, drawing(state, origin, target), rng or Deck([]))


def pass_(state: TokyoState, seat: int, rng: GameRandom | None = None) -> TokyoState:
    """`seat` passes."""
    return NEXT_STATION_TOKYO.apply(state, seat, passing(state), rng or Deck([]))


def targets(state: TokyoState, seat: int) -> set[Section]:
    """Every (origin, target) `seat` may draw now."""
    legal = NEXT_STATION_TOKYO.legal_actions(state, seat)
    return {(str(a.args[0]), str(a.args[1])) for a in legal if a.verb == "draw"}


def refused(state: TokyoState, seat: int, action: Action) -> str:
    """The reason `action` is refused; the state must come out unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        NEXT_STATION_TOKYO.apply(state, seat, action, Deck([]))
    assert state.to_json() == before, "a refused move changed the state"
    return caught.value.message
