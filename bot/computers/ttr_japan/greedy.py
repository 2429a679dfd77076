"""Greedy Ticket to Ride: Japan play on a state: claim what tickets need, draw the cards they need, more tickets.

It reads only what its seat may know (its hand and tickets, the board, the market): the strong player's
playouts run it on guessed states, the normal player on a state guessed from its view.
"""

from __future__ import annotations

from itertools import combinations

from bot.computers.ttr_japan.plan import Plan, graph, seat_plan
from bot.games.base import Action
from bot.games.ttr_japan import rules
from bot.games.ttr_japan.claiming import claim_actions, read_hand, ways
from bot.games.ttr_japan.data import COLOURS, GRAY, japan
from bot.games.ttr_japan.state import LOCOMOTIVE, JapanState

TICKET_TRAINS = 6
"""Fewer trains than this left: no more tickets (there would be no trains to finish them)."""


def needs(plan: Plan, hand: dict[str, int]) -> dict[str, int]:
    """Cards of each colour the plan's routes take (a gray route counted in the colour the hand has most spare of)."""
    routes = japan().routes
    need = dict.fromkeys(COLOURS, 0)
    grays = []
    for route_id in plan.routes:
        route = routes[route_id]
        if route.colour == GRAY:
            grays.append(route.length)
        else:
            need[route.colour] += route.length
    for length in sorted(grays, reverse=True):
        colour = max(COLOURS, key=lambda c: hand[c] - need[c])
        need[colour] += length
    return need


def payment(route_id: int, hand: dict[str, int], need: dict[str, int]) -> Action | None:
    """The route's claim with the fewest locomotives, sparing colours other routes need (None: can't pay)."""
    route = japan().routes[route_id]
    options = ways(route, hand)
    if not options:
        return None

    def cost(way: tuple[str, int]) -> tuple[int, int, int]:
        colour, wild = way
        if colour == LOCOMOTIVE:
            return wild, 0, 0
        paid = route.length - wild
        own = paid if route.colour == GRAY else 0  # a gray route's own share of the colour is not "another" need
        short = max(0, need[colour] - own - (hand[colour] - paid))
        return wild, short, -hand[colour]

    colour, wild = min(options, key=cost)
    return Action("claim", (route_id, colour, wild))


def keep_ranking(state: JapanState, seat: int, least: int) -> list[tuple[int, ...]]:
    """The seat's choices of tickets to keep, best first: most points for the cards, within its trains."""
    g = graph()
    offer = sorted(state.offer[seat])
    trains = state.trains[seat]
    base = seat_plan(state, seat)
    scored: list[tuple[float, tuple[int, ...]]] = []
    for size in range(least, len(offer) + 1):
        for kept in combinations(offer, size):
            plan = seat_plan(state, seat, kept)
            points = sum(g.ends[t][2] for t in kept)
            lost = sum(g.ends[t][2] for t in plan.lost if t in kept)
            # Each card the plan adds is a draw to make; past the trains left (with a margin) it won't finish.
            extra = plan.cards - base.cards
            over = max(0, plan.trains - max(trains - 2, 0))
            scored.append((points - 2 * lost - 0.5 * extra - 3 * over - 2 * (size - least), kept))
    scored.sort(key=lambda s: -s[0])
    return [kept for _score, kept in scored]


def plan_claims(state: JapanState, seat: int, plan: Plan) -> list[Action]:
    """The plan's routes the seat can pay for now, longest first."""
    hand = state.hands[seat]
    payable = read_hand(hand).reach  # most turns the hand pays for none of them: no need to weigh colours
    if not any(payable >> route_id & 1 for route_id in plan.routes):
        return []
    need = needs(plan, hand)
    routes = japan().routes
    found = []
    for route_id in sorted(plan.routes, key=lambda r: -routes[r].length):
        if not payable >> route_id & 1:
            continue
        claim = payment(route_id, hand, need)
        if claim is not None:
            found.append(claim)
    return found


def spare_claims(state: JapanState, seat: int, legal: list[Action]) -> list[Action]:
    """Claims off the plan, longest first (Bullet Train routes ahead of plain ones of a length), fewest locomotives."""
    routes = japan().routes
    best: dict[int, Action] = {}
    for move in legal:
        if move.verb != "claim":
            continue
        route_id, _colour, wild = move.args
        assert isinstance(route_id, int) and isinstance(wild, int)
        held = best.get(route_id)
        if held is None or wild < int(str(held.args[2])):
            best[route_id] = move

    def rank(move: Action) -> tuple[int, bool]:
        route = routes[int(str(move.args[0]))]
        return -route.length, not route.bullet

    return sorted(best.values(), key=rank)


def draw_choices(state: JapanState, plan: Plan, hand: dict[str, int]) -> list[Action]:
    """Useful card draws, best first: face-up cards of the colours the plan lacks most, then the deck."""
    need = needs(plan, hand)
    short = {c: need[c] - hand[c] for c in COLOURS}
    second = state.first_card is not None
    useful = [(-short[card], slot) for slot, card in enumerate(state.market) if card != LOCOMOTIVE and short[card] > 0]
    found = [rules.FACE_UP_DRAWS[slot] for _key, slot in sorted(useful)]
    if state.deck or state.discard:
        found.append(rules.BLIND_DRAW)
    elif not found:  # no deck: any face-up card the turn allows
        found = [rules.FACE_UP_DRAWS[s] for s, c in enumerate(state.market) if not (second and c == LOCOMOTIVE)]
    return found


def greedy_move(state: JapanState, seat: int, legal: list[Action] | None = None, plan: Plan | None = None) -> Action:
    """The normal player's move (one of the legal ones), following `plan` (the seat's own by default).

    `legal` may be left out: a playout saves listing every claim on every move (the greedy move rarely needs it)."""
    if state.offer[seat]:
        least = min(state.keep_at_least[seat], len(state.offer[seat]))
        return Action("keep", keep_ranking(state, seat, least)[0])
    plan = plan or seat_plan(state, seat)
    if state.first_card is None:
        claims = plan_claims(state, seat, plan)
        if claims:
            return claims[0]
        if not plan.open_tickets:  # every ticket done (or beyond reach)
            if state.ticket_deck and state.trains[seat] >= TICKET_TRAINS and state.final_turns is None:
                return rules.TICKETS
            spare = spare_claims(state, seat, claim_actions(state, seat) if legal is None else legal)
            if spare:
                return spare[0]
    draws = draw_choices(state, plan, state.hands[seat])
    if draws:
        return draws[0]
    return (rules.legal_actions(state, seat) if legal is None else legal)[0]
