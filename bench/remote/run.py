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
        assert self.process.stderr is not None
        self.reader = threading.Thread(target=self.read, args=(self.process.stderr,), daemon=True)
        self.reader.start()

    def read(self, stream: IO[str]) -> None:
        """Every line the bot writes on stderr; ERROR records (and tracebacks' last lines) kept apart."""
        for line in stream:
            self.lines.append(line.rstrip())
            if ERROR_LINE.match(line):
                self.errors.append(line.rstrip())

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


async def measure(games: int, waves: int, seed: int) -> dict[str, object]:
    """The whole run; its figures (also what the test checks)."""
    meter = Meter()
    discord = SimulatedDiscord(Hooks(request=meter.request, status=meter.status, sent=meter.sent))
    url = await discord.start()
    tables = mix(games, seed)
    with tempfile.TemporaryDirectory(prefix="tetsudo-remote-") as scratch:
        database = Path(scratch) / "bot.sqlite3"
        driver = Driver(discord, meter, database, seed)
        driver.populate(tables)  # before the bot connects: all of it arrives in the GUILD_CREATE
        bot = BotProcess(url, database)
        try:
            await ready(discord, bot)
            began = time.perf_counter()
            await driver.open_games()
            setup_s = time.perf_counter() - began
            live = list(driver.tables)
            moves = driver.moves()
            watch = MemoryWatch(bot.process.pid)
            load = os.getloadavg()[0]
            machine, bot_cpu, server_cpu = machine_cpu_s(), tree_cpu_s(bot.process.pid), time.process_time()
            began = time.perf_counter()
            watch.start()
            played = 0
            for n in range(1, waves + 1):
                live = await driver.wave(live)
                if not live:
                    break
                played = n
                print(f"    wave {n}: {len(live)} games", flush=True)
            watch.stop()
            wall = time.perf_counter() - began
            after = tree_cpu_s(bot.process.pid)
            here_s = time.process_time() - server_cpu
            machine = machine_cpu_s() - machine
            server_s = here_s - watch.cpu_s
            moves = driver.moves() - moves
        finally:
            bot.stop()
            await discord.stop()
    return {
        "meter": meter,
        "driver": driver,
        "bot": bot,
        "discord": discord,
        "kinds": Counter(kind for kind, _players in tables),
        "players": Counter(players for _kind, players in tables),
        "setup_s": setup_s,
        "waves": played,
        "moves": moves,
        "wall_s": wall,
        "bot_cpu_s": after[0] - bot_cpu[0],
        "workers_cpu_s": after[1] - bot_cpu[1],
        "server_cpu_s": server_s,
        # Whatever else ran on the machine meanwhile: other processes take cores from the bot (a shared host).
        "others_cpu_s": machine - here_s - (after[0] - bot_cpu[0]) - (after[1] - bot_cpu[1]),
        "load": load,
        "watch": watch,
    }


def errors(figures: dict[str, object]) -> dict[str, int]:
    """Every kind of failure, counted: the report's and the test's."""
    meter, driver, bot, discord = (figures[k] for k in ("meter", "driver", "bot", "discord"))
    assert isinstance(meter, Meter) and isinstance(driver, Driver) and isinstance(bot, BotProcess)
    assert isinstance(discord, SimulatedDiscord)
    waves = meter.of("hand", "pick")
    return {
        "unanswered": sum(not (i.acked and i.answered) for i in waves),
        "4xx/5xx received": sum(meter.refused.values()),
        "bot ERROR lines": len(bot.errors),
        "apologies": sum(i.apology for i in meter.interactions.values()),
        "driver": len(driver.failures),
        "setup unanswered": sum(not (i.acked and i.answered) for i in meter.of("setup")),
        "routes simcord lacks": len(discord.not_implemented),
    }


def report(figures: dict[str, object], games: int, waves: int, seed: int) -> None:
    """The figures, as bench/load.py's burst prints them."""
    meter, driver, bot, discord, watch = (figures[k] for k in ("meter", "driver", "bot", "discord", "watch"))
    assert isinstance(meter, Meter) and isinstance(driver, Driver) and isinstance(watch, MemoryWatch)
    assert isinstance(bot, BotProcess) and isinstance(discord, SimulatedDiscord)
    print(f"\ncommand: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"commit {commit()}; {os.cpu_count()} CPUs; seed {seed}")
    kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(figures["kinds"].items()))  # type: ignore[attr-defined]
    players = ", ".join(f"{p} players: {n}" for p, n in sorted(figures["players"].items()))  # type: ignore[attr-defined]
    print(f"{games} games at once ({kinds}; {players}), {figures['waves']} of {waves} waves played")
    print(f"    setup (lobbies, joins, starts in batches of 25; not measured) {figures['setup_s']:.1f} s")
    print("    ms from INTERACTION_CREATE written on the bot's gateway socket: acknowledged = its callback arrives;")
    print("    answer seen = the last REST call naming its token (the followup or edit carrying the picture)")
    print("\n| burst | clicks | acknowledged p50 / p95 / p99 / max | answer seen p50 / p95 / p99 / max | ack > 3 s "
          "| unanswered |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- |")
    for name, phases in (("My hand", ("hand",)), ("pick", ("pick",)), ("both", ("hand", "pick"))):
        print(row(name, meter.of(*phases)))
    counted = errors(figures)
    wall = float(figures["wall_s"])  # type: ignore[arg-type]
    bot_s, workers_s = float(figures["bot_cpu_s"]), float(figures["workers_cpu_s"])  # type: ignore[arg-type]
    picks = len(meter.of("pick"))
    cores = os.cpu_count() or 1
    lines = [
        ("moves the bot stored during the waves", f"{figures['moves']} (picks sent {picks})"),
        ("errors", f"{sum(counted.values())} (" + ", ".join(f"{k} {v}" for k, v in counted.items()) + ")"),
        (
            "CPU during the waves (s)",
            f"bot {bot_s:.1f} + picture workers {workers_s:.1f} = {bot_s + workers_s:.1f}; "
            f"simulated Discord {figures['server_cpu_s']:.1f}; other processes on the machine "
            f"{figures['others_cpu_s']:.1f}; wall {wall:.1f} ({os.cpu_count()} cores: {cores * wall:.1f} CPU-s)",
        ),
        ("load average as the waves began (1 min)", f"{figures['load']:.2f}"),
        (
            "peak memory, bot + workers (sampled every 0.25 s)",
            f"RSS {watch.peak_rss_kb / 1024:.0f} MB, PSS {watch.peak_pss_kb / 1024:.0f} MB "
            f"({watch.processes} processes)",
        ),
    ]
    print("\n| figure | value |\n| --- | --- |")
    for name, value in lines:
        print(f"| {name} | {value} |")
    for refused, n in meter.refused.most_common(5):
        print(f"    !! bot received {refused} x{n}")
    for line in [*bot.errors[:5], *discord.not_implemented[:5], *driver.failures[:5]]:
        print(f"    !! {line}")


def run_remote(args: argparse.Namespace) -> None:
    """`--burst N --mix`: measure, then print."""
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # like Ctrl-C: the bot's group is still stopped
    waves = args.waves or 3
    figures = asyncio.run(measure(args.burst, waves, args.seed))
    report(figures, args.burst, waves, args.seed)
