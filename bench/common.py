"""What the game benchmarks share: timing, percentiles, the render table and the command line."""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import platform
import pstats
import random
import statistics
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

import PIL
from PIL import Image

import rendering
from bot.games.base import Game
from bot.games.rng import GameRandom

T = TypeVar("T")
RENDER_HEADS = ("wall p50", "wall p95", "CPU p50", "CPU p95", "draw")


def random_game(game: Game, seed: int, seats: int) -> tuple[Any, int]:
    """One full game of random legal moves (a seeded random.Random picks the seat and the move): final state, moves."""
    rnd = random.Random(seed)
    state = game.setup(seed, seats, {})
    step = 0
    while game.outcome(state) is None:
        seat = rnd.choice(sorted(game.to_act(state)))
        action = rnd.choice(game.legal_actions(state, seat))
        step += 1
        state = game.apply(state, seat, action, GameRandom(seed, step))
    return state, step


def games_per_second(game: Game, games: int, seed: int, seats: int, label: str) -> None:
    """Play `games` random games through the engine and print games/s and moves/s under `label` ("(a) engine")."""
    moves = 0
    began = time.perf_counter()
    for n in range(games):
        moves += random_game(game, seed + n, seats)[1]
    elapsed = time.perf_counter() - began
    print(f"{label}: {games} random {seats}-player games, {moves} moves in {elapsed:.2f} s")
    print(f"    {games / elapsed:,.0f} games/s, {moves / elapsed:,.0f} moves/s, {moves / games:.0f} moves/game")


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


def render_table_head(renders: int, width: int) -> None:
    """The explanation and column heads of the render table."""
    print(f"    render_png (draw, palette, rendering.encoded) x {renders}; CPU = this thread's CPU time;")
    print("    draw = the renderer alone (drawing + palette reduction), CPU p50")
    print(f"    {'image':<{width}} " + " ".join(f"{h:>8}" for h in RENDER_HEADS) + f" {'KB':>7} {'size':>9}")


def render_row(
    draw: Callable[[dict[str, Any], Sequence[str]], Image.Image],
    label: str,
    view: dict[str, Any],
    names: Sequence[str],
    renders: int,
    width: int,
) -> Image.Image:
    """One image's line: its PNG's wall/CPU percentiles, the drawing alone, PNG size and dimensions."""
    wall, cpu, data = timed(lambda: rendering.png_of(draw, view, names), renders)
    _, draw_cpu, image = timed(lambda: draw(view, names), renders)
    print(
        f"    {label:<{width}} {statistics.median(wall):>8.1f} {percentile(wall, 0.95):>8.1f} "
        f"{statistics.median(cpu):>8.1f} {percentile(cpu, 0.95):>8.1f} {statistics.median(draw_cpu):>8.1f} "
        f"{len(data) / 1000:>7.1f} {f'{image.width}x{image.height}':>9}"
    )
    return image


def main(
    doc: str | None,
    engine_bench: Callable[[int, int], None],
    render_bench: Callable[[int, int], None],
    defaults: tuple[int, int],
    targets: str,
) -> None:
    """Parse --games/--renders/--seed/--profile, print the platform, then time (or profile) both parts."""
    games, renders = defaults
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=games, help=f"random games for (a) (default {games})")
    parser.add_argument("--renders", type=int, default=renders, help=f"renders of each image (default {renders})")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--profile", action="store_true", help="cProfile (a) and (b) instead of timing them")
    args = parser.parse_args()
    python = f"Python {platform.python_version()} ({platform.python_implementation()})"
    print(f"{python}, Pillow {PIL.__version__}, {platform.system()} {platform.machine()}\n")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(engine_bench, args.games, args.seed)
        profiler.runcall(render_bench, args.renders, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    engine_bench(args.games, args.seed)
    render_bench(args.renders, args.seed)
    print(f"\nTargets: {targets}")


def run_async(
    work: Callable[[], Coroutine[Any, Any, None]],
    *,
    profile: bool,
    sort: str = "cumulative",
    then: Callable[[pstats.Stats], None] | None = None,
) -> None:
    """Run a bench's coroutine, under cProfile when asked (then print where the time went, and call `then`)."""
    if not profile:
        asyncio.run(work())
        return
    profiler = cProfile.Profile()
    profiler.runcall(asyncio.run, work())
    stats = pstats.Stats(profiler)
    stats.sort_stats(sort).print_stats(40)
    if then is not None:
        then(stats)
