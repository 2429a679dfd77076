"""Ticket to Ride: Japan computers: guessed states look like the real one to their seat, and the greedy plans."""

from __future__ import annotations

import random

from bot.computers import Budget, Seen, players
from bot.computers.search import policy_playout
from bot.computers.ttr_japan.greedy import greedy_move, payment
from bot.computers.ttr_japan.plan import Planner, seat_plan
from bot.computers.ttr_japan.players import GreedyPlayout
from bot.computers.ttr_japan.sample import sample
from bot.games.base import Action, State
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.cards import CARDS, empty_hand
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import JapanState
from tests.games.ttr_japan.laws import japan_components

UNCHECKED = ("events", "last_claims", "new_cycle")
"""Public parts a guess can't rebuild and no computer reads: the last move's words and the order of claims."""


def positions(seed: int, seats: int, steps: int) -> list[JapanState]:
    """States of a game between normal computers, every few moves."""
    state, found = TTR_JAPAN.setup(seed, seats, {}), []
    for step in range(1, steps + 1):
        if TTR_JAPAN.outcome(state) is not None:
            break
        seat = min(TTR_JAPAN.to_act(state))
        seen = Seen("ttr_japan", seat, seats, TTR_JAPAN.player_view(state, seat))
        move = players("ttr_japan")["normal"].choose(seen, random.Random(step), Budget(playouts=1))
        state = TTR_JAPAN.apply(state, seat, move, GameRandom(seed, step))
        if step % 7 == 0 or step < 4:
            found.append(state)
    return found


def test_a_guessed_state_shows_its_seat_what_the_real_one_shows() -> None:
    reference = japan_components(TTR_JAPAN.setup(1, 2, {}))
    for seats in (2, 4):
        for state in positions(seats, seats, 160):
            for seat in sorted(TTR_JAPAN.to_act(state)):
                view = TTR_JAPAN.player_view(state, seat)
                guess = sample(Seen("ttr_japan", seat, seats, view), random.Random(seat))
                again = TTR_JAPAN.player_view(guess, seat)
                assert {k: v for k, v in again["public"].items() if k not in UNCHECKED} == {
                    k: v for k, v in view["public"].items() if k not in UNCHECKED
                }
                assert again["private"] == view["private"]
                assert again["legal"] == view["legal"]
                counted = japan_components(guess)
                assert all(counted[("card", c)] == reference[("card", c)] for c in CARDS)
                assert sorted(t for (kind, t), n in counted.items() if kind == "ticket" for _ in range(n)) == sorted(
                    japan().tickets
                )


def test_a_claim_is_paid_with_the_fewest_locomotives_sparing_needed_colours() -> None:
    board = japan()
    gray = next(r for r in board.routes.values() if r.colour == "gray" and r.length == 2)
    hand = empty_hand() | {"red": 3, "blue": 2, "locomotive": 2}
    # Blue is wanted elsewhere: the gray route is paid in red, with no locomotive.
    assert payment(gray.id, hand, dict.fromkeys(CARDS, 0) | {"blue": 2}) == Action("claim", (gray.id, "red", 0))
    assert payment(gray.id, empty_hand() | {"red": 1, "locomotive": 2}, dict.fromkeys(CARDS, 0)) == Action(
        "claim", (gray.id, "red", 1)
    )


def test_the_greedy_player_claims_a_route_its_ticket_needs() -> None:
    state = TTR_JAPAN.setup(3, 2, {})
    state.phase, state.offer = "turns", [[], []]
    state.tickets = [[next(iter(japan().tickets))], []]
    plan = seat_plan(state, 0)
    first = japan().routes[plan.routes[0]]
    colour = "pink" if first.colour == "gray" else first.colour
    state.hands[0] = empty_hand() | {colour: first.length}
    move = greedy_move(state, 0, TTR_JAPAN.legal_actions(state, 0))
    assert move.verb == "claim" and move.args[0] in plan.routes
    assert Planner().plan(state, 0) == plan


def test_playouts_play_the_greedy_move_for_every_seat() -> None:
    # The playout skips listing legal moves: it must still play what the greedy policy over the legal list plays.
    start = positions(5, 2, 30)[-1]
    planner = Planner()

    def policy(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
        assert isinstance(state, JapanState)
        return greedy_move(state, seat, legal, None if state.offer[seat] else planner.plan(state, seat))

    slow = policy_playout("ttr_japan", policy)(start, 7, random.Random(7), 10_000)
    fast = GreedyPlayout()(start, 7, random.Random(7), 10_000)
    assert fast.finished and TTR_JAPAN.to_json(fast) == TTR_JAPAN.to_json(slow)
