"""Determinized Monte Carlo search, shared by every game's strong player.

Each playout guesses the hidden parts of the game from the seat's view (the game's `sample`, which must deal the
unseen cards, tiles or tickets so that everything the seat sees stays as it is), plays one candidate move on that
guess, then plays on to the end (or a depth) with a quick policy, and scores the result for the seat. The
candidate with the best mean wins. The real state is never read: only the view and the engine's rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.computers.base import Budget, Seen
from bot.games import REGISTRY
from bot.games.base import Action, IllegalAction, State
from bot.games.rng import GameRandom

Sample = Callable[[Seen, random.Random], State]
"""A full state consistent with what the seat sees, its unseen parts dealt at random."""
Policy = Callable[[State, int, list[Action], random.Random], Action]
"""How a playout picks a move for a seat (the seat's legal moves given)."""
Value = Callable[[State, int], float]
"""How good a finished (or cut-off) playout is for the seat, higher is better."""
Playout = Callable[[State, int, random.Random, int], State]
"""Plays on from a state for at most `depth` moves or to the end: (state, seed of its luck, moves' rng, depth)."""


def random_policy(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Any legal move, uniformly."""
    return legal[rng.randrange(len(legal))]


def standing_value(game_name: str) -> Value:
    """The seat's result by the game's own standing: its score margin over the best other seat, and winning."""
    game = REGISTRY[game_name]

    def value(state: State, seat: int) -> float:
        standing = game.standing(state)
        scores = standing.scores
        others = [s for i, s in enumerate(scores) if i != seat]
        margin = scores[seat] - (max(others) if others else 0)
        return (1000.0 if standing.ranks[seat] == 1 else 0.0) + margin

    return value


def policy_playout(game_name: str, policy: Policy) -> Playout:
    """Playouts where every move is the policy's, from the engine's list of legal moves."""
    game = REGISTRY[game_name]

    def playout(state: State, seed: int, moves: random.Random, depth: int) -> State:
        for step in range(1, depth + 1):
            if game.outcome(state) is not None:
                break
            to_act = sorted(game.to_act(state))
            mover = to_act[moves.randrange(len(to_act))]
            legal = game.legal_actions(state, mover)
            state = game.apply(state, mover, policy(state, mover, legal, moves), GameRandom(seed, step))
        return state

    return playout


@dataclass
class Tally:
    """What the playouts of one candidate move gave."""

    total: float = 0.0
    count: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else float("-inf")


def best_move(
    seen: Seen,
    candidates: Sequence[Action],
    sample: Sample,
    rng: random.Random,
    budget: Budget,
    *,
    policy: Policy = random_policy,
    value: Value | None = None,
    depth: int = 10_000,
    paired: bool = False,
    incumbent: float = 0.0,
    playout: Playout | None = None,
) -> Action:
    """The candidate whose playouts score best for the seat (candidates tried in turn until the budget ends).

    `paired`: each round of candidates shares one guess and one rollout seed (common random numbers), so the
    candidates are compared on the same deals: far less noise per playout when the luck of the deal dominates.
    `incumbent`: how much better than the first candidate (a heuristic's choice) another must score to be chosen
    instead, so a few noisy playouts do not overrule a good heuristic.
    `playout`: how to play on after a candidate (by default `policy`'s moves over the engine's legal ones)."""
    if len(candidates) == 1:
        return candidates[0]
    value = value or standing_value(seen.game)
    playout = playout or policy_playout(seen.game, policy)
    game = REGISTRY[seen.game]
    tallies = [Tally() for _ in candidates]
    clock = budget.clock()
    turn = 0
    while clock.more():
        clock.spend()
        index = turn % len(candidates)
        turn += 1
        if not paired or index == 0:
            guess = sample(seen, rng)  # reused by a round: `paired` needs an `apply` that leaves its input alone
            seed = rng.getrandbits(32)
        state = guess
        moves = random.Random(seed) if paired else rng
        try:
            state = game.apply(state, seen.seat, candidates[index], GameRandom(seed, 0))
        except IllegalAction:  # the guess makes this move impossible (it hangs on a hidden card): no evidence
            continue
        tallies[index].total += value(playout(state, seed, moves, depth), seen.seat)
        tallies[index].count += 1
    best = max(range(len(candidates)), key=lambda i: tallies[i].mean + (incumbent if i == 0 else 0.0))
    return candidates[best]
