"""Per-game laws for the contract suite: what is conserved, and how to scramble what a seat can't know.

Every game in the registry needs an entry in both dicts; the contract suite fails loudly otherwise.

- CONSERVATION[name](state) → the multiset of every component (card, tile, token) wherever it is;
  it must stay the same from setup to the final score ("no card or tile created or lost").
- SCRAMBLE[name](state, seat, rnd) → a copy of `state` in which everything `seat` must not know
  (others' hands, pending secret choices, deck order) is shuffled; `seat=None` is a spectator, who
  knows no seat's secrets. The copy must stay a valid state (same counts, same public facts).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.games.base import State
from bot.games.mexican_train import tiles
from bot.games.mexican_train.state import MexicanState
from tests.games.miyajima.laws import miyajima_cars
from tests.games.next_station_tokyo.laws import tokyo_cards
from tests.games.toyko_train.laws import toyko_components, toyko_scramble
from tests.games.ttr_japan.laws import japan_components, japan_scramble
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


def mexican_tiles(state: MexicanState) -> Counter[int]:
    """Mexican Train's 91 tiles (canonical codes): hands, boneyard, every train and the engine double.

    The engine is the double in the hub: taken from its holder's hand (single mode) or set aside
    before the deal (rounds mode); placed tiles are stored oriented, so they are made canonical here.
    """
    placed = [t for train in state.trains for t in train] + list(state.mexican or [])
    found = [t for hand in state.hands for t in hand] + list(state.boneyard)
    found += [tiles.tile(*tiles.halves(t)) for t in placed]
    found.append(tiles.tile(state.engine, state.engine))
    return Counter(found)


def mexican_scramble(state: MexicanState, seat: int | None, rnd: random.Random) -> MexicanState:
    """Relabel the tiles `seat` can't see (other hands, the boneyard) by a random permutation.

    Hand sizes, the boneyard count and what each seat received since its last move (`new_tiles`,
    relabelled alike) keep their counts. A tile another player drew and must play stays put: it is
    secret too, but it must keep fitting for the state to stay valid.
    """
    new = copy.copy(state)  # the lists below are replaced, never changed in place (as the rules do)
    new.hands, new.new_tiles = list(state.hands), list(state.new_tiles)
    others = [s for s in range(new.seats) if s != seat]
    pinned = new.drawn if new.turn != seat else None
    secret = [t for s in others for t in new.hands[s] if t != pinned] + new.boneyard
    shuffled = list(secret)
    rnd.shuffle(shuffled)
    relabel = dict(zip(secret, shuffled, strict=True))
    for s in others:
        new.hands[s] = sorted(relabel.get(t, t) for t in new.hands[s])
        new.new_tiles[s] = [relabel.get(t, t) for t in new.new_tiles[s]]
    new.boneyard = [relabel[t] for t in new.boneyard]
    return new


CONSERVATION: dict[str, Conservation] = {
    "relay": relay_components,
    "mexican_train": mexican_tiles,
    "ttr_japan": japan_components,
    "miyajima": miyajima_cars,
    "next_station_tokyo": tokyo_cards,
    "toyko_train": toyko_components,
}

SCRAMBLE: dict[str, Scramble] = {
    "relay": relay_scramble,
    "mexican_train": mexican_scramble,
    "ttr_japan": japan_scramble,
    "toyko_train": toyko_scramble,
}

OPEN_INFORMATION = {"miyajima", "next_station_tokyo"}
"""Games where nothing is hidden: instead of a scramble, each seat's private view must hold its seat number only."""
