"""Ticket to Ride: Japan positions for scenario tests: a real setup, then chosen hands, markets and claims.

Cards move between the deck and hands or the market, so the 110 cards stay 110 in every position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN, rules
from bot.games.ttr_japan.data import Route, japan
from bot.games.ttr_japan.state import JapanState

SEED = 3


def route(a: str, b: str, colour: str | None = None) -> Route:
    """The route between two cities (the one in `colour` when there are two)."""
    found = [r for r in japan().routes.values() if {r.a, r.b} == {a, b} and colour in (None, r.colour)]
    assert len(found) == 1, f"{a}–{b} {colour}: {found}"
    return found[0]


def started(seats: int = 4, seed: int = SEED) -> JapanState:
    """A game past the start: every seat kept its first two tickets; seat 0 to play."""
    state = TTR_JAPAN.setup(seed, seats, {})
    for seat in range(seats):
        state = act(state, seat, "keep", *sorted(state.offer[seat])[: rules.START_KEEP])
    return state


def _take(pile: list[str], wanted: Mapping[str, int]) -> list[str]:
    """Remove `wanted` cards from a pile of cards; the test fails if the pile lacks them."""
    taken = []
    for card, count in wanted.items():
        for _ in range(count):
            assert card in pile, f"no {card} left to take"
            pile.remove(card)
            taken.append(card)
    return taken


def set_hand(state: JapanState, seat: int, cards: Mapping[str, int]) -> JapanState:
    """The seat's hand becomes exactly `cards` (the old hand goes back into the deck)."""
    new = state.copy()
    hand = new.hands[seat]
    new.deck += [card for card, n in hand.items() for _ in range(n)]
    for card in hand:
        hand[card] = 0
    pool = new.deck + new.discard
    for card in _take(pool, cards):
        hand[card] += 1
    new.deck, new.discard = pool, []
    return new


def set_market(state: JapanState, market: Sequence[str], deck_top: Sequence[str] = ()) -> JapanState:
    """The face-up cards become `market`, and the deck's next cards `deck_top` (first drawn first)."""
    new = state.copy()
    new.deck += new.market
    new.market = _take(new.deck, {})
    for card in market:
        new.market += _take(new.deck, {card: 1})
    for card in deck_top:
        _take(new.deck, {card: 1})
    new.deck += list(reversed(deck_top))  # draws take the last card
    return new


def claimed(state: JapanState, claims: Mapping[int, int], bullets: Sequence[int] = ()) -> JapanState:
    """Routes already claimed by seats (Bullet Train ones taken from the supply, trains paid for the rest)."""
    new = state.copy()
    board = japan()
    for route_id, seat in claims.items():
        new.claims[route_id] = seat
        new.claim_order.append(route_id)
        if route_id in bullets:
            new.bullet_claims.append(route_id)
            new.supply -= 1
            new.track[seat] += board.routes[route_id].length
        else:
            new.trains[seat] -= board.routes[route_id].length
            new.points[seat] += board.route_points[board.routes[route_id].length]
    return new


def act(state: JapanState, seat: int, verb: str, *args: str | int, step: int = 1) -> JapanState:
    """Apply one move through the rules."""
    return TTR_JAPAN.apply(state, seat, Action(verb, tuple(args)), GameRandom(SEED, step))


def claim(state: JapanState, seat: int, r: Route, colour: str, locomotives: int = 0) -> JapanState:
    """Claim a route, paying `colour` cards plus `locomotives`."""
    return act(state, seat, "claim", r.id, colour, locomotives)


def refusal(state: JapanState, seat: int, verb: str, *args: str | int) -> str:
    """The reason a move is refused (the test fails if it is allowed)."""
    assert Action(verb, tuple(args)) not in TTR_JAPAN.legal_actions(state, seat)
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, verb, *args)
    return refused.value.message
