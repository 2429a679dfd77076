"""Final scoring: tickets connected through a seat's own routes and every Bullet Train route, the bonus, tie-breaks."""

from __future__ import annotations

from bot.games.base import Outcome
from bot.games.ttr_japan.data import JapanMap
from bot.games.ttr_japan.state import Final, JapanState, TicketResult


def network(state: JapanState, seat: int, board: JapanMap) -> dict[str, str]:
    """Union-find parents over the cities `seat` can travel: its own routes plus all Bullet Train routes."""
    parent: dict[str, str] = {}

    def root(city: str) -> str:
        parent.setdefault(city, city)
        while parent[city] != city:
            parent[city] = parent[parent[city]]
            city = parent[city]
        return city

    bullets = set(state.bullet_claims)
    for route_id, owner in state.claims.items():
        if owner == seat or route_id in bullets:  # rules: claimed Bullet Train routes connect tickets for everyone
            route = board.routes[route_id]
            parent[root(route.a)] = root(route.b)
    for city in list(parent):
        root(city)
    return parent


def connected(parents: dict[str, str], a: str, b: str) -> bool:
    """Whether two cities are joined in a network from `network`."""
    if a == b:
        return True
    if a not in parents or b not in parents:
        return False

    def root(city: str) -> str:
        while parents[city] != city:
            city = parents[city]
        return city

    return root(a) == root(b)


def ticket_results(state: JapanState, seat: int, board: JapanMap) -> list[TicketResult]:
    """Each of the seat's tickets with whether it is connected now."""
    parents = network(state, seat, board)
    return [TicketResult(t, connected(parents, board.tickets[t].a, board.tickets[t].b)) for t in state.tickets[seat]]


def bullet_bonus(track: list[int], board: JapanMap) -> list[int]:
    """The Bullet Train bonus by seat: tied seats share the better place; a seat still at 0 gets the penalty."""
    table = board.bullet_bonus[len(track)]
    bonus = []
    for position in track:
        if position == 0:
            bonus.append(board.bullet_none)
            continue
        place = sum(1 for other in track if other > position)  # rank − 1: seats strictly ahead
        bonus.append(table[place])
    return bonus


def final_scores(state: JapanState, board: JapanMap) -> list[Final]:
    """Everyone's routes, tickets (+ done, − failed), bonus and total."""
    bonuses = bullet_bonus(state.track, board)
    finals = []
    for seat in range(state.seats):
        results = ticket_results(state, seat, board)
        tickets = sum(board.tickets[r.ticket].points * (1 if r.done else -1) for r in results)
        completed = sum(1 for r in results if r.done)
        total = state.points[seat] + tickets + bonuses[seat]
        finals.append(Final(state.points[seat], results, bonuses[seat], total, completed))
    return finals


def outcome_of(finals: list[Final], reason: str) -> Outcome:
    """Ranks by total, then by completed tickets; still tied seats share the place."""
    keys = [(f.total, f.completed) for f in finals]
    ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    return Outcome(tuple(f.total for f in finals), ranks, reason)
