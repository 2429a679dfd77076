"""Claiming a route: whether it is open to a seat, the ways a hand can pay exactly, and why a claim is refused."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bot.games.base import Action, seat_mark
from bot.games.ttr_japan.data import COLOURS, GRAY, JapanMap, Route, japan
from bot.games.ttr_japan.state import LOCOMOTIVE, ClaimedBits, JapanState
from bot.games.ttr_japan.words import colour_name
from bot.i18n import _, ngettext

SMALL_GAME = 3
"""rules/ttr_japan.txt: with 2 or 3 players only one track of a double route can be claimed."""


def is_bullet_now(state: JapanState, route: Route) -> bool:
    """A Bullet Train route is claimed with a Bullet Train while the supply lasts, as a gray route after."""
    return route.bullet and state.supply > 0


def is_open(state: JapanState, seat: int, route: Route) -> bool:
    """Whether `seat` may claim `route` now, cards aside (the fast check; `route_closed` says why not)."""
    if route.id in state.claims:
        return False
    twin = route.twin
    if twin is not None and twin in state.claims and (state.seats <= SMALL_GAME or state.claims[twin] == seat):
        return False
    return (route.bullet and state.supply > 0) or state.trains[seat] >= route.length


def route_closed(state: JapanState, seat: int, route: Route) -> str | None:
    """Why `seat` can't claim `route` at all (None when it can, cards aside)."""
    if is_open(state, seat, route):
        return None
    if route.id in state.claims:
        return _("{route} is already claimed by {seat}.").format(
            route=route.name, seat=seat_mark(state.claims[route.id])
        )
    if route.twin is not None and route.twin in state.claims:
        if state.seats <= SMALL_GAME:
            return _("With {players} players only one track of {route} can be claimed, and it's taken.").format(
                players=state.seats, route=route.name
            )
        return _("You already have the other track of {route}.").format(route=route.name)
    return _("{route} needs {length} trains and you have {left} left.").format(
        route=route.name, length=route.length, left=state.trains[seat]
    )


def colours_for(route: Route) -> tuple[str, ...]:
    """The card colours a route accepts (gray, Bullet Train routes included: any one colour)."""
    return COLOURS if route.colour == GRAY else (route.colour,)


def ways(route: Route, hand: dict[str, int]) -> list[tuple[str, int]]:
    """Every exact payment (colour, locomotives) for `route` from `hand`; all locomotives is ("locomotive", n)."""
    length, wild = route.length, hand[LOCOMOTIVE]
    found = []
    for colour in colours_for(route):
        have = hand[colour]
        if have == 0:
            continue
        found += [(colour, length - k) for k in range(min(have, length), 0, -1) if length - k <= wild]
    if wild >= length:
        found.append((LOCOMOTIVE, length))
    return found


def pays(route: Route, hand: dict[str, int], colour: object, locomotives: object) -> bool:
    """Whether (colour, locomotives) is one of `ways(route, hand)`, without listing them (compared as `in` would)."""
    length, wild = route.length, hand[LOCOMOTIVE]
    if colour == LOCOMOTIVE:
        return bool(locomotives == length and wild >= length)
    if colour not in colours_for(route):
        return False
    have = hand[str(colour)]
    # `ways` lists (colour, length - k) for k from min(have, length) down to 1, with at most `wild` locomotives.
    return locomotives in range(length - min(have, length), min(length, wild + 1))


def fewest_locomotives(route: Route, hand: dict[str, int], colour: str | None = None) -> tuple[str, int] | None:
    """The payment a player most likely means: the fewest locomotives, in `colour` if named."""
    options = [w for w in ways(route, hand) if colour is None or w[0] == colour]
    return min(options, key=lambda w: (w[1], -hand[w[0]]), default=None)


