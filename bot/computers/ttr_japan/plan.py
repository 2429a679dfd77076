"""Ticket to Ride: Japan plans for computers: the cheapest routes still open to a seat that finish its tickets."""

from __future__ import annotations

import functools
import heapq
from dataclasses import dataclass

from bot.games.ttr_japan.claiming import open_routes
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import JapanState

UNREACHABLE = 1 << 30


@dataclass(frozen=True, slots=True)
class Graph:
    """The board as numbered cities and weighted edges, made once."""

    edges: tuple[tuple[tuple[int, int, int, int], ...], ...]
    """City → (neighbour, route id, route bit, weight while unclaimed) for every route out of it."""
    ends: dict[int, tuple[int, int, int]]
    """Ticket id → (city, city, points)."""
    length: dict[int, int]
    bullet: int
    """The Bullet Train routes' bits."""


def _weight(length: int, bullet: bool) -> int:
    # Cards first; one more per route (each route is a turn of its own), less for a Bullet Train route
    # (it takes no trains and moves the marker up the Bullet Train track).
    return 4 * length + 1 - (2 if bullet else 0)


@functools.cache
def graph() -> Graph:
    """The `Graph` of the Japan board."""
    board = japan()
    index = {name: i for i, name in enumerate(sorted(board.cities))}
    edges: list[list[tuple[int, int, int, int]]] = [[] for _ in index]
    for route in sorted(board.routes.values(), key=lambda r: r.id):
        a, b, weight = index[route.a], index[route.b], _weight(route.length, route.bullet)
        edges[a].append((b, route.id, 1 << route.id, weight))
        edges[b].append((a, route.id, 1 << route.id, weight))
    ends = {t.id: (index[t.a], index[t.b], t.points) for t in board.tickets.values()}
    bullet = sum(1 << r.id for r in board.routes.values() if r.bullet)
    return Graph(tuple(tuple(e) for e in edges), ends, {r.id: r.length for r in board.routes.values()}, bullet)


_PATHS: dict[tuple[int, int, int, int], tuple[int, ...] | None] = {}
_PATHS_LIMIT = 1 << 16


def path(start: int, goal: int, usable: int, free: int) -> tuple[int, ...] | None:
    """The routes of the cheapest way from `start` to `goal` over usable and free ones (free ones weigh 0), memoised."""
    key = (start, goal, usable, free)
    if key in _PATHS:
        return _PATHS[key]
    if len(_PATHS) > _PATHS_LIMIT:
        _PATHS.clear()
    found = _PATHS[key] = _path(start, goal, usable, free)
    return found


def _path(start: int, goal: int, usable: int, free: int) -> tuple[int, ...] | None:
    edges = graph().edges
    best = [UNREACHABLE] * len(edges)
    best[start] = 0
    came: dict[int, tuple[int, int]] = {}
    heap = [(0, start)]
    reach = usable | free
    while heap:
        dist, city = heapq.heappop(heap)
        if city == goal:
            routes = []
            while city != start:
                city, route = came[city]
                routes.append(route)
            return tuple(reversed(routes))
        if dist > best[city]:
            continue
        for other, route, bit, weight in edges[city]:
            if not reach & bit:
                continue
            new = dist if free & bit else dist + weight
            if new < best[other]:
                best[other] = new
                came[other] = (city, route)
                heapq.heappush(heap, (new, other))
    return None


@dataclass(frozen=True, slots=True)
class Plan:
    """What a seat's tickets still need: the routes to claim (most valuable ticket's first), their cost, the lost."""

    routes: tuple[int, ...]
    cards: int
    """Cards to pay for `routes`."""
    trains: int
    """Trains `routes` take (Bullet Train routes take none while the supply lasts)."""
    open_tickets: tuple[int, ...]
    """Tickets not connected yet that an open path can still finish."""
    lost: tuple[int, ...]
    """Tickets no open path can finish any more."""
    paths: tuple[tuple[int, tuple[int, ...]], ...]
    """Each reachable ticket's whole path (claimed routes included), most points first."""
    bits: int
    """Every route of `paths`."""


