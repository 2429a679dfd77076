"""Interaction latency: whole games of all five kinds through the real bot in simcord, per command kind.

Each game is one of the sandbox scripts of tests/support/sandbox_script.py (the lines people type: slash commands,
button clicks, menu choices), played by `bot.sandbox.world.Sandbox` — the real TetsudoBot, its command tree, Gate,
engine and a real SQLite file — once with the images drawn and once with every renderer switched off
(`rendering.RENDERERS` emptied, as tests/discord_layer/test_logs.py does; the bot then sends text only).

How the time is measured (simcord runs a virtual clock for timers, so only `time.perf_counter` is trusted here):

- start: a listener put first in simcord's backend `subscribers` list notes the perf_counter when the backend emits
  INTERACTION_CREATE — before simcord's gateway copies and parses it and discord.py dispatches it to the tree;
- first response: the bot's REST calls all pass through simcord's router, which appends each one to
  `backend.http_requests`; that list is swapped for one whose `append` notes the perf_counter, so the moment the
  interaction callback (POST /interactions/{id}/{token}/callback: a message, a defer, an update or a modal) reaches
  "Discord" is known, as is the time of the last REST call the interaction caused ("all replies" column).

So the figures include discord.py's parsing and simcord's in-process HTTP (a deep copy of each payload), and no
network. A first response that already carries a PNG is flagged: an image was drawn before the user was answered.

`--computers N` (issue 21) adds N channels where only computers play (strong Ticket to Ride: Japan, two seats, each
decision `computer_think` = 1 s in the bot's own pool of `computer_workers` = 1 process, no pause): they are started
once the script's first line has run, and keep thinking and moving (stored, delivered, drawn) in the same bot while
the people's interactions are timed. Their REST calls are left out of the people's "all replies" column.
Targets (issue 10): p99 <= 100 ms for a kind that sends no image, <= 300 ms for one that does.

    .venv/bin/python bench/latency.py [--games all|ttr_japan,...] [--moves N] [--seed S] [--computers N] [--profile]

Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import logging
import platform
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python bench/latency.py` from the repository

import rendering
from bench.common import percentile, run_async
from bench.processes import spawn_as_a_module_would
from bot.client import TetsudoBot
from bot.games import REGISTRY
from bot.games.ttr_japan import TTR_JAPAN
from bot.sandbox.script import Line
from bot.sandbox.world import Sandbox
from bot.settings import Settings
from bot.storage import SqliteStorage
from tests.support.computer_channels import open_computer_channels
from tests.support.sandbox_script import (
    FRIENDS,
    Script,
    japan_typing,
    mexican_game,
    miyajima_game,
    tokyo_game,
    toyko_game,
    whole_game,
)

APOLOGY = "something went wrong"
NO_IMAGE_TARGET_MS = 100.0
IMAGE_TARGET_MS = 300.0
COMPUTER_GAME, COMPUTER_LEVEL, COMPUTER_THINK_S = "ttr_japan", "strong", 1.0
"""What `--computers` plays in each of its channels: strong computers use their whole budget on most moves."""


def claim_first(state: Any, seat: int) -> Any:
    """A Ticket to Ride player who claims whenever they can (half the moves of the timer's default)."""
    claims = [a for a in TTR_JAPAN.legal_actions(state, seat) if a.verb == "claim"]
    return claims[0] if claims else TTR_JAPAN.default_action(state, seat)


GAMES: dict[str, Callable[[int], Script]] = {
    "ttr_japan": lambda seed: whole_game(TTR_JAPAN, seed, japan_typing, FRIENDS[:3], choose=claim_first),
    "mexican_train": lambda seed: mexican_game(seed, players=4),
    "miyajima": lambda seed: miyajima_game(seed, 3),
    "next_station_tokyo": lambda seed: tokyo_game(seed, 3, "objectives=on effects=on"),
    "toyko_train": lambda seed: toyko_game(seed),
}
"""The full-game scripts played, one per game (the ones the log and sandbox tests already play)."""


def kind_of(payload: dict[str, Any]) -> str:
    """A command's full name ("ttr claim") or a component's custom_id up to its first number ("tetsudo:act:draw")."""
    data = payload.get("data") or {}
    if payload.get("type") in (2, 4):  # application command, autocomplete
        words = [str(data.get("name"))]
        options = data.get("options") or []
        while options and options[0].get("type") in (1, 2):  # sub-command (group)
            words.append(str(options[0]["name"]))
            options = options[0].get("options") or []
        return ("autocomplete " if payload.get("type") == 4 else "") + " ".join(words)
    words = []
    for part in str(data.get("custom_id", "?")).split(":"):
        if not part.isalpha():
            break
        words.append(part)
    return ":".join(words[:3])  # tetsudo:act:draw, not tetsudo:act:draw:deck: the verb, not its argument


def carries_png(body: Any) -> bool:
    """Whether a REST body (JSON, or the payload_json of a multipart upload) attaches a .png file."""
    if isinstance(body, dict):
        files = body.get("attachments")
        if isinstance(files, list) and any(str(f.get("filename", "")).endswith(".png") for f in files if f):
            return True
        return any(carries_png(v) for v in body.values() if isinstance(v, dict))
    return False


@dataclass
class Sample:
    """One interaction: its kind, when it arrived, its first response and its last REST call (perf_counter s)."""

    kind: str
    arrived: float
    game: str = ""
    first: float | None = None
    last: float | None = None
    response: int | None = None
    image: bool = False
    image_first: bool = False
    apology: bool = False


@dataclass
class Meter:
    """Timestamps interactions as simcord emits them and the bot's REST calls as simcord's router logs them."""

    samples: list[Sample] = field(default_factory=list)
    by_id: dict[int, Sample] = field(default_factory=dict)
    current: Sample | None = None
    others: set[int] = field(default_factory=set)
    """Channels whose REST calls are nobody's reply (the computers' own games)."""
    keep_log: bool = True
    game: str = ""

    def install(self, backend: Any) -> None:
        """Put the listener first among the backend's subscribers and time every logged REST request."""
        backend.subscribers.insert(0, self.on_event)
        backend.http_requests = TimedLog(backend.http_requests, self.on_request, keep=self.keep_log)

    def on_event(self, event: str, payload: Any) -> None:
        if event != "INTERACTION_CREATE":
            return
        sample = Sample(kind_of(payload), time.perf_counter(), self.game)
        self.samples.append(sample)
        self.by_id[int(payload["id"])] = sample
        self.current = sample

    def on_request(self, entry: Any) -> None:
        now = time.perf_counter()
        parts = entry.path.strip("/").split("/")
        if parts[0] == "channels" and parts[1].isdigit() and int(parts[1]) in self.others:
            return
        body = entry.json if isinstance(entry.json, dict) else {}
        if parts[0] in ("interactions", "webhooks") and APOLOGY in str(body):
            sample = self.current
            if parts[0] == "interactions":
                sample = self.by_id.get(int(parts[1]), sample)
            if sample is not None:
                sample.apology = True
        if entry.method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            sample = self.by_id.pop(int(parts[1]), None)
            if sample is not None:
                sample.first, sample.response = now, body.get("type")
                sample.image_first = carries_png(body)
                sample.image |= sample.image_first
        if self.current is not None:
            self.current.last = now
            self.current.image |= carries_png(body)


class TimedLog(list):  # type: ignore[type-arg]
    """simcord's list of REST requests, calling `hook` as each is appended (and keeping it only if `keep`)."""

    def __init__(self, existing: list[Any], hook: Callable[[Any], None], *, keep: bool) -> None:
        super().__init__(existing)
        self.hook, self.keep = hook, keep

    def append(self, entry: Any) -> None:
        self.hook(entry)
        if self.keep:
            super().append(entry)


class MeteredSandbox(Sandbox):
    """The sandbox, with the meter installed on its simcord backend before the first line is carried out (and the
    computers' channels started after it)."""

    def __init__(self, meter: Meter, computers: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.meter = meter
        self.computers = computers
        self.installed = False
        self.computer_channels: list[int] = []

    async def _do(self, line: Line) -> None:
        if not self.installed and self.env is not None:
            self.meter.install(self.env.backend)
            self.installed = True
        await super()._do(line)
        self.meter.current = None
        if self.computers and not self.computer_channels:
            await self.start_computers()

    async def start_computers(self) -> None:
        """Open the computers' channels (their REST calls are nobody's reply)."""
        assert self.env is not None and isinstance(self.env.bot, TetsudoBot)
        host = self._user("computer-host")
        opened = await open_computer_channels(
            self.env.bot, self.guild, host, self.computers, COMPUTER_GAME, COMPUTER_LEVEL
        )
        self.computer_channels += opened
        self.meter.others.update(opened)


class ErrorCount(logging.Handler):
    """Counts the records at ERROR and above (a fault the bot logged)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        self.first = self.first or f"{record.name}: {record.getMessage()}"


async def play(
    game: str, seed: int, moves: int | None, meter: Meter, scratch: Path, computers: int = 0
) -> tuple[int, str, int, int]:
    """Play one game's script (its first `moves` lines if given), with `computers` channels of computers thinking
    meanwhile: exit code, transcript, database bytes it added, moves the computers made."""
    lines = GAMES[game](seed).lines
    lines = lines[:moves] if moves else lines
    database = scratch / f"{game}-{seed}.sqlite3"
    out = io.StringIO()
    meter.game = game
    settings = Settings(database=str(database), computer_pause="0", computer_think=COMPUTER_THINK_S)
    sandbox = MeteredSandbox(
        meter, computers, settings, REGISTRY, out=out, images=scratch / "images", seeds=lambda: seed
    )
    code = await sandbox.run(lines, stop_on_error=True)
    empty = await SqliteStorage.open(scratch / "empty.sqlite3")  # the schema alone, to subtract
    await empty.close()
    added = used_bytes(database) - used_bytes(scratch / "empty.sqlite3")
    return code, out.getvalue(), added, moves_in(database, sandbox.computer_channels)


def moves_in(database: Path, channels: list[int]) -> int:
    """How many moves were stored in those channels' games."""
    marks = ",".join("?" * len(channels))
    query = f"SELECT count(*) FROM actions JOIN games ON games.id = actions.game_id WHERE channel_id IN ({marks})"
    with closing(sqlite3.connect(database)) as db:
        return int(db.execute(query, channels).fetchone()[0])


def used_bytes(database: Path) -> int:
    """The bytes a SQLite database's pages hold (dbstat: page size less unused space; whole pages would hide a game)."""
    with closing(sqlite3.connect(database)) as db:
        return int(db.execute("SELECT sum(pgsize - unused) FROM dbstat").fetchone()[0])


def ms(seconds: list[float], fraction: float) -> float:
    return percentile(sorted(seconds), fraction) * 1000


def report(samples: list[Sample]) -> list[str]:
    """The per-kind table; returns the kinds that missed their target or drew an image before answering."""
    by_kind: dict[str, list[Sample]] = defaultdict(list)
    for sample in samples:
        by_kind[sample.kind].append(sample)
    heads = ("n", "p50", "p95", "p99", "max", "all p99", "resp", "img", "target", "ok")
    width = max(len(k) for k in by_kind) if by_kind else 10
    print(f"    {'kind':<{width}} " + " ".join(f"{h:>7}" for h in heads))
    missed = []
    for kind in sorted(by_kind):
        group = by_kind[kind]
        answered = [s for s in group if s.first is not None]
        first = [s.first - s.arrived for s in answered]  # type: ignore[operator]
        done = [(s.last or s.arrived) - s.arrived for s in group]
        image = any(s.image for s in group)
        target = IMAGE_TARGET_MS if image else NO_IMAGE_TARGET_MS
        p99 = ms(first, 0.99) if first else float("nan")
        ok = bool(first) and p99 <= target and len(answered) == len(group)
        kinds = "/".join(str(t) for t in sorted({s.response for s in answered if s.response is not None}))
        images = "first" if any(s.image_first for s in group) else "yes" if image else "-"
        print(
            f"    {kind:<{width}} {len(group):>7} {ms(first, 0.5):>7.1f} {ms(first, 0.95):>7.1f} {p99:>7.1f} "
            f"{max(first) * 1000:>7.1f} {ms(done, 0.99):>7.1f} {kinds:>7} {images:>7} {target:>7.0f} "
            f"{'yes' if ok else 'NO':>7}"
        )
        if first and p99 > target:
            missed.append(f"{kind}: p99 {p99:.1f} ms > {target:.0f} ms")
        if len(answered) != len(group):
            missed.append(f"{kind}: {len(group) - len(answered)} of {len(group)} interactions never answered")
        if any(s.image_first for s in group):
            slow = sum(s.image_first for s in group)
            per_game = defaultdict(list)
            for sample in answered:
                per_game[sample.game].append(sample.first - sample.arrived)  # type: ignore[operator]
            games = ", ".join(f"{g} p50 {ms(t, 0.5):.0f} p99 {ms(t, 0.99):.0f}" for g, t in sorted(per_game.items()))
            missed.append(
                f"{kind}: {slow} of {len(group)} first responses carry a PNG (drawn before answering): {games}"
            )
    return missed


async def run(args: argparse.Namespace) -> None:
    """Play every chosen game with images on, then off, and print a table for each."""
    games = list(GAMES) if args.games == "all" else args.games.split(",")
    saved = dict(rendering.RENDERERS)
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    for images in (True, False):
        rendering.RENDERERS.clear()
        if images:
            rendering.RENDERERS.update(saved)
        meter = Meter()
        began, computer_moves = time.perf_counter(), 0
        with tempfile.TemporaryDirectory(prefix="tetsudo-latency-") as scratch:
            sizes = []
            for game in games:
                code, transcript, added, thought = await play(
                    game, args.seed, args.moves, meter, Path(scratch), args.computers
                )
                computer_moves += thought
                if code != 0:
                    print(f"!! {game}: the script stopped early:\n{transcript[-2000:]}")
                sizes.append(f"{game} {added / 1000:.1f} KB")
        apologies = sum(s.apology for s in meter.samples)
        print(
            f"\nImages {'ON' if images else 'OFF'}: {len(meter.samples)} interactions in "
            f"{time.perf_counter() - began:.1f} s ({', '.join(games)}; seed {args.seed}); "
            f"errors logged so far {errors.count}, apologies {apologies}"
        )
        print("    ms from INTERACTION_CREATE to the interaction callback; 'all p99': to the last REST call it caused;")
        print("    resp = callback types (4 message, 5 defer, 6 deferred update, 7 update, 9 modal);")
        print("    img = an image was sent ('first': inside the first response itself)")
        if args.computers:
            print(
                f"    meanwhile {args.computers} channels of computers made {computer_moves} moves (stored, delivered)"
            )
        else:
            print(f"    database bytes used by one finished game (KB = MB per 1,000 such games): {', '.join(sizes)}")
        missed = report(meter.samples)
        for line in missed:
            print(f"    !! {line}")
        if errors.first:
            print(f"    !! first error logged: {errors.first}")
    rendering.RENDERERS.clear()
    rendering.RENDERERS.update(saved)
    logging.getLogger().removeHandler(errors)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="all", help=f"comma-separated, from {', '.join(GAMES)} (default all)")
    parser.add_argument("--moves", type=int, help="play only each script's first N lines (a CI-sized run)")
    parser.add_argument("--seed", type=int, default=1, help="the game seed (default 1)")
    parser.add_argument("--computers", type=int, default=0, help="channels of computers thinking meanwhile (issue 21)")
    parser.add_argument("--profile", action="store_true", help="cProfile the whole run and print the top functions")
    args = parser.parse_args()
    spawn_as_a_module_would()
    print(f"Python {platform.python_version()}, {platform.system()} {platform.machine()}")
    run_async(lambda: run(args), profile=args.profile, sort="cumulative")


if __name__ == "__main__":
    main()
