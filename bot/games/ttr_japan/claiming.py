"""Claiming a route: whether it is open to a seat, the ways a hand can pay exactly, and why a claim is refused."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bot.games.base import Action, seat_mark
from bot.games.ttr_japan.data import COLOURS, GRAY, JapanMap, Route, japan
from bot.games.ttr_japan.state import LOCOMOTIVE, JapanState
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


RouteFacts = tuple[int, int, int, bool, int]
"""What claim listing needs of a route: (id, twin or -1, length, Bullet Train, colour's index in `COLOURS` or -1)."""


@dataclass(frozen=True, slots=True)
class BoardIndex:
    """The board sorted for fast claim listing: routes by colour and length, and every claim as a ready Action."""

    up_to: tuple[tuple[tuple[RouteFacts, ...], ...], ...]
    """For each colour of `COLOURS` then gray: for each length cap, the facts of its routes no longer than that."""
    longest: int
    info: tuple[RouteFacts | None, ...]
    """Route id → its facts (None for an unused id)."""
    rows: dict[int, tuple[tuple[Action, ...], ...]]
    """Route id → for each colour of `COLOURS`, its claims by locomotives paid, 0 to length - 1 (none if refused).

    A hand's claims in one colour are a slice of its row, so listing them copies a slice (Actions are immutable)."""
    all_locomotives: dict[int, Action]
    """Route id → its claim paid with locomotives alone."""


@functools.cache
def board_index() -> BoardIndex:
    """The `BoardIndex` of the Japan board (made once)."""
    board = japan()
    longest = max(r.length for r in board.routes.values())
    info: list[RouteFacts | None] = [None] * (max(board.routes) + 1)
    rows: dict[int, tuple[tuple[Action, ...], ...]] = {}
    for route in board.routes.values():
        colour = COLOURS.index(route.colour) if route.colour in COLOURS else -1
        info[route.id] = (route.id, -1 if route.twin is None else route.twin, route.length, route.bullet, colour)
        accepted = colours_for(route)
        rows[route.id] = tuple(
            tuple(Action("claim", (route.id, c, n)) for n in range(route.length)) if c in accepted else ()
            for c in COLOURS
        )
    all_locomotives = {r.id: Action("claim", (r.id, LOCOMOTIVE, r.length)) for r in board.routes.values()}
    up_to = tuple(
        tuple(tuple(f for f in info if f is not None and f[4] == colour and f[2] <= cap) for cap in range(longest + 1))
        for colour in (*range(len(COLOURS)), -1)
    )
    return BoardIndex(up_to, longest, tuple(info), rows, all_locomotives)


class Payable:
    """What one hand can pay for: the routes within its reach, and each one's claims once asked for."""

    __slots__ = ("claims", "counts", "routes", "wild")

    def __init__(self, hand: dict[str, int]) -> None:
        index = board_index()
        self.wild = hand[LOCOMOTIVE]
        self.counts = tuple(hand[c] for c in COLOURS)
        # A route can be paid iff its length is at most the cards of one accepted colour plus the locomotives.
        candidates = list(index.up_to[-1][min(max(self.counts) + self.wild, index.longest)])
        for i, have in enumerate(self.counts):
            candidates += index.up_to[i][min(have + self.wild, index.longest)]
        candidates.sort()  # by route id, the first of the facts
        self.routes = candidates
        self.claims: dict[int, tuple[Action, ...]] = {}
        """Gray route id → its claims with this hand, made when first asked for (most are claimed or too long)."""

    def of(self, route_id: int, length: int) -> tuple[Action, ...]:
        """A gray route's claims with this hand, in `ways`' order: each colour, then locomotives alone."""
        wild = self.wild
        # With `have` cards of a colour, `ways` pays length - have (at least 0) up to length - 1 locomotives,
        # no more than the hand holds: a slice of that colour's row.
        stop = (wild if wild < length else length - 1) + 1
        index = board_index()
        claims: tuple[Action, ...] = ()
        for row, have in zip(index.rows[route_id], self.counts, strict=True):
            if have:
                claims += row[length - have if have < length else 0 : stop]
        if wild >= length:
            claims += (index.all_locomotives[route_id],)
        self.claims[route_id] = claims
        return claims


_PAYABLE: dict[tuple[tuple[str, int], ...], Payable] = {}
"""A hand → what it can pay for: the same hands come back often, and working that out is the costly part."""
_PAYABLE_LIMIT = 1 << 15


def claim_actions(state: JapanState, seat: int) -> list[Action]:
    """Every claim `seat` can pay for now, once per way of paying, in route order (`is_open` and `ways`, fast)."""
    hand = state.hands[seat]
    key = tuple(hand.items())
    payable = _PAYABLE.get(key)
    if payable is None:
        if len(_PAYABLE) > _PAYABLE_LIMIT:
            _PAYABLE.clear()
        payable = _PAYABLE[key] = Payable(hand)
    claimed, small = state.claims, state.seats <= SMALL_GAME
    trains, bullets = state.trains[seat], state.supply > 0
    known, counts, wild = payable.claims, payable.counts, payable.wild
    index = board_index()
    rows, all_locomotives = index.rows, index.all_locomotives
    found: list[Action] = []
    # `is_open`, inline: this loop is the hot path of every turn.
    for route_id, twin, length, bullet, colour in payable.routes:
        if route_id in claimed or (twin in claimed and (small or claimed[twin] == seat)):
            continue
        if length > trains and not (bullet and bullets):
            continue
        if colour < 0:  # gray: up to eight slices, kept for the next time this hand comes back
            claims = known.get(route_id)
            found += payable.of(route_id, length) if claims is None else claims
            continue
        # One colour: one slice of its row (as `Payable.of` takes it), quicker made again than looked up.
        have, stop = counts[colour], (wild if wild < length else length - 1) + 1
        found += rows[route_id][colour][length - have if have < length else 0 : stop]
        if wild >= length:
            found.append(all_locomotives[route_id])
    return found
