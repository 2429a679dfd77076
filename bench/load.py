"""Load through the Discord layer: N games in N channels, all open at once, played by simulated users.

The real TetsudoBot runs in simcord (in process) on a real SQLite file. Two modes:

Breadth (the default): N Relay games (tests/support/relay.py: hidden hands, draws and a simultaneous secret bid,
with its small renderer). N pairs of members each open a lobby in their own channel (`/game new`, which opens a
thread), join, start, and then play through the real buttons and menus — "My hand", then the first move of its
menu — until every game has finished. simcord refuses overlapping operations ("operation overlaps active ..."):
each actor method (`click`, `select`, `slash`) emits one INTERACTION_CREATE and then runs the bot until it is
quiet again. So interactions reach the bot one at a time, and the load is breadth, not parallel requests: all N
games are open together and their moves interleave round-robin (game 1's move, game 2's move, ...), so every move
finds N live games in the database, the engine's cache and the timers.

Burst (`--burst N`, issue 18: every click answered fast when a hundred players click at once): N games (Mexican
Train by default, pictures on) in N channels; lobbies are opened and joined one at a time (setup, not measured),
then all N Starts are clicked at once, then in each of W waves every running game's player to move clicks the
hand button at the same moment (a burst of N), and then every one of them picks the first option of the menu on
their own private reply at the same moment (a second burst of N). Games that end drop out.
How a burst is made, with simcord internals (its actor methods cannot overlap): `burst()` builds every
interaction's INTERACTION_CREATE payload as simcord's `actors._dispatch_actor_interaction` and
`_component_interaction` do — `simcord.interactions.base_payload`, the clicked message's payload as `message`
(`backend.serializers.message_payload`), `record.source_message_id` — then, inside one simcord operation
(`env._begin_operation`), calls `env._notify_dispatch_observers(record)` and `env.backend.emit("INTERACTION_CREATE",
payload)` for all N back to back without yielding to the event loop, and only then settles once (`env.settle`),
so the bot's event loop holds N interactions in flight together, as in production. The replies are read
afterwards through `simcord.InteractionResult(env, record)`, as the actor methods return them.
In a burst, acknowledgement = perf_counter from an interaction's INTERACTION_CREATE emission to its interaction
callback (POST /interactions/{id}/{token}/callback); reply complete = to the last REST call naming its token (the
callback, a later PATCH /webhooks/{app}/{token}/messages/@original or a followup POST /webhooks/{app}/{token}
carrying its picture). Public posts a move causes carry no token: they are in "quiet", the time from a burst's
first emission until the bot is idle again (settle returned). Memory adds the child processes (the picture
workers, spawned as `python -m bot` spawns them: see `bench.processes.spawn_as_a_module_would`), as VmRSS and as
PSS (shared libraries counted once).
While a burst is in flight the loop just runs; simcord settles only once every click has been acknowledged (see
`burst`). The bot freezes what it set up out of the garbage collector's reach (`gc.freeze` in `setup_hook`), but
this process also holds simcord's whole simulated Discord, every message and payload: the full collections it
causes are counted in the acknowledgements, and in production they do not happen.

Black-box burst (`--burst N --mix [--waves W] [--seed S]`, issue 33): the five kinds mixed, the bot as `python -m bot`
in a process of its own, the simulated Discord in this one over real HTTP and a real gateway: see bench/remote.

Latency is measured as in bench/latency.py: perf_counter from simcord emitting INTERACTION_CREATE to the bot's
interaction callback arriving at simcord's router. Errors: every exception an action raised, every record the bot
logged at ERROR, every apology ("something went wrong") sent, every interaction left unanswered (and, in burst
mode, every bot exception simcord caught) — must be 0.
Simulated time (breadth mode): after every --expire-every actions (default 25) the virtual clock is moved on 15
minutes (reminders are set to 30 days, the longest allowed, so none falls due while a game is played). This used
to let discord.py's 15-minute timeout tasks of ephemeral views expire, which simcord's settlement scanned after
every step; views are now sent stopped, with no such task, so the jumps are no longer needed (300 games: 25 s
with --expire-every 0, 34 s with 25). The default stays 25 so figures compare with earlier runs.

Memory is this process's VmRSS/VmHWM: the bot plus simcord's simulated Discord, which keeps every message and
image; the longest full garbage collection is printed too (that heap is in it, and it sets the max latency).
Database size: the bytes the finished games use in the SQLite pages (dbstat), less those of an empty database.

Several processes (`--database postgresql://… [--processes 1,2,4] [--compare]`, issue 22): the same load, breadth or
burst, split across P bot processes sharing one PostgreSQL database. Each is this script run again as a child, with
its own TetsudoBot (`shards = I`, `shard_count = P`) in its own simcord, playing its share of the games in a server
on its shard, as Discord would split them. The parent makes a fresh database for each run (`loadpg_<pid>_<n>` on the
server the URL names; migrated once, then dropped), waits until every child is set up, lets them go together, and
prints one row per process count: interactions/s of all processes together over the measured phase (breadth: every
interaction; burst: the waves), ack p50/p99 over all their interactions, errors, games finished. `--compare` adds
SQLite in one process (the same child, a file of its own) as the first row. Children are dated a year apart in
simulated time so that their ids differ (`tests.support.processes.apart`), and simcord polls for quiet every 5 ms
(see SETTLE_POLL_SECONDS).

    .venv/bin/python bench/load.py [--games 500] [--seed 0] [--rounds 2] [--no-images] [--expire-every 25]
    .venv/bin/python bench/load.py --burst N [--waves W] [--game mexican_train] [--players 2] [--no-images] [--seed S]
    .venv/bin/python bench/load.py --burst N --mix [--waves 3] [--seed S]
    .venv/bin/python bench/load.py [--games N | --burst N …] --database postgresql://… --processes 1,2,4 --compare

Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import gc
import itertools
import logging
import os
import platform
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python bench/load.py` from the repository

import asyncpg
import discord
import simcord
from simcord import actors as simcord_actors
from simcord import interactions as simcord_interactions
from simcord.backend import serializers
from simcord.enums import SELECT_TYPES, ComponentType, InteractionType

import rendering
from bench.common import percentile, run_async
from bench.cpu_split import print_cpu_by_owner
from bench.latency import APOLOGY, ErrorCount, Meter, Sample, used_bytes
from bench.processes import family_mb, spawn_as_a_module_would
from bot.client import TetsudoBot
from bot.games import REGISTRY
from bot.games.base import Game, IllegalAction
from bot.settings import Settings
from bot.storage import SqliteStorage, is_postgresql
from tests.support.postgresql import drop_database, migrated_database
from tests.support.processes import apart, ready_then_wait, report, share, start_together
from tests.support.relay import RELAY

EPHEMERAL_VIEW_SECONDS = 15 * 60
"""discord.py kept the view of an ephemeral message, with a timeout task, for the interaction token's 15 minutes."""
HAND = "tetsudo:hand:"
"""The custom_id prefix of every board's hand button (labelled My hand, My panel, Load or Draw by game)."""
ACK_WAIT_SECONDS = 60.0
"""How long a burst waits for its last acknowledgement before settling anyway (Discord gives up after 3 s)."""
SETTLE_SECONDS = 900.0
"""How long one burst may take to settle: N pictures drawn on 2 CPUs take far longer than simcord's 5 s default."""
SETTLE_STEP_SECONDS = 30.0
"""One settle's timeout, repeated up to SETTLE_SECONDS: shorter than the bot's shortest loop (shard claims, 60 s).

With a longer timeout, simcord counts the loop's next turn as work due before it and waits for it in vain (seen with
`shards` set, as under --processes on PostgreSQL: the burst hung)."""
SCRIPT = Path(__file__).resolve()
"""This script, which --processes runs again for each child (`spawn_as_a_module_would` removes `__file__`)."""
GAMES: dict[str, Game] = {"relay": RELAY, **{name: game for name, game in REGISTRY.items() if name != "toyko_train"}}
"""The games a burst can play: Toyko Train's panel has buttons, not the menu of moves a wave picks from."""


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


