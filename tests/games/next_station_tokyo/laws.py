"""Next Station Tokyo's law for the contract suite: every round uses the same 11 station cards."""

from __future__ import annotations

from collections import Counter

from bot.games.next_station_tokyo.state import TokyoState


def tokyo_cards(state: TokyoState) -> Counter[str]:
    """This round's cards, flipped or still in the deck: none is ever created or lost."""
    return Counter(state.flipped + state.remaining)