def claim_refusal(state: JapanState, seat: int, action: Action, board: JapanMap) -> str:
    """Why this claim is refused: no such route, closed, or the cards named don't pay for it."""
    if len(action.args) != 3 or not all(isinstance(a, int) for a in (action.args[0], action.args[2])):
        return _("Name a route, a colour and how many locomotives, e.g. route 64, red, 0 locomotives.")
    route_id, colour, locomotives = action.args
    route = board.routes.get(int(route_id))
    if route is None:
        return _("There's no such route.")
    closed = route_closed(state, seat, route)
    if closed is not None:
        return closed
    hand = state.hands[seat]
    paying = int(locomotives)
    if not 0 <= paying <= route.length:
        return _("{route} takes {length} cards; you can't pay {paying} locomotives for it.").format(
            route=route.name, length=route.length, paying=paying
        )
    if colour != LOCOMOTIVE and colour not in colours_for(route):
        if route.colour == GRAY:
            refused = _("{route} is paid with any one colour (and locomotives), not {colour}.")
        else:
            refused = _("{route} is paid with {wanted} cards (and locomotives), not {colour}.")
        return refused.format(route=route.name, wanted=colour_name(route.colour), colour=colour_name(str(colour)))
    if paying > hand[LOCOMOTIVE]:
        have = hand[LOCOMOTIVE]
        return ngettext(
            "You have {n} locomotive, not {paying}.", "You have {n} locomotives, not {paying}.", have
        ).format(n=have, paying=paying)
    needed = route.length - paying
    if colour == LOCOMOTIVE and needed:
        return _("{route} takes {length} cards: {paying} locomotives aren't enough on their own.").format(
            route=route.name, length=route.length, paying=paying
        )
    if colour != LOCOMOTIVE and hand.get(str(colour), 0) < needed:
        return ngettext(
            "You need {n} {colour} card and have {have}.", "You need {n} {colour} cards and have {have}.", needed
        ).format(n=needed, colour=colour_name(str(colour)), have=hand.get(str(colour), 0))
    return _("That payment doesn't add up to the route.")


Cuts = tuple[int, int, tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...], Action]
"""A route's claims by hand: (length, its colour's index in `COLOURS` or -1 for gray, for each colour of `COLOURS`
[cards][locomotives] → claims (empty for a refused colour), the claim paid with locomotives alone); cards and
locomotives are counted up to the length."""


@dataclass(frozen=True, slots=True)
class BoardIndex:
    """The board arranged for fast claim listing: routes as bits (route id n is bit n), every claim made once."""

    cuts: dict[int, Cuts]
    """Route id → its claims by hand (Actions are immutable, so a listing copies ready-made ones)."""
    twin_bit: dict[int, int]
    """Route id → its twin's bit (0 for a single route)."""
    longest: int
    within: tuple[int, ...]
    """For each number of trains up to `longest`: the routes no longer than that."""
    bullets: int
    """The Bullet Train routes."""
    reach: tuple[tuple[int, ...], ...]
    """For each colour of `COLOURS` then gray: for each number of cards up to `longest`, its routes no longer."""


@functools.cache
def board_index() -> BoardIndex:
    """The `BoardIndex` of the Japan board (made once)."""
    routes = japan().routes.values()
    longest = max(r.length for r in routes)
    return BoardIndex(
        cuts={r.id: _cuts(r) for r in routes},
        twin_bit={r.id: 0 if r.twin is None else 1 << r.twin for r in routes},
        longest=longest,
        within=tuple(sum(1 << r.id for r in routes if r.length <= cap) for cap in range(longest + 1)),
        bullets=sum(1 << r.id for r in routes if r.bullet),
        reach=tuple(
            tuple(sum(1 << r.id for r in routes if r.colour == c and r.length <= cap) for cap in range(longest + 1))
            for c in (*COLOURS, GRAY)
        ),
    )


def _cuts(route: Route) -> Cuts:
    length, accepted = route.length, colours_for(route)
    # With `have` cards of a colour, `ways` pays length - have (at least 0) up to length - 1 locomotives, no more
    # than the hand holds: a slice of that colour's claims by locomotives paid, 0 to length - 1.
    tables = tuple(
        tuple(
            tuple(claims[length - have : min(wild, length - 1) + 1] if have else () for wild in range(length + 1))
            for have in range(length + 1)
        )
        for claims in (
            tuple(Action("claim", (route.id, c, n)) for n in range(length)) if c in accepted else () for c in COLOURS
        )
    )
    colour = COLOURS.index(route.colour) if route.colour in COLOURS else -1
    return length, colour, tables, Action("claim", (route.id, LOCOMOTIVE, length))


