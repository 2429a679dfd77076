"""Rules engines alone: uniformly random legal playouts of each game, setup and final scoring included.

Each playout: `setup`, then until `outcome` says the game is over, a seat picked uniformly among `to_act`, a move
picked uniformly among its `legal_actions` (a seeded random.Random picks both) and `apply` with the step's
GameRandom, as the bot replays a log. A decision step is one `apply`. Each case plays games for about --seconds,
--runs times (interleaved case by case, so a busy moment hits them all alike); the medians are printed.

    python bench/engines.py [--runs 5] [--seconds 1.0] [--games ttr_japan,...] [--profile]

Issue 20's targets on the 2-core development machine, per decision step: Ticket to Ride ≤ 10 µs, Mexican Train
≤ 4.5 µs, Next Station Tokyo ≤ 80 µs; Miyajima and Toyko Train no slower than before. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import REGISTRY, compiled
from bot.games.base import resolve_options
from bot.games.rng import GameRandom


@dataclass(frozen=True)
class Case:
    """One kind of playout: a game, its players and options."""

    game: str
    seats: int
    options: tuple[tuple[str, Any], ...] = ()
    label: str = ""

    @property
    def name(self) -> str:
        return self.label or f"{self.game}, {self.seats} players"


CASES = (
    Case("ttr_japan", 2, label="Ticket to Ride: Japan, 2 players"),
    Case("ttr_japan", 4, label="Ticket to Ride: Japan, 4 players"),
    Case("mexican_train", 4, (("mode", "rounds"),), "Mexican Train, 4 players, 13 rounds"),
    Case("next_station_tokyo", 1, label="Next Station Tokyo, solo"),
    Case("miyajima", 4, label="Fast Train to Miyajima, 4 players"),
    Case("toyko_train", 4, label="Toyko Train, 4 players (six places)"),
)


def playout(case: Case, seed: int) -> int:
    """One random game to the end; its decision steps."""
    game = REGISTRY[case.game]
    state = game.setup(seed, case.seats, resolve_options(game.options, dict(case.options)))
    rnd, steps = random.Random(seed), 0
    while game.outcome(state) is None:
        seat = rnd.choice(sorted(game.to_act(state)))
        action = rnd.choice(game.legal_actions(state, seat))
        steps += 1
        state = game.apply(state, seat, action, GameRandom(seed, steps))
    return steps


def run(case: Case, seconds: float, first_seed: int) -> tuple[int, int, float]:
    """Games played for about `seconds`: (games, steps, elapsed)."""
    games = steps = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        steps += playout(case, first_seed + games)
        games += 1
    return games, steps, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each case (default 5; medians printed)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run (default 1.0 s)")
    parser.add_argument("--games", help="comma-separated game names (default all)")
    parser.add_argument("--profile", action="store_true", help="cProfile one run of each case instead")
    args = parser.parse_args()
    chosen = [c for c in CASES if args.games is None or c.game in args.games.split(",")]
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}, "
        f"rules engines: {compiled.running()}"
    )
    if args.profile:
        for case in chosen:
            print(f"\n== {case.name}")
            profiler = cProfile.Profile()
            profiler.runcall(run, case, args.seconds, 0)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    figures: dict[Case, list[tuple[float, float, float]]] = {case: [] for case in chosen}
    for n in range(args.runs):
        for case in chosen:
            games, steps, elapsed = run(case, args.seconds, n * 100_000)
            figures[case].append((games / elapsed, elapsed / steps * 1e6, steps / games))
    print(f"medians of {args.runs} runs of {args.seconds:g} s each")
    print(f"{'playout':<40} {'games/s':>9} {'µs/step':>8} {'steps/game':>11}")
    for case, rows in figures.items():
        rate, micros, length = (statistics.median(column) for column in zip(*rows, strict=True))
        print(f"{case.name:<40} {rate:>9,.1f} {micros:>8.1f} {length:>11,.0f}")


if __name__ == "__main__":
    main()
