"""Fast Train to Miyajima's law for the contract suite: every seat keeps its 72 cars (nothing here is hidden)."""

from __future__ import annotations

from collections import Counter

from bot.games.miyajima.data import sheet
from bot.games.miyajima.state import MiyajimaState


def miyajima_cars(state: MiyajimaState) -> Counter[tuple[str, int]]:
    """Each seat's 72 cars, filled or empty: a train that overflowed its six cars would add one."""
    cars = sheet().cars
    found: Counter[tuple[str, int]] = Counter()
    for seat, trains in enumerate(state.sheets):
        for train in (t for colour in trains.values() for t in colour.values()):
            found[("car", seat)] += len(train) + max(0, cars - len(train))
    return found
