"""The first picture after a restart: its pool of picture workers started with it, or by the picture itself.

A restarted bot has fresh picture workers: no process up, no renderer imported, no static layer (a map) drawn.
Each run makes a new `bot.ui.pictures.Pictures` of `--workers` workers (new processes, as after a restart) and
times one board picture of each game, drawn in a worker at mid-game (`--moves` random legal moves from the setup):

- on demand: the picture starts the pool and waits for it (the bot before issue 32);
- with the bot: `Pictures.start` at the bot's start, as `setup_hook` now does; the picture comes once the workers
  are up (the bot is still logging in to Discord meanwhile); how long they took to come up is the "pool start".
- second: the next picture of the same game in the same worker (static layers cached).

Figures are medians over `--runs` runs, in ms (wall clock), with the game's view built beforehand.

    .venv/bin/python bench/first_picture.py [--games all|ttr_japan,...] [--runs N] [--workers N] [--moves N]

Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rendering
from bench.positions import NAMES, mid_game_view
from bench.processes import spawn_as_a_module_would
from bot.games import REGISTRY
from bot.ui.pictures import Pictures
from rendering import worker


async def picture_ms(pictures: Pictures, game: str, view: dict[str, Any]) -> float:
    """One picture of `view`, drawn by `pictures`, in ms."""
    began = time.perf_counter()
    await pictures.drawn(rendering.png_of, rendering.RENDERERS[game], view, list(NAMES))
    return (time.perf_counter() - began) * 1000


async def one_run(game: str, view: dict[str, Any], workers: int) -> dict[str, float]:
    """A fresh pool each way: the first picture on demand, then with the pool started beforehand."""
    figures = {}
    on_demand = Pictures(workers)
    try:
        figures["on demand"] = await picture_ms(on_demand, game, view)
        figures["second"] = await picture_ms(on_demand, game, view)
    finally:
        on_demand.stop()
    with_bot = Pictures(workers)
    try:
        began = time.perf_counter()
        with_bot.start()
        await with_bot.drawn(worker.ready)  # the workers are up
        figures["pool start"] = (time.perf_counter() - began) * 1000
        figures["with the bot"] = await picture_ms(with_bot, game, view)
    finally:
        with_bot.stop()
    return figures


async def run(games: list[str], runs: int, workers: int, moves: int) -> None:
    print(f"Python {platform.python_version()} · {workers} picture worker(s) · median of {runs} run(s), wall ms")
    heads = ("on demand", "with the bot", "pool start", "second")
    print(f"{'game':<20}" + "".join(f"{head:>14}" for head in heads))
    for game in games:
        view = mid_game_view(game, moves, seed=1)
        found = [await one_run(game, view, workers) for _ in range(runs)]
        print(f"{game:<20}" + "".join(f"{statistics.median(f[head] for f in found):>14.0f}" for head in heads))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="all", help="all, or comma-separated game names")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    games = sorted(rendering.RENDERERS) if args.games == "all" else args.games.split(",")
    spawn_as_a_module_would()
    asyncio.run(run([g for g in games if g in REGISTRY], args.runs, args.workers, args.moves))


if __name__ == "__main__":
    main()
