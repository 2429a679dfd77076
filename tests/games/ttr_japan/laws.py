"""Ticket to Ride: Japan's laws for the contract suite: what is conserved, and what a seat can't know."""

from __future__ import annotations

import random
from collections import Counter

from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.state import JapanState


def japan_components(state: JapanState) -> Counter[tuple[str, str | int]]:
    """The 110 train cards, 54 tickets and 16 Bullet Trains, wherever each one is."""
    found: Counter[tuple[str, str | int]] = Counter()
    for pile in (state.deck, state.discard, state.market):
        found.update(("card", c) for c in pile)
    for hand in state.hands:
        found.update({("card", c): n for c, n in hand.items() if n})
    tickets = list(state.ticket_deck) + list(state.returned)
    tickets += [t for kept in state.tickets for t in kept] + [t for offer in state.offer for t in offer]
    found.update(("ticket", t) for t in tickets)
    found[("bullet", "train")] += state.supply + len(state.bullet_claims)
    return found


def japan_scramble(state: JapanState, seat: int | None, rnd: random.Random) -> JapanState:
    """Deal anew what `seat` can't see: other hands, the deck and discards, other tickets and the ticket deck.

    Every count stays. The turn player's first card of a two-card draw stays in their hand, so the
    state stays one the rules could reach.
    """
    new = TTR_JAPAN.from_json(TTR_JAPAN.to_json(state))
    others = [s for s in range(new.seats) if s != seat]
    pinned = {s: new.first_card for s in others if s == new.turn and new.first_card is not None}
    hidden = list(new.deck) + list(new.discard)
    for s in others:
        hand = new.hands[s]
        if s in pinned:
            hand[str(pinned[s])] -= 1
        hidden += [c for c, n in hand.items() for _ in range(n)]
    rnd.shuffle(hidden)
    new.deck, hidden = hidden[: len(new.deck)], hidden[len(new.deck) :]
    new.discard, hidden = hidden[: len(new.discard)], hidden[len(new.discard) :]
    for s in others:
        size = sum(new.hands[s].values())
        new.hands[s] = dict.fromkeys(new.hands[s], 0)
        for card in hidden[:size]:
            new.hands[s][card] += 1
        hidden = hidden[size:]
        if s in pinned:
            new.hands[s][str(pinned[s])] += 1
        # What a seat just received is part of its hand: keep as many, taken from the new hand.
        held = [str(pinned[s])] if s in pinned else []
        held += [c for c, n in new.hands[s].items() for _ in range(n - held.count(c))]
        new.new_cards[s] = held[: len(new.new_cards[s])]
    secret = list(new.ticket_deck) + list(new.returned)
    secret += [t for s in others for t in new.tickets[s] + new.offer[s]]
    rnd.shuffle(secret)
    new.ticket_deck, secret = secret[: len(new.ticket_deck)], secret[len(new.ticket_deck) :]
    new.returned, secret = secret[: len(new.returned)], secret[len(new.returned) :]
    for s in others:
        kept, offered = len(new.tickets[s]), len(new.offer[s])
        new.tickets[s], new.offer[s], secret = secret[:kept], secret[kept : kept + offered], secret[kept + offered :]
    return new