def newest_button(channel: simcord.ChannelHandle, label: str = "", prefix: str = "") -> tuple[discord.Message, str]:
    """The newest message in the channel with an enabled button of this label (else custom_id prefix); its custom_id."""
    for message in reversed(channel.history()):
        for row in message.components:
            for item in getattr(row, "children", []):
                if not isinstance(item, discord.Button) or item.disabled or item.custom_id is None:
                    continue
                if (item.label == label) if label else item.custom_id.startswith(prefix):
                    return message, item.custom_id
    raise LookupError(f"no message with a {label or prefix!r} button")


def newest_with(channel: simcord.ChannelHandle, label: str) -> discord.Message:
    """The newest message in the channel carrying an enabled button with this label."""
    return newest_button(channel, label)[0]


def first_option(message: discord.Message) -> str:
    """The value of the first option of the message's first menu."""
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.SelectMenu) and item.options:
                return str(item.options[0].value)
    raise LookupError("no menu")


class Load:
    """N tables of `players` players (seat 0 hosts); counts every failure instead of stopping at it."""

    def __init__(
        self,
        env: simcord.Env,
        games: int,
        options: str,
        expire_every: int,
        game: str = "relay",
        players: int = 2,
        shard: int | None = None,
    ) -> None:
        self.env = env
        self.bot: TetsudoBot = env.bot  # type: ignore[assignment]
        self.guild = env.create_guild("Load", shard_id=shard)  # a server on this shard (--processes), else anywhere
        self.tables: list[dict[str, Any]] = []
        for n in range(games):
            channel = self.guild.create_text_channel(f"table-{n}")
            names = [f"host{n}", f"guest{n}", *(f"guest{n}-{k}" for k in range(2, players))]
            seats = [self.guild.add_member(env.create_user(name)) for name in names]
            self.tables.append(
                {"channel": channel, "game": channel, "seats": seats, "players": {m.id: m for m in seats}}
            )
        self.game = game
        self.options = options
        self.players = players
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

    async def open_lobbies(self) -> None:
        """Every host opens a lobby, then every guest joins (one seat of every table per pass)."""
        for table in self.tables:
            host = table["seats"][0]
            new = host.slash(table["channel"], "game new", game=self.game, options=self.options)
            await self.attempt("game new", new)
            threads = table["channel"].threads
            table["game"] = threads[-1] if threads else table["channel"]
        for seat in range(1, self.players):
            for table in self.tables:
                await self.press(table, seat, "Join")

    async def press(self, table: dict[str, Any], seat: int, label: str) -> None:
        """The seat's player clicks this button of the table's lobby (a missing lobby is counted)."""
        try:
            message = newest_with(table["game"], label)
        except LookupError as error:
            self.failures.append(f"{label}: {error}")
            return
        await self.attempt(label, table["seats"][seat].click(message, label=label))

    async def open_all(self) -> None:
        """Every host opens a lobby, then every guest joins, then every host starts (interleaved across tables)."""
        await self.open_lobbies()
        for table in self.tables:
            await self.press(table, 0, "Start")

    async def to_move(self, table: dict[str, Any]) -> simcord.MemberActor | None:
        """The player the table's game waits for (the first, if several), or None once it has ended."""
        try:
            update = await self.bot.manager.current(table["game"].id)
        except IllegalAction:
            return None
        if not update.running or not update.to_ping:
            return None
        return table["players"][update.to_ping[0]]  # type: ignore[no-any-return]

    async def move(self, table: dict[str, Any]) -> bool:
        """One move in the table's game (My hand, then the menu's first option); False once it has ended."""
        actor = await self.to_move(table)
        if actor is None:
            return False
        board, hand_id = newest_button(table["game"], prefix=HAND)
        hand = await self.attempt("My hand", actor.click(board, custom_id=hand_id))
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


