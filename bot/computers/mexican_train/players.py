"""Computer players of Mexican Train: random sensible plays, a greedy line planner, and determinized search."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from bot.computers.base import Budget, Player, Seen
from bot.computers.mexican_train.plan import ROLLOUT_NODES, ranked, sensible
from bot.computers.mexican_train.read import Reading
from bot.computers.mexican_train.sample import known_state
from bot.computers.search import best_move
from bot.games.base import Action, State
from bot.games.mexican_train import MEXICAN_TRAIN, deal

WIDTH, INCUMBENT = 5, 5.0
"""The strong player searches at most this many plays, the normal player's best first (more would thin the
playouts), and keeps normal's choice unless another scores this much more (a twentieth of a win; before a match's
last round, five pips)."""
WIN, MARGIN = 100.0, 0.1
"""A deciding round's playout is worth winning (the fewest pips), then a little of the pip margin (the margins of a
round gone out are large, and would otherwise outweigh how often a move wins)."""


def round_value(state: State, seat: int) -> float:
    """A finished playout's worth to the seat, from the totals after the round: before a match's last round, its pip
    margin over the best other seat (a match is won on pips, and a round won is worth only the pips it saves); in
    the last or only round, a bonus for the fewest pips, and a little of that margin."""
    scores = MEXICAN_TRAIN.standing(state).scores
    best_other = min(s for i, s in enumerate(scores) if i != seat)
    mine = scores[seat]
    if state.mode == "rounds" and state.round < deal.ROUNDS_MATCH:
        return float(best_other - mine)
    return MARGIN * (best_other - mine) + (WIN if mine < best_other else WIN / 2 if mine == best_other else 0.0)


class Sensible:
    """Easy: any sensible move, uniformly (a tile when one fits, knocking and catching when it can)."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        moves = sensible(seen.legal)
        return moves[rng.randrange(len(moves))]


class Greedy:
    """Normal: its own train's longest line kept for itself, other tiles to other trains, doubles early, pips."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        return ranked(*known_state(seen), seen.seat, seen.legal)[0]


class Guesses(Protocol):
    """Where a search's playouts get their full states."""

    def sample(self, seen: Seen, rng: random.Random) -> State: ...


class Search:
    """Strong: determinized playouts of the rest of the round (normal rollouts) over the normal player's best plays,
    the other hands guessed as their play so far suggests."""

    def __init__(self, read: Callable[[Seen, random.Random, Budget], Guesses] = Reading.of) -> None:
        self.read = read
        """How it guesses the other hands from the view (a bench may measure other guesses)."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        moves = ranked(*known_state(seen), seen.seat, seen.legal)
        if len(moves) == 1 or moves[0].verb != "play":
            return moves[0]
        began = budget.now()
        reading = self.read(seen, rng, budget)  # within the budget: the playouts get what it leaves
        return best_move(
            seen,
            moves[:WIDTH],
            reading.sample,
            rng,
            budget.after(began),
            policy=planned,
            value=round_value,
            paired=True,
            incumbent=INCUMBENT,
        )


PLAYERS: dict[str, Player] = {"easy": Sensible(), "normal": Greedy(), "strong": Search()}
"""By level (see `bot.computers.LEVELS`)."""


def planned(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The search's rollout policy: every seat plays as the normal player does, with a shorter look for its line."""
    return ranked(state, [len(hand) for hand in state.hands], seat, legal, ROLLOUT_NODES)[0]
