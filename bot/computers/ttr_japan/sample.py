"""A whole Ticket to Ride: Japan state guessed from one seat's view: what it sees kept, the unseen dealt at random."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.computers.base import Seen
from bot.games.ttr_japan import rules
from bot.games.ttr_japan.cards import CARDS, full_deck
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import START, JapanState


def _take(pile: list[Any], count: int) -> list[Any]:
    """The last `count` things of `pile`, removed from it (fewer if it runs short)."""
    count = max(0, min(count, len(pile)))
    taken = pile[len(pile) - count :]
    del pile[len(pile) - count :]
    return taken


def sample(seen: Seen, rng: random.Random) -> JapanState:
    """A state the seat can't tell from the real one: the other hands, the other tickets and both decks dealt anew.

    The 110 cards less the seat's hand and the market are shuffled into the other hands, the discards and the
    deck at their public sizes; the 54 tickets less the seat's own and offered ones go to the other seats (as
    many as each holds or is choosing from), the start tickets sent back, and the ticket deck.
    """
    public, private, seat, seats = seen.public, seen.private, seen.seat, seen.seats
    players = public["players"]
    starting = public["phase"] == START
    hand = {card: int(private["hand"][card]) for card in CARDS}
    market = [str(c) for c in public["market"]]
    unseen = Counter(full_deck())
    unseen.subtract(hand)
    unseen.subtract(market)
    cards = [card for card in CARDS for _ in range(max(0, unseen[card]))]
    rng.shuffle(cards)
    hands = []
    for s in range(seats):
        if s == seat:
            hands.append(hand)
            continue
        dealt = dict.fromkeys(CARDS, 0)
        for card in _take(cards, int(players[s]["cards"])):
            dealt[card] += 1
        hands.append(dealt)
    discard = _take(cards, int(public["discard"]))

    mine = [int(t["id"]) for t in private["tickets"]]
    my_offer = [int(t["id"]) for t in private["offer"]]
    tickets = sorted(set(japan().tickets) - set(mine) - set(my_offer))
    rng.shuffle(tickets)
    held: list[list[int]] = []
    offers: list[list[int]] = []
    returned: list[int] = []
    for s in range(seats):
        if s == seat:
            held.append(mine)
            offers.append(my_offer)
            continue
        held.append(_take(tickets, int(players[s]["tickets"])))
        choosing = bool(players[s]["choosing"])
        offered = rules.START_TICKETS if starting else rules.TICKET_DRAW
        offers.append(_take(tickets, offered) if choosing else [])
        if starting and not choosing:  # its start tickets sent back wait to go under the deck
            returned += _take(tickets, rules.START_TICKETS - int(players[s]["tickets"]))

    claims = {int(r): int(s) for r, s, _bullet in public["claims"]}
    keep = [rules.START_KEEP if starting else 1] * seats
    keep[seat] = int(private["keep_at_least"]) if my_offer else keep[seat]
    new_cards: list[list[str]] = [[] for _ in range(seats)]
    new_cards[seat] = [str(c) for c in private["new_cards"]]
    first_card = None
    if public["second_card"]:
        first_card = new_cards[seat][-1] if public["turn"] == seat and new_cards[seat] else CARDS[0]
    return JapanState(
        phase=str(public["phase"]),
        deck=cards,
        discard=discard,
        market=market,
        hands=hands,
        ticket_deck=tickets,
        tickets=held,
        offer=offers,
        keep_at_least=keep,
        claims=claims,
        bullet_claims=[int(r) for r, _s, bullet in public["claims"] if bullet],
        claim_order=sorted(claims),
        trains=[int(p["trains"]) for p in players],
        points=[int(p["points"]) for p in players],
        track=[int(p["track"]) for p in players],
        supply=int(public["supply"]),
        turn=int(public["turn"] or 0),
        first_card=first_card,
        returned=returned,
        final_turns=public["final_turns"],
        new_cards=new_cards,
    )
