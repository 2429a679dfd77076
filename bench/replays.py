"""What a replay step costs: the step rebuilt from the log, then its picture drawn, per game (issue 34).

For each game, a game of four is played with random legal moves (`--moves`, or until it ends) on a SQLite file, then
abandoned; then `--steps` random steps are asked of a fresh `Replays` (the first one reads the game and replays from
its start; the rest from the states kept every 16 steps), half seen by everyone and half by a seat, each followed by
its picture drawn and encoded in this process (no worker, no cache: what a step costs when nobody asked for it
before). Prints p50 / p95 / max in ms of wall time, and what finding the game's rounds or turns for its "Jump to"
menu costs once per rebuilt game (`Replays.marks`: the whole log replayed). Not a test: it asserts nothing.
End to end in Discord (a click on ▶ to the edited message with its picture): bench/replays_discord.py.

    .venv/bin/python bench/replays.py [--games all|ttr_japan,...] [--moves N] [--steps N]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rendering
from bot.engine import GameManager
from bot.engine.replays import Replays
from bot.games import REGISTRY
from bot.games.base import IllegalAction
from bot.storage import SqliteStorage
from tests.engine.harness import CHANNEL, PLAYERS, counting_clock, random_move, start_game

SEATS = 4


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):7.1f} {p95:7.1f} {ordered[-1]:7.1f}"


async def ended_game(storage: SqliteStorage, game: str, moves: int) -> int:
    """A game of `game` for four, `moves` random moves into it (or to its end), then abandoned; its id."""
    seeds = itertools.count(11)
    manager = GameManager(storage, REGISTRY, clock=counting_clock(), seeds=lambda: next(seeds))
    started = await start_game(manager, SEATS, game=game)
    rnd = random.Random(5)
    try:
        for _ in range(moves):
            await random_move(manager, rnd)
        await manager.abandon(CHANNEL, PLAYERS[0], moderator=True)
    except IllegalAction:  # it ended by itself (the manager says a game that is over is over)
        pass
    return started.game_id


async def marks_ms(storage: SqliteStorage, game_id: int) -> float:
    """Ms to find the game's marks once it is read (a fresh Replays: nothing of the log replayed yet)."""
    replays = Replays(storage, REGISTRY)
    await replays.step(game_id, 0)
    began = time.perf_counter()
    await replays.marks(game_id)
    return (time.perf_counter() - began) * 1000


async def measure(game: str, moves: int, steps: int) -> tuple[int, list[float], list[float], float]:
    """(steps in the game, ms per step rebuilt, ms per step rebuilt and drawn, ms to find its marks)."""
    with tempfile.TemporaryDirectory() as folder:
        storage = await SqliteStorage.open(Path(folder) / "bench.sqlite3")
        try:
            game_id = await ended_game(storage, game, moves)
            replays = Replays(storage, REGISTRY)
            last = (await replays.step(game_id, 10**9)).step
            replays = Replays(storage, REGISTRY)  # a fresh one: the first step below reads and replays anew
            rnd = random.Random(3)
            rebuilt, drawn = [], []
            for n in range(steps):
                began = time.perf_counter()
                shown = await replays.step(game_id, rnd.randint(0, last), None if n % 2 else n % SEATS)
                stepped = time.perf_counter()
                renderer = rendering.RENDERERS.get(game)
                if renderer is not None:
                    rendering.png_of(renderer, shown.view, list(shown.names))
                done = time.perf_counter()
                rebuilt.append((stepped - began) * 1000)
                drawn.append((done - began) * 1000)
            return last, rebuilt, drawn, await marks_ms(storage, game_id)
        finally:
            await storage.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="all")
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--steps", type=int, default=60)
    args = parser.parse_args()
    games = sorted(REGISTRY) if args.games == "all" else args.games.split(",")
    print(f"Python {platform.python_version()} · {args.steps} random steps of a {SEATS}-player game per game")
    print(
        f"{'game':<22}{'steps':>6}  {'step p50 / p95 / max ms':>25}  {'step + picture p50 / p95 / max ms':>34}"
        f"  {'marks ms':>8}"
    )
    for game in games:
        last, rebuilt, drawn, marks = await measure(game, args.moves, args.steps)
        print(f"{game:<22}{last:>6}  {percentiles(rebuilt):>25}  {percentiles(drawn):>34}  {marks:>8.1f}")


if __name__ == "__main__":
    asyncio.run(main())