# ---------------------------------------------------------------------------------------------------- burst mode


@dataclass(frozen=True)
class Click:
    """One user's click: the button with this custom_id, or (values given) a choice in the message's menu."""

    actor: simcord.MemberActor
    message: discord.Message | simcord.ResponseMessage
    custom_id: str | None = None
    values: tuple[str, ...] = ()


def component_data(stored: Any, click: Click) -> dict[str, Any]:
    """The `data` of a component interaction, as simcord's `_component_click` / `_component_select` build it."""
    types = SELECT_TYPES if click.values else (ComponentType.BUTTON,)
    found = simcord_actors._find_component(stored.components, types=types, custom_id=click.custom_id, label=None)
    data: dict[str, Any] = {"custom_id": found["custom_id"], "component_type": found["type"]}
    if found.get("id") is not None:
        data["id"] = found["id"]
    if click.values:
        if not set(click.values) <= {option["value"] for option in found.get("options") or []}:
            raise LookupError(f"no option {click.values!r} in the menu")
        data["values"] = list(click.values)
    return data


def prepare(env: simcord.Env, click: Click) -> tuple[Any, dict[str, Any]]:
    """The interaction record and INTERACTION_CREATE payload of one click, as `_component_interaction` builds them."""
    stored = simcord_actors._visible_message(click.actor, click.message)  # what a real user can see, or SetupError
    record, payload = simcord_interactions.base_payload(
        env.backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=stored.channel_id,
        guild_id=click.actor.guild.id,
        user_id=click.actor.id,
        data=component_data(stored, click),
    )
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    record.source_message_id = stored.id
    return record, payload


async def settle(env: simcord.Env) -> None:
    """Until the bot is quiet: settles of SETTLE_STEP_SECONDS, for up to SETTLE_SECONDS in all."""
    began = time.perf_counter()
    while True:
        try:
            await env.settle(timeout=SETTLE_STEP_SECONDS)
            return
        except TimeoutError:
            if time.perf_counter() - began > SETTLE_SECONDS:
                raise