def claimed_bits(state: JapanState) -> ClaimedBits:
    """`state.claims` as route bits, made again only when `claims` is not the dict they were made from."""
    bits = state.claimed_bits
    if bits is None or bits.of is not state.claims or bits.count != len(state.claims):
        twin_bit, by_seat = board_index().twin_bit, [0] * state.seats
        taken = twins = 0
        for route_id, owner in state.claims.items():
            taken |= 1 << route_id
            twins |= twin_bit[route_id]
            by_seat[owner] |= twin_bit[route_id]
        bits = state.claimed_bits = ClaimedBits(state.claims, len(state.claims), taken, twins, tuple(by_seat))
    return bits


def add_claim(state: JapanState, route_id: int, seat: int) -> None:
    """Claim `route_id` for `seat` (a new `claims` dict), its bits worked out from the old ones."""
    old = claimed_bits(state)
    state.claims = {**state.claims, route_id: seat}
    twin = board_index().twin_bit[route_id]
    by_seat = list(old.twins_by_seat)
    by_seat[seat] |= twin
    state.claimed_bits = ClaimedBits(
        state.claims, old.count + 1, old.taken | 1 << route_id, old.twins | twin, tuple(by_seat)
    )


def open_routes(state: JapanState, seat: int) -> int:
    """The bits of every route `is_open` to `seat` now."""
    bits, index = claimed_bits(state), board_index()
    closed = bits.taken | (bits.twins if state.seats <= SMALL_GAME else bits.twins_by_seat[seat])
    reach = index.within[min(state.trains[seat], index.longest)]
    if state.supply > 0:
        reach |= index.bullets
    return reach & ~closed


class Hand:
    """What claim listing needs of a hand: its cards by colour, its locomotives, the colours it holds, its reach."""

    __slots__ = ("counts", "held", "reach", "wild")

    def __init__(self, hand: dict[str, int]) -> None:
        index = board_index()
        self.wild = wild = hand[LOCOMOTIVE]
        self.counts = counts = tuple(hand[c] for c in COLOURS)
        self.held = tuple(colour for colour, have in enumerate(counts) if have)
        # A route can be paid iff its length is at most the cards of one accepted colour plus the locomotives.
        longest, reach = index.longest, index.reach
        self.reach = reach[-1][min(max(counts) + wild, longest)]
        for colour, have in enumerate(counts):
            self.reach |= reach[colour][min(have + wild, longest)]


_HANDS: dict[tuple[tuple[str, int], ...], Hand] = {}
"""Hands seen lately: a hand comes back often (the same seat a turn later, another game), and reading it costs."""
_HANDS_LIMIT = 1 << 14


def read_hand(hand: dict[str, int]) -> Hand:
    """`Hand(hand)`, kept for the next time the same cards come back."""
    key = tuple(hand.items())
    found = _HANDS.get(key)
    if found is None:
        if len(_HANDS) > _HANDS_LIMIT:
            _HANDS.clear()
        found = _HANDS[key] = Hand(hand)
    return found


def claim_actions(state: JapanState, seat: int) -> list[Action]:
    """Every claim `seat` can pay for now, once per way of paying, in route order (`is_open` and `ways`, fast)."""
    hand, cuts = read_hand(state.hands[seat]), board_index().cuts
    counts, held, wild = hand.counts, hand.held, hand.wild
    found: list[Action] = []
    routes = open_routes(state, seat) & hand.reach
    while routes:  # lowest bit first: in route order
        lowest = routes & -routes
        routes ^= lowest
        length, colour, tables, all_locomotives = cuts[lowest.bit_length() - 1]
        paid_wild = wild if wild < length else length
        if colour >= 0:
            have = counts[colour]
            found += tables[colour][have if have < length else length][paid_wild]
        else:
            for colour in held:
                have = counts[colour]
                found += tables[colour][have if have < length else length][paid_wild]
        if wild >= length:
            found.append(all_locomotives)
    return found


def can_claim(state: JapanState, seat: int) -> bool:
    """Whether `claim_actions` lists anything (without listing)."""
    return bool(open_routes(state, seat) & read_hand(state.hands[seat]).reach)
