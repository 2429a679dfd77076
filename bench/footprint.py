"""Footprint benchmark: the bot's resident memory idle, with 1,000 running games stored, and with 100 of them active.

The bot runs as in production: `load_settings()` (config/settings.toml, so the real `cache_games`), then
`TetsudoBot(settings)` and its setup hook (SqliteStorage, GameManager, cogs, persistent buttons, command sync,
timer task), logged into simcord's in-process Discord instead of the real one (it sends nothing, so simcord's
own state stays small). Every phase runs in a fresh Python process: freed memory seldom goes back to the OS
(pymalloc arenas, glibc's heap), so a figure measured after another phase would carry that phase's leftovers,
and a new process on the same file is exactly what a restart of the bot is. Within one process the figures are
sequential steps, each after the last (the peak is the process's whole high-water mark so far):

- idle: the bot on an empty database;
- store (not the bot; only the file matters): --games running games, the five kinds in turn, each in its own
  channel with 2–6 seats and advanced 5–39 random moves through GameManager (a game that ends is started again),
  and what those moves owe Discord marked delivered, as the Discord layer would have;
- restart, twice, each on its own copy of that file: the bot with the games stored and none touched; then
  --active games (the kinds in turn) play --moves random moves each through `bot.manager`, "in turn" (one game
  after another) or "at once" (all the games concurrently, so moves queue for their pictures). Every move builds
  what the Discord layer sends, all but the HTTP call: the board (`delivery.board_message`, which draws the
  PNG), the mover's private view (`flows.hand_message`) and each DM view's picture. Then every stored game is
  read once (as reminders would over a day: the engine cache keeps what fits), then the picture workers are
  stopped (as `bot.ui.pictures.IDLE_SECONDS` without a picture stops them), and at the end the rendering
  caches, then the engine cache, are emptied to see what they held (after malloc_trim, glibc only);
- cache: tracemalloc of what the engine cache keeps per game, by kind: just loaded, and after a move (which adds
  each seat's private view), measured as what is freed when the cache drops those games.

RSS is VmRSS from /proc/self/status, peak is VmHWM. Pictures are drawn as configured (`picture_workers`, or
TETSUDO_PICTURE_WORKERS): the workers' RSS and peak are summed over the bot's child processes, and "all PSS" is the
bot and its workers together, shared pages counted once (bench/processes.py).

    python bench/footprint.py [--games N] [--active N] [--moves N] [--cache-games N] [--seed S] [--top N]
                              [--stored PATH]

--cache-games overrides the setting (as TETSUDO_CACHE_GAMES would); --stored keeps the stored games in PATH (or
reuses PATH if it exists, skipping the minute or so of storing); --top N prints each restart's N biggest
allocation sites (tracemalloc, which itself costs memory: the RSS figures of such a run read high).
The issue's target: <= 150 MB with 1,000 games stored and 100 active, on a 1 GB VPS. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import json
import os
import platform
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from functools import _lru_cache_wrapper
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.processes import descendants, family_mb, spawn_as_a_module_would

SCRIPT = str(Path(__file__).resolve())  # each phase runs it anew (spawn_as_a_module_would hides __file__)
FIRST_CHANNEL = 10_000
MARK = "@footprint "  # a child's result line on stdout; anything else it prints is passed through
NAMES = ("mexican_train", "miyajima", "next_station_tokyo", "toyko_train", "ttr_japan")  # sorted(REGISTRY)
PER_KIND_SAMPLE = 40  # games of each kind measured by the cache phase


def status_mb() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process in MB."""
    found = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                found[line[:5]] = int(line.split()[1]) / 1024
    return found["VmRSS"], found["VmHWM"]


def emit(**figures: Any) -> None:
    """One result for the parent to tabulate."""
    print(MARK + json.dumps(figures), flush=True)


