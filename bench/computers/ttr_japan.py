"""Ticket to Ride: Japan computers against each other: 2-player win rates with 95% Wilson intervals.

Each pairing plays seeded games, the two levels taking turns at being seat 1 (who starts). A decision's
randomness is `decision_random(seed, step, seat)`, as in the bot. A shared first place counts half a win.

    python bench/computers/ttr_japan.py [--games N] [--playouts P | --seconds S] [--pairs strong:normal,normal:easy]
    python bench/computers/ttr_japan.py --rate [--games N] [--seconds S]

`--rate` plays strong against normal at the budget and prints the strong player's playouts per second of search
and per decision (decisions with a single candidate, which search nothing, left out): the `--playouts` that
stands for one second on this machine.

Targets (issue 21, at the default budget of 1 s per decision): strong beats normal in >= 65% of games, normal beats
easy in >= 80%. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.intervals import wilson
from bot.computers import Budget, Seen, decision_random, players
from bot.computers.base import Clock
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


def matches(budget: Budget, games: int, pairs: list[tuple[str, str]], first_seed: int = 1, each: bool = False) -> None:
    """Play `games` games of each pairing and print the first level's win rate and the mean scores (`each`: and
    every game's scores, to compare two versions game by game on the same seeds)."""
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
            if each:
                print(f"  seed {seed}: {first} {scores[me]} - {scores[other]} {second}", flush=True)
        low, high = wilson(wins, games)
        print(
            f"{first} vs {second}: {first} wins {wins / games:.1%} of {games} (95% CI {low:.1%}–{high:.1%}); "
            f"mean scores {statistics.mean(mine):.1f} vs {statistics.mean(theirs):.1f}; "
            f"{1000 * thinking / max(decisions, 1):.1f} ms per decision (both seats)",
            flush=True,
        )


def rate(budget: Budget, games: int, first_seed: int = 1) -> None:
    """Play strong against normal and print how many playouts a searched decision of strong made, and how fast."""
    game, strong, normal = REGISTRY[GAME], players(GAME)["strong"], players(GAME)["normal"]
    counted = {"spent": 0}
    spend = Clock.spend

    def counting(clock: Clock) -> None:
        counted["spent"] += 1
        spend(clock)

    playouts, seconds, searched = 0, 0.0, 0
    Clock.spend = counting  # type: ignore[method-assign]  # counts what every search spends, whatever its shape
    try:
        for n in range(games):
            seed = first_seed + n
            state = game.setup(seed, 2, {})
            step = 0
            while game.outcome(state) is None:
                step += 1
                seat = min(game.to_act(state))
                seen = Seen(GAME, seat, 2, game.player_view(state, seat))
                rng = decision_random(seed, step, seat)
                if (seat + n) % 2 == 0:
                    counted["spent"] = 0
                    began = time.perf_counter()
                    move = strong.choose(seen, rng, budget)
                    took = time.perf_counter() - began
                    if counted["spent"] > 1:
                        playouts, seconds, searched = playouts + counted["spent"], seconds + took, searched + 1
                else:
                    move = normal.choose(seen, rng, budget)
                state = game.apply(state, seat, move, GameRandom(seed, step))
    finally:
        Clock.spend = spend  # type: ignore[method-assign]
    print(
        f"strong: {playouts / max(seconds, 1e-9):.0f} playouts per second over {searched} searched decisions "
        f"of {games} games ({playouts / max(searched, 1):.0f} per decision, {seconds / max(searched, 1):.2f} s each)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--pairs", default="strong:normal,normal:easy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--each", action="store_true", help="print every game's scores")
    parser.add_argument("--rate", action="store_true", help="print the strong player's playouts per second")
    args = parser.parse_args()
    seconds = args.seconds if args.seconds is not None or args.playouts is not None else 1.0
    budget = Budget(playouts=args.playouts, seconds=seconds)
    pairs = [(p.split(":")[0], p.split(":")[1]) for p in args.pairs.split(",")]
    print(f"python bench/computers/ttr_japan.py --games {args.games} --pairs {args.pairs} --seed {args.seed}", end="")
    print(f" --playouts {args.playouts}" if args.playouts is not None else "", end="")
    print(f" --seconds {seconds}" if seconds is not None else "", end="")
    print(" --rate" if args.rate else "")
    if args.rate:
        rate(budget, args.games, args.seed)
        return
    matches(budget, args.games, pairs, args.seed, args.each)


if __name__ == "__main__":
    main()