async def burst(
    env: simcord.Env, meter: ReplyMeter, clicks: Sequence[Click], failures: list[str]
) -> list[simcord.InteractionResult | None]:
    """Every click at the same moment: all payloads emitted back to back, then one settle; their results in order.

    A click simcord would refuse (a message the user cannot see, a disabled button) is counted in `failures` and
    gets None. All payloads are built before the first is emitted, so none waits on the building of another.
    The loop just runs until every click is acknowledged, and only then does simcord settle: its settlement
    scans every task on every loop turn, which with N handlers in flight cost more CPU than the bot itself and
    would be counted in the acknowledgements (Discord's own work costs the bot nothing in production).
    """
    prepared: list[tuple[Any, dict[str, Any]] | None] = []
    for click in clicks:
        try:
            prepared.append(prepare(env, click))
        except Exception as error:  # a benchmark counts failures of any kind
            failures.append(f"{click.custom_id or 'pick'}: {type(error).__name__}: {error}")
            prepared.append(None)
    env._begin_operation("burst")  # as an actor method does: any other simcord operation now is refused
    try:
        meter.expect(item[1]["id"] for item in prepared if item is not None)
        for item in prepared:
            if item is not None:
                env._notify_dispatch_observers(item[0])
                env.backend.emit("INTERACTION_CREATE", item[1])  # parsed at once; the handlers become tasks
        with contextlib.suppress(TimeoutError):  # one left unanswered is counted in the report, not waited on
            await asyncio.wait_for(meter.acknowledged.wait(), ACK_WAIT_SECONDS)
        await settle(env)  # the pictures and public posts that follow the acknowledgements
    finally:
        env._end_operation()
    return [None if item is None else simcord.InteractionResult(env, item[0]) for item in prepared]


@dataclass
class Reply:
    """One interaction: its Sample, the phase it was sent in, and its last REST call naming its token."""

    sample: Sample
    phase: str
    done: float | None = None


@dataclass
class ReplyMeter(Meter):
    """The Meter, following each interaction by its token: its reply is complete at the last REST call naming it."""

    phase: str = "setup"
    replies: dict[str, Reply] = field(default_factory=dict)
    unacknowledged: set[int] = field(default_factory=set)
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)

    def expect(self, ids: Iterable[Any]) -> None:
        """The interactions of the coming burst: `acknowledged` is set once each has its callback."""
        self.unacknowledged = {int(i) for i in ids}
        self.acknowledged.clear()
        if not self.unacknowledged:
            self.acknowledged.set()

    def on_event(self, event: str, payload: Any) -> None:
        super().on_event(event, payload)
        if event == "INTERACTION_CREATE" and self.current is not None:
            self.replies[str(payload["token"])] = Reply(self.current, self.phase)
            # In a burst "the interaction being handled" means nothing: requests are matched by token instead.
            self.current = None

    def on_request(self, entry: Any) -> None:
        super().on_request(entry)
        now = time.perf_counter()
        parts = entry.path.strip("/").split("/")
        # /interactions/{id}/{token}/callback and /webhooks/{application}/{token}/...: the token is third.
        reply = self.replies.get(parts[2]) if parts[0] in ("interactions", "webhooks") and len(parts) > 2 else None
        if reply is not None:
            reply.done = now
            reply.sample.apology |= APOLOGY in str(entry.json)
        if parts[0] == "interactions" and parts[-1] == "callback" and self.unacknowledged:
            self.unacknowledged.discard(int(parts[1]))
            if not self.unacknowledged:
                self.acknowledged.set()

    def phase_replies(self, *phases: str) -> list[Reply]:
        """The replies of these phases."""
        return [reply for reply in self.replies.values() if reply.phase in phases]


def ms_figures(values: list[float]) -> str:
    """p50 / p95 / p99 / max of seconds, in ms."""
    if not values:
        return "-"
    values = sorted(values)
    return (
        " / ".join(f"{percentile(values, q) * 1000:,.0f}" for q in (0.5, 0.95, 0.99)) + f" / {values[-1] * 1000:,.0f}"
    )


def phase_row(name: str, replies: list[Reply]) -> tuple[str, ...]:
    """One row of the burst table: count, ack and reply-complete percentiles, and the slow acks."""
    acks = [r.sample.first - r.sample.arrived for r in replies if r.sample.first is not None]
    complete = [r.done - r.sample.arrived for r in replies if r.done is not None]
    slow = tuple(str(sum(a > limit for a in acks)) for limit in (2.0, 3.0))
    return (name, str(len(replies)), ms_figures(acks), ms_figures(complete), *slow)


