"""Names written by the bot (issue 17): markdown and mentions escaped in every public text, no control characters kept.

Players whose display names look like a role pill, someone else's mention or a run of markdown, or carry a
right-to-left override and a NUL, play a game and a tournament; every public message, embed, standings line and
tournament line must show them as typed, never as formatting.
"""

from __future__ import annotations

import re
from pathlib import Path

import discord
import simcord

from bot.engine.names import shown_name, stored_name
from bot.ui.presenters import picture_names
from tests.discord_layer.table import Table, text_of

ROLE = "<@&123456789012345678>"
SOMEONE = "<@876543210987654321>"
MARKDOWN = "**`~~||@here||`**"
REVERSED = "eve\u202e\x00evil"
NAMES = (ROLE, SOMEONE, MARKDOWN, REVERSED)
CONTROLS = re.compile("[\x00-\x1f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def formatting_from_names(text: str) -> list[str]:
    """What a Discord client would read as a mention or formatting that came from one of NAMES."""
    found = [raw for raw in (ROLE, SOMEONE, "@here", "**`", "||@", "~~||") if raw in text]
    found += CONTROLS.findall(text.replace("\n", " "))
    return found


def public_texts(table: Table) -> list[str]:
    return [text_of(m) for m in table.public_messages()]


async def test_names_are_escaped_in_public_messages_embeds_and_results(table: Table) -> None:
    """Issue 17 item 5: a game with such players, from the lobby to the results, shows every name as typed."""
    odd = [table.guild.add_member(table.env.create_user(name)) for name in NAMES]
    await table.open_lobby()
    for member in odd:
        await member.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Start")
    update = await table.current()
    assert all(not CONTROLS.search(name) for name in picture_names(update)), "pictures draw stored names: clean"
    actors = {m.id: m for m in (table.alice, *odd)}
    while update.running and update.to_ping:
        await table.play(actors[update.to_ping[0]])
        if not await table.running():
            break
        update = await table.current()
    texts = public_texts(table)
    assert any(shown_name(stored_name(MARKDOWN)) in t for t in texts), "the names are in the messages, escaped"
    for text in texts:
        assert not formatting_from_names(text), text
    for message in table.public_messages():
        assert not message.role_mentions
        assert {u.id for u in message.mentions} <= set(actors), "mentions only ever name players, by id"


async def test_names_are_escaped_in_tournament_lines_and_standings(simcord_env: simcord.Env, database: Path) -> None:
    """Issue 17 item 5: a tournament named like a mention, with such entrants: its lines and standings stay plain."""
    table = Table(simcord_env, database)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(table.env.create_user(MARKDOWN), roles=[mods])
    odd = [table.guild.add_member(table.env.create_user(name)) for name in (ROLE, SOMEONE, REVERSED)]
    done = await mod.slash(table.channel, "tournament create", name=f"{ROLE} {MARKDOWN}\u202e", game="relay",
                           options="rounds=1 hand=1")  # fmt: skip
    assert not done.ephemeral
    for member in odd:
        assert not (await member.slash(table.channel, "tournament join")).ephemeral
    await mod.slash(table.channel, "tournament start")
    await mod.slash(table.channel, "tournament standings")
    texts = public_texts(table)
    assert any(shown_name(stored_name(ROLE)) in t for t in texts), "the tournament and its entrants are named"
    for text in texts:
        assert not formatting_from_names(text), text
    assert table.bot.storage is not None
    stored = [e.name for e in await table.bot.storage.entrants(1)]
    assert stored and not [name for name in stored if CONTROLS.search(name)]
