"""Pages under load (issue 34): wrk on finished games' steps, served by the real bot while its players click.

    .venv/bin/python -m bench.pages [--games ttr_japan,mexican_train,...] [--moves 60] [--steps 30] [--duration 15]
                                    [--connections 100] [--tables 8] [--clicks 4] [--seed 0] [--py-spy]

How the measure is made:
- A SQLite file gets finished games first (`bench.replays.ended_game`: four players, random legal moves, then
  abandoned), and the pages' secret (`load_links`, as the bot reads it), so the signed step addresses are known here:
  --steps of each game's steps, spread over it, each as a page (/g/<game>/<step>/p) and a picture (…/p.png).
- The bot runs as `python -m bot` against the simulated Discord in this process (bench/remote: its own process
  group, picture workers "auto"), with `web_port` set and `web_requests_per_minute = 0`; --tables lobbies of the
  five kinds are opened, joined and started in its server (not measured).
- Warm: every page and picture wrk asks for is fetched once (the pages keep them in their shelf).
- Three phases of --duration seconds each, players clicking throughout: clicks alone (the baseline), then clicks
  while `wrk -t2 -cN -dDs --latency -s paths.lua` asks for the step pages, then for the pictures (its Lua script
  walks the addresses in turn). wrk's latency distribution and requests/s are read from what it prints.
- Clicks: every 1/--clicks s, on the clock (a slow bot is not spared any), the next table in turn clicks: its player
  to move presses the board's hand button, and next time picks a move on the private reply (as bench/remote's waves
  do); a table whose last click is unanswered is passed over. Acknowledged and answer seen as bench/remote measures
  them: from the INTERACTION_CREATE written on the bot's gateway socket to its callback, and to its last REST call.
- CPU of each phase: the bot, its picture workers, this process (the simulated Discord), wrk (py-spy too, when asked
  for) and the rest of the machine (a shared host lends no core) — all on the same cores. `--py-spy` samples the bot
  during the pages phase (200 Hz, without pausing it) and prints where its time goes.

Targets: pages p99 <= 50 ms at 100 connections on cached steps; acknowledgement p99 <= 150 ms meanwhile.
Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import resource
import shlex
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.common import percentile
from bench.remote.driver import HAND, Driver, Table
from bench.remote.figures import Meter, machine_cpu_s, row, tree_cpu_s
from bench.remote.run import BotProcess, commit, mix, ready
from bench.remote.server import Hooks, SimulatedDiscord
from bench.replays import ended_game
from bot.engine.links import load_links
from bot.engine.replays import Replays
from bot.games import REGISTRY
from bot.storage import SqliteStorage
from bot.web.shelf import BUDGET_BYTES
from tests.support.nginx import free_port

PAGES_P99_MS, ACK_P99_MS = 50.0, 150.0
WARM_AT_ONCE = 4
"""Warming fetches in flight at once: pictures are drawn by the bot's workers, one per core."""
UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}
LUA = """local paths = {%s}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[n %% #paths + 1])
end
"""


@dataclass
class Wrk:
    """What wrk printed: its latency distribution (ms), requests/s, and what went wrong."""

    command: str
    latency_ms: dict[str, float] = field(default_factory=dict)
    """By percentile ("50%", "75%", "90%", "99%")."""
    per_second: float = 0.0
    requests: int = 0
    not_ok: int = 0
    """Answers other than 2xx or 3xx."""
    socket_errors: str = ""


def parsed(command: str, printed: str) -> Wrk:
    """wrk's output read: its --latency distribution, requests/s, non-2xx/3xx answers and socket errors."""
    found = Wrk(command)
    for share, value, unit in re.findall(r"^\s+(\d+%)\s+([\d.]+)(us|ms|s|m)\s*$", printed, re.M):
        found.latency_ms[share] = float(value) * UNITS_MS[unit]
    if match := re.search(r"Requests/sec:\s+([\d.]+)", printed):
        found.per_second = float(match[1])
    if match := re.search(r"(\d+) requests in", printed):
        found.requests = int(match[1])
    if match := re.search(r"Non-2xx or 3xx responses: (\d+)", printed):
        found.not_ok = int(match[1])
    if match := re.search(r"Socket errors: (.*)", printed):
        found.socket_errors = match[1]
    return found