class BurstLoad(Load):
    """Load whose Starts, hand clicks and picks each come as one burst of N (see the module's docstring)."""

    def __init__(self, env: simcord.Env, meter: ReplyMeter, args: argparse.Namespace, shard: int | None = None) -> None:
        options = f"rounds={args.rounds}" if args.game == "relay" else ""
        super().__init__(env, args.burst, options, 0, args.game, args.players, shard)  # no clock jumps: not needed now
        self.meter = meter
        self.quiet: dict[str, list[float]] = {"start": [], "hand": [], "pick": []}
        self.ended = 0
        self.live = list(self.tables)

    async def send(self, phase: str, clicks: list[Click]) -> list[simcord.InteractionResult | None]:
        """One burst, its interactions tagged with `phase`; the time until the bot is quiet again is kept."""
        self.meter.phase = phase
        self.interactions += len(clicks)
        began = time.perf_counter()
        results = await burst(self.env, self.meter, clicks, self.failures)
        self.quiet[phase].append(time.perf_counter() - began)
        return results

    async def start_all(self) -> None:
        """Every host clicks Start on their lobby at the same moment."""
        clicks = []
        for table in self.tables:
            try:
                message, custom_id = newest_button(table["game"], "Start")
            except LookupError as error:
                self.failures.append(f"Start: {error}")
                continue
            clicks.append(Click(table["seats"][0], message, custom_id))
        await self.send("start", clicks)
        # A game that did not start (too few --players for it) is a failure, not an ended game.
        self.live = [table for table in self.tables if await self.to_move(table) is not None]
        self.failures += ["Start: a game has nobody to move after Start"] * (len(self.tables) - len(self.live))

    async def wave(self) -> None:
        """Every running game's player to move opens their hand at once, then they all pick its first option at once."""
        movers = [(table, await self.to_move(table)) for table in self.live]  # read before the burst, not timed
        self.live = [table for table, actor in movers if actor is not None]
        self.ended += len(movers) - len(self.live)
        clicks = []
        for table, actor in movers:
            if actor is None:
                continue
            try:
                board, hand_id = newest_button(table["game"], prefix=HAND)
            except LookupError as error:
                self.failures.append(f"My hand: {error}")
                continue
            clicks.append(Click(actor, board, hand_id))
        picks = []
        for click, hand in zip(clicks, await self.send("hand", clicks), strict=True):
            if hand is None or hand.response is None:
                self.failures.append("My hand: no private message")
                continue
            try:
                picks.append(Click(click.actor, hand.response, values=(first_option(hand.response.message),)))
            except LookupError as error:
                self.failures.append(f"My hand: {error}")
        self.moves += sum(bool(pick and pick.acknowledged) for pick in await self.send("pick", picks))

    async def play(self, waves: int) -> int:
        """Up to `waves` waves, fewer if every game ends; prints a line per wave; returns the waves played."""
        for n in range(1, waves + 1):
            if not self.live:
                return n - 1
            await self.wave()
            latest = [r.sample for r in self.meter.phase_replies("hand", "pick")[-2 * len(self.live) :]]
            worst = max(((s.first or s.arrived) - s.arrived for s in latest), default=0.0)
            print(
                f"    wave {n}: {len(self.live)} games, quiet {self.quiet['hand'][-1]:.1f} s (hand) + "
                f"{self.quiet['pick'][-1]:.1f} s (pick), slowest ack {worst * 1000:,.0f} ms",
                flush=True,
            )
        return waves


def failure_counts(load: Load, samples: list[Sample], errors: ErrorCount, caught: int) -> tuple[int, str]:
    """Every kind of failure, summed and spelled out."""
    unanswered = sum(s.first is None for s in samples)
    apologies = sum(s.apology for s in samples)
    total = len(load.failures) + errors.count + apologies + unanswered + caught
    return total, (
        f"{total} (exceptions {len(load.failures)}, logged {errors.count}, apologies {apologies}, "
        f"unanswered {unanswered}, caught by simcord {caught})"
    )


