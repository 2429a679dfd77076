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


@dataclass(frozen=True, slots=True)
class BoardIndex:
    """The board sorted for fast claim listing: routes by colour and length, and every claim as a ready Action."""

    up_to: dict[str, tuple[tuple[int, ...], ...]]
    """Route colour (gray included) → for each length cap 0..6, the ids of routes of that colour no longer than it."""
    routes: tuple[Route | None, ...]
    """Route id → route (None for unused ids): a tuple index is faster than a dict lookup."""
    actions: dict[tuple[int, str, int], Action]
    """(route id, colour, locomotives) → the claim Action, built once (Actions are immutable)."""
    by_route: dict[int, dict[tuple[str, int], Action]]
    """Route id → (colour, locomotives) → the claim Action: the same Actions, by route."""


@functools.cache
def board_index() -> BoardIndex:
    """The `BoardIndex` of the Japan board (made once)."""
    board = japan()
    longest = max(r.length for r in board.routes.values())
    up_to = {
        colour: tuple(
            tuple(sorted(r.id for r in board.routes.values() if r.colour == colour and r.length <= cap))
            for cap in range(longest + 1)
        )
        for colour in (*COLOURS, GRAY)
    }
    routes: list[Route | None] = [None] * (max(board.routes) + 1)
    actions = {}
    for route in board.routes.values():
        routes[route.id] = route
        for colour in (*colours_for(route), LOCOMOTIVE):
            for locomotives in range(route.length + 1):
                actions[(route.id, colour, locomotives)] = Action("claim", (route.id, colour, locomotives))
    by_route: dict[int, dict[tuple[str, int], Action]] = {r: {} for r in board.routes}
    for (route_id, colour, locomotives), action in actions.items():
        by_route[route_id][(colour, locomotives)] = action
    return BoardIndex(up_to, tuple(routes), actions, by_route)


def claim_actions(state: JapanState, seat: int) -> list[Action]:
    """Every claim `seat` can pay for now, once per way of paying, in route order (`is_open` and `ways`, fast)."""
    index = board_index()
    hand = state.hands[seat]
    wild = hand[LOCOMOTIVE]
    up_to, longest = index.up_to, len(index.up_to[GRAY]) - 1
    # A route can be paid iff its length is at most the cards of one accepted colour plus the locomotives.
    most = max(hand[c] for c in COLOURS)
    candidates = list(up_to[GRAY][min(most + wild, longest)])
    for colour in COLOURS:
        reach = hand[colour] + wild
        if reach:
            candidates += up_to[colour][min(reach, longest)]
    if not candidates:
        return []
    candidates.sort()
    claimed, routes, by_route = state.claims, index.routes, index.by_route
    small = state.seats <= SMALL_GAME
    trains, bullets = state.trains[seat], state.supply > 0
    found: list[Action] = []
    gray_hands: dict[int, tuple[int, ...]] = {}  # by length: the hand as a gray route of that length sees it
    for route_id in candidates:
        if route_id in claimed:
            continue
        route = routes[route_id]
        assert route is not None
        twin = route.twin
        if twin is not None and twin in claimed and (small or claimed[twin] == seat):
            continue
        length = route.length
        if not ((route.bullet and bullets) or trains >= length):
            continue
        if route.colour == GRAY:
            seen = gray_hands.get(length)
            if seen is None:
                # Cards beyond the length can't be used: cut them off so that more hands share a cached answer.
                seen = gray_hands[length] = tuple(min(hand[c], length) for c in COLOURS)
            table = by_route[route_id]
            found += [table[way] for way in _gray_ways(length, seen, min(wild, length))]
        else:
            found += _colour_ways(route_id, length, route.colour, min(hand[route.colour], length), min(wild, length))
    return found


@functools.lru_cache(maxsize=1 << 14)
def _colour_ways(route_id: int, length: int, colour: str, have: int, wild: int) -> tuple[Action, ...]:
    """The claims of a coloured route with `have` cards of its colour and `wild` locomotives (as `ways` lists them)."""
    actions = board_index().actions
    found = [actions[(route_id, colour, length - k)] for k in range(min(have, length), 0, -1) if length - k <= wild]
    if wild >= length:
        found.append(actions[(route_id, LOCOMOTIVE, length)])
    return tuple(found)


@functools.lru_cache(maxsize=1 << 16)
def _gray_ways(length: int, have: tuple[int, ...], wild: int) -> tuple[tuple[str, int], ...]:
    """`ways` for any gray route of `length`, with `have` cards of each colour and `wild` locomotives."""
    found = []
    for colour, count in zip(COLOURS, have, strict=True):
        found += [(colour, length - k) for k in range(min(count, length), 0, -1) if length - k <= wild]
    if wild >= length:
        found.append((LOCOMOTIVE, length))
    return tuple(found)
