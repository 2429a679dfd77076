"""Timer benchmark: what the turn-timer scheduler's queries cost with 10,000 pending timers, on a SQLite file.

Stores 10,000 running games (one per channel), each with a `remind` timer and every second one also a
`timeout` timer (15,000 rows), their due times drawn uniformly over the next 7 days, then times the
queries of `TimerScheduler.scan()` through `SqliteStorage`:

- (a) an idle scan: `due_timers(now, 200)` finds nothing, then `next_due()` says how long to sleep;
- (b) a busy scan's query: `due_timers(now + 1 day, 200)` returns a full batch of 200 rows;
- (c) `claim_timer` of one due timer (a DELETE by primary key; each repetition claims another timer).

It also prints SQLite's EXPLAIN QUERY PLAN for the due query (read through a plain sqlite3 connection
to the same file), the process's resident memory before the storage exists, once the timers are stored
and after the scans, and the size of the database file and its WAL.

    python bench/timers.py [--games N] [--reps N] [--days D] [--seed S]

Not a test: it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import resource
import shlex
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite

from bench.common import percentile
from bot.storage import SqliteStorage
from bot.storage.records import TimerPlan, TimerRow
from bot.storage.timers import DUE

T = TypeVar("T")
DAY_MS = 86_400_000
BATCH = 200  # bot.ui.scheduler.BATCH: timers fired per scan at most
FIRST_CHANNEL = 10_000
GAMES_PER_TRANSACTION = 1_000
NEXT_DUE = "SELECT MIN(due_ms) FROM timers"  # TimerQueries.next_due's query


def rss_mb() -> tuple[float, str]:
    """The process's resident set size in MB, and where it came from (VmRSS, else the peak from getrusage)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024, "VmRSS"
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux, bytes on macOS
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024), "max RSS"


def file_sizes(path: Path) -> tuple[int, int, int]:
    """Bytes of the database file, its -wal and its -shm (0 for a missing one)."""
    sizes = []
    for suffix in ("", "-wal", "-shm"):
        part = path.with_name(path.name + suffix)
        sizes.append(part.stat().st_size if part.exists() else 0)
    return sizes[0], sizes[1], sizes[2]


async def timed(work: Callable[[], Awaitable[T]], times: int) -> tuple[list[float], list[float], T]:
    """Await `work` `times` times: sorted wall ms, sorted process CPU ms (aiosqlite's thread too), last result."""
    wall, cpu = [], []
    for _ in range(times):
        began, began_cpu = time.perf_counter(), time.process_time()
        result = await work()
        cpu.append((time.process_time() - began_cpu) * 1000)
        wall.append((time.perf_counter() - began) * 1000)
    return sorted(wall), sorted(cpu), result


async def store_games(storage: SqliteStorage, games: int, now_ms: int) -> list[int]:
    """`games` running games, one seat each, one channel each (1,000 per transaction); their ids."""
    ids: list[int] = []
    for first in range(0, games, GAMES_PER_TRANSACTION):
        async with storage.transaction() as tx:
            for n in range(first, min(games, first + GAMES_PER_TRANSACTION)):
                game_id = await tx.create_game(1, FIRST_CHANNEL + n, "relay", 1_000 + n, "{}", n, now_ms)
                await tx.add_seat(game_id, 1_000 + n, f"player{n}")
                await tx.start_game(game_id, "{}", 1, now_ms)
                ids.append(game_id)
    return ids


def plans(ids: list[int], now_ms: int, days: float, seed: int) -> list[tuple[int, TimerPlan]]:
    """Each game's timers: a reminder, and a timeout for every second game, due uniformly over `days`."""
    rnd = random.Random(seed)
    span = int(days * DAY_MS)

    def due() -> int:
        return now_ms + 1_000 + rnd.randrange(span)

    return [
        (game_id, TimerPlan(1, (("remind", due()), ("timeout", due())) if n % 2 == 0 else (("remind", due()),)))
        for n, game_id in enumerate(ids)
    ]


async def store_timers(storage: SqliteStorage, planned: list[tuple[int, TimerPlan]]) -> None:
    """Arm every game's timers, one `plan_timers` call (one transaction) per game."""
    for game_id, plan in planned:
        await storage.plan_timers(game_id, plan)


async def idle_scan(storage: SqliteStorage, now_ms: int) -> list[TimerRow]:
    """What the scheduler runs when nothing is due: the due query, then MIN(due_ms) for the sleep."""
    due = await storage.due_timers(now_ms, BATCH)
    await storage.next_due()
    return due


def query_plan(path: Path, sql: str, params: tuple[int, ...]) -> list[str]:
    """EXPLAIN QUERY PLAN of `sql`, indented by depth, through a plain sqlite3 connection to `path`."""
    connection = sqlite3.connect(path)
    try:
        rows = connection.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall()
    finally:
        connection.close()
    depth: dict[int, int] = {0: 0}
    lines = []
    for node, parent, _, detail in rows:
        depth[node] = depth.get(parent, 0) + 1
        lines.append("  " * depth[node] + detail)
    return lines