def burst_report(load: BurstLoad, args: argparse.Namespace, figures: dict[str, Any], errors: ErrorCount) -> None:
    """The burst table: per phase, acknowledgement and reply-complete times, then throughput, errors and memory."""
    meter = load.meter
    images = "off" if args.no_images else "on"
    print(
        f"\n{args.burst} {args.game} games x {args.players} players, {figures['waves']} waves, pictures {images}, "
        f"seeds from {args.seed}"
    )
    print(f"    setup (lobbies opened and joined one at a time, not measured) {figures['setup']:.1f} s")
    print(
        "    ms: ack = INTERACTION_CREATE emitted -> interaction callback; complete = -> last REST call with its token"
    )
    print("\n| phase | interactions | ack p50 / p95 / p99 / max | complete p50 / p95 / p99 / max | ack > 2 s | > 3 s |")
    print("| --- | --- | --- | --- | --- | --- |")
    rows = [
        ("Start (1 burst)", meter.phase_replies("start")),
        ("hand", meter.phase_replies("hand")),
        ("pick", meter.phase_replies("pick")),
        ("waves (all)", meter.phase_replies("hand", "pick")),
    ]
    for name, replies in rows:
        print("| " + " | ".join(phase_row(name, replies)) + " |")
    in_waves = len(rows[3][1])
    bursts = sum(load.quiet["hand"]) + sum(load.quiet["pick"])
    _, failures = failure_counts(load, meter.samples, errors, figures["caught"])
    quiet = {phase: sorted(times) for phase, times in load.quiet.items()}
    lines = [
        ("games", f"{args.burst}; ended during the waves {load.ended}; picks answered {load.moves}"),
        (
            "quiet after a burst, p50 / max (s)",
            ", ".join(f"{phase} {statistics.median(t):.2f} / {t[-1]:.2f}" for phase, t in quiet.items() if t),
        ),
        (
            "interactions/s over the waves",
            f"{in_waves / figures['play']:,.1f} (wall {figures['play']:.1f} s); "
            f"{in_waves / max(bursts, 1e-9):,.1f} counting burst time only ({bursts:.1f} s)",
        ),
        ("errors", failures),
        (
            "memory VmRSS / VmHWM (this process)",
            f"{figures['during']['rss']:.0f} MB / {figures['during']['peak']:.0f} MB "
            f"(at start {figures['before']['rss']:.0f} MB)",
        ),
        (
            "memory VmRSS / VmHWM / PSS of child processes (summed: picture workers, resource tracker)",
            f"{figures['during']['children rss']:.0f} MB / {figures['during']['children peak']:.0f} MB / "
            f"{figures['during']['children pss']:.0f} MB in {figures['during']['processes']} processes",
        ),
        (
            "full garbage collections",
            f"{figures['pauses'].passes}, the longest {figures['pauses'].longest * 1000:.0f} ms",
        ),
    ]
    print("\n| figure | value |\n| --- | --- |")
    for name, value in lines:
        print(f"| {name} | {value} |")
    for failure in load.failures[:5]:
        print(f"    !! {failure}")
    if errors.first:
        print(f"    !! first error logged: {errors.first}")


async def run_burst(args: argparse.Namespace) -> None:
    """Open and join every lobby, burst the Starts, play the waves, then print the figures."""
    if args.no_images:
        rendering.RENDERERS.clear()
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    with tempfile.TemporaryDirectory(prefix="tetsudo-burst-") as scratch:
        settings = Settings(
            database=str(Path(scratch) / "burst.sqlite3"),
            reminder_turn="30d",
            reminder_simultaneous="30d",
            shard_count=1,
        )
        seeds: Callable[[], int] = itertools.count(args.seed).__next__  # N different games, not N copies of one
        bot = TetsudoBot(settings, {args.game: GAMES[args.game]}, seeds=seeds)
        meter = ReplyMeter(keep_log=False)  # simcord's REST log would otherwise grow with every request
        figures: dict[str, Any] = {"before": family_mb(), "pauses": Pauses()}
        try:
            async with simcord.run(bot, check_errors=False) as env:
                meter.install(env.backend)
                load = BurstLoad(env, meter, args)
                began = time.perf_counter()
                await load.open_lobbies()
                figures["setup"] = time.perf_counter() - began
                await load.start_all()
                began = time.perf_counter()
                figures["waves"] = await load.play(args.waves)
                figures["play"] = time.perf_counter() - began
                figures["during"] = family_mb()
                figures["caught"] = len(env.errors_since(0))
        finally:
            await bot.close()
    logging.getLogger().removeHandler(errors)
    args.interactions = len(meter.samples)  # setup included: --profile divides the whole run's CPU by it
    burst_report(load, args, figures, errors)


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
        settings = Settings(database=str(database), reminder_turn="30d", reminder_simultaneous="30d", shard_count=1)
        bot = TetsudoBot(settings, {"relay": RELAY}, seeds=lambda: args.seed)
        meter = Meter(keep_log=False)  # simcord's REST log would otherwise grow with every request
        before = family_mb()
        pauses = Pauses()
        try:
            async with simcord.run(bot, check_errors=False) as env:
                meter.install(env.backend)
                load = Load(env, args.games, f"rounds={args.rounds}", args.expire_every)
                began = time.perf_counter()
                await load.open_all()
                opened = time.perf_counter()
                await load.play_all()
                ended = time.perf_counter()
                during = family_mb()
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
        ("memory VmRSS / VmHWM", f"{during['rss']:.0f} MB / {during['peak']:.0f} MB (at start {before['rss']:.0f} MB)"),
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


# ---------------------------------------------------------------------------------------------- several processes


SETTLE_POLL_SECONDS = 0.005
"""How often, in --processes mode, simcord looks again whether the bot is quiet while one of its tasks waits on
something simcord cannot follow (its default: 50 ms). asyncpg's socket reads are such waits, so at 50 ms a breadth run
on PostgreSQL measured simcord's polls: 30 games, one process, 24.6 interactions/s, against 80.8 at 5 ms (SQLite,
whose waits are threads that simcord follows: 120.8 and 131.7). Ack times do not change."""


def poll_settle_every(seconds: float) -> None:
    """simcord's settle interval for this process (its actor methods settle with the default, and take no option)."""
    simcord.Env._validate_idle = staticmethod(lambda _idle: seconds)  # type: ignore[method-assign]


