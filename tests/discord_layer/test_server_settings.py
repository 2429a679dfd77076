"""/tetsudo settings in a simulated server: who may use it, and how each setting changes the bot there."""

from __future__ import annotations

from pathlib import Path

import discord
import simcord

from bot.engine import ServerSettings
from tests.discord_layer.conftest import make_bot
from tests.discord_layer.table import Table

MINUTE = 60.0
HOUR = 3600.0


def moderator(table: Table) -> simcord.MemberActor:
    """A member with Manage Server who plays in no game."""
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("mod"), roles=[mods])


def reply(result: simcord.InteractionResult) -> str:
    """The text of an ephemeral reply."""
    assert result.ephemeral and result.response is not None
    return result.response.content or ""


def reminders(table: Table) -> list[discord.Message]:
    return [m for m in table.game_channel.history() if "a reminder" in (m.content or "")]


def stored(table: Table) -> ServerSettings:
    """The server's settings as the running bot holds them."""
    return table.bot.manager.servers.get(table.guild.id)


async def test_a_moderator_sets_the_turn_reminder_and_new_games_there_use_it(table: Table) -> None:
    shown = reply(await moderator(table).slash(table.channel, "tetsudo settings", reminder_turn="1h"))
    assert "Reminder on a turn: 1h (**this server**)" in shown and "10m (default)" in shown
    elsewhere = Table(table.env, table.database)  # a second server, left with the bot's defaults
    await table.started(table.bob)
    await elsewhere.started(elsewhere.bob)
    await table.env.advance_time(HOUR + MINUTE)
    assert len(reminders(table)) == 1
    assert reminders(elsewhere) == []
    await table.env.advance_time(11 * HOUR)
    assert len(reminders(elsewhere)) == 1


async def test_a_plain_member_is_refused_and_nothing_changes(table: Table) -> None:
    for options in ({}, {"reminder_turn": "1h", "open_threads": False}):
        refused = reply(await table.bob.slash(table.channel, "tetsudo settings", **options))
        assert "Only a moderator" in refused
    assert stored(table) == ServerSettings()
    assert await table.bot.manager.storage.server_settings(table.guild.id) == ServerSettings()


async def test_the_server_moderator_role_lets_its_members_use_moderator_tools(table: Table) -> None:
    helpers = table.guild.create_role("Station staff")
    helper = table.guild.add_member(table.env.create_user("helper"), roles=[helpers])
    named = table.guild.create_role(table.bot.settings.moderator_role)
    old_style = table.guild.add_member(table.env.create_user("oldmod"), roles=[named])
    shown = reply(await moderator(table).slash(table.channel, "tetsudo settings", moderator_role=helpers))
    assert f"<@&{helpers.id}>" in shown and "(**this server**)" in shown
    before = await table.started(table.bob)
    # The server's own role replaces the role named in settings.toml.
    assert "moderator" in reply(await old_style.slash(table.game_channel, "game skip")).lower()
    assert (await table.current()).version == before.version
    await helper.slash(table.game_channel, "game skip")
    assert (await table.current()).version > before.version
    assert "Reminder on a turn" in reply(await helper.slash(table.channel, "tetsudo settings"))


async def test_open_threads_off_plays_new_games_in_the_channel(table: Table) -> None:
    await moderator(table).slash(table.channel, "tetsudo settings", open_threads=False)
    await table.started(table.bob)
    assert table.channel.threads == []
    assert table.game_channel is table.channel and await table.running()


async def test_dm_reminders_off_leaves_only_the_channel_ping(table: Table) -> None:
    await table.started(table.bob)
    mover = table.actor_for((await table.current()).to_ping[0])
    await mover.slash(table.channel, "tetsudo notify", dms=True)
    shown = reply(await moderator(table).slash(table.channel, "tetsudo settings", dm_reminders=False))
    assert "Reminder DMs to members who asked for them: off (**this server**)" in shown
    await table.env.advance_time(12 * HOUR + MINUTE)
    assert len(reminders(table)) == 1
    assert [m for m in mover.user.dm_channel.history() if "your move" in (m.content or "")] == []


async def test_settings_survive_a_restart(table: Table, database: Path) -> None:
    mod = moderator(table)
    await mod.slash(table.channel, "tetsudo settings", reminder_simultaneous="30m", language="fr", open_threads=False)
    await table.env.restart_bot(make_bot(database))
    assert stored(table) == ServerSettings(reminder_simultaneous_s=1800, language="fr", open_threads=False)
    assert table.bot.manager.servers.language(table.guild.id) == "fr"
    shown = reply(await mod.slash(table.channel, "tetsudo settings"))
    assert "Language: Français (**this server**)" in shown and "opens a thread: no (**this server**)" in shown
    # The moderator reads English (their own Discord language); the lobby, public, speaks the server's French.
    await table.open_lobby()
    await table.bob.click(table.with_button("Rejoindre"), label="Rejoindre")
    await table.alice.click(table.with_button("Lancer"), label="Lancer")
    assert table.channel.threads == [] and await table.running()


async def test_a_bad_duration_is_refused_and_nothing_changes(table: Table) -> None:
    mod = moderator(table)
    for typo, reason in (("soon", "isn't a duration"), ("30s", "between 1 minute"), ("off", "Every wait")):
        refused = reply(await mod.slash(table.channel, "tetsudo settings", reminder_turn=typo, dm_reminders=False))
        assert reason in refused
    assert stored(table) == ServerSettings()


async def test_reset_and_automatic_go_back_to_the_defaults(table: Table) -> None:
    mod = moderator(table)
    await mod.slash(table.channel, "tetsudo settings", reminder_turn="2h", language="en", dm_reminders=False)
    assert stored(table) == ServerSettings(reminder_turn_s=7200, language="en", dm_reminders=False)
    await mod.slash(table.channel, "tetsudo settings", language="auto", reminder_turn="default")
    assert stored(table) == ServerSettings(dm_reminders=False)
    shown = reply(await mod.slash(table.channel, "tetsudo settings", reset=True, open_threads=True))
    assert stored(table) == ServerSettings(open_threads=True)
    assert "Language: automatic" in shown and "12h (default)" in shown
    await mod.slash(table.channel, "tetsudo settings", reset=True)
    assert await table.bot.manager.storage.all_server_settings() == {}
