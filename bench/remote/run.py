"""`bench/load.py --burst N --mix`: the run — the simulated Discord up, the bot started against it, waves, figures."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from bench.remote.driver import Driver
from bench.remote.figures import MemoryWatch, Meter, machine_cpu_s, row, tree_cpu_s
from bench.remote.server import Hooks, SimulatedDiscord

ROOT = Path(__file__).resolve().parent.parent.parent
MIX = (("miyajima", 0.21), ("ttr_japan", 0.18), ("next_station_tokyo", 0.15), ("toyko_train", 0.10))
"""Each kind's share of the games; Mexican Train takes the rest (36%, and whatever rounding leaves)."""
MIN_PLAYERS = {"toyko_train": 4}
"""Toyko Train seats four at least (two teams of two); the other kinds get 2-4 players."""
READY_TIMEOUT_S = 120.0
STOP_GRACE_S = 10.0
"""How long the bot gets to stop on SIGTERM before its process group is killed."""
REFUSED = re.compile(r" action refused .* game=(\w+) .*why=(\w+)")
"""A move the bot refused (bot/ui/errors.py logs each one): by game and reason."""
ERROR_LINE = re.compile(r"^\S+ \S+ (ERROR|CRITICAL) ")
"""A record the bot logged at ERROR or above (bot/logs.py: "%(asctime)s %(levelname)s %(name)s: %(message)s")."""


def mix(games: int, seed: int) -> list[tuple[str, int]]:
    """(kind, players) of each game: the shares above, 2-4 players (seeded), in a seeded order so kinds interleave."""
    rng = random.Random(seed)
    counts = {kind: round(games * share) for kind, share in MIX}
    counts = {"mexican_train": games - sum(counts.values()), **counts}
    tables = [(kind, max(rng.randint(2, 4), MIN_PLAYERS.get(kind, 2))) for kind, n in counts.items() for _ in range(n)]
    rng.shuffle(tables)
    return tables


class BotProcess:
    """The bot under `python -m bench.remote.bot URL`, in a process group of its own; its stderr kept."""

    def __init__(self, url: str, database: Path) -> None:
        environ = {
            **os.environ,
            "DISCORD_TOKEN": "bench-remote-token",
            "TETSUDO_DATABASE": str(database),
            # As bench/load.py's burst: no reminder falls due during a run (they would add DMs, not moves).
            "TETSUDO_REMINDER_TURN": "30d",
            "TETSUDO_REMINDER_SIMULTANEOUS": "30d",
            "PYTHONUNBUFFERED": "1",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.remote.bot", url],
            cwd=ROOT,
            env=environ,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own process group: the picture workers end with it
        )
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.refused: Counter[str] = Counter()
        assert self.process.stderr is not None
        self.reader = threading.Thread(target=self.read, args=(self.process.stderr,), daemon=True)
        self.reader.start()

    def read(self, stream: IO[str]) -> None:
        """Every line the bot writes on stderr; ERROR records (and tracebacks' last lines) kept apart."""
        for line in stream:
            self.lines.append(line.rstrip())
            if ERROR_LINE.match(line):
                self.errors.append(line.rstrip())
            if refused := REFUSED.search(line):
                self.refused[f"{refused[1]} {refused[2]}"] += 1

    def stop(self) -> None:
        """SIGTERM to the whole group (the bot shuts down cleanly), then SIGKILL to whatever is left of it."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(STOP_GRACE_S)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # a bot that did not stop, workers it did not end
        self.process.wait()


async def ready(discord: SimulatedDiscord, bot: BotProcess) -> None:
    """Until the bot has identified, synced its commands and gone quiet (its start-up calls done)."""
    deadline = time.perf_counter() + READY_TIMEOUT_S
    while not (discord.identified.is_set() and discord.backend.commands.get(None)):
        if bot.process.poll() is not None or time.perf_counter() > deadline:
            raise SystemExit("the bot never connected:\n" + "\n".join(bot.lines[-20:]))
        await asyncio.sleep(0.1)
    while time.perf_counter() - discord.last_request < 1.0:
        await asyncio.sleep(0.1)


def commit() -> str:
    """The checkout's commit (marked when the work tree has changes)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    except OSError:
        return "unknown"
    return head.stdout.strip() + (" (with uncommitted changes)" if dirty.strip() else "")


@dataclass
class Figures:
    """One run: what was measured, and what measured it."""

    meter: Meter
    driver: Driver
    bot: BotProcess
    discord: SimulatedDiscord
    watch: MemoryWatch
    tables: list[tuple[str, int]]
    setup_s: float = 0.0
    waves: int = 0
    moves: int = 0
    wall_s: float = 0.0
    bot_cpu_s: float = 0.0
    workers_cpu_s: float = 0.0
    server_cpu_s: float = 0.0
    others_cpu_s: float = 0.0
    """Whatever else ran on the machine meanwhile: other processes take cores from the bot on a shared host."""
    load: float = 0.0

    def errors(self) -> dict[str, int]:
        """Every kind of failure, counted: the report's and the test's."""
        meter = self.meter
        return {
            "unanswered": sum(not (i.acked and i.answered) for i in meter.of("hand", "pick")),
            "4xx/5xx received": sum(meter.refused.values()),
            "bot ERROR lines": len(self.bot.errors),
            "apologies": sum(i.apology for i in meter.interactions.values()),
            "driver": len(self.driver.failures),
            "setup unanswered": sum(not (i.acked and i.answered) for i in meter.of("setup")),
            "routes simcord lacks": len(self.discord.not_implemented),
        }