async def run_shard(args: argparse.Namespace) -> None:
    """One child of --processes: its share of the load, on shard I of P; ready, then (let go) measured, reported."""
    index, count = args.shard
    poll_settle_every(SETTLE_POLL_SECONDS)  # every row alike, SQLite's too
    if args.no_images:
        rendering.RENDERERS.clear()
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    # A SQLite file is one process's: as in the single-process run, it serves every server (no shard filter).
    shards = str(index) if is_postgresql(args.shard_database) else ""
    settings = Settings(
        database=args.shard_database,
        reminder_turn="30d",
        reminder_simultaneous="30d",
        shards=shards,
        shard_count=count,
    )
    meter: Meter
    if args.burst:
        bot = TetsudoBot(settings, {args.game: GAMES[args.game]}, seeds=itertools.count(args.seed).__next__)
        meter = ReplyMeter(keep_log=False)
    else:
        bot = TetsudoBot(settings, {"relay": RELAY}, seeds=lambda: args.seed)
        meter = Meter(keep_log=False)
    # The bot syncs its commands only if the database has not seen them synced: once for all processes, as Discord's
    # one command list is theirs. Each child's simulated Discord is its own, so it takes the commands unsynced.
    running = simcord.run(bot, check_errors=False, strict_sync=False)
    apart(running, index)
    try:
        async with running as env:
            meter.install(env.backend)
            load: Load
            if isinstance(meter, ReplyMeter):
                load = burst_load = BurstLoad(env, meter, args, shard=index)
                await burst_load.open_lobbies()  # setup, as in the single-process burst: not measured
                await burst_load.start_all()
            else:
                load = Load(env, args.games, f"rounds={args.rounds}", args.expire_every, shard=index)
            await asyncio.to_thread(ready_then_wait)
            setup = len(meter.samples)
            began = time.perf_counter()  # CLOCK_MONOTONIC: the same clock in every process, so the parent can compare
            if isinstance(meter, ReplyMeter):
                await burst_load.play(args.waves)
            else:
                await load.open_all()
                await load.play_all()
            ended = time.perf_counter()
            caught = len(env.errors_since(0))
    finally:
        await bot.close()
    logging.getLogger().removeHandler(errors)
    measured = meter.samples[setup:]
    total, spelled = failure_counts(load, meter.samples, errors, caught)
    report(
        {
            "interactions": len(measured),
            "acks_ms": [(s.first - s.arrived) * 1000 for s in measured if s.first is not None],
            "began": began,
            "ended": ended,
            "errors": total,
            "spelled": spelled,
            "first": (load.failures[:1] or [errors.first or ""])[0],
        }
    )


def shard_argv(args: argparse.Namespace, database: str, index: int, count: int) -> list[str]:
    """The command line of child `index` of `count`: its share of the games, their seeds following the earlier ones'."""
    total = args.burst or args.games
    mine = share(total, count, index)
    seed = args.seed + (sum(share(total, count, i) for i in range(index)) if args.burst else 0)
    argv = [sys.executable, str(SCRIPT), "--shard", f"{index}/{count}"]
    argv += ["--shard-database", database, "--seed", str(seed), "--rounds", str(args.rounds)]
    if args.burst:
        argv += ["--burst", str(mine), "--waves", str(args.waves), "--game", args.game, "--players", str(args.players)]
    else:
        argv += ["--games", str(mine), "--expire-every", str(args.expire_every)]
    return argv + (["--no-images"] if args.no_images else [])


def spread(args: argparse.Namespace, database: str, count: int) -> list[dict[str, Any]]:
    """The load split across `count` processes on one database, let go together; each one's figures."""
    argvs = [shard_argv(args, database, index, count) for index in range(count)]
    children = start_together(argvs, [f"shard {index}/{count}" for index in range(count)])
    return [child.result() for child in children]


async def finished_on(url: str) -> int:
    """How many games a PostgreSQL database holds as finished."""
    db = await asyncpg.connect(url)
    try:
        return int(await db.fetchval("SELECT count(*) FROM games WHERE status = 'finished'"))
    finally:
        await db.close()


def processes_row(backend: str, results: list[dict[str, Any]], finished: int) -> str:
    """One row of the processes table: throughput of all processes together over the measured phase, acks, errors."""
    interactions = sum(r["interactions"] for r in results)
    wall = max(r["ended"] for r in results) - min(r["began"] for r in results)
    acks = sorted(ack for r in results for ack in r["acks_ms"])
    p50, p99 = (f"{percentile(acks, q):,.1f}" if acks else "-" for q in (0.5, 0.99))
    errors = sum(r["errors"] for r in results)
    cells = (backend, str(len(results)), f"{interactions:,}", f"{wall:.1f}", f"{interactions / wall:,.1f}", p50, p99)
    return "| " + " | ".join((*cells, str(errors), str(finished))) + " |"


