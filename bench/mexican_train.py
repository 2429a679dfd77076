"""Mexican Train benchmark: random games through the rules engine, and board/hand render times.

(a) Full random 4-player single-mode games, engine only: every move is a random legal move
    (a seeded random.Random picks the seat among `to_act` and the move), applied with GameRandom.
(b) Rendering a busy 8-player position (many tiles on the trains, the Mexican Train started):
    render_png of the public board and of the player-to-act's hand, p50/p95 and PNG size.

    python bench/mexican_train.py [--games N] [--renders N] [--seed S] [--profile]

Targets: >= 50 games/s; render p95 <= 150 ms; PNG <= 500 KB. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import io
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
from PIL import Image

import rendering
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom
from rendering.mexican_train import render_mexican_train  # importing it registers the renderer

SEATS = 4
BUSY_SEATS = 8
T = TypeVar("T")
NAMES = ("Alice", "Bob the Magnificent", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")


def random_game(seed: int, seats: int = SEATS) -> tuple[MexicanState, int]:
    """One full single-mode game of random legal moves; the final state and its move count."""
    rnd = random.Random(seed)
    state = MEXICAN_TRAIN.setup(seed, seats, {})
    step = 0
    while not state.finished:
        seat = rnd.choice(sorted(MEXICAN_TRAIN.to_act(state)))
        action = rnd.choice(MEXICAN_TRAIN.legal_actions(state, seat))
        step += 1
        state = MEXICAN_TRAIN.apply(state, seat, action, GameRandom(seed, step))
    return state, step


def engine_bench(games: int, seed: int) -> None:
    """Print games/s and moves/s over `games` random games."""
    moves = 0
    began = time.perf_counter()
    for n in range(games):
        moves += random_game(seed + n)[1]
    elapsed = time.perf_counter() - began
    print(f"(a) engine: {games} random {SEATS}-player single-mode games, {moves} moves in {elapsed:.2f} s")
    print(f"    {games / elapsed:,.0f} games/s, {moves / elapsed:,.0f} moves/s, {moves / games:.0f} moves/game")


def busy(state: MexicanState) -> bool:
    """Many tiles on the trains, the Mexican Train started, someone to play."""
    placed = sum(map(len, state.trains)) + len(state.mexican or [])
    return state.mexican is not None and len(state.mexican) >= 4 and placed >= 40 and not state.finished


def busy_position(seed: int) -> MexicanState:
    """A busy 8-player mid-game position (a pending double preferred), from random play."""
    fallback = None
    for n in range(seed, seed + 500):
        rnd = random.Random(n)
        state = MEXICAN_TRAIN.setup(n, BUSY_SEATS, {})
        step = 0
        while not state.finished:
            if busy(state):
                if state.double_train is not None:
                    return state
                fallback = fallback or state
            seat = rnd.choice(sorted(MEXICAN_TRAIN.to_act(state)))
            step += 1
            state = MEXICAN_TRAIN.apply(
                state, seat, rnd.choice(MEXICAN_TRAIN.legal_actions(state, seat)), GameRandom(n, step)
            )
    if fallback is None:
        raise SystemExit("no busy position found")
    return fallback


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


def encoded(image: Image.Image, **options: int) -> bytes:
    """`image` as PNG bytes with the given encoder options."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", **options)
    return buffer.getvalue()


def render_row(label: str, view: dict[str, Any], renders: int) -> None:
    """One image's line: render_png wall/CPU percentiles, the drawing alone, size; then the optimize=True comparison."""
    wall, cpu, data = timed(lambda: rendering.render_png("mexican_train", view, NAMES) or b"", renders)
    _, draw_cpu, image = timed(lambda: render_mexican_train(view, NAMES), renders)
    _, best, small = timed(lambda: encoded(image, optimize=True), renders)
    print(
        f"    {label:<6} {statistics.median(wall):>8.1f} {percentile(wall, 0.95):>8.1f} {statistics.median(cpu):>8.1f} "
        f"{percentile(cpu, 0.95):>8.1f} {statistics.median(draw_cpu):>8.1f} {len(data) / 1000:>7.1f} "
        f"{f'{image.width}x{image.height}':>9}"
    )
    note = f"{statistics.median(best):.1f} ms CPU, {len(small) / 1000:.1f} KB"
    print(f"           (encoding alone with optimize=True instead of compress_level=6: {note})")


def render_bench(renders: int, seed: int) -> None:
    """Print p50/p95 render times and PNG sizes of the busy board and the hand to play."""
    state = busy_position(seed)
    placed = sum(map(len, state.trains)) + len(state.mexican or [])
    double = "a pending double" if state.double_train is not None else "no pending double"
    mexican = len(state.mexican or [])
    print(f"\n(b) render: {BUSY_SEATS} players, {placed} tiles on trains ({mexican} on the Mexican Train), {double}")
    print(f"    render_png (draw + palette + PNG compress_level=6) x {renders}; CPU = this thread's CPU time;")
    print("    draw = the renderer alone (drawing + palette reduction), CPU p50")
    heads = ("wall p50", "wall p95", "CPU p50", "CPU p95", "draw")
    print(f"    {'image':<6} " + " ".join(f"{h:>8}" for h in heads) + f" {'KB':>7} {'size':>9}")
    for label, seat in (("board", None), ("hand", state.turn)):
        render_row(label, MEXICAN_TRAIN.player_view(state, seat), renders)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="random games for (a) (default 200)")
    parser.add_argument("--renders", type=int, default=50, help="renders of each image for (b) (default 50)")
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
    print("\nTargets: >= 50 games/s; render p95 <= 150 ms; PNG <= 500 KB.")


if __name__ == "__main__":
    main()
