"""Seeded mid-game positions for the picture benches: a four-player game after some random legal moves."""

from __future__ import annotations

import random
from typing import Any

from bot.games import REGISTRY
from bot.games.rng import GameRandom

NAMES = ("alice", "bob", "carol", "dave")


def mid_game(game: str, moves: int, seed: int) -> tuple[Any, Any]:
    """The rules and the state of a four-player game after up to `moves` random legal moves (fewer if it ends)."""
    rules = REGISTRY[game]
    rnd = random.Random(seed)
    state = rules.setup(seed, len(NAMES), {})
    for step in range(1, moves + 1):
        if rules.outcome(state) is not None:
            break
        seat = rnd.choice(sorted(rules.to_act(state)))
        state = rules.apply(state, seat, rnd.choice(rules.legal_actions(state, seat)), GameRandom(seed, step))
    return rules, state


def mid_game_view(game: str, moves: int, seed: int, seat: int | None = None) -> dict[str, Any]:
    """A mid-game view: the public one (`seat` None), or that seat's own."""
    rules, state = mid_game(game, moves, seed)
    view: dict[str, Any] = rules.player_view(state, seat)
    return view
