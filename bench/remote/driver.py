"""The players: a server with a channel per game, lobbies opened, joined and started, then waves of clicks.

Every click is an INTERACTION_CREATE built as simcord's actors build it (`simcord.interactions.base_payload`, the
clicked message as `message`), emitted by the backend and so written to the bot's gateway socket. A burst emits all
of its clicks back to back, then waits until each is acknowledged and answered and the bot's REST traffic is quiet.
Who must move is read from the bot's SQLite file (read-only, between bursts, never timed): the rules' `to_act`.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcord import interactions as simcord_interactions
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.enums import SELECT_TYPES, ComponentType, InteractionType

from bench.remote.figures import Meter, tree_cpu_s
from bench.remote.server import SimulatedDiscord
from bot.games import REGISTRY

HAND = "tetsudo:hand:"
"""The custom_id prefix of every board's hand button (labelled My hand, My panel, Load or Draw by game)."""
PANEL_MOVES = ("tetsudo:tk:sig:", "tetsudo:tk:point:")
"""Toyko Train's panel buttons that play (a gesture, pointing at a seat); its others pick a word or a seat first."""
SETUP_BATCH = 25
"""Setup clicks in flight at once: setup is not measured, and must not be refused for a late acknowledgement."""
QUIET_S = 0.5
"""A burst is over once every click is answered and no REST call has come for this long (board posts included)."""
IDLE_CPU = 0.1
"""The share of a core under which the bot's processes count as idle (a heartbeat, the idle watch of the pool)."""
BURST_TIMEOUT_S = 600.0
"""How long a burst may take at most; a click still unanswered then is counted as such."""


@dataclass
class Table:
    """One game: its kind, the text channel its lobby was opened in, the thread it is played in, its players."""

    kind: str
    channel: int
    players: list[int]
    game: int = 0


@dataclass
class Click:
    """A user's click on a stored message: a button, or (values given) a choice in its menu."""

    user: int
    channel: int
    message: int
    custom_id: str
    values: tuple[str, ...] = ()