async def measure(games: int, waves: int, seed: int, one_mover: bool = False) -> Figures:
    """The whole run: set up, W waves measured, everything the bench started stopped again."""
    meter = Meter()
    discord = SimulatedDiscord(Hooks(request=meter.request, status=meter.status, sent=meter.sent))
    url = await discord.start()
    tables = mix(games, seed)
    with tempfile.TemporaryDirectory(prefix="tetsudo-remote-") as scratch:
        database = Path(scratch) / "bot.sqlite3"
        driver = Driver(discord, meter, database, seed, one_mover=one_mover)
        driver.populate(tables)  # before the bot connects: all of it arrives in the GUILD_CREATE
        bot = BotProcess(url, database)
        driver.bot_pid = bot.process.pid
        run = Figures(meter, driver, bot, discord, MemoryWatch(bot.process.pid), tables)
        try:
            await ready(discord, bot)
            began = time.perf_counter()
            await driver.open_games()
            run.setup_s = time.perf_counter() - began
            await waves_of(run, waves)
        finally:
            bot.stop()
            await discord.stop()
    return run


async def waves_of(run: Figures, waves: int) -> None:
    """Up to `waves` waves (fewer if every game ends), with the CPU and memory they cost."""
    live, moves = list(run.driver.tables), run.driver.moves()
    run.load = os.getloadavg()[0]
    machine, (bot, workers), here = machine_cpu_s(), tree_cpu_s(run.bot.process.pid), time.process_time()
    began = time.perf_counter()
    run.watch.start()
    for n in range(1, waves + 1):
        live = await run.driver.wave(live)
        if not live:
            break
        run.waves = n
        print(f"    wave {n}: {len(live)} games", flush=True)
    run.watch.stop()
    run.wall_s = time.perf_counter() - began
    bot_after, workers_after = tree_cpu_s(run.bot.process.pid)
    here = time.process_time() - here
    run.bot_cpu_s, run.workers_cpu_s = bot_after - bot, workers_after - workers
    run.server_cpu_s = here - run.watch.cpu_s
    run.others_cpu_s = machine_cpu_s() - machine - here - run.bot_cpu_s - run.workers_cpu_s
    run.moves = run.driver.moves() - moves


def report(run: Figures, games: int, waves: int, seed: int) -> None:
    """The figures, as bench/load.py's burst prints them."""
    meter = run.meter
    kinds = Counter(kind for kind, _players in run.tables)
    players = Counter(players for _kind, players in run.tables)
    print(f"\ncommand: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"commit {commit()}; {os.cpu_count()} CPUs; seed {seed}")
    listed = ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items()))
    seated = ", ".join(f"{p} players: {n}" for p, n in sorted(players.items()))
    print(f"{games} games at once ({listed}; {seated}), {run.waves} of {waves} waves played")
    print(f"    setup (lobbies, joins, starts in batches of 25; not measured) {run.setup_s:.1f} s")
    print("    ms from INTERACTION_CREATE written on the bot's gateway socket: acknowledged = its callback arrives;")
    print("    answer seen = the last REST call naming its token (the followup or edit carrying the picture)")
    print("\n| burst | clicks | acknowledged p50 / p95 / p99 / max | answer seen p50 / p95 / p99 / max | ack > 3 s "
          "| unanswered |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- |")
    for name, phases in (("My hand", ("hand",)), ("pick", ("pick",)), ("both", ("hand", "pick"))):
        print(row(name, meter.of(*phases)))
    print("\nBy game (both bursts): where the slowest answers are.\n")
    print("| game | clicks | acknowledged p50 / p95 / p99 / max | answer seen p50 / p95 / p99 / max | ack > 3 s "
          "| unanswered |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- |")
    for kind in sorted(kinds):
        print(row(kind, [i for i in meter.of("hand", "pick") if i.kind == kind]))
    counted = run.errors()
    cores = os.cpu_count() or 1
    watch = run.watch
    lines = [
        ("moves the bot stored during the waves", f"{run.moves} (picks sent {len(meter.of('pick'))})"),
        (
            "moves the bot refused (its log: game, why)",
            ", ".join(f"{what} {n}" for what, n in run.bot.refused.most_common()) or "none",
        ),
        ("errors", f"{sum(counted.values())} (" + ", ".join(f"{k} {v}" for k, v in counted.items()) + ")"),
        (
            "CPU during the waves (s)",
            f"bot {run.bot_cpu_s:.1f} + picture workers {run.workers_cpu_s:.1f} = "
            f"{run.bot_cpu_s + run.workers_cpu_s:.1f}; simulated Discord {run.server_cpu_s:.1f}; other processes on "
            f"the machine {run.others_cpu_s:.1f}; wall {run.wall_s:.1f} ({cores} cores: {cores * run.wall_s:.1f})",
        ),
        ("load average as the waves began (1 min)", f"{run.load:.2f}"),
        (
            "peak memory, bot + workers (sampled every 0.25 s)",
            f"RSS {watch.peak_rss_kb / 1024:.0f} MB, PSS {watch.peak_pss_kb / 1024:.0f} MB "
            f"({watch.processes} processes; each one's own peak PSS, the bot first: "
            + ", ".join(f"{kb / 1024:.0f}" for kb in watch.peak_pss_each_kb.values())
            + " MB)",
        ),
    ]
    print("\n| figure | value |\n| --- | --- |")
    for name, value in lines:
        print(f"| {name} | {value} |")
    for refused, n in meter.refused.most_common(5):
        print(f"    !! bot received {refused} x{n}")
    for line in [*run.bot.errors[:5], *run.discord.not_implemented[:5], *run.driver.failures[:5]]:
        print(f"    !! {line}")


def run_remote(args: argparse.Namespace) -> None:
    """`--burst N --mix`: measure, then print."""
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # like Ctrl-C: the bot's group is still stopped
    waves = args.waves or 3
    figures = asyncio.run(measure(args.burst, waves, args.seed, args.one_mover))
    report(figures, args.burst, waves, args.seed)
