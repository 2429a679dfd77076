"""Computer players' strength: seeded games between levels, win shares and mean scores with 95% intervals.

Each game is played through the rules engine alone; every seat is a computer that sees only its own view
(`bot.computers.choose`). Seats are rotated from game to game so no level keeps the first move.

    python bench/computers.py [--games ttr_japan,...] [--matches N] [--playouts P | --seconds S]

Issue 21's targets, at the default budget (1 s per decision on the development machine): 2-player TTR Japan and
Mexican Train, strong beats normal in >= 65% of games and normal beats easy in >= 80%; 4-player Mexican Train, one
strong wins >= 40% against three normal; solo Next Station Tokyo, strong averages >= 115 points; solo Miyajima,
strong's mean beats normal's by >= 15%. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def measure(matchup: Matchup, matches: int, budget: Budget) -> str:
    """Play `matches` games, rotating the seats; the reported level's win share or mean score."""
    available = players(matchup.game)
    if any(level not in available for level in matchup.levels):
        return f"skipped: {matchup.game} has no {', '.join(sorted(set(matchup.levels) - set(available)))} player yet"
    seats = len(matchup.levels)
    wins, scores, decisions, began = 0, [], 0, time.perf_counter()
    for n in range(matches):
        shift = n % seats  # the reported level sits in seat `shift`
        levels = matchup.levels[-shift:] + matchup.levels[:-shift] if shift else matchup.levels
        outcome, steps = play(matchup.game, levels, 1_000 + n, budget)
        decisions += steps
        wins += outcome.ranks[shift] == 1 and outcome.ranks.count(1) == 1
        scores.append(outcome.scores[shift])
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
    args = parser.parse_args()
    budget = Budget(playouts=args.playouts) if args.playouts else Budget(seconds=args.seconds)
    print(f"budget per decision: {budget}; {args.matches} games per matchup")
    for matchup in MATCHUPS:
        if args.games and matchup.game not in args.games.split(","):
            continue
        print(f"{matchup.game:<20} {' v '.join(matchup.levels):<32} {matchup.target:<26} ", end="", flush=True)
        print(measure(matchup, args.matches, budget))


if __name__ == "__main__":
    main()