def mark(phase: str, label: str, cached: int | None = None, **more: Any) -> None:
    """Report the process's RSS and peak now, its picture workers' memory, what the engine cache holds, and how
    long a full garbage collection of the process takes (a pause every click in flight waits out)."""
    gc.collect()  # the garbage first: the timed pass walks what is alive, as most passes do
    began = time.perf_counter()
    gc.collect()
    pause_ms = (time.perf_counter() - began) * 1000
    rss, peak = status_mb()
    family = family_mb()
    workers = {"workers_rss": family["children rss"], "workers_peak": family["children peak"]}
    emit(kind="rss", phase=phase, label=label, rss=rss, peak=peak, cached=cached, **workers,
         pss=family["pss"] + family["children pss"], gc_ms=pause_ms, **more)  # fmt: skip


def trim() -> None:
    """Hand freed heap back to the OS (glibc), so RSS shows what is still held rather than what was once used."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc: RSS then includes freed heap
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def kind_of(n: int) -> str:
    """The game kind in channel FIRST_CHANNEL + n: the five kinds in turn."""
    return NAMES[n % len(NAMES)]


def rendering_caches() -> list[tuple[str, _lru_cache_wrapper[Any]]]:
    """Every lru_cache in the rendering package, by module.function."""
    found = []
    for module_name, module in sorted(sys.modules.items()):
        if module_name == "rendering" or module_name.startswith("rendering."):
            for attr, value in vars(module).items():
                if isinstance(value, _lru_cache_wrapper) and value.__module__ == module_name:
                    found.append((f"{module_name.removeprefix('rendering.')}.{attr}", value))
    return found


# ---------------------------------------------------------------------------------------------------- phases


async def idle_phase(database: Path) -> None:
    mark("idle", "python, before any import of ours")
    import simcord

    from bot.client import TetsudoBot
    from bot.settings import load_settings

    mark("idle", "python + bot.client, rendering, simcord imported")
    bot = TetsudoBot(
        load_settings(environ={**os.environ, "TETSUDO_DATABASE": str(database), "TETSUDO_SHARD_COUNT": "1"})
    )
    try:
        async with simcord.run(bot, check_errors=False):
            mark("idle", "bot set up, empty database", len(bot.manager._cache._items), size=bot.manager._cache._size)
    finally:
        await bot.close()


async def store_phase(database: Path, games: int, seed: int) -> None:
    from bot.engine import GameManager
    from bot.games import REGISTRY
    from bot.games.base import seat_counts
    from bot.storage import SqliteStorage
    from tests.engine.harness import random_move, start_game

    assert tuple(sorted(REGISTRY)) == NAMES, "NAMES no longer lists the registry"
    rnd = random.Random(seed)
    storage = await SqliteStorage.open(database)
    began, moves, restarts = time.perf_counter(), 0, 0
    try:
        manager = GameManager(storage, REGISTRY)
        for n in range(games):
            channel, name = FIRST_CHANNEL + n, kind_of(n)
            seats = rnd.choice([count for count in seat_counts(REGISTRY[name]) if 2 <= count <= 6])
            await start_game(manager, seats, channel=channel, game=name)
            for _ in range(rnd.randrange(5, 40)):
                moves += 1
                if not (await random_move(manager, rnd, channel))[2].running:
                    restarts += 1
                    await start_game(manager, seats, channel=channel, game=name)
        # As if the Discord layer had delivered each move (nothing drew or sent them here): a bot restarted after a
        # clean stop owes nothing. What a crash leaves owed is a few games' worth, delivered at the next start.
        await storage.settle(row.id for row in await storage.owed(await storage.last_owed()))
    finally:
        await storage.close()
    emit(kind="store", games=games, moves=moves, restarts=restarts, seconds=time.perf_counter() - began)


async def play(manager: Any, channel: int, moves: int, seed: int, counts: dict[str, int]) -> None:
    """`moves` random moves in one game, each followed by what the Discord layer sends, but the HTTP call."""
    from bot.ui.delivery import board_message, image_file
    from bot.ui.flows import hand_message
    from tests.engine.harness import random_move

    rnd = random.Random(seed * 1_000_003 + channel)
    for _ in range(moves):
        *_, update = await random_move(manager, rnd, channel)
        counts["moves"] += 1
        await board_message(update)  # the board, its PNG drawn off the event loop (asyncio.to_thread)
        counts["pictures"] += 1
        if update.running and update.actor_view is not None:
            await hand_message(update)  # the mover's private view, redrawn in place
            counts["pictures"] += 1
        for view in update.dm_views.values():
            await image_file(update, view, "hand.png")  # secrets sent by DM
            counts["pictures"] += 1
        if not update.running:
            break


async def restart_phase(
    database: Path, games: int, active: int, moves: int, seed: int, together: bool, top: int
) -> None:
    import simcord

    from bot.client import TetsudoBot
    from bot.settings import load_settings
    from bot.ui import pictures

    phase = "at once" if together else "in turn"
    bot = TetsudoBot(
        load_settings(environ={**os.environ, "TETSUDO_DATABASE": str(database), "TETSUDO_SHARD_COUNT": "1"})
    )
    try:
        async with simcord.run(bot, check_errors=False):
            manager = bot.manager
            cache = manager._cache._items
            mark(phase, f"bot set up, {games:,} games stored, none touched", len(cache))
            counts = {"moves": 0, "pictures": 0}
            touched = [FIRST_CHANNEL + n for n in range(min(active, games))]
            if together:
                await asyncio.gather(*(play(manager, channel, moves, seed, counts) for channel in touched))
            else:
                for channel in touched:
                    await play(manager, channel, moves, seed, counts)
            label = f"{len(touched)} active: {counts['moves']} moves, {counts['pictures']} pictures"
            mark(phase, label, len(cache), size=manager._cache._size)
            for n in range(games):
                await manager.current(FIRST_CHANNEL + n)
            mark(phase, f"all {games:,} games read once", len(cache))
            pictures.stop()  # what IDLE_SECONDS without a picture does
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(gone(descendants(os.getpid())), 10)
            mark(phase, "picture workers stopped (as when idle)", len(cache))
            if top:
                snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
                for stat in snapshot.statistics("lineno")[:top]:
                    emit(kind="top", phase=phase, where=str(stat.traceback[0]), mb=stat.size / 2**20, count=stat.count)
            trim()
            held, _ = status_mb()
            for name, function in rendering_caches():
                info = function.cache_info()
                emit(kind="lru", phase=phase, name=name, size=info.currsize, max=info.maxsize)
                function.cache_clear()
            trim()
            after, _ = status_mb()
            emit(kind="freed", phase=phase, what="the rendering caches emptied", mb=held - after)
            what = f"then the engine cache ({len(cache)} games)"
            cache.clear()
            trim()
            emit(kind="freed", phase=phase, what=what, mb=after - status_mb()[0])
    finally:
        await bot.close()


async def gone(pids: list[int]) -> None:
    """Return once none of these processes is alive."""
    while any(Path(f"/proc/{pid}").exists() for pid in pids):
        await asyncio.sleep(0.05)


async def cache_phase(database: Path, games: int, seed: int) -> None:
    from bot.engine import GameManager
    from bot.games import REGISTRY
    from bot.storage import SqliteStorage
    from tests.engine.harness import random_move

    rnd = random.Random(seed)
    storage = await SqliteStorage.open(database)
    try:
        manager = GameManager(storage, REGISTRY, cache_size=games)
        cache = manager._cache
        tracemalloc.start()
        for name in NAMES:
            channels = [FIRST_CHANNEL + n for n in range(games) if kind_of(n) == name][:PER_KIND_SAMPLE]
            state_bytes = 0
            for channel in channels:
                row = await storage.active_game(channel)
                state_bytes += len(row.state or "") if row else 0
            loaded = await held_per_game(cache, channels, lambda c: manager.current(c))
            moved = await held_per_game(cache, channels, lambda c: random_move(manager, rnd, c))
            emit(kind="per_game", game=name, sample=len(channels), state=state_bytes / len(channels), loaded=loaded,
                 moved=moved)  # fmt: skip
    finally:
        tracemalloc.stop()
        await storage.close()


async def held_per_game(cache: Any, channels: list[int], touch: Callable[[int], Any]) -> float:
    """Bytes the engine cache keeps per game after `touch` on each channel: what dropping them frees."""
    for channel in channels:
        await touch(channel)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    for channel in channels:
        cache.drop(channel)
    gc.collect()
    return (before - tracemalloc.get_traced_memory()[0]) / len(channels)


# ---------------------------------------------------------------------------------------------------- parent


def run_phase(phase: str, args: argparse.Namespace, database: Path, *extra: str) -> list[dict[str, Any]]:
    """Run one phase in a fresh interpreter; its result lines, parsed (its other output passes through)."""
    command = [sys.executable, SCRIPT, "--phase", phase, "--database", str(database), *extra]
    command += ["--games", str(args.games), "--active", str(args.active), "--moves", str(args.moves)]
    command += ["--seed", str(args.seed), "--top", str(args.top)]
    env = dict(os.environ)
    if args.cache_games is not None:
        env["TETSUDO_CACHE_GAMES"] = str(args.cache_games)
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True, check=True)
    results = []
    for line in done.stdout.splitlines():
        if line.startswith(MARK):
            results.append(json.loads(line.removeprefix(MARK)))
        else:
            print(line)
    return results


def database_mb(path: Path) -> str:
    """The database file and its WAL, in MB."""
    sizes = [path.with_name(path.name + suffix) for suffix in ("", "-wal")]
    main, wal = (p.stat().st_size / 1e6 if p.exists() else 0.0 for p in sizes)
    return f"{main:.1f} MB + WAL {wal:.1f} MB"


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite file (its WAL included), through SQLite's online backup."""
    origin, copy = sqlite3.connect(source), sqlite3.connect(target)
    try:
        origin.backup(copy)
    finally:
        copy.close()
        origin.close()


