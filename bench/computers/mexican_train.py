"""Mexican Train computer players against each other: win rates with a 95% Wilson interval.

A "game" here is one single-mode round (the default options: the highest double is the engine; it ends when a
player goes out or the round blocks); the fewest pips wins it, a tie counts half (a 4-player tie among k: 1/k).
With `--mode rounds` a "game" is a 13-round match, won on the lowest pip total (slow: bench it with `--playouts`).
Each report also gives the first level's mean pip margin per round (its pips less the best other hand's, lower is
better), the figure a match adds up. Seeds 1..N; seats rotate with the seed, so each level sits in each seat as
often (the engine's holder opens).

    python bench/computers/mexican_train.py [--games N] [--playouts P | --seconds S] [--pairing NAME] [--seed S]
        [--mode single|rounds] [--jobs J] [--rate] [--peek SHARE]

`--rate` also prints how many playouts per second the strong player's searches made (run it with `--seconds 1` on
a quiet core to find the `--playouts` that matches the bot's default budget).

`--peek SHARE` measures a ceiling, not a player: the strong player's guesses then hold each tile of the other
hands with that chance (1: the real hands; the rest dealt at random from the unseen tiles). No player of the bot
can see this much; it shows how far the hidden hands, not the search, limit strong.

Pairings: `strong-normal` and `normal-easy` (2 players), `strong-3normal` (one strong, three normal), `all`.
Targets: strong beats normal in >= 65%, normal beats easy in >= 80%, strong wins >= 40% of 4-player games.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.intervals import wilson
from bot.computers import Budget, Seen, players
from bot.computers.mexican_train import players as computers
from bot.computers.mexican_train.sample import known_state, unseen
from bot.games.base import resolve_options
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom

PAIRINGS = {
    "strong-normal": ("strong", "normal"),
    "normal-easy": ("normal", "easy"),
    "strong-3normal": ("strong", "normal", "normal", "normal"),
}


@dataclass(frozen=True)
class Peek:
    """Guesses that hold each tile of the other hands with chance `share` (bench only: it reads the real state)."""

    state: MexicanState
    share: float

    def __call__(self, seen: Seen, rng: random.Random, budget: Budget) -> Peek:
        return self  # as `Reading.of`: the guesses for one decision

    def sample(self, seen: Seen, rng: random.Random) -> MexicanState:
        """The seat's view with the other hands partly (or wholly) real, the rest of the unseen tiles at random."""
        guess, counts = known_state(seen)
        others = [o for o in range(seen.seats) if o != seen.seat]
        kept = {o: [t for t in self.state.hands[o] if rng.random() < self.share] for o in others}
        held = {t for hand in kept.values() for t in hand}
        rest = [t for t in unseen(guess, seen.seat) if t not in held]
        rng.shuffle(rest)
        for other in others:
            missing = counts[other] - len(kept[other])
            guess.hands[other], rest = sorted(kept[other] + rest[:missing]), rest[missing:]
        guess.boneyard = rest
        return guess


def play(
    levels: tuple[str, ...], seed: int, budget: Budget, mode: str = "single", peek: float | None = None
) -> tuple[float, list[int]]:
    """One game, the first level's seat rotating with the seed: its share of the win, and its pip margin in each
    round. `peek`: the strong player's guesses hold that share of the real hands (a ceiling, see the module)."""
    seats = len(levels)
    shift = seed % seats
    at = [levels[(s - shift) % seats] for s in range(seats)]  # level of each seat
    hero = shift  # the seat of levels[0]
    options = resolve_options(MEXICAN_TRAIN.options, {"mode": mode})
    state, step, pick = MEXICAN_TRAIN.setup(seed, seats, options), 0, random.Random(seed)
    while (over := MEXICAN_TRAIN.outcome(state)) is None:
        step += 1
        seat = pick.choice(sorted(MEXICAN_TRAIN.to_act(state)))
        seen = Seen("mexican_train", seat, seats, MEXICAN_TRAIN.player_view(state, seat))
        rng = random.Random(seed * 100_003 + step)
        player = players("mexican_train")[at[seat]]
        if peek is not None and at[seat] == "strong":
            player = computers.Search(read=Peek(state, peek))
        move = player.choose(seen, rng, budget)
        state = MEXICAN_TRAIN.apply(state, seat, move, GameRandom(seed, step))
    winners = over.winners()
    margins = [r.scores[hero] - min(p for s, p in enumerate(r.scores) if s != hero) for r in state.history]
    return (1 / len(winners) if hero in winners else 0.0), margins


def matches(
    budget: Budget,
    games: int,
    pairing: str,
    first: int = 1,
    mode: str = "single",
    jobs: int = 1,
    peek: float | None = None,
) -> None:
    """Play `games` games of a pairing (seeds from `first`) and print the first level's win rate and pip margin."""
    levels = PAIRINGS[pairing]
    began = time.perf_counter()
    tasks = [(levels, seed, budget, mode, peek) for seed in range(first, first + games)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.starmap(play, tasks)
    else:
        results = [play(*task) for task in tasks]
    wins = sum(won for won, _ in results)
    margins = [margin for _, rounds in results for margin in rounds]
    low, high = wilson(wins, games)
    elapsed = time.perf_counter() - began
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else math.nan
    print(
        f"{pairing}: {levels[0]} wins {wins:g}/{games} = {wins / games:.0%} "
        f"[95% {low:.0%}–{high:.0%}], pip margin {statistics.fmean(margins):+.1f} ± {half:.1f} a round "
        f"({elapsed:.0f} s, {elapsed / games:.1f} s/game)"
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
    parser.add_argument("--mode", choices=("single", "rounds"), default="single", help="one round, or 13-round matches")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games side by side (no --rate)")
    parser.add_argument("--rate", action="store_true", help="print the strong player's playouts per second")
    parser.add_argument("--peek", type=float, help="strong's guesses hold this share of the real hands (a ceiling)")
    args = parser.parse_args()
    rate = Rate() if args.rate else None
    budget = Budget(playouts=args.playouts) if args.playouts else Budget(seconds=args.seconds or 1.0)
    print(
        f"mexican_train computers: --games {args.games} --seed {args.seed} budget {budget} pairing {args.pairing} "
        f"mode {args.mode} jobs {args.jobs}" + ("" if args.peek is None else f" peek {args.peek:g}")
    )
    for name in PAIRINGS if args.pairing == "all" else (args.pairing,):
        matches(budget, args.games, name, args.seed, args.mode, args.jobs, args.peek)
    if rate is not None:
        print(rate.report())


if __name__ == "__main__":
    main()
