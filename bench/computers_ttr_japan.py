"""Ticket to Ride: Japan computers against each other: 2-player win rates with 95% Wilson intervals.

Each pairing plays seeded games, the two levels taking turns at being seat 1 (who starts). A decision's
randomness is `decision_random(seed, step, seat)`, as in the bot. A shared first place counts half a win.

    python bench/computers_ttr_japan.py [--games N] [--playouts P | --seconds S] [--pairs strong:normal,normal:easy]

Targets (issue 21, at the default budget of 1 s per decision): strong beats normal in >= 65% of games, normal beats
easy in >= 80%. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.intervals import wilson
from bot.computers import Budget, Seen, decision_random, players
from bot.games import REGISTRY
from bot.games.rng import GameRandom

GAME = "ttr_japan"


def play(levels: tuple[str, str], seed: int, budget: Budget) -> tuple[list[int], list[int], float, int]:
    """One game with `levels[i]` in seat i: (ranks, scores, seconds thinking, decisions made)."""
    game = REGISTRY[GAME]
    state = game.setup(seed, 2, {})
    step, thinking, decisions = 0, 0.0, 0
    while (over := game.outcome(state)) is None:
        step += 1
        seat = min(game.to_act(state))
        seen = Seen(GAME, seat, 2, game.player_view(state, seat))
        began = time.perf_counter()
        move = players(GAME)[levels[seat]].choose(seen, decision_random(seed, step, seat), budget)
        thinking += time.perf_counter() - began
        decisions += 1
        state = game.apply(state, seat, move, GameRandom(seed, step))
    return list(over.ranks), list(over.scores), thinking, decisions


def matches(budget: Budget, games: int, pairs: list[tuple[str, str]], first_seed: int = 1) -> None:
    """Play `games` games of each pairing and print the first level's win rate and the mean scores."""
    for first, second in pairs:
        wins, mine, theirs, thinking, decisions = 0.0, [], [], 0.0, 0
        for n in range(games):
            seed = first_seed + n
            seats = (first, second) if n % 2 == 0 else (second, first)
            ranks, scores, spent, made = play(seats, seed, budget)
            me = 0 if n % 2 == 0 else 1
            other = 1 - me
            wins += 1.0 if ranks[me] < ranks[other] else 0.5 if ranks[me] == ranks[other] else 0.0
            mine.append(scores[me])
            theirs.append(scores[other])
            thinking += spent
            decisions += made
        low, high = wilson(wins, games)
        print(
            f"{first} vs {second}: {first} wins {wins / games:.1%} of {games} (95% CI {low:.1%}–{high:.1%}); "
            f"mean scores {statistics.mean(mine):.1f} vs {statistics.mean(theirs):.1f}; "
            f"{1000 * thinking / max(decisions, 1):.1f} ms per decision (both seats)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--pairs", default="strong:normal,normal:easy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seconds = args.seconds if args.seconds is not None or args.playouts is not None else 1.0
    budget = Budget(playouts=args.playouts, seconds=seconds)
    pairs = [(p.split(":")[0], p.split(":")[1]) for p in args.pairs.split(",")]
    print(f"python bench/computers_ttr_japan.py --games {args.games} --pairs {args.pairs} --seed {args.seed}", end="")
    print(f" --playouts {args.playouts}" if args.playouts is not None else "", end="")
    print(f" --seconds {seconds}" if seconds is not None else "")
    matches(budget, args.games, pairs, args.seed)


if __name__ == "__main__":
    main()
