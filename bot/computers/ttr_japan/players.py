"""Computer players of Ticket to Ride: Japan: easy (random sensible moves), normal (greedy tickets), strong (search)."""

from __future__ import annotations

import random
from typing import Any

from bot.computers.base import Budget, Player, Seen
from bot.computers.search import best_move
from bot.computers.ttr_japan.greedy import (
    draw_choices,
    greedy_move,
    keep_ranking,
    plan_claims,
    spare_claims,
)
from bot.computers.ttr_japan.plan import Planner, seat_plan
from bot.computers.ttr_japan.sample import sample
from bot.games.base import Action, State
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN, rules, scoring
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import JapanState

WIN = 20.0
"""What winning adds to a playout's score margin: the margin says how sure, the bonus that it is a win."""
CANDIDATES = 6
"""Moves a strong player weighs on a turn: the greedy one and a few others."""
KEEPS = 2
"""Ticket choices a strong player weighs."""
CARD = 1.0
"""What a card in hand adds to `estimate`."""
LIKELY = 0.85
"""The chance `estimate` gives an open ticket whose plan fits in the seat's trains."""
DEPTH = 10_000
"""Moves a playout goes on after the candidate (then `estimate` values it)."""
INCUMBENT = 4.0
"""Points of margin another candidate must win by on average to overrule the greedy move."""


class Sensible:
    """Easy: a random move among sensible ones (fewest tickets kept, no wasted locomotives, tickets once done)."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        legal = seen.legal
        if legal[0].verb == "keep":
            fewest = [a for a in legal if len(a.args) == len(legal[0].args)]
            return fewest[rng.randrange(len(fewest))]
        least: dict[Any, int] = {}
        for move in legal:
            if move.verb == "claim":
                least[move.args[0]] = min(least.get(move.args[0], 99), int(str(move.args[2])))
        claims = [m for m in legal if m.verb == "claim" and int(str(m.args[2])) == least[m.args[0]]]
        draws = [m for m in legal if m.verb == "draw"]
        done = all(bool(t["done"]) for t in seen.private["tickets"])
        tickets = [m for m in legal if m.verb == "tickets" and done]
        kinds = [kind for kind in (claims, draws, tickets) if kind]
        kind = kinds[rng.randrange(len(kinds))]
        return kind[rng.randrange(len(kind))]


class Greedy:
    """Normal: the greedy ticket player of `bot.computers.ttr_japan.greedy`, on a state guessed from the view."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        return greedy_move(sample(seen, rng), seen.seat, seen.legal)


class GreedyPlayout:
    """The playouts of one decision: every seat plays the greedy move, its plan kept while it holds.

    It asks the rules for no list of legal moves (the greedy move seldom needs one): most of a playout's time
    went into listing every claim on every move."""

    def __init__(self) -> None:
        # One per decision, shared by its playouts: a plan made in one playout is kept by the next while its
        # routes stay open (a variant that planned afresh in each playout, with other changes, measured weaker).
        self.planner = Planner()

    def __call__(self, state: State, seed: int, moves: random.Random, depth: int) -> State:
        assert isinstance(state, JapanState)
        for step in range(1, depth + 1):
            if state.finished:
                break
            to_act = sorted(TTR_JAPAN.to_act(state))
            seat = to_act[moves.randrange(len(to_act))]
            plan = None if state.offer[seat] else self.planner.plan(state, seat)
            state = rules.apply(state, seat, greedy_move(state, seat, None, plan), GameRandom(seed, step))
        return state


def estimate(state: JapanState) -> list[float]:
    """Each seat's likely final score: the score as it stands, its cards, and its open tickets by their chances.

    A card in hand is worth about a point (it will pay for a route). Greedy play finishes most tickets it can
    still reach within its trains, so such a ticket counts most of its plus; in the final round, only if the
    hand already pays for the rest."""
    finals = scoring.final_scores(state, japan())
    tickets = japan().tickets
    totals: list[float] = []
    for seat, final in enumerate(finals):
        hand = state.hands[seat]
        total = float(final.total) + CARD * sum(hand.values())
        plan = seat_plan(state, seat)
        if plan.open_tickets and plan.trains <= state.trains[seat]:
            ending = state.final_turns is not None
            chance = (1.0 if plan.cards <= sum(hand.values()) else 0.0) if ending else LIKELY
            total += 2 * chance * sum(tickets[t].points for t in plan.open_tickets)  # from minus towards plus
        totals.append(total)
    return totals


def value(state: State, seat: int) -> float:
    """The seat's margin over the best other seat (at the end, or as `estimate` says), and a bonus for leading."""
    assert isinstance(state, JapanState)
    totals = [float(f.total) for f in state.finals] if state.finished else estimate(state)
    others = max(t for s, t in enumerate(totals) if s != seat)
    margin = totals[seat] - others
    return margin + (WIN if margin > 0 else WIN / 2 if margin == 0 else 0.0)


def candidates(state: JapanState, seat: int, legal: list[Action]) -> list[Action]:
    """The greedy move first, then a few others worth weighing (not every claim)."""
    if legal[0].verb == "keep":
        ranked = keep_ranking(state, seat, len(legal[0].args))
        return [Action("keep", kept) for kept in ranked[:KEEPS]]
    found = [greedy_move(state, seat, legal)]
    plan = seat_plan(state, seat)
    more: list[Action] = []
    if state.first_card is None:
        more += plan_claims(state, seat, plan)[:2]
        more += [m for m in spare_claims(state, seat, legal) if japan().routes[int(str(m.args[0]))].bullet][:1]
        more += spare_claims(state, seat, legal)[:1]
    more += draw_choices(state, plan, state.hands[seat])[:2]
    if rules.BLIND_DRAW in legal:
        more.append(rules.BLIND_DRAW)
    for move in more:
        if move not in found and move in legal and len(found) < CANDIDATES:
            found.append(move)
    return found


class Search:
    """Strong: determinized playouts of the greedy policy from a few candidate moves, cut at `depth` moves."""

    def __init__(self, depth: int = DEPTH, incumbent: float = INCUMBENT, width: int = CANDIDATES) -> None:
        self.depth, self.incumbent, self.width = depth, incumbent, width

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        legal = seen.legal
        if len(legal) == 1:
            return legal[0]
        moves = candidates(sample(seen, rng), seen.seat, legal)
        moves = moves[: self.width]
        # Paired: every candidate meets the same guesses and the same luck, so they differ by what they do.
        return best_move(
            seen,
            moves,
            sample,
            rng,
            budget,
            playout=GreedyPlayout(),
            value=value,
            depth=self.depth,
            paired=True,
            incumbent=self.incumbent,
        )


PLAYERS: dict[str, Player] = {"easy": Sensible(), "normal": Greedy(), "strong": Search()}
"""By level (see `bot.computers.LEVELS`)."""
