"""Toyko Train benchmark: random rounds through the rules engine, the 3×3 optimum search, and picture renders.

(a) Engine: 4-team rounds (8 seats) of random legal moves, one round per seed, six-place and nine-place:
    a seeded random.Random picks the seat among sorted `to_act` and the move among its `legal_actions`,
    stamped 500 ms apart and applied with GameRandom until the round ends (the next round's set-up,
    its optimum searches included, counts in the last move's time); actions/s over all the rounds.
(b) Optimum, 3×3 (nine-place: six colours, three of them twice): fewest_exchanges over random
    start/target pairs, first cold (best_path.cache_clear() before, each pair new), then cached (the
    same pairs again); p50/p95/max ms per call.
(c) Rendering a 4-team nine-place game mid-round (second round or later, every team has signalled and
    moved): render_png of a conductor's private view (compartment and target card), a tourist's, and
    the public view (every compartment); p50/p95 and PNG size.

    python bench/toyko_train.py [--games N] [--renders N] [--seed S] [--profile]

--games is the number of rounds (seeds) per variant in (a); (b) always times OPTIMUM_PAIRS pairs.

Targets: render p95 <= 50 ms; PNG <= 200 KB; optimum <= 50 ms cached. Not a test: it asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.data import COLOURS, NINE
from bot.games.toyko_train.optimum import Seating, best_path, fewest_exchanges
from bot.games.toyko_train.rules import DOUBLED
from bot.games.toyko_train.state import ToykoState
from rendering.toyko_train.pictures import render_toyko_train  # importing it registers the renderer

SEATS = 8
STEP_MS = 500
OPTIMUM_PAIRS = 300
NAMES = ("Alice", "Bob the Magnificent", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")


def play_round(seed: int, nine: bool) -> int:
    """Random legal moves from a new game until its first round ends; returns how many were applied."""
    rnd = random.Random(seed)
    state = TOYKO_TRAIN.setup(seed, SEATS, {"nine": nine})
    step = 0
    while state.round == 1 and not state.finished:
        seat = rnd.choice(sorted(TOYKO_TRAIN.to_act(state)))
        action = rnd.choice(TOYKO_TRAIN.legal_actions(state, seat))
        step += 1
        state = TOYKO_TRAIN.apply(state, seat, action.stamped(STEP_MS * step), GameRandom(seed, step))
    return step


def rounds_bench(rounds: int, seed: int) -> None:
    """Print actions/s over `rounds` random 4-team rounds of each compartment."""
    print(f"(a) engine: {rounds} random 4-team rounds ({SEATS} seats) per compartment, one per seed")
    for nine in (False, True):
        began = time.perf_counter()
        actions = sum(play_round(seed + n, nine) for n in range(rounds))
        elapsed = time.perf_counter() - began
        label = "nine-place" if nine else "six-place"
        print(
            f"    {label:<10} {actions} actions in {elapsed:.2f} s: {actions / elapsed:,.0f} actions/s, "
            f"{actions / rounds:.0f} actions/round"
        )


def nine_pairs(count: int, seed: int) -> list[tuple[Seating, Seating]]:
    """`count` random start/target pairs of nine tourists (three colours doubled), as a round of `nine` deals them."""
    rnd = random.Random(seed)
    pairs = []
    for _ in range(count):
        tourists = [*COLOURS, *rnd.sample(COLOURS, DOUBLED)]
        start, target = list(tourists), list(tourists)
        rnd.shuffle(start)
        rnd.shuffle(target)
        pairs.append((tuple(start), tuple(target)))
    return pairs


def optimum_times(pairs: list[tuple[Seating, Seating]]) -> tuple[list[float], list[int]]:
    """Each pair's fewest_exchanges time in ms (sorted) and its answer."""
    times, answers = [], []
    for start, target in pairs:
        began = time.perf_counter()
        answers.append(fewest_exchanges(NINE, start, target))
        times.append((time.perf_counter() - began) * 1000)
    return sorted(times), answers


def optimum_bench(seed: int) -> None:
    """Print p50/p95/max of the 3×3 search, cold and then cached."""
    pairs = nine_pairs(OPTIMUM_PAIRS, seed)
    best_path.cache_clear()
    cold, answers = optimum_times(pairs)
    cached, _ = optimum_times(pairs)
    print(f"\n(b) optimum, 3x3: fewest_exchanges over {OPTIMUM_PAIRS} random start/target pairs")
    print(f"    exchanges needed: mean {statistics.mean(answers):.1f}, max {max(answers)}")
    print(f"    {'':<7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for label, times in (("cold", cold), ("cached", cached)):
        p50, p95 = statistics.median(times), common.percentile(times, 0.95)
        print(f"    {label:<7} {p50:>8.3f} {p95:>8.3f} {times[-1]:>8.3f}")


def engine_bench(rounds: int, seed: int) -> None:
    """(a) and (b): the rules engine, then the optimum search."""
    rounds_bench(rounds, seed)
    optimum_bench(seed)


def mid_round(seed: int) -> ToykoState:
    """A 4-team nine-place game in its second round or later, every team signalled and moved, none out."""
    rnd = random.Random(seed)
    state = TOYKO_TRAIN.setup(seed, SEATS, {"nine": True})
    step = 0
    while state.round < 2 or not all(state.signals) or min(state.made) < 1 or any(state.out):
        seat = rnd.choice(sorted(TOYKO_TRAIN.to_act(state)))
        action = rnd.choice(TOYKO_TRAIN.legal_actions(state, seat))
        step += 1
        state = TOYKO_TRAIN.apply(state, seat, action.stamped(STEP_MS * step), GameRandom(seed, step))
    return state


def render_bench(renders: int, seed: int) -> None:
    """Print p50/p95 render times and PNG sizes of a conductor's, a tourist's and the public picture."""
    state = mid_round(seed)
    print(f"\n(c) render: a {SEATS // 2}-team nine-place game, round {state.round}, exchanges made {state.made}")
    common.render_table_head(renders, 10)
    for label, seat in (("conductor", state.conductor(0)), ("tourist", state.tourist(0)), ("public", None)):
        view = TOYKO_TRAIN.player_view(state, seat)
        common.render_row(render_toyko_train, label, view, NAMES, renders, 10)


if __name__ == "__main__":
    common.main(
        __doc__,
        engine_bench,
        render_bench,
        (50, 100),
        "render p95 <= 50 ms; PNG <= 200 KB; optimum <= 50 ms cached.",
    )
