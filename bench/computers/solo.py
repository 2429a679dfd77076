"""Solo strength of a game's computer players: each level plays the same seeded solo games; mean score ± 95% CI.

Shared by the solo games' benches (bench/computers/next_station_tokyo.py, bench/computers/miyajima.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.computers import Budget, Seen, decision_random, players
from bot.games import REGISTRY
from bot.games.base import resolve_options
from bot.games.rng import GameRandom


def solo_game(game_name: str, level: str, seed: int, budget: Budget, options: Mapping[str, Any]) -> tuple[int, int]:
    """One solo game played by `level`: its final score and how many decisions it took."""
    game, player = REGISTRY[game_name], players(game_name)[level]
    state, step = game.setup(seed, 1, resolve_options(game.options, dict(options))), 0
    while game.outcome(state) is None:
        step += 1
        seen = Seen(game_name, 0, 1, game.player_view(state, 0), dict(options))
        move = player.choose(seen, decision_random(seed, step, 0), budget)
        state = game.apply(state, 0, move, GameRandom(seed, step))
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome.scores[0], step


def interval(scores: Sequence[float]) -> str:
    """Mean ± the half-width of a 95% confidence interval (normal approximation)."""
    mean = statistics.mean(scores)
    half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    return f"{mean:7.1f} ± {half:4.1f}"


def solo_means(
    game_name: str, levels: Sequence[str], budget: Budget, games: int, options: Mapping[str, Any] | None = None
) -> dict[str, list[int]]:
    """Print each level's mean solo score over the same `games` seeds, and return the scores."""
    found: dict[str, list[int]] = {}
    print(f"{game_name} solo, {games} games (seeds 1–{games}), {budget}, options {dict(options or {})}")
    for level in levels:
        began, decisions, scores = time.perf_counter(), 0, []
        for seed in range(1, games + 1):
            score, steps = solo_game(game_name, level, seed, budget, options or {})
            scores.append(score)
            decisions += steps
        spent = time.perf_counter() - began
        print(
            f"  {level:<7} mean {interval(scores)}  min {min(scores):4}  max {max(scores):4}  "
            f"{spent / decisions * 1000:7.1f} ms/decision"
        )
        found[level] = scores
    return found


def arguments(doc: str | None) -> tuple[int, Budget, list[str]]:
    """`--games N`, `--playouts P` or `--seconds S` (default 1 s), `--levels a,b`: parsed and printed."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--levels", default="easy,normal,strong")
    args = parser.parse_args()
    budget = Budget(playouts=args.playouts, seconds=args.seconds)
    if args.playouts is None and args.seconds is None:
        budget = Budget(seconds=1.0)
    print("command line:", " ".join(sys.argv[1:]) or "(defaults)")
    return args.games, budget, args.levels.split(",")


def ratio(found: dict[str, list[int]], better: str, worse: str) -> None:
    """Print how much `better`'s mean beats `worse`'s, as a percentage."""
    if better in found and worse in found:
        gain = statistics.mean(found[better]) / statistics.mean(found[worse]) - 1
        print(f"  {better} / {worse}: {gain:+.1%}")
