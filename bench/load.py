"""Load through the Discord layer: N Relay games in N channels, all open at once, played by simulated users.

The real TetsudoBot runs in simcord (in process) on a real SQLite file, offering the Relay test game
(tests/support/relay.py: hidden hands, draws and a simultaneous secret bid, with its small renderer). N pairs of
members each open a lobby in their own channel (`/game new`, which opens a thread), join, start, and then play
through the real buttons and menus — "My hand", then the first move of its menu — until every game has finished.

Concurrency: simcord refuses overlapping operations ("operation overlaps active ..."): each user action emits one
INTERACTION_CREATE and simcord runs the bot until it is quiet again. So interactions reach the bot one at a time,
and the load here is breadth, not parallel requests: all N games are open together and their moves interleave
round-robin (game 1's move, game 2's move, ...), so every move finds N live games in the database, the engine's
cache and the timers (turn reminders of N games pending on simcord's virtual clock). Parallel load on the engine
itself is measured by bench/engine.py.

Latency is measured as in bench/latency.py: perf_counter from simcord emitting INTERACTION_CREATE to the bot's
interaction callback arriving at simcord's router. Errors: every exception an action raised, every record the bot
logged at ERROR, every apology ("something went wrong") sent, every interaction left unanswered — must be 0.
Simulated time: discord.py keeps the view of every ephemeral message (each "My hand" menu) in its view store with
a 15-minute timeout task. simcord's settlement scans every pending timer for every parked task after each step of
the loop, so thousands of such views make each action cost O(views^2) in the simulator alone. In a real deployment
15 minutes of wall time pass; here, after every --expire-every actions (default 25), the virtual clock is moved on
15 minutes so those views expire (reminders are set to 30 days, the longest allowed, so none falls due while a
game is played). 0 turns it off.

Memory is this process's VmRSS/VmHWM: the bot plus simcord's simulated Discord, which keeps every message and
image; the longest full garbage collection is printed too (that heap is in it, and it sets the max latency).
Database size: the bytes the finished games use in the SQLite pages (dbstat), less those of an empty database.

    .venv/bin/python bench/load.py [--games 500] [--seed 0] [--rounds 2] [--no-images] [--expire-every 25]

Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python bench/load.py` from the repository

import discord
import simcord

import rendering
from bench.common import percentile, run_async
from bench.latency import ErrorCount, Meter, used_bytes
from bot.client import TetsudoBot
from bot.games.base import IllegalAction
from bot.settings import Settings
from bot.storage import SqliteStorage
from tests.support.relay import RELAY

EPHEMERAL_VIEW_SECONDS = 15 * 60
"""discord.py keeps the view of an ephemeral message, with a timeout task, for the interaction token's 15 minutes."""


class Pauses:
    """The garbage collector's passes during the run: how many, and the longest (a pause every coroutine waits out)."""

    def __init__(self) -> None:
        self.began = 0.0
        self.longest = 0.0
        self.passes = 0
        gc.callbacks.append(self.note)

    def note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.began = time.perf_counter()
        elif info["generation"] == 2:
            self.passes += 1
            self.longest = max(self.longest, time.perf_counter() - self.began)


def memory() -> dict[str, int]:
    """VmRSS and VmHWM of this process, in MB."""
    found = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) // 1024
    return found


def newest_with(channel: simcord.ChannelHandle, label: str) -> discord.Message:
    """The newest message in the channel carrying an enabled button with this label."""
    for message in reversed(channel.history()):
        for row in message.components:
            for item in getattr(row, "children", []):
                if isinstance(item, discord.Button) and item.label == label and not item.disabled:
                    return message
    raise LookupError(f"no message with a {label!r} button")


def first_option(message: discord.Message) -> str:
    """The value of the first option of the message's first menu."""
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.SelectMenu) and item.options:
                return str(item.options[0].value)
    raise LookupError("no menu")


