"""Mexican Train computer players against each other: win rates with a 95% Wilson interval.

A "game" here is one single-mode round (the default options: the highest double is the engine; it ends when a
player goes out or the round blocks); the fewest pips wins it, a tie counts half (a 4-player tie among k: 1/k).
A 13-round match is 13 such rounds with totals added, too slow to bench at 1 s a decision. Seeds 1..N; seats
rotate with the seed, so each level sits in each seat as often (the engine's holder opens).

    python bench/computers_mexican_train.py [--games N] [--playouts P | --seconds S] [--pairing NAME] [--seed S]
        [--rate]

`--rate` also prints how many playouts per second the strong player's searches made (run it with `--seconds 1` on
a quiet core to find the `--playouts` that matches the bot's default budget).

Pairings: `strong-normal` and `normal-easy` (2 players), `strong-3normal` (one strong, three normal), `all`.
Targets: strong beats normal in >= 65%, normal beats easy in >= 80%, strong wins >= 40% of 4-player games.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.intervals import wilson
from bot.computers import Budget, Seen, players
from bot.computers import mexican_train as computers
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.rng import GameRandom

PAIRINGS = {
    "strong-normal": ("strong", "normal"),
    "normal-easy": ("normal", "easy"),
    "strong-3normal": ("strong", "normal", "normal", "normal"),
}


def play(levels: tuple[str, ...], seed: int, budget: Budget) -> tuple[float, dict[str, int]]:
    """One round, the first level's seat rotating with the seed: its share of the win, and decisions timed."""
    seats = len(levels)
    shift = seed % seats
    at = [levels[(s - shift) % seats] for s in range(seats)]  # level of each seat
    hero = shift  # the seat of levels[0]
    state, step, pick = MEXICAN_TRAIN.setup(seed, seats, {}), 0, random.Random(seed)
    asked = {"decisions": 0, "searched": 0}
    while (over := MEXICAN_TRAIN.outcome(state)) is None:
        step += 1
        seat = pick.choice(sorted(MEXICAN_TRAIN.to_act(state)))
        seen = Seen("mexican_train", seat, seats, MEXICAN_TRAIN.player_view(state, seat))
        rng = random.Random(seed * 100_003 + step)
        move = players("mexican_train")[at[seat]].choose(seen, rng, budget)
        if seat == hero:
            asked["decisions"] += 1
        state = MEXICAN_TRAIN.apply(state, seat, move, GameRandom(seed, step))
    winners = over.winners()
    return (1 / len(winners) if hero in winners else 0.0), asked


def matches(budget: Budget, games: int, pairing: str, first: int = 1) -> None:
    """Play `games` rounds of a pairing (seeds from `first`) and print the first level's win rate."""
    levels = PAIRINGS[pairing]
    wins, began = 0.0, time.perf_counter()
    for seed in range(first, first + games):
        wins += play(levels, seed, budget)[0]
    low, high = wilson(wins, games)
    elapsed = time.perf_counter() - began
    print(
        f"{pairing}: {levels[0]} wins {wins:g}/{games} = {wins / games:.0%} "
        f"[95% {low:.0%}–{high:.0%}] ({elapsed:.0f} s, {elapsed / games:.1f} s/game)"
    )


class Rate:
    """Counts the strong player's playouts and the time its searches take (by wrapping its `best_move`)."""

    def __init__(self) -> None:
        self.playouts, self.seconds, self.searches = 0, 0.0, 0
        inner = computers.best_move

        def counting(*args: Any, value: Any, **kwargs: Any) -> Any:
            def counted(state: Any, seat: int) -> float:
                self.playouts += 1
                return float(value(state, seat))

            began = time.perf_counter()
            try:
                return inner(*args, value=counted, **kwargs)
            finally:
                self.seconds += time.perf_counter() - began
                self.searches += 1

        computers.best_move = counting

    def report(self) -> str:
        per = self.playouts / self.seconds if self.seconds else 0.0
        return f"strong: {self.playouts} playouts in {self.seconds:.1f} s over {self.searches} searches = {per:.0f}/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--playouts", type=int)
    group.add_argument("--seconds", type=float)
    parser.add_argument("--pairing", choices=(*PAIRINGS, "all"), default="all")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (seeds run on from it)")
    parser.add_argument("--rate", action="store_true", help="print the strong player's playouts per second")
    args = parser.parse_args()
    rate = Rate() if args.rate else None
    budget = Budget(playouts=args.playouts) if args.playouts else Budget(seconds=args.seconds or 1.0)
    print(f"mexican_train computers: --games {args.games} --seed {args.seed} budget {budget} pairing {args.pairing}")
    for name in PAIRINGS if args.pairing == "all" else (args.pairing,):
        matches(budget, args.games, name, args.seed)
    if rate is not None:
        print(rate.report())


if __name__ == "__main__":
    main()