def row(label: str, rows: int, wall: list[float], cpu: list[float]) -> str:
    """One line of the query table (milliseconds)."""
    return (
        f"{label:<40} {rows:>5} {statistics.median(wall):>9.3f} {percentile(wall, 0.95):>9.3f} "
        f"{statistics.median(cpu):>9.3f} {percentile(cpu, 0.95):>9.3f}"
    )


def megabytes(size: int) -> str:
    """Bytes as MB with two decimals."""
    return f"{size / 1_000_000:.2f} MB"


async def bench(folder: Path, games: int, reps: int, days: float, seed: int) -> None:
    """Set the timers up, time the scheduler's queries, and print the figures."""
    path = folder / "timers.db"
    memory = [("before the storage is opened", *rss_mb())]
    storage = await SqliteStorage.open(path)
    try:
        now_ms = int(time.time() * 1000)
        began = time.perf_counter()
        ids = await store_games(storage, games, now_ms)
        games_s = time.perf_counter() - began
        planned = plans(ids, now_ms, days, seed)
        began = time.perf_counter()
        await store_timers(storage, planned)
        timers_s = time.perf_counter() - began
        count = sum(len(plan.due) for _, plan in planned)
        memory.append((f"after {count:,} timers are stored", *rss_mb()))
        stored = file_sizes(path)

        print(
            f"setup: {games:,} games in {games_s:.2f} s (transactions of {GAMES_PER_TRANSACTION:,}), "
            f"{count:,} timers in {timers_s:.2f} s"
        )
        print(f"       ({games:,} plan_timers calls, {timers_s / games * 1000:.3f} ms each)\n")

        later = now_ms + DAY_MS
        for _ in range(10):  # warm the page cache and the statement cache, untimed
            await idle_scan(storage, now_ms)
            await storage.due_timers(later, BATCH)
        results = [
            ("due_timers(now, 200)", *await timed(lambda: storage.due_timers(now_ms, BATCH), reps)),
            ("next_due()", *await timed(storage.next_due, reps)),
            ("(a) idle scan: due_timers + next_due", *await timed(lambda: idle_scan(storage, now_ms), reps)),
            ("(b) due_timers(now + 1 day, 200)", *await timed(lambda: storage.due_timers(later, BATCH), reps)),
        ]
        backlog = len(await storage.due_timers(later, count))
        to_claim = iter(await storage.due_timers(now_ms + int(days * DAY_MS) + 1_000, reps))
        claim_wall, claim_cpu, _ = await timed(lambda: storage.claim_timer(next(to_claim)), reps)
        memory.append(("after the scans", *rss_mb()))
        remaining = await storage.due_timers(now_ms + int(days * DAY_MS) + 1_000, count)
        claimed = count - len(remaining)
        scanned = file_sizes(path)
    finally:
        await storage.close()

    print(f"{reps} repetitions each; ms; CPU = the process's CPU time (main thread + aiosqlite's worker thread)")
    print(f"{'query':<40} {'rows':>5} {'wall p50':>9} {'wall p95':>9} {'CPU p50':>9} {'CPU p95':>9}")
    for label, wall, cpu, result in results:
        print(row(label, len(result) if isinstance(result, list) else int(result is not None), wall, cpu))
    print(row("(c) claim_timer (one due timer)", 1, claim_wall, claim_cpu))
    print(f"(b) returns the soonest {min(BATCH, backlog)} of the {backlog:,} timers due by now + 1 day")
    print(f"claimed: {claimed} of {reps} claim_timer calls deleted their timer\n")

    print("EXPLAIN QUERY PLAN, the due query (bot.storage.timers.DUE):")
    print("\n".join(query_plan(path, DUE, (later, BATCH))))
    print("EXPLAIN QUERY PLAN, next_due:")
    print("\n".join(query_plan(path, NEXT_DUE, ())) + "\n")

    print(f"{'resident memory':<40} {'MB':>8}")
    for label, mb, source in memory:
        print(f"{label + f' ({source})':<40} {mb:>8.1f}")
    for label, (main, wal, shm) in (("after setup", stored), ("after the scans", scanned)):
        print(
            f"database {label}: {megabytes(main)} + WAL {megabytes(wal)} = {megabytes(main + wal)} "
            f"(+ shm {shm // 1024} KB)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--games", type=int, default=10_000, help="running games, one remind timer each (default 10000)"
    )
    parser.add_argument("--reps", type=int, default=200, help="timed repetitions of each query (default 200)")
    parser.add_argument("--days", type=float, default=7.0, help="due times spread over this many days (default 7)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the due times (default 0)")
    args = parser.parse_args()

    print(f"Python {platform.python_version()} ({platform.python_implementation()}), SQLite {sqlite3.sqlite_version},")
    print(f"aiosqlite {aiosqlite.__version__}, {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs")
    print(
        f"{args.games:,} running games, a remind timer each and a timeout timer every second game, "
        f"due uniformly over {args.days:g} days;"
    )
    print("a temporary SQLite file, WAL, synchronous=NORMAL\n")
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(bench(Path(tmp), args.games, args.reps, args.days, args.seed))
    print(f"\ncommand: {shlex.join([os.path.relpath(sys.executable), *sys.argv])}")


if __name__ == "__main__":
    main()
