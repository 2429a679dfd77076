"""Random Mexican Train games for property tests: every state and every move, from a seed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.games.base import Action
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom

MOVES_PER_ROUND = 600
"""A round still running after this many moves counts as never ending (random rounds take ~150)."""


@dataclass
class Playout:
    """One random game: its setup, every state (states[0] right after setup) and every move."""

    seed: int
    seats: int
    options: Mapping[str, object]
    states: list[MexicanState] = field(default_factory=list)
    moves: list[tuple[int, Action]] = field(default_factory=list)

    def replayed(self) -> MexicanState:
        """Setup again and apply the same moves with the same random steps."""
        state = MEXICAN_TRAIN.setup(self.seed, self.seats, self.options)
        for n, (seat, action) in enumerate(self.moves, start=1):
            state = MEXICAN_TRAIN.apply(state, seat, action, GameRandom(self.seed, n))
        return state


def random_playout(seed: int, seats: int, options: Mapping[str, object], limit: int | None = None) -> Playout:
    """Random legal moves by random seats that may act, until the game ends or `limit` moves."""
    play = Playout(seed, seats, options, [MEXICAN_TRAIN.setup(seed, seats, options)])
    rounds = play.states[0].rounds
    rnd = random.Random(seed)
    state = play.states[0]
    for n in range(1, (limit or rounds * MOVES_PER_ROUND) + 1):
        if state.finished:
            break
        seat = rnd.choice(sorted(MEXICAN_TRAIN.to_act(state)))
        action = rnd.choice(MEXICAN_TRAIN.legal_actions(state, seat))
        state = MEXICAN_TRAIN.apply(state, seat, action, GameRandom(seed, n))
        play.states.append(state)
        play.moves.append((seat, action))
    return play
