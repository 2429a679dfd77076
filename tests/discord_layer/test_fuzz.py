"""Hypothesis fuzzing of every slash command's options and of forged, stale and foreign custom_ids, on the real bot.

Two games run side by side: a relay game (alice, bob) in one thread and Mexican Train (alice, bob, carol) in
another; dave plays in neither. Every input must end in an answer (ephemeral when it is a refusal), never in a
fault (an ERROR log line from the bot or discord.py, or an error simcord caught), and must leave both games as
they were unless it was a legitimate move of the caller's own seat in the channel it was made in.

A forged custom_id can only reach the bot on a message that carries it (Discord checks the component exists, and
discord.py drops dynamic items missing from the message), so each one is put on a message the bot itself posts,
the one author whose components Discord routes to us; the click then goes through simcord's ordinary actors.

Quick by default (25 examples per test, ~15 s in all); FUZZ_EXAMPLES=300 runs a longer search (a few minutes).
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rendering
from bot.client import TetsudoBot
from bot.games.base import IllegalAction
from bot.games.mexican_train import MEXICAN_TRAIN
from tests.discord_layer import conftest
from tests.discord_layer.table import GameTable
from tests.support.relay import RELAY

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
    database=None,
)

PUBLIC_OK = {"game status", "game help", "game turns", "stats", "leaderboard", "tournament standings"}
"""Commands whose answer is for everyone even with junk options (a board, help, rankings): not refusals."""
MOVES = {
    "game undo",
    "mexican play",
    "mexican draw",
    "mexican knock",
    "mexican catch",
    "mexican done",
}
"""Commands that may change the game when the random input happens to be the caller's legal move."""

TEXT = st.one_of(
    st.text(max_size=40),
    st.text(min_size=200, max_size=300),
    st.sampled_from(["", " ", "relay", "mexican_train", "12-12", "6-4", "mexican", "0", "-1", "rounds=999", "x=y"]),
)


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path, monkeypatch: pytest.MonkeyPatch) -> TetsudoBot:
    # Pictures cost time and are not what this fuzzes.
    monkeypatch.delitem(rendering.RENDERERS, "mexican_train", raising=False)
    return conftest.make_bot(database, {"relay": RELAY, "mexican_train": MEXICAN_TRAIN})