@dataclass
class Driver:
    """Builds the server, sends the bursts, and knows what each user can click."""

    discord: SimulatedDiscord
    meter: Meter
    database: Path
    seed: int
    tables: list[Table] = field(default_factory=list)
    bot_pid: int = 0
    """The bot's process, once started: a burst ends only once it and its workers are idle."""
    failures: list[str] = field(default_factory=list)
    one_mover: bool = False
    """Only the first seat each game awaits clicks (N clicks a burst), not every one of them."""

    def __post_init__(self) -> None:
        self.backend = self.discord.backend
        self.rng = random.Random(self.seed)
        self.guild = self.backend.create_guild("Load")

    def populate(self, mix: list[tuple[str, int]]) -> None:
        """A text channel and its players for each (kind, players) game."""
        for n, (kind, players) in enumerate(mix):
            channel = self.backend.create_channel(self.guild.id, f"table-{n}")
            users = [self.backend.make_user(f"p{n}-{seat}").id for seat in range(players)]
            for user in users:
                self.backend.add_member(self.guild.id, user)
            self.tables.append(Table(kind, channel.id, users))

    # ------------------------------------------------------------------------------------------------ sending

    def command(self, user: int, channel: int, path: str, **options: str) -> tuple[Any, dict[str, Any]]:
        """A slash command's record and payload (string options only)."""
        name, *rest = path.split()
        root = self.backend.commands[None][(name, 1)]
        _leaf, nesting = simcord_interactions.walk_to_subcommand(root, rest)
        leaf = [{"name": key, "type": 3, "value": value} for key, value in options.items()]
        data = {"id": root["id"], "name": name, "type": 1}
        data["options"] = simcord_interactions.nest_options(root, nesting, leaf)
        return simcord_interactions.base_payload(
            self.backend,
            type=InteractionType.APPLICATION_COMMAND,
            channel_id=channel,
            guild_id=self.guild.id,
            user_id=user,
            data=data,
        )

    def component(self, click: Click) -> tuple[Any, dict[str, Any]]:
        """A click's record and payload, as simcord's `_component_interaction` builds them."""
        stored = self.backend.get_message(click.channel, click.message)
        kind = SELECT_TYPES if click.values else (ComponentType.BUTTON,)
        found = next(c for c in walk_components(stored.components) if c.get("custom_id") == click.custom_id)
        assert found["type"] in kind, f"{click.custom_id} is not a {kind}"
        data: dict[str, Any] = {"custom_id": click.custom_id, "component_type": found["type"]}
        if found.get("id") is not None:
            data["id"] = found["id"]
        if click.values:
            data["values"] = list(click.values)
        record, payload = simcord_interactions.base_payload(
            self.backend,
            type=InteractionType.MESSAGE_COMPONENT,
            channel_id=stored.channel_id,
            guild_id=self.guild.id,
            user_id=click.user,
            data=data,
        )
        payload["message"] = dict(serializers.message_payload(self.backend, stored))
        record.source_message_id = stored.id
        return record, payload

    async def burst(self, phase: str, built: list[tuple[Any, dict[str, Any]]]) -> list[Any]:
        """Emit every payload back to back, then wait until all are answered and the bot is quiet; their records."""
        kinds = {t.game: t.kind for t in self.tables}
        for record, payload in built:
            self.meter.expect(record.token, phase, kinds.get(int(payload.get("channel_id") or 0), ""))
            self.backend.emit("INTERACTION_CREATE", payload)
        tokens = [record.token for record, _payload in built]
        deadline = time.perf_counter() + BURST_TIMEOUT_S
        while self.meter.pending(tokens) and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        await self.quiet(deadline)
        self.discord.forget_log()
        return [record for record, _payload in built]

    async def quiet(self, deadline: float) -> None:
        """Until the bot is idle: no REST call for QUIET_S, and its processes nearly idle as long (seen from /proc).

        REST alone is not enough: on a loaded machine the picture workers can draw for longer than QUIET_S between
        two calls, and a board still to come would be missing from the next wave.
        """
        used = sum(tree_cpu_s(self.bot_pid)) if self.bot_pid else 0.0
        while time.perf_counter() < deadline:
            await asyncio.sleep(QUIET_S)
            now = sum(tree_cpu_s(self.bot_pid)) if self.bot_pid else 0.0
            idle = now - used < IDLE_CPU * QUIET_S
            if idle and time.perf_counter() - self.discord.last_request > QUIET_S:
                return
            used = now

    async def in_batches(self, phase: str, built: list[tuple[Any, dict[str, Any]]]) -> None:
        """Setup clicks, SETUP_BATCH at a time."""
        for start in range(0, len(built), SETUP_BATCH):
            await self.burst(phase, built[start : start + SETUP_BATCH])

    # ---------------------------------------------------------------------------------------------- messages

    def buttons(self, channel: int) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every enabled button in the channel, newest message first: (message id, component)."""
        for message in reversed(list(self.backend.messages.get(channel, {}).values())):
            for item in walk_components(message.components):
                if item.get("type") == ComponentType.BUTTON and item.get("custom_id") and not item.get("disabled"):
                    yield message.id, item

    def button(self, channel: int, user: int, label: str = "", prefix: str = "") -> Click | None:
        """The newest enabled button with this label (else custom_id prefix) in the channel, as `user`'s click."""
        for message, item in self.buttons(channel):
            if (item.get("label") == label) if label else str(item["custom_id"]).startswith(prefix):
                return Click(user, channel, message, str(item["custom_id"]))
        self.failures.append(f"no {label or prefix!r} button in channel {channel}")
        return None

    def reply_to(self, record: Any) -> Any:
        """The private message an interaction was answered with (its followup, else its original)."""
        message = record.followup_ids[-1] if record.followup_ids else record.message_id
        return None if message is None else self.backend.messages.get(record.channel_id, {}).get(message)

    def pick(self, record: Any) -> Click | None:
        """A move on the private reply: some of its menu's options (seeded), else its first enabled button."""
        stored = self.reply_to(record)
        if stored is None:
            self.failures.append("My hand: no private reply")
            return None
        items = list(walk_components(stored.components))
        for item in items:
            if item.get("type") in SELECT_TYPES and item.get("options") and not item.get("disabled"):
                values = [str(o["value"]) for o in item["options"]]
                chosen = self.rng.sample(values, max(int(item.get("min_values", 1)), 1))
                return Click(record.user_id, stored.channel_id, stored.id, str(item["custom_id"]), tuple(chosen))
        buttons = [
            str(item["custom_id"])
            for item in items
            if item.get("type") == ComponentType.BUTTON and item.get("custom_id") and not item.get("disabled")
        ]
        # A panel (Toyko Train) has buttons instead: one that plays (seeded), else the first (a word, a seat).
        playing = [custom_id for custom_id in buttons if custom_id.startswith(PANEL_MOVES)]
        if playing or buttons:
            return Click(record.user_id, stored.channel_id, stored.id, self.rng.choice(playing or buttons[:1]))
        self.failures.append("My hand: nothing to pick on the reply")
        return None

    # ------------------------------------------------------------------------------------------------- setup

    async def open_games(self) -> None:
        """Every host opens a lobby (/game new), every guest joins, every host starts: in batches, not measured."""
        built = [self.command(t.players[0], t.channel, "game new", game=t.kind) for t in self.tables]
        await self.in_batches("setup", built)
        threads = {c.parent_id: c.id for c in self.backend.channels.values() if c.is_thread}
        for table in self.tables:
            table.game = threads.get(table.channel, table.channel)
        for seat in range(1, max(len(t.players) for t in self.tables)):
            joins = [self.button(t.game, t.players[seat], "Join") for t in self.tables if seat < len(t.players)]
            await self.in_batches("setup", [self.component(c) for c in joins if c is not None])
        starts = [self.button(t.game, t.players[0], "Start") for t in self.tables]
        await self.in_batches("setup", [self.component(c) for c in starts if c is not None])

    def awaited(self) -> dict[int, list[int]]:
        """The users each running game waits for, by its channel: the rules' `to_act` on the stored state."""
        found: dict[int, list[int]] = {}
        with closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)) as db:
            games = db.execute("SELECT id, channel_id, game, state FROM games WHERE status = 'running'").fetchall()
            for game_id, channel, name, state in games:
                rules = REGISTRY[name]
                to_act = rules.to_act(rules.from_json(json.loads(state)))
                seats = dict(db.execute("SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
                found[channel] = [seats[s] for s in sorted(to_act) if s in seats]
        return found

    def moves(self) -> int:
        """How many moves the bot has stored in all."""
        with closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)) as db:
            return int(db.execute("SELECT count(*) FROM actions").fetchone()[0])

    # ------------------------------------------------------------------------------------------------- waves

    async def wave(self, live: list[Table]) -> list[Table]:
        """Every mover of every running game clicks the hand button at once, then all pick at once; who still plays."""
        awaited = self.awaited()
        live = [t for t in live if awaited.get(t.game)]
        if not live:
            return live
        movers = {t.game: awaited[t.game][:1] if self.one_mover else awaited[t.game] for t in live}
        hands = [self.button(t.game, user, prefix=HAND) for t in live for user in movers[t.game]]
        records = await self.burst("hand", [self.component(c) for c in hands if c is not None])
        picks = [self.pick(record) for record in records]
        await self.burst("pick", [self.component(c) for c in picks if c is not None])
        return live