_PLANS: dict[tuple[int, int, tuple[int, ...], bool], Plan] = {}
_PLANS_LIMIT = 1 << 15


def make_plan(usable: int, free: int, tickets: tuple[int, ...], bullets_left: bool) -> Plan:
    """The routes that join each ticket, cheapest path by path, each path's routes free for the next (memoised)."""
    key = (usable, free, tickets, bullets_left)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) > _PLANS_LIMIT:
            _PLANS.clear()
        found = _PLANS[key] = _plan(usable, free, tickets, bullets_left)
    return found


def _plan(usable: int, free: int, tickets: tuple[int, ...], bullets_left: bool) -> Plan:
    g = graph()
    paths: list[tuple[int, tuple[int, ...]]] = []
    lost: list[int] = []
    planned = free
    for ticket in sorted(tickets, key=lambda t: (-g.ends[t][2], t)):
        a, b, _points = g.ends[ticket]
        found = path(a, b, usable, planned)
        if found is None:
            lost.append(ticket)
            continue
        paths.append((ticket, found))
        for route in found:
            planned |= 1 << route
    return assemble(tuple(paths), tuple(lost), free, bullets_left)


def assemble(
    paths: tuple[tuple[int, tuple[int, ...]], ...], lost: tuple[int, ...], free: int, bullets_left: bool
) -> Plan:
    """The plan that follows these paths when `free` routes cost nothing."""
    g = graph()
    routes: list[int] = []
    open_tickets: list[int] = []
    planned, bits = free, 0
    for ticket, whole in paths:
        needed = [r for r in whole if not planned >> r & 1]
        for route in whole:
            bits |= 1 << route
        if needed:
            open_tickets.append(ticket)
            routes += needed
            for route in needed:
                planned |= 1 << route
        elif any(not free >> r & 1 for r in whole):  # joined through routes an earlier ticket still needs
            open_tickets.append(ticket)
    cards = sum(g.length[r] for r in routes)
    trains = sum(g.length[r] for r in routes if not (bullets_left and g.bullet >> r & 1))
    return Plan(tuple(routes), cards, trains, tuple(open_tickets), lost, paths, bits)


class Planner:
    """Plans that last while their paths stay open: within one decision's playouts, most turns reuse the last one.

    Made afresh for each decision (what it keeps depends on the playouts before, so it must not outlive them)."""

    def __init__(self) -> None:
        self.last: dict[int, tuple[tuple[int, ...], Plan]] = {}
        self.made: dict[int, tuple[int, bool, Plan]] = {}
        """Each seat's plan last returned and the free routes and Bullet Train supply it was made for."""

    def plan(self, state: JapanState, seat: int) -> Plan:
        """The seat's plan: the last one while every route on it is still the seat's or open to it."""
        tickets = tuple(state.tickets[seat])
        usable, free, bullets_left = open_routes(state, seat), free_routes(state, seat), state.supply > 0
        held = self.last.get(seat)
        if held is not None and held[0] == tickets:
            last = held[1]
            if not last.lost and not last.bits & ~(usable | free):
                made = self.made.get(seat)
                if made is not None and made[0] == free and made[1] == bullets_left and made[2].paths is last.paths:
                    return made[2]  # most turns change neither: the same plan again, without assembling it
                plan = assemble(last.paths, (), free, bullets_left)
                self.made[seat] = (free, bullets_left, plan)
                return plan
        plan = make_plan(usable, free, tickets, bullets_left)
        self.last[seat] = (tickets, plan)
        return plan


def free_routes(state: JapanState, seat: int) -> int:
    """The routes `seat` may travel for nothing: its own claims and every claimed Bullet Train route."""
    bits = 0
    for route, owner in state.claims.items():
        if owner == seat:
            bits |= 1 << route
    for route in state.bullet_claims:
        bits |= 1 << route
    return bits


def seat_plan(state: JapanState, seat: int, extra: tuple[int, ...] = ()) -> Plan:
    """The seat's plan for its tickets (and `extra` ones it is thinking of keeping)."""
    tickets = tuple(state.tickets[seat]) + extra
    return make_plan(open_routes(state, seat), free_routes(state, seat), tickets, state.supply > 0)
