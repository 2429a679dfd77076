"""Toyko Train computers: how many exchanges above the optimum a computer conductor and tourist take per round.

Each seeded game seats computers as team 1 (conductor and tourist at the levels given) and leaves team 2 idle, so
team 1 finishes every one of the 7 rounds (roles swap after the third, as in play). Seats are asked in turn; a
seat that is `waiting` is skipped, as the Discord layer would. Per round: exchanges made (cancelled ones included)
minus the optimum; printed: their spread, and the share of rounds within 2 with a 95% Wilson interval.

    python bench/computers/toyko_train.py [--games N] [--playouts P | --seconds S] [--levels L,...] [--nine]
                                          [--race A,B]

--race A,B instead races a team of level A against a team of level B (equal speed: each tick asks one seat at
random) and prints the share of rounds A's team wins. The computers search nothing: the budget is accepted and
unused (the conductor's optimum search is exact and takes milliseconds).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.intervals import wilson
from bot.computers import Budget, Seen, decision_random, players
from bot.computers.toyko_train.players import waiting
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN

WITHIN = 2
SEATS = 4
TEAM = (0, 1)
"""Team 1's seats: the computers measured. Team 2 (seats 2 and 3) never moves."""


def game_excess(seed: int, level: str, budget: Budget, nine: bool, times: list[float]) -> list[int]:
    """One game of 7 rounds: team 1's exchanges above the optimum in each round (each decision's time added to
    `times`)."""
    player = players("toyko_train")[level]
    state = TOYKO_TRAIN.setup(seed, SEATS, {"nine": nine})
    step = 0
    while TOYKO_TRAIN.outcome(state) is None:
        moved = False
        for seat in TEAM:
            seen = Seen("toyko_train", seat, SEATS, TOYKO_TRAIN.player_view(state, seat), {"nine": nine})
            if waiting(seen):
                continue
            step += 1
            assert step < 10_000, f"game {seed} did not end"
            started = time.perf_counter()
            move = player.choose(seen, decision_random(seed, step, seat), budget)
            times.append(time.perf_counter() - started)
            state = TOYKO_TRAIN.apply(state, seat, move, GameRandom(seed, step))
            moved = True
            break
        assert moved, "both computers wait for each other"
    return [int(s["teams"][0]["made"]) - int(s["teams"][0]["optimum"]) for s in state.summaries]  # type: ignore[index, call-overload]


def race(seed: int, levels: tuple[str, str], budget: Budget, nine: bool) -> list[int]:
    """One game of two computer teams racing at equal speed (each tick asks one seat at random; a waiting seat lets
    the tick pass): the winner of each round."""
    state = TOYKO_TRAIN.setup(seed, SEATS, {"nine": nine})
    pick = random.Random(seed)
    for step in range(1, 40_000):
        if TOYKO_TRAIN.outcome(state) is not None:
            return [int(s["winner"]) for s in state.summaries]  # type: ignore[call-overload]
        seat = pick.randrange(SEATS)
        seen = Seen("toyko_train", seat, SEATS, TOYKO_TRAIN.player_view(state, seat), {"nine": nine})
        if not seen.legal or waiting(seen):
            continue
        move = players("toyko_train")[levels[seat // 2]].choose(seen, decision_random(seed, step, seat), budget)
        state = TOYKO_TRAIN.apply(state, seat, move, GameRandom(seed, step))
    raise AssertionError(f"race {seed} did not end")


def races(budget: Budget, games: int, levels: tuple[str, str], nine: bool) -> None:
    """Print the share of rounds the first level's team wins, teams swapping seats every other game."""
    won = rounds_played = 0
    for seed in range(1, games + 1):
        first = (seed % 2) == 0  # alternate which team (and so which seat pair) the first level has
        seating = levels if first else (levels[1], levels[0])
        winners = race(seed, seating, budget, nine)
        won += sum(w == (0 if first else 1) for w in winners)
        rounds_played += len(winners)
    low, high = wilson(won, rounds_played)
    print(
        f"race {levels[0]} vs {levels[1]}: {levels[0]} wins {won}/{rounds_played} rounds = "
        f"{won / rounds_played:.1%} [{low:.1%}, {high:.1%}]"
    )


def rounds(budget: Budget, games: int, levels: list[str], nine: bool) -> None:
    """Print, per level, the spread of exchanges above the optimum and the share of rounds within 2."""
    for level in levels:
        started, times = time.perf_counter(), []
        excess = [e for seed in range(1, games + 1) for e in game_excess(seed, level, budget, nine, times)]
        seconds = time.perf_counter() - started
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))] * 1000
        hits = sum(e <= WITHIN for e in excess)
        low, high = wilson(hits, len(excess))
        spread = ", ".join(f"+{k}: {n}" for k, n in sorted(Counter(excess).items()))
        print(
            f"{level:6} {len(excess)} rounds  mean +{sum(excess) / len(excess):.2f}  within {WITHIN}: "
            f"{hits / len(excess):.1%} [{low:.1%}, {high:.1%}]  ({spread})  {seconds:.1f} s, "
            f"{len(times)} decisions: mean {1000 * sum(times) / len(times):.1f} ms, p95 {p95:.1f} ms, max "
            f"{1000 * times[-1]:.0f} ms"
        )


def matches(budget: Budget, games: int) -> None:
    """The issue's figure, for bench/computers/strength.py: every level's pair in six places, `games` games of 7
    rounds."""
    rounds(budget, games, ["easy", "normal", "strong"], False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--playouts", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--levels", default="easy,normal,strong")
    parser.add_argument("--nine", action="store_true", help="the 9-place variant")
    parser.add_argument("--race", help="two levels, e.g. normal,easy: their teams race, rounds won by the first")
    args = parser.parse_args()
    budget = Budget(playouts=args.playouts, seconds=args.seconds)
    print(
        f"toyko_train computers: --games {args.games} (7 rounds each) --playouts {args.playouts} "
        f"--seconds {args.seconds} --levels {args.levels} {'--nine' if args.nine else '(six places)'}"
    )
    if args.race:
        first, second = args.race.split(",")
        print(f"--race {args.race}")
        races(budget, args.games, (first, second), args.nine)
    else:
        rounds(budget, args.games, args.levels.split(","), args.nine)


if __name__ == "__main__":
    main()
