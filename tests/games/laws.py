"""Per-game laws for the contract suite: what is conserved, and how to scramble what a seat can't know.

Every game in the registry needs an entry in both dicts; the contract suite fails loudly otherwise.

- CONSERVATION[name](state) → the multiset of every component (card, tile, token) wherever it is;
  it must stay the same from setup to the final score ("no card or tile created or lost").
- SCRAMBLE[name](state, seat, rnd) → a copy of `state` in which everything `seat` must not know
  (others' hands, pending secret choices, deck order) is shuffled; `seat=None` is a spectator, who
  knows no seat's secrets. The copy must stay a valid state (same counts, same public facts).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.games.base import State
from tests.support.relay_game import RELAY, RelayState

Conservation = Callable[[State], Counter[Any]]
Scramble = Callable[[State, int | None, random.Random], State]


def relay_components(state: RelayState) -> Counter[int]:
    """Relay's cards: hands, the pool, played cards, discarded bids and pending bids."""
    cards = [c for hand in state.hands for c in hand] + list(state.pool)
    cards += [c for played in state.played for c in played] + list(state.discards)
    cards += list(state.bids.values())
    return Counter(cards)


def relay_scramble(state: RelayState, seat: int | None, rnd: random.Random) -> RelayState:
    """Deal other seats' hands, their pending bids and the pool's order anew, keeping every count."""
    new = RELAY.from_json(RELAY.to_json(state))
    others = [s for s in range(new.seats) if s != seat]
    secret_bids = [s for s in others if s in new.bids]
    cards = [c for s in others for c in new.hands[s]] + new.pool + [new.bids[s] for s in secret_bids]
    rnd.shuffle(cards)
    for s in others:
        count = len(new.hands[s])
        new.hands[s], cards = sorted(cards[:count]), cards[count:]
    for s in secret_bids:
        new.bids[s] = cards.pop()
    new.pool = cards
    return new


CONSERVATION: dict[str, Conservation] = {
    "relay": relay_components,
}

SCRAMBLE: dict[str, Scramble] = {
    "relay": relay_scramble,
}
