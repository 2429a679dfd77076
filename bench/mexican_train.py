"""Mexican Train benchmark: random games through the rules engine, and board/hand render times.

(a) Full random 4-player single-mode games, engine only: every move is a random legal move
    (a seeded random.Random picks the seat among `to_act` and the move), applied with GameRandom.
(b) Rendering a busy 8-player position (many tiles on the trains, the Mexican Train started):
    render_png of the public board and of the player-to-act's hand, p50/p95 and PNG size.

    python bench/mexican_train.py [--games N] [--renders N] [--seed S] [--profile]

Targets: >= 50 games/s; render p95 <= 150 ms; PNG <= 500 KB. Not a test: it asserts nothing.
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from bench import common
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom
from rendering.mexican_train.pictures import render_mexican_train  # importing it registers the renderer

SEATS = 4
BUSY_SEATS = 8
NAMES = ("Alice", "Bob the Magnificent", "Carol", "Dmitri", "Eve", "Fran", "Gus", "Hiro")


def random_game(seed: int, seats: int = SEATS) -> tuple[MexicanState, int]:
    """One full game of random legal moves; the final state and its move count."""
    return common.random_game(MEXICAN_TRAIN, seed, seats)


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


def encoded(image: Image.Image, **options: int) -> bytes:
    """`image` as PNG bytes with the given encoder options."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", **options)
    return buffer.getvalue()


def render_row(label: str, view: dict[str, Any], renders: int) -> None:
    """One image's line (see bench/common.py), then the optimize=True comparison."""
    image = common.render_row(render_mexican_train, label, view, NAMES, renders, 6)
    _, best, small = common.timed(lambda: encoded(image, optimize=True), renders)
    note = f"{statistics.median(best):.1f} ms CPU, {len(small) / 1000:.1f} KB"
    print(f"           (encoding alone with optimize=True instead of compress_level=6: {note})")


def render_bench(renders: int, seed: int) -> None:
    """Print p50/p95 render times and PNG sizes of the busy board and the hand to play."""
    state = busy_position(seed)
    placed = sum(map(len, state.trains)) + len(state.mexican or [])
    double = "a pending double" if state.double_train is not None else "no pending double"
    mexican = len(state.mexican or [])
    print(f"\n(b) render: {BUSY_SEATS} players, {placed} tiles on trains ({mexican} on the Mexican Train), {double}")
    common.render_table_head(renders, 6)
    for label, seat in (("board", None), ("hand", state.turn)):
        render_row(label, MEXICAN_TRAIN.player_view(state, seat), renders)


if __name__ == "__main__":
    common.main(__doc__, engine_bench, render_bench, (200, 50), ">= 50 games/s; render p95 <= 150 ms; PNG <= 500 KB.")
