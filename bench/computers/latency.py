"""How much computers thinking in other channels delays the bot's event loop (what every acknowledgement waits on).

Ten decisions of `--think` seconds each (a busy loop standing in for a strong player's search, which is pure Python
too) are queued on the pool the bot uses (`bot.ui.computers.Computers`): one thread (`computer_workers = 0`) or
spawn worker processes at a lower priority (`computer_workers >= 1`). Meanwhile the event loop wakes every 10 ms;
how late each wake-up is, is how late a click would be answered. Not a test: it asserts nothing.

    .venv/bin/python bench/computers/latency.py [--decisions 10] [--think 1.0] [--workers 0,1]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # `python bench/computers/latency.py`

from bench.common import percentile
from bot.computers import worker_start

TICK_S = 0.01


def think(seconds: float) -> int:
    """A decision's CPU: pure-Python work for `seconds`, as a search's playouts are."""
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        n += sum(i * i for i in range(200))
    return n


def pool(workers: int) -> Executor:
    """The pool `Computers` starts for this many workers."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1)
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=worker_start)


async def lateness(executor: Executor, decisions: int, think_s: float) -> list[float]:
    """Milliseconds each 10 ms wake-up of the loop came late while the decisions ran."""
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(executor, think, 0.0)  # a process pool's start is not a decision
    jobs = [loop.run_in_executor(executor, think, think_s) for _ in range(decisions)]
    done = asyncio.gather(*jobs)
    late: list[float] = []
    while not done.done():
        before = time.perf_counter()
        await asyncio.sleep(TICK_S)
        late.append(max(0.0, (time.perf_counter() - before - TICK_S) * 1000))
    await done
    return late


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--workers", default="0,1", help="comma-separated computer_workers values to compare")
    args = parser.parse_args()
    print(f"decisions={args.decisions} think={args.think}s workers={args.workers}")
    print(f"{'computer_workers':>16} {'wake-ups':>9} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'wall s':>7}")
    for workers in (int(w) for w in args.workers.split(",")):
        executor = pool(workers)
        started = time.perf_counter()
        late = sorted(asyncio.run(lateness(executor, args.decisions, args.think)))
        wall = time.perf_counter() - started
        executor.shutdown()
        print(
            f"{workers:>16} {len(late):>9} {percentile(late, 0.5):>7.1f} {percentile(late, 0.99):>7.1f}"
            f" {max(late):>7.1f} {wall:>7.1f}"
        )


if __name__ == "__main__":
    main()