async def load(args: argparse.Namespace, base: str, paths: list[str], script: Path) -> Wrk:
    """wrk against the bot, spreading its requests over `paths` in turn (its Lua script written to `script`)."""
    script.write_text(LUA % ", ".join(f'"{path}"' for path in paths))
    command = ["wrk", "-t2", f"-c{args.connections}", f"-d{args.duration}s", "--latency", "-s", str(script), base]
    process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    printed, _ = await process.communicate()
    if process.returncode:
        raise SystemExit(f"wrk failed ({process.returncode}):\n{printed.decode()}")
    return parsed(shlex.join(command), printed.decode())


# ------------------------------------------------------------------------------------------------ finished games


async def finished_games(database: Path, games: list[str], moves: int, steps: int) -> list[str]:
    """Finished games made in a fresh file; the signed addresses of `steps` steps of each, spread over it."""
    storage = await SqliteStorage.open(database)
    try:
        links = await load_links(storage, "")  # the secret made now: the bot reads the same one
        replays = Replays(storage, REGISTRY)
        addresses = []
        for game in games:
            game_id = await ended_game(storage, game, moves)
            last = (await replays.step(game_id, 1 << 30)).step
            signed = links.signed("game", game_id)
            addresses += [f"/g/{signed}/{step}/p" for step in spread(last, steps)]
        return addresses
    finally:
        await storage.close()


def spread(last: int, most: int) -> list[int]:
    """At most `most` steps from 0 to `last`, evenly spread, both ends included."""
    count = min(most, last + 1)
    return sorted({round(n * last / max(count - 1, 1)) for n in range(count)})


async def warm(base: str, paths: list[str]) -> tuple[list[float], int]:
    """Each address fetched once (a few at once): ms of each, and the bytes the bot now keeps for them."""
    limit = asyncio.Semaphore(WARM_AT_ONCE)
    async with aiohttp.ClientSession() as session:

        async def fetched(path: str) -> tuple[float, int]:
            async with limit:
                began = time.perf_counter()
                async with session.get(base + path) as answer:
                    body = await answer.read()
                    if answer.status != 200:
                        raise SystemExit(f"{path}: {answer.status} {body[:200]!r}")
                return (time.perf_counter() - began) * 1000, len(body)

        found = await asyncio.gather(*(fetched(path) for path in paths))
    return sorted(ms for ms, _size in found), sum(size for _ms, size in found)


# ------------------------------------------------------------------------------------------------------ clicks


@dataclass
class Clicks:
    """Players clicking at a steady rate, the tables in turn: the hand button, then a move on the private reply."""

    driver: Driver
    meter: Meter
    per_second: float
    live: list[Table] = field(default_factory=list)
    replies: dict[int, Any] = field(default_factory=dict)
    """Each table's answered hand click, whose private reply its next click picks a move on."""
    last: dict[int, str] = field(default_factory=dict)
    """Each table's last click (its interaction token)."""
    turn: int = 0
    passed: int = 0
    """Ticks when every table still waited for its last click's answer."""

    async def during(self, phase: str, seconds: float) -> None:
        """Click every 1/per_second s for `seconds`, due times set by the clock, not by the answers."""
        began = time.perf_counter()
        for n in range(int(seconds * self.per_second)):
            await asyncio.sleep(max(0.0, began + n / self.per_second - time.perf_counter()))
            self.click(phase)
        await asyncio.sleep(max(0.0, began + seconds - time.perf_counter()))
        self.driver.discord.forget_log()

    def click(self, phase: str) -> None:
        """The next table whose last click was answered clicks (tables with nobody left to move drop out)."""
        for _ in range(len(self.live)):
            table = self.live[self.turn % len(self.live)]
            self.turn += 1
            if not self.meter.pending([self.last[table.game]] if table.game in self.last else []):
                self.send(phase, table)
                return
        self.passed += 1

    def send(self, phase: str, table: Table) -> None:
        """The table's next click: a move on its hand's reply, else its player to move presses the hand button."""
        reply = self.replies.pop(table.game, None)
        click = self.driver.pick(reply) if reply is not None else None
        if click is None:
            movers = self.driver.awaited().get(table.game)
            if not movers:
                self.live.remove(table)
                return
            click = self.driver.button(table.game, movers[0], prefix=HAND)
            if click is None:
                return
        record, payload = self.driver.component(click)
        self.meter.expect(record.token, phase, table.kind)
        self.driver.backend.emit("INTERACTION_CREATE", payload)
        self.last[table.game] = record.token
        if reply is None:
            self.replies[table.game] = record


