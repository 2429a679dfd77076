"""Ticket to Ride: Japan benchmark: random games through the rules engine, and map render times.

(a) Full random 2-player and 4-player games, engine only: every move is a random legal move
    (a seeded random.Random picks the seat among `to_act` and the move), applied with GameRandom.
(b) Rendering the end of a random 5-player game (every claim on the map, the final scores):
    render_png of the public view and of one seat's private view, p50/p95 and PNG size.

    python bench/ttr_japan.py [--games N] [--renders N] [--seed S] [--profile]

Targets: >= 20 games/s; render p95 <= 250 ms; PNG <= 800 KB. Not a test: it asserts nothing.
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
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import PIL

import rendering
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.state import JapanState
from rendering.ttr_japan import render_ttr_japan  # importing it registers the renderer
from rendering.ttr_japan_map import route_sprite

ENGINE_SEATS = (2, 4)
RENDER_SEATS = 5
T = TypeVar("T")
NAMES = ("Alice", "Bob the Magnificent", "Carol", "Dmitri", "Eve")


def random_game(seed: int, seats: int) -> tuple[JapanState, int]:
    """One full game of random legal moves; the final state and its move count."""
    rnd = random.Random(seed)
    state = TTR_JAPAN.setup(seed, seats, {})
    step = 0
    while not state.finished:
        seat = rnd.choice(sorted(TTR_JAPAN.to_act(state)))
        action = rnd.choice(TTR_JAPAN.legal_actions(state, seat))
        step += 1
        state = TTR_JAPAN.apply(state, seat, action, GameRandom(seed, step))
    return state, step


def engine_bench(games: int, seed: int) -> None:
    """Print games/s, moves/s and moves per game over `games` random games for each player count."""
    for seats in ENGINE_SEATS:
        moves = 0
        began = time.perf_counter()
        for n in range(games):
            moves += random_game(seed + n, seats)[1]
        elapsed = time.perf_counter() - began
        print(f"(a) engine: {games} random {seats}-player games, {moves} moves in {elapsed:.2f} s")
        print(f"    {games / elapsed:,.1f} games/s, {moves / elapsed:,.0f} moves/s, {moves / games:.0f} moves/game")


def timed(work: Callable[[], T], times: int) -> tuple[list[float], list[float], T]:
    """Run `work` `times` times: sorted wall-clock ms, sorted CPU ms of this thread, and the last result."""
    wall, cpu = [], []
    for _ in range(times):
        began, began_cpu = time.perf_counter(), time.thread_time()
        result = work()
        cpu.append((time.thread_time() - began_cpu) * 1000)
        wall.append((time.perf_counter() - began) * 1000)
    return sorted(wall), sorted(cpu), result


def percentile(sorted_ms: list[float], fraction: float) -> float:
    """The value at `fraction` of the sorted list (nearest rank)."""
    return sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * fraction))]


def render_row(label: str, view: dict[str, Any], renders: int) -> None:
    """One image's line: render_png wall/CPU percentiles, the drawing alone, PNG size and dimensions."""
    wall, cpu, data = timed(lambda: rendering.render_png("ttr_japan", view, NAMES) or b"", renders)
    _, draw_cpu, image = timed(lambda: render_ttr_japan(view, NAMES), renders)
    print(
        f"    {label:<8} {statistics.median(wall):>8.1f} {percentile(wall, 0.95):>8.1f} {statistics.median(cpu):>8.1f} "
        f"{percentile(cpu, 0.95):>8.1f} {statistics.median(draw_cpu):>8.1f} {len(data) / 1000:>7.1f} "
        f"{f'{image.width}x{image.height}':>9}"
    )


def render_bench(renders: int, seed: int) -> None:
    """Print p50/p95 render times and PNG sizes of the public and one private view at the end of a 5-player game."""
    state, moves = random_game(seed, RENDER_SEATS)
    claims, bullets = len(state.claims), len(state.bullet_claims)
    print(f"\n(b) render: end of a random {RENDER_SEATS}-player game ({moves} moves), {claims} routes claimed")
    print(f"    ({bullets} with a Bullet Train); the static map is drawn once before timing (first render below)")
    began = time.perf_counter()
    render_ttr_japan(TTR_JAPAN.player_view(state, None), NAMES)
    print(f"    first render, static layer included: {(time.perf_counter() - began) * 1000:.0f} ms")
    route_sprite.cache_clear()
    began = time.perf_counter()
    render_ttr_japan(TTR_JAPAN.player_view(state, 0), NAMES)
    print(
        f"    a private view with no claim drawn yet (every claim and glow a cache miss): "
        f"{(time.perf_counter() - began) * 1000:.0f} ms"
    )
    print(f"    render_png (draw + palette + PNG compress_level=6) x {renders}; CPU = this thread's CPU time;")
    print("    draw = the renderer alone (drawing + palette reduction), CPU p50")
    heads = ("wall p50", "wall p95", "CPU p50", "CPU p95", "draw")
    print(f"    {'image':<8} " + " ".join(f"{h:>8}" for h in heads) + f" {'KB':>7} {'size':>9}")
    for label, seat in (("public", None), ("private", 0)):
        render_row(label, TTR_JAPAN.player_view(state, seat), renders)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="random games per player count for (a) (default 100)")
    parser.add_argument("--renders", type=int, default=30, help="renders of each image for (b) (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--profile", action="store_true", help="cProfile (a) and (b) instead of timing them")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), Pillow {PIL.__version__}, ", end=""
    )
    print(f"{platform.system()} {platform.machine()}\n")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(engine_bench, args.games, args.seed)
        profiler.runcall(render_bench, args.renders, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    engine_bench(args.games, args.seed)
    render_bench(args.renders, args.seed)
    print("\nTargets: >= 20 games/s; render p95 <= 250 ms; PNG <= 800 KB.")


if __name__ == "__main__":
    main()