def run_processes(args: argparse.Namespace) -> None:
    """SQLite in one process (--compare), then PostgreSQL at each --processes count (a fresh database each): a table."""
    rows = []

    def add(backend: str, results: list[dict[str, Any]], finished: int) -> None:
        rows.append(processes_row(backend, results, finished))
        print(rows[-1], flush=True)  # as it comes: a run takes minutes
        for result in results:
            if result["errors"]:
                print(f"    !! {result['spelled']}; first: {result['first']}")

    if args.compare:
        with tempfile.TemporaryDirectory(prefix="tetsudo-load-") as scratch:
            database = Path(scratch) / "load.sqlite3"
            results = spread(args, str(database), 1)
            add("SQLite", results, finished_games(database))
    for n, count in enumerate(args.processes):
        url = asyncio.run(migrated_database(args.database, f"loadpg_{os.getpid()}_{n}"))
        try:
            results = spread(args, url, count)
            finished = asyncio.run(finished_on(url))
        finally:
            asyncio.run(drop_database(url, args.database))
        add("PostgreSQL", results, finished)
    if args.burst:
        what = f"{args.burst} {args.game} games x {args.players} players, {args.waves} waves (hand + pick bursts)"
    else:
        what = f"{args.games} Relay games ({args.rounds} rounds): lobbies, joins, starts and every move"
    print(f"\n{what}, pictures {'off' if args.no_images else 'on'}, split across the processes by shard")
    print("    measured: from the moment all processes are let go until the last one is done")
    print(f"    simcord polls for quiet every {SETTLE_POLL_SECONDS * 1000:.0f} ms (see SETTLE_POLL_SECONDS)")
    heads = ("database", "processes", "interactions", "wall s", "interactions/s", "ack p50 ms", "ack p99 ms", "errors")
    print("\n| " + " | ".join((*heads, "games finished")) + " |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))


def shard_of(text: str) -> tuple[int, int]:
    """ "1/4" as (1, 4)."""
    index, _, count = text.partition("/")
    return int(index), int(count)


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
    parser.add_argument("--burst", type=int, metavar="N", help="burst mode: N games whose clicks come all at once")
    parser.add_argument("--waves", type=int, help="burst mode: waves of moves (default 24, or 8 above 50 games)")
    parser.add_argument("--game", default="mexican_train", choices=sorted(GAMES), help="burst mode: the game")
    parser.add_argument("--players", type=int, default=2, help="burst mode: players per game (default 2)")
    parser.add_argument(
        "--one-mover", action="store_true", help="with --mix: one click per game a burst (the first seat awaited)"
    )
    parser.add_argument(
        "--mix",
        action="store_true",
        help="burst mode, black-box: the five kinds, the bot as `python -m bot` against a simulated Discord in this "
        "process (bench/remote; --waves defaults to 3)",
    )
    parser.add_argument("--database", help="postgresql://… (a server, any database): run on PostgreSQL, in processes")
    parser.add_argument(
        "--processes",
        type=lambda text: [int(n) for n in text.split(",")],
        help="with --database: bot processes sharing it, one run per count (default 1,2,4)",
    )
    parser.add_argument("--compare", action="store_true", help="add SQLite in one process (the table's first row)")
    parser.add_argument("--shard", type=shard_of, help=argparse.SUPPRESS)  # a child of --processes: "I/P"
    parser.add_argument("--shard-database", help=argparse.SUPPRESS)  # its database
    args = parser.parse_args()
    if args.processes and not args.database:
        parser.error("--processes needs --database postgresql://…")
    if args.database and not is_postgresql(args.database):
        parser.error("--database must be a postgresql:// URL (the single-process run uses a SQLite file of its own)")
    if args.mix:
        if not args.burst:
            parser.error("--mix needs --burst N")
        from bench.remote.run import run_remote

        run_remote(args)
        return
    if args.burst:
        args.waves = args.waves or (24 if args.burst <= 50 else 8)
    spawn_as_a_module_would()
    if args.shard:
        faulthandler.register(signal.SIGUSR1)  # `kill -USR1` prints where a child is stuck
        asyncio.run(run_shard(args))
        return
    print(f"Python {platform.python_version()}, {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs")
    if args.database or args.compare:
        args.processes = args.processes or ([1, 2, 4] if args.database else [])
        run_processes(args)
    elif args.burst:
        split = lambda stats: print_cpu_by_owner(stats, per=args.interactions, what="interaction")  # noqa: E731
        run_async(lambda: run_burst(args), profile=args.profile, sort="tottime", then=split)
    else:
        run_async(lambda: run(args), profile=args.profile, sort="tottime")


if __name__ == "__main__":
    main()