# ------------------------------------------------------------------------------------------------------- phases


@dataclass
class Phase:
    """One phase: its wrk figures (none for the baseline) and the CPU seconds spent during it."""

    name: str
    wall_s: float = 0.0
    load: Wrk | None = None
    cpu_s: dict[str, float] = field(default_factory=dict)


async def phase(
    name: str, bot_pid: int, clicks: Clicks, seconds: int, load: Coroutine[Any, Any, Wrk] | None = None
) -> Phase:
    """`seconds` of clicks, with wrk's run meanwhile when given; the CPU each side spent."""
    machine, (bot, workers), here, waited = machine_cpu_s(), tree_cpu_s(bot_pid), time.process_time(), children_cpu_s()
    began = time.perf_counter()
    clicking = asyncio.create_task(clicks.during(name, seconds))
    found = Phase(name, load=await load if load is not None else None)
    await clicking
    found.wall_s = time.perf_counter() - began
    bot_after, workers_after = tree_cpu_s(bot_pid)
    found.cpu_s = {
        "bot": bot_after - bot,
        "picture workers": workers_after - workers,
        "simulated Discord": time.process_time() - here,
        "wrk": children_cpu_s() - waited,
    }
    found.cpu_s["rest of the machine"] = machine_cpu_s() - machine - sum(found.cpu_s.values())
    return found


