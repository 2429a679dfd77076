"""Computer players' strength: seeded games between levels, win shares and mean scores with 95% intervals.

Each game is played through the rules engine alone; every seat is a computer that sees only its own view
(`bot.computers.choose`). Seats are rotated from game to game so no level keeps the first move.

    python bench/computers/strength.py [--games ttr_japan,...] [--matchups 1,3] [--matches N] [--jobs J]
                                       [--first-seed N] [--playouts P | --seconds S [--cpu]]

`--cpu` counts the seconds in each process's own CPU time: on a busy machine (or with `--jobs` processes sharing its
cores) a decision still gets what one quiet core gives in that time, as on the 1-vCPU VPS the default is meant for.

Issue 21's targets, at the default budget (1 s per decision on the development machine): 2-player TTR Japan and
Mexican Train, strong beats normal in >= 65% of games and normal beats easy in >= 80%; 4-player Mexican Train, one
strong wins >= 40% against three normal; solo Next Station Tokyo, strong averages >= 115 points; solo Miyajima,
strong's mean beats normal's by >= 15%; Toyko Train, a computer conductor with a computer tourist reaches the target
within 2 exchanges of the optimum in >= 80% of rounds. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.computers.toyko_train import rounds as toyko_rounds
from bench.intervals import wilson
from bot.computers import Budget, Seen, choose, decision_random, players
from bot.games import REGISTRY
from bot.games.base import Outcome, resolve_options
from bot.games.rng import GameRandom


@dataclass(frozen=True)
class Matchup:
    """Levels by seat for one game; the first level is the one whose result is reported."""

    game: str
    levels: tuple[str, ...]
    target: str


MATCHUPS = (
    Matchup("ttr_japan", ("strong", "normal"), "strong wins >= 65%"),
    Matchup("ttr_japan", ("normal", "easy"), "normal wins >= 80%"),
    Matchup("mexican_train", ("strong", "normal"), "strong wins >= 65%"),
    Matchup("mexican_train", ("normal", "easy"), "normal wins >= 80%"),
    Matchup("mexican_train", ("strong", "normal", "normal", "normal"), "strong wins >= 40%"),
    Matchup("next_station_tokyo", ("strong",), "mean >= 115"),
    Matchup("next_station_tokyo", ("normal",), "(reference)"),
    Matchup("miyajima", ("strong",), "mean >= 1.15 x normal's"),
    Matchup("miyajima", ("normal",), "(reference)"),
)


TOYKO = len(MATCHUPS) + 1
"""Toyko Train's figure (rounds, not games won) comes last, from bench/computers/toyko_train.py."""


def play(game_name: str, levels: tuple[str, ...], seed: int, budget: Budget) -> tuple[Outcome, int]:
    """One game with `levels[seat]` in each seat: its outcome and the number of decisions."""
    game = REGISTRY[game_name]
    seats = len(levels)
    state = game.setup(seed, seats, resolve_options(game.options, {}))
    step = 0
    while (outcome := game.outcome(state)) is None:
        step += 1
        to_act = sorted(game.to_act(state))
        seat = to_act[step % len(to_act)]
        seen = Seen(game_name, seat, seats, game.player_view(state, seat))
        move = choose(seen, levels[seat], decision_random(seed, step, seat), budget)
        state = game.apply(state, seat, move, GameRandom(seed, step))
    return outcome, step


def one_game(matchup: Matchup, n: int, first_seed: int, budget: Budget) -> tuple[bool, int, int]:
    """Game `n` of a matchup, the reported level in seat n mod seats: (it won alone, its score, decisions)."""
    seats = len(matchup.levels)
    shift = n % seats  # the reported level sits in seat `shift`
    levels = matchup.levels[-shift:] + matchup.levels[:-shift] if shift else matchup.levels
    outcome, steps = play(matchup.game, levels, first_seed + n, budget)
    return outcome.ranks[shift] == 1 and outcome.ranks.count(1) == 1, outcome.scores[shift], steps


def measure(matchup: Matchup, matches: int, budget: Budget, jobs: int = 1, first_seed: int = 1_000) -> str:
    """Play `matches` games, rotating the seats; the reported level's win share or mean score."""
    available = players(matchup.game)
    if any(level not in available for level in matchup.levels):
        return f"skipped: {matchup.game} has no {', '.join(sorted(set(matchup.levels) - set(available)))} player yet"
    seats = len(matchup.levels)
    began = time.perf_counter()
    games = [(matchup, n, first_seed, budget) for n in range(matches)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.starmap(one_game, games)
    else:
        results = [one_game(*game) for game in games]
    wins = sum(won for won, _score, _steps in results)
    scores = [score for _won, score, _steps in results]
    decisions = sum(steps for _won, _score, steps in results)
    seconds = time.perf_counter() - began
    pace = f"{decisions / seconds:,.0f} decisions/s"
    if seats == 1:
        mean = statistics.fmean(scores)
        half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else float("nan")
        return f"mean {mean:.1f} ± {half:.1f} over {matches} games ({pace})"
    low, high = wilson(wins, matches)
    return f"wins {wins}/{matches} = {wins / matches:.0%} (95% {low:.0%}–{high:.0%}; ties count as losses; {pace})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", help="comma-separated game names (default all)")
    parser.add_argument("--matches", type=int, default=40, help="games per matchup (default 40)")
    parser.add_argument("--playouts", type=int, help="playouts per decision (instead of seconds)")
    parser.add_argument("--seconds", type=float, default=1.0, help="thinking time per decision (default 1.0)")
    parser.add_argument("--cpu", action="store_true", help="count the seconds in CPU time (a quiet core's worth)")
    parser.add_argument("--matchups", help="comma-separated matchup numbers, from 1 (default all)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games side by side (default 1)")
    parser.add_argument("--first-seed", type=int, default=1_000, help="the first game's seed (default 1000)")
    args = parser.parse_args()
    budget = Budget(playouts=args.playouts) if args.playouts else Budget(seconds=args.seconds, cpu=args.cpu)
    print(f"budget per decision: {budget}; {args.matches} games per matchup from seed {args.first_seed}")
    chosen = {int(n) for n in args.matchups.split(",")} if args.matchups else None
    for number, matchup in enumerate(MATCHUPS, 1):
        if args.games and matchup.game not in args.games.split(","):
            continue
        if chosen is not None and number not in chosen:
            continue
        print(f"{number} {matchup.game:<20} {' v '.join(matchup.levels):<32} {matchup.target:<26} ", end="", flush=True)
        print(measure(matchup, args.matches, budget, args.jobs, args.first_seed))
    if (not args.games or "toyko_train" in args.games.split(",")) and (chosen is None or TOYKO in chosen):
        print(f"{TOYKO} toyko_train: a computer conductor and tourist, rounds within 2 exchanges of the optimum >= 80%")
        toyko_rounds(budget, args.matches, ["normal", "strong"], nine=False)


if __name__ == "__main__":
    main()