@pytest.fixture(name="faults")
def faults_fixture(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every ERROR line from the bot or discord.py (where discord.py reports a callback that raised)."""
    caplog.set_level(logging.INFO)
    yield caplog


class Tables(GameTable):
    """The relay game in one thread, Mexican Train in another."""

    relay: simcord.ChannelHandle
    mexican: simcord.ChannelHandle

    async def set_up(self) -> None:
        self.game = "relay"
        await self.started(self.bob, options="rounds=3")
        self.relay = self.game_channel
        self.game = "mexican_train"
        await self.started(self.bob, self.carol)
        self.mexican = self.game_channel

    async def row(self, channel: simcord.ChannelHandle) -> tuple[Any, ...]:
        """The game as stored (the board message aside: /game status may post a new one)."""
        assert self.bot.storage is not None
        row = await self.bot.storage.active_game(channel.id)
        if row is None:
            return ()
        return dataclasses.replace(row, board_message_id=None), tuple(await self.bot.storage.seats(row.id))

    async def rows(self) -> dict[int, tuple[Any, ...]]:
        return {channel.id: await self.row(channel) for channel in (self.relay, self.mexican)}

    async def seated(self, channel: simcord.ChannelHandle, actor: simcord.MemberActor) -> bool:
        try:
            update = await self.bot.manager.current(channel.id, actor.id)
        except IllegalAction:
            return False  # the game has ended
        return update.actor_view is not None

    async def forged(self, channel: simcord.ChannelHandle, item: discord.ui.Item[Any]) -> discord.Message:
        """A message by the bot in `channel` carrying one component with a custom_id of our choosing."""
        view = discord.ui.View(timeout=None)
        view.add_item(item)
        view.stop()  # never stored: the click must reach the bot's own registered DynamicItems, as a real one does
        target = self.bot.get_channel(channel.id)
        assert isinstance(target, discord.abc.Messageable)
        return await target.send("forged", view=view)


@pytest.fixture(name="tables")
async def tables_fixture(simcord_env: simcord.Env, database: Path) -> Tables:
    tables = Tables(simcord_env, database)
    await tables.set_up()
    return tables


def no_faults(env: simcord.Env, caplog: pytest.LogCaptureFixture, since: int, what: str) -> None:
    faults = [r for r in caplog.records[since:] if r.levelno >= logging.ERROR]
    assert not faults, f"{what}: {[r.getMessage() for r in faults]} {[r.exc_info for r in faults]}"
    assert not env.errors, f"{what}: {env.errors}"


def answered_privately(result: simcord.InteractionResult, what: str) -> None:
    assert result.acknowledged or result.modal is not None, f"{what}: never answered"
    assert result.ephemeral, f"{what}: a refusal must be private"


# ---------------------------------------------------------------------------------------------- slash commands


def leaves(bot: TetsudoBot) -> list[app_commands.Command[Any, ..., Any]]:
    return sorted(
        (c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)), key=lambda c: c.qualified_name
    )


def option_values(tables: Tables, command: app_commands.Command[Any, ..., Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Values a user could send for each option: junk text, any user or role, numbers at and past their bounds."""
    people = [tables.alice, tables.bob, tables.carol, tables.dave]
    roles = [tables.guild.default_role] if hasattr(tables.guild, "default_role") else []
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for p in command.parameters:
        kind = p.type
        if p.choices:
            value: st.SearchStrategy[Any] = st.sampled_from([c.value for c in p.choices])
        elif kind is discord.AppCommandOptionType.string:
            # The Discord client enforces a string option's length bounds; within them, anything goes.
            low, high = int(p.min_value or 0), int(p.max_value or 6000)
            value = TEXT.filter(lambda text, low=low, high=high: low <= len(text) <= high)
        elif kind is discord.AppCommandOptionType.integer:
            low = int(p.min_value) if p.min_value is not None else -(2**53)
            high = int(p.max_value) if p.max_value is not None else 2**53
            value = st.one_of(st.sampled_from([low, high]), st.integers(low, high))
        elif kind is discord.AppCommandOptionType.boolean:
            value = st.booleans()
        elif kind is discord.AppCommandOptionType.user:
            value = st.sampled_from(people)
        elif kind is discord.AppCommandOptionType.role and roles:
            value = st.sampled_from(roles)
        else:
            continue
        fields[p.name] = value if p.required else st.none() | value
    return st.fixed_dictionaries(fields).map(lambda d: {k: v for k, v in d.items() if v is not None})


@FUZZ
@given(data=st.data())
async def test_slash_commands_with_junk_options(
    tables: Tables, faults: pytest.LogCaptureFixture, data: st.DataObject
) -> None:
    """Every command, any options, from a player or not, in either game: an answer, never a fault or a stray change."""
    commands = leaves(tables.bot)
    command = commands[data.draw(st.sampled_from(range(len(commands))), label="command")]
    options = data.draw(option_values(tables, command), label="options")
    actor = data.draw(st.sampled_from([tables.bob, tables.carol, tables.dave]), label="actor")
    channel = data.draw(st.sampled_from([tables.relay, tables.mexican]), label="channel")
    name = command.qualified_name
    what = f"/{name} {options} by {actor.name} in {channel.name}"
    before, since = await tables.rows(), len(faults.records)
    seated = await tables.seated(channel, actor)
    result = await actor.slash(channel, name, **options)
    no_faults(tables.env, faults, since, what)
    assert result.acknowledged or result.modal is not None, f"{what}: never answered"
    after = await tables.rows()
    other = next(c for c in (tables.relay, tables.mexican) if c is not channel)
    assert after[other.id] == before[other.id], f"{what}: changed the game in another channel"
    if after[channel.id] != before[channel.id]:
        assert name in MOVES and seated, f"{what}: changed the game"
    elif not result.ephemeral:
        assert name in PUBLIC_OK, f"{what}: a public answer to what changed nothing"


# ---------------------------------------------------------------------------------------------- custom_ids

VERB = st.from_regex(r"[a-z]{1,20}", fullmatch=True)
NUMBER = st.one_of(st.integers(0, 2**63), st.integers(0, 10**40))


def custom_ids(tables: Tables) -> st.SearchStrategy[str]:
    """Random text, and every template with random, stale or foreign fields."""
    channel = st.sampled_from([tables.relay.id, tables.mexican.id]) | NUMBER
    version = st.integers(0, 12) | NUMBER
    templates = st.one_of(
        st.builds("tetsudo:lobby:{}:{}".format, st.sampled_from(["join", "leave", "start", "options"]) | VERB, channel),
        st.builds("tetsudo:hand:{}".format, channel),
        st.builds("tetsudo:act:{}:{}".format, st.sampled_from(["draw", "knock", "pass", "done"]) | VERB, channel),
        st.builds(
            "tetsudo:act:{}:{}:v{}:{}".format, VERB, st.from_regex(r"[a-z0-9]{1,20}", fullmatch=True), version, channel
        ),
        st.builds("tetsudo:pick:{}:{}".format, channel, version),
        st.builds("tetsudo:multi:{}:{}:{}".format, VERB, channel, version),
        st.builds("tetsudo:confirm:{}:{}".format, st.just("abandon"), channel),
        st.builds("tetsudo:tk:word:{}:{}".format, channel, st.from_regex(r"[A-Za-z]{1,40}", fullmatch=True)),
        st.builds(
            "tetsudo:tk:do:{}:{}:{}".format, channel, st.sampled_from(["cancel", "nod", "shake", "call"]), version
        ),
        st.builds(
            "tetsudo:tk:seat:{}:{}:{}:{}".format,
            channel,
            st.sampled_from(["-", "A1", "B2"]),
            st.sampled_from(["A1", "C3"]),
            version,
        ),
        st.builds("tetsudo:tk:point:{}:{}".format, channel, st.sampled_from(["-", "A1"])),
    )
    return st.one_of(st.text(min_size=1, max_size=100), templates).filter(lambda c: 0 < len(c) <= 100)


async def menu_tokens(tables: Tables, channel: simcord.ChannelHandle) -> list[str]:
    """Every seat's legal move tokens now (for forged menu values: mostly another seat's moves)."""
    tokens: list[str] = []
    for actor in (tables.alice, tables.bob, tables.carol):
        try:
            view = (await tables.bot.manager.current(channel.id, actor.id)).actor_view
        except IllegalAction:
            return tokens  # the game has ended
        tokens.extend(str(m["token"]) for m in (view or {}).get("legal", []))
    return tokens


@FUZZ
@given(data=st.data())
async def test_forged_custom_ids(tables: Tables, faults: pytest.LogCaptureFixture, data: st.DataObject) -> None:
    """Any custom_id on a button or a menu: an ephemeral reason, never a fault, nobody acting for another seat."""
    custom_id = data.draw(custom_ids(tables), label="custom_id")
    channel = data.draw(st.sampled_from([tables.relay, tables.mexican]), label="clicked in")
    actor = data.draw(st.sampled_from([tables.bob, tables.carol, tables.dave]), label="actor")
    as_menu = data.draw(st.booleans(), label="menu")
    before, since = await tables.rows(), len(faults.records)
    if as_menu:
        legal = await menu_tokens(tables, tables.mexican) + await menu_tokens(tables, tables.relay) or ["none"]
        # Indexes, not the tokens themselves: the legal moves depend on the game so far, the draws must not.
        picks = st.integers(0, 99).map(lambda i: legal[i % len(legal)]) | st.text(min_size=1, max_size=100)
        values = data.draw(st.lists(picks, min_size=1, max_size=3, unique=True), label="values")
        options = [discord.SelectOption(label=v[:100], value=v[:100]) for v in values]
        menu = discord.ui.Select(custom_id=custom_id, options=options, max_values=len(options))
        message = await tables.forged(channel, menu)
        result = await actor.select(message, [o.value for o in options], custom_id=custom_id)
    else:
        message = await tables.forged(channel, discord.ui.Button(label="x", custom_id=custom_id))
        result = await actor.click(message, custom_id=custom_id)
    what = f"{custom_id!r} ({'menu' if as_menu else 'button'}) by {actor.name} in {channel.name}"
    no_faults(tables.env, faults, since, what)
    after = await tables.rows()
    changed = [c for c in (tables.relay, tables.mexican) if after[c.id] != before[c.id]]
    assert changed in ([], [channel]), f"{what}: changed a game in another channel"
    if changed:
        assert await tables.seated(channel, actor), f"{what}: a non-player changed the game"
    else:
        answered_privately(result, what)