def children_cpu_s() -> float:
    """CPU seconds of this process's children that have ended (wrk, and py-spy when asked for)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


async def py_spy(pid: int, seconds: int, output: Path) -> None:
    """The bot sampled by py-spy for `seconds` (without pausing it), its stacks written to `output`."""
    spy = Path(sys.executable).with_name("py-spy")
    command = [str(spy), "record", "--nonblocking", "-r", "200", "-d", str(seconds), "-f", "raw", "-o", str(output)]
    process = await asyncio.create_subprocess_exec(
        *command, "-p", str(pid), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    await process.wait()


def where_time_goes(stacks: Path, shown: int = 20) -> None:
    """py-spy's collapsed stacks summed: the functions the bot was in, and its own code's with what they call."""
    own, below, total = Counter[str](), Counter[str](), 0
    for line in stacks.read_text().splitlines():
        frames, _, counted = line.rpartition(" ")
        names = [re.sub(r":\d+\)$", ")", frame) for frame in frames.split(";")]  # functions, not lines
        samples = int(counted)
        total += samples
        own[names[-1]] += samples
        for name in {name for name in names if "(bot/" in name}:  # the event loop's frames are in every sample
            below[name] += samples
    print(f"\npy-spy, the bot during the pages phase: {total} samples while it ran, by function (itself)")
    for name, count in own.most_common(shown):
        print(f"    {100 * count / total:5.1f}%  {name}")
    print("    the bot's own code, with what it calls:")
    for name, count in below.most_common(shown // 2):
        print(f"    {100 * count / total:5.1f}%  {name}")


# ------------------------------------------------------------------------------------------------------- the run


async def measure(args: argparse.Namespace) -> None:
    """Games made, the bot started against the simulated Discord with its pages on, then the phases measured."""
    meter = Meter()
    discord = SimulatedDiscord(Hooks(request=meter.request, status=meter.status, sent=meter.sent))
    url = await discord.start()
    with tempfile.TemporaryDirectory(prefix="tetsudo-pages-") as scratch:
        folder = Path(scratch)
        database = folder / "bot.sqlite3"
        pages = await finished_games(database, args.games.split(","), args.moves, args.steps)
        driver = Driver(discord, meter, database, args.seed, one_mover=True)
        driver.populate(mix(args.tables, args.seed))  # before the bot connects: all of it comes in its GUILD_CREATE
        port = free_port()
        # The bot reads its settings from TETSUDO_<KEY> as in production; BotProcess passes this environment on.
        os.environ.update(TETSUDO_WEB_PORT=str(port), TETSUDO_WEB_HOST="127.0.0.1", TETSUDO_WEB_REQUESTS_PER_MINUTE="0")
        bot = BotProcess(url, database)
        driver.bot_pid = bot.process.pid
        try:
            await ready(discord, bot)
            await driver.open_games()
            clicks = Clicks(driver, meter, args.clicks, list(driver.tables))
            figures = await phases(args, Served(f"http://127.0.0.1:{port}", pages, folder, bot.process.pid), clicks)
        finally:
            bot.stop()
            await discord.stop()
        report(args, figures, meter, clicks)
        hand = f"no {HAND!r} button"
        missed = sum(failure.startswith(hand) for failure in driver.failures)
        print(f"    ticks that found no hand button (its board not posted again yet), passed over: {missed}")
        for line in [*bot.errors[:5], *discord.not_implemented[:5], *[f for f in driver.failures if hand not in f][:5]]:
            print(f"    !! {line}")
        if args.py_spy:
            where_time_goes(folder / "pages.txt")


@dataclass(frozen=True)
class Served:
    """The bot's pages: where, which step pages to ask for, a folder for wrk's scripts, the bot's process."""

    base: str
    pages: list[str]
    folder: Path
    pid: int


@dataclass
class Figures:
    """The warming's times and the bytes it left kept, and each phase."""

    warmed_ms: list[float]
    kept: int
    steps: int
    phases: list[Phase]


async def phases(args: argparse.Namespace, served: Served, clicks: Clicks) -> Figures:
    """Warm, then clicks alone, then clicks under wrk on the step pages, then on their pictures."""
    pictures = [page + ".png" for page in served.pages]
    warmed, kept = await warm(served.base, [path for page in served.pages for path in (page, page + ".png")])
    found = Figures(warmed, kept, len(served.pages), [await phase("baseline", served.pid, clicks, args.duration)])
    for name, paths in (("pages", served.pages), ("pictures", pictures)):
        spying = args.py_spy and name == "pages"
        spy = asyncio.create_task(py_spy(served.pid, args.duration, served.folder / "pages.txt")) if spying else None
        wrk = load(args, served.base, paths, served.folder / f"{name}.lua")
        found.phases.append(await phase(name, served.pid, clicks, args.duration, wrk))
        if spy is not None:
            await spy
    return found