def report(args: argparse.Namespace) -> None:
    import PIL

    print(f"Python {platform.python_version()} ({platform.python_implementation()}), SQLite {sqlite3.sqlite_version},")
    print(f"Pillow {PIL.__version__}, {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs")
    cache_games = "the setting" if args.cache_games is None else f"{args.cache_games} (--cache-games)"
    print(f"{args.games:,} games stored, {args.active} active x {args.moves} moves; engine cache size: {cache_games}\n")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = run_phase("idle", args, folder / "idle.sqlite3")
        stored = args.stored or folder / "tetsudo.sqlite3"
        made = None if stored.exists() else run_phase("store", args, stored)[0]
        stored_size = database_mb(stored)
        for together in (False, True):
            # Each run on its own copy, so the first one's moves do not change what the second one finds.
            copy = folder / f"restart-{int(together)}.sqlite3"
            copy_database(stored, copy)
            rows += run_phase("restart", args, copy, *(["--together"] if together else []))
        after_size = database_mb(copy)
        per_game = run_phase("cache", args, copy)

    heads = ("RSS MB", "peak MB", "workers RSS", "peak", "all PSS", "cached", "full GC ms")
    print(f"{'phase':<8} {'what':<52} " + " ".join(f"{head:>{max(len(head), 7)}}" for head in heads))
    for row in (r for r in rows if r["kind"] == "rss"):
        cached = "" if row["cached"] is None else str(row["cached"])
        print(f"{row['phase']:<8} {row['label']:<52} {row['rss']:>7.1f} {row['peak']:>7.1f} "
              f"{row['workers_rss']:>11.1f} {row['workers_peak']:>7.1f} {row['pss']:>7.1f} {cached:>7} "
              f"{row['gc_ms']:>10.1f}")  # fmt: skip
    print("\nin turn: the active games move one after another; at once: all of them concurrently (asyncio.gather),")
    print("so moves queue for their pictures. peak = VmHWM, the most the process has held so far. workers: the")
    print("picture workers (`picture_workers`) and multiprocessing's resource tracker, summed; all PSS: the bot and")
    print("its workers together, each shared page counted once (summed RSS counts the shared libraries in each).")
    print("full GC ms: one full garbage collection of the bot's process (what the bot froze after set-up excluded).")
    size = next(r["size"] for r in rows if r["kind"] == "rss" and "size" in r)
    print(f"engine cache: holds at most {size:,} games (cache_games)")
    how = "given" if made is None else f"{made['moves']:,} moves, {made['seconds']:.0f} s to store"
    print(f"database: {stored_size} as stored ({how}); {after_size} after the last run")
    for phase in ("in turn", "at once"):
        freed = " · ".join(
            f"{r['what']} -{r['mb']:.1f} MB" for r in rows if r["kind"] == "freed" and r["phase"] == phase
        )
        print(f"{phase}, at the end: RSS after {freed}")
    print("rendering caches of the bot's own process (with picture workers they fill in the workers instead)")
    print("at the end of the last run (lru_cache entries / maxsize):")
    caches = [f"{r['name']} {r['size']}/{r['max']}" for r in rows if r["kind"] == "lru" and r["phase"] == "at once"]
    for start in range(0, len(caches), 4):
        print("    " + ", ".join(caches[start : start + 4]))
    sample = min((row["sample"] for row in per_game), default=0)
    print(f"\nengine cache, per game (tracemalloc, {sample} games of each kind; what dropping them frees):")
    print(f"    {'game':<20} {'state JSON':>11} {'loaded':>9} {'moved':>9}")
    for row in per_game:
        print(f"    {row['game']:<20} {row['state'] / 1024:>8.1f} KB {row['loaded'] / 1024:>6.1f} KB "
              f"{row['moved'] / 1024:>6.1f} KB")  # fmt: skip
    for phase in ("in turn", "at once"):
        tops = [r for r in rows if r["kind"] == "top" and r["phase"] == phase]
        if tops:
            print(f"\nbiggest allocation sites at the end of the run {phase} (tracemalloc):")
            for row in tops:
                print(f"    {row['mb']:>7.2f} MB {row['count']:>8,} blocks  {row['where']}")
    print("\nTargets on a 1 GB VPS: <= 150 MB with the games stored and 100 active (a 1 vCPU VPS); the bot and its")
    print("picture workers <= 150 MB idle and <= 250 MB under a burst (issue 18).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1_000, help="running games stored (default 1000)")
    parser.add_argument("--active", type=int, default=100, help="games played after the restart (default 100)")
    parser.add_argument("--moves", type=int, default=4, help="moves in each active game (default 4)")
    parser.add_argument("--cache-games", type=int, help="engine cache size (default: the setting)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random moves (default 0)")
    parser.add_argument("--top", type=int, default=0, help="print the N biggest allocation sites of each run")
    parser.add_argument("--stored", type=Path, help="keep the stored games in this file, or reuse it if it exists")
    parser.add_argument("--phase", choices=("idle", "store", "restart", "cache"), help=argparse.SUPPRESS)
    parser.add_argument("--database", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--together", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    spawn_as_a_module_would()
    if args.phase is None:
        report(args)
    elif args.phase == "idle":
        asyncio.run(idle_phase(args.database))
    elif args.phase == "store":
        asyncio.run(store_phase(args.database, args.games, args.seed))
    elif args.phase == "restart":
        if args.top:
            tracemalloc.start()
        run = restart_phase(args.database, args.games, args.active, args.moves, args.seed, args.together, args.top)
        asyncio.run(run)
    else:
        asyncio.run(cache_phase(args.database, args.games, args.seed))


if __name__ == "__main__":
    main()