class Load:
    """N tables of two players; counts every failure instead of stopping at it."""

    def __init__(self, env: simcord.Env, games: int, rounds: int, expire_every: int) -> None:
        self.env = env
        self.bot: TetsudoBot = env.bot  # type: ignore[assignment]
        self.guild = env.create_guild("Load")
        self.tables: list[dict[str, Any]] = []
        for n in range(games):
            channel = self.guild.create_text_channel(f"table-{n}")
            host = self.guild.add_member(env.create_user(f"host{n}"))
            guest = self.guild.add_member(env.create_user(f"guest{n}"))
            self.tables.append({"channel": channel, "game": channel, "players": {host.id: host, guest.id: guest}})
        self.rounds = rounds
        self.failures: list[str] = []
        self.moves = 0
        self.interactions = 0
        self.expire_every = expire_every

    async def tick(self) -> None:
        """Count one user action; every `expire_every`, let 15 virtual minutes pass (see the module's docstring)."""
        self.interactions += 1
        if self.expire_every and self.interactions % self.expire_every == 0:
            await self.env.advance_time(EPHEMERAL_VIEW_SECONDS + 1)

    async def attempt(self, what: str, action: Any) -> Any:
        """Await one user action; an exception is counted, not raised."""
        await self.tick()
        try:
            return await action
        except Exception as error:  # a benchmark counts failures of any kind
            self.failures.append(f"{what}: {type(error).__name__}: {error}")
            return None

    async def open_all(self) -> None:
        """Every host opens a lobby, then every guest joins, then every host starts (interleaved across tables)."""
        for table in self.tables:
            host = next(iter(table["players"].values()))
            options = f"rounds={self.rounds}"
            await self.attempt("game new", host.slash(table["channel"], "game new", game="relay", options=options))
            threads = table["channel"].threads
            table["game"] = threads[-1] if threads else table["channel"]
        for step, label in ((1, "Join"), (0, "Start")):
            for table in self.tables:
                actor = list(table["players"].values())[step]
                try:
                    message = newest_with(table["game"], label)
                except LookupError as error:
                    self.failures.append(f"{label}: {error}")
                    continue
                await self.attempt(label, actor.click(message, label=label))

    async def move(self, table: dict[str, Any]) -> bool:
        """One move in the table's game (My hand, then the menu's first option); False once it has ended."""
        try:
            update = await self.bot.manager.current(table["game"].id)
        except IllegalAction:
            return False
        if not update.running or not update.to_ping:
            return False
        actor = table["players"][update.to_ping[0]]
        hand = await self.attempt("My hand", actor.click(newest_with(table["game"], "My hand"), label="My hand"))
        if hand is None or hand.response is None:
            self.failures.append("My hand: no private message")
            return False
        if await self.attempt("pick", actor.select(hand.response, [first_option(hand.response.message)])):
            self.moves += 1
        return True

    async def play_all(self) -> None:
        """Round-robin: one move of every unfinished game per pass, until none is left."""
        live = list(self.tables)
        while live:
            live = [table for table in live if await self.move(table)]


def finished_games(database: Path) -> int:
    """How many games the database file holds as finished (read once the bot has closed it)."""
    with closing(sqlite3.connect(database)) as db:
        return int(db.execute("SELECT count(*) FROM games WHERE status = 'finished'").fetchone()[0])