def report(args: argparse.Namespace, figures: Figures, meter: Meter, clicks: Clicks) -> None:
    """The figures: wrk's, the clicks' in each phase, the CPU, and the targets."""
    print(f"\ncommand: {shlex.join([Path(sys.executable).name, '-m', 'bench.pages', *sys.argv[1:]])}")
    print(f"commit {commit()}; {os.cpu_count()} CPUs; seed {args.seed}; games {args.games}, {args.moves} moves each")
    warmed = figures.warmed_ms
    print(
        f"{figures.steps} step pages and as many pictures; warmed once each ({WARM_AT_ONCE} at once): "
        f"p50 {percentile(warmed, 0.5):.0f} ms, max {warmed[-1]:.0f} ms, {figures.kept / 1e6:.1f} MB kept "
        f"(the shelf keeps {BUDGET_BYTES / 1e6:.1f} MB)"
    )
    if figures.kept > BUDGET_BYTES:
        print("    !! more than the shelf keeps: some steps wrk asks for are drawn again")
    loaded = [found for found in figures.phases if found.load is not None]
    print("\n| wrk | requests/s | p50 / p75 / p90 / p99 ms | requests | not 2xx/3xx | socket errors |")
    print("| --- | --- | --- | --- | --- | --- |")
    for found in loaded:
        assert found.load is not None
        shares = " / ".join(f"{found.load.latency_ms.get(s, float('nan')):.1f}" for s in ("50%", "75%", "90%", "99%"))
        cells = (found.name, f"{found.load.per_second:,.0f}", shares, f"{found.load.requests:,}")
        print("| " + " | ".join((*cells, str(found.load.not_ok), found.load.socket_errors or "none")) + " |")
    for found in loaded:
        assert found.load is not None
        print(f"    {found.name}: {found.load.command}")
    print(
        f"\nClicks, {args.clicks:g}/s over {args.tables} tables (ms from INTERACTION_CREATE written on the bot's "
        f"gateway socket; ticks passed over, every table waiting for an answer: {clicks.passed}):"
    )
    print("\n| phase | clicks | acknowledged p50 / p95 / p99 / max | answer seen p50 / p95 / p99 / max | ack > 3 s "
          "| unanswered |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- |")
    for found in figures.phases:
        print(row(found.name, meter.of(found.name)))
    who = list(figures.phases[0].cpu_s)
    print("\n| phase | wall s | " + " | ".join(f"CPU s: {name}" for name in who) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in who) + " |")
    for found in figures.phases:
        print(f"| {found.name} | {found.wall_s:.1f} | " + " | ".join(f"{s:.1f}" for s in found.cpu_s.values()) + " |")
    targets(figures.phases, meter)


def targets(phases: list[Phase], meter: Meter) -> None:
    """Each target, met or missed."""
    print(f"\nTargets: pages p99 <= {PAGES_P99_MS:.0f} ms; acknowledgement p99 <= {ACK_P99_MS:.0f} ms during wrk")
    for found in phases:
        acks = sorted(a for i in meter.of(found.name) if (a := i.ack_s()) is not None)
        ack = percentile(acks, 0.99) * 1000 if acks else float("nan")
        line = f"    {found.name}: acknowledgement p99 {ack:.0f} ms"
        if found.load is not None:
            p99 = found.load.latency_ms.get("99%", float("nan"))
            line += f" ({'met' if ack <= ACK_P99_MS else 'MISSED'}); {found.name} p99 {p99:.1f} ms"
            if found.name == "pages":
                line += f" ({'met' if p99 <= PAGES_P99_MS else 'MISSED'})"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="ttr_japan,mexican_train,miyajima,next_station_tokyo,toyko_train")
    parser.add_argument("--moves", type=int, default=60, help="random moves in each finished game (default 60)")
    parser.add_argument("--steps", type=int, default=30, help="steps of each game wrk asks for (default 30)")
    parser.add_argument("--duration", type=int, default=15, help="seconds of each phase (default 15)")
    parser.add_argument("--connections", type=int, default=100, help="wrk's connections (default 100)")
    parser.add_argument("--tables", type=int, default=8, help="games played meanwhile (default 8)")
    parser.add_argument("--clicks", type=float, default=4.0, help="clicks per second (default 4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--py-spy", action="store_true", help="sample the bot with py-spy during the pages phase")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: `sudo apt-get install wrk` (Debian, Ubuntu)")
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # like Ctrl-C: the bot's group is still stopped
    asyncio.run(measure(args))


if __name__ == "__main__":
    main()