async def run(args: argparse.Namespace) -> None:
    """Open and play every game, then print the figures."""
    if args.no_images:
        rendering.RENDERERS.clear()
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    with tempfile.TemporaryDirectory(prefix="tetsudo-load-") as scratch:
        database = Path(scratch) / "load.sqlite3"
        # No reminder falls due while the virtual clock is moved on: they would add pings and DMs, not moves.
        settings = Settings(database=str(database), reminder_turn="30d", reminder_simultaneous="30d")
        bot = TetsudoBot(settings, {"relay": RELAY}, seeds=lambda: args.seed)
        meter = Meter(keep_log=False)  # simcord's REST log would otherwise grow with every request
        before = memory()
        pauses = Pauses()
        try:
            async with simcord.run(bot, check_errors=False) as env:
                meter.install(env.backend)
                load = Load(env, args.games, args.rounds, args.expire_every)
                began = time.perf_counter()
                await load.open_all()
                opened = time.perf_counter()
                await load.play_all()
                ended = time.perf_counter()
                during = memory()
        finally:
            await bot.close()
        finished = finished_games(database)
        files = {p.name: p.stat().st_size for p in Path(scratch).glob("load.sqlite3*")}
        empty = await SqliteStorage.open(Path(scratch) / "empty.sqlite3")  # the schema alone, to subtract
        await empty.close()
        size = used_bytes(database) - used_bytes(Path(scratch) / "empty.sqlite3")
    logging.getLogger().removeHandler(errors)
    samples = meter.samples
    first = sorted((s.first - s.arrived) * 1000 for s in samples if s.first is not None)
    unanswered = sum(s.first is None for s in samples)
    apologies = sum(s.apology for s in samples)
    failures = len(load.failures) + errors.count + apologies + unanswered
    play = ended - opened
    images = "off" if args.no_images else "on (Relay's renderer)"
    print(f"\n{args.games} Relay games ({args.rounds} rounds, 2 players each), seed {args.seed}, images {images}")
    print(f"    lobbies opened, joined and started in {opened - began:.1f} s; played to the end in {play:.1f} s")
    rows = [
        ("games finished", f"{finished} of {args.games}"),
        ("interactions", f"{len(samples)} ({len(samples) / (ended - began):,.0f}/s overall)"),
        ("moves (accepted actions)", f"{load.moves} ({load.moves / play:,.0f}/s while playing)"),
        ("first response p50 / p95 / p99", " / ".join(f"{percentile(first, q):.1f} ms" for q in (0.5, 0.95, 0.99))),
        ("first response max / mean", f"{first[-1]:.1f} ms / {statistics.mean(first):.1f} ms" if first else "-"),
        (
            "errors",
            f"{failures} (exceptions {len(load.failures)}, logged {errors.count}, apologies {apologies}, "
            f"unanswered {unanswered})",
        ),
        ("memory VmRSS / VmHWM", f"{during['VmRSS']} MB / {during['VmHWM']} MB (at start {before['VmRSS']} MB)"),
        (
            "database (bytes used, over an empty one)",
            f"{size / 1e6:.2f} MB: {size / max(finished, 1) / 1e3:.2f} MB per 1,000 finished games",
        ),
    ]
    print("\n| figure | value |\n| --- | --- |")
    for name, value in rows:
        print(f"| {name} | {value} |")
    print(f"    database files once closed: {files}")
    print(f"    full garbage collections: {pauses.passes}, the longest {pauses.longest * 1000:.0f} ms")
    if first:
        slowest = max(range(len(samples)), key=lambda i: (samples[i].first or samples[i].arrived) - samples[i].arrived)
        print(f"    slowest first response: interaction #{slowest + 1} of {len(samples)}, {samples[slowest].kind}")
    for failure in load.failures[:5]:
        print(f"    !! {failure}")
    if errors.first:
        print(f"    !! first error logged: {errors.first}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500, help="games (and channels) at once (default 500)")
    parser.add_argument("--rounds", type=int, default=2, help="Relay rounds per game (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of every game (default 0)")
    parser.add_argument(
        "--expire-every", type=int, default=25, help="actions between 15-minute jumps of the virtual clock (0: never)"
    )
    parser.add_argument("--no-images", action="store_true", help="switch the renderers off (text only)")
    parser.add_argument("--profile", action="store_true", help="cProfile the whole run and print the top functions")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs")
    run_async(lambda: run(args), profile=args.profile, sort="tottime")


if __name__ == "__main__":
    main()
