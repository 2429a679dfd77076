"""The /game lobby through real slash commands and buttons: threads, joining, options, starting."""

from __future__ import annotations

import discord
import pytest

from tests.discord_layer.table import Table, text_of


async def test_new_game_opens_a_thread_with_the_lobby(table: Table) -> None:
    result = await table.open_lobby()
    assert result.response is not None and not result.ephemeral
    assert table.game_channel.is_thread
    assert table.game_channel.mention in result.response.content
    lobby = table.lobby_message()
    assert "Relay (test game) — lobby" in text_of(lobby)
    assert "1. alice (host)" in text_of(lobby)


async def test_join_and_leave_buttons_update_the_lobby(table: Table) -> None:
    await table.open_lobby()
    await table.bob.click(table.lobby_message(), label="Join")
    assert "2. bob" in text_of(table.lobby_message())
    await table.bob.click(table.lobby_message(), label="Leave")
    assert "bob" not in text_of(table.lobby_message())


async def test_joining_twice_is_refused_privately_and_changes_nothing(table: Table) -> None:
    await table.open_lobby()
    await table.bob.click(table.lobby_message(), label="Join")
    before = text_of(table.lobby_message())
    again = await table.bob.click(table.lobby_message(), label="Join")
    assert again.ephemeral and "already in" in again.response.content  # type: ignore[union-attr]
    assert text_of(table.lobby_message()) == before


async def test_only_the_host_can_start(table: Table) -> None:
    await table.open_lobby()
    await table.bob.click(table.lobby_message(), label="Join")
    refused = await table.bob.click(table.lobby_message(), label="Start")
    (refusal,) = refused.followups  # the click was acknowledged first, leaving the lobby message as it was
    assert refusal.ephemeral and "Only the host" in refusal.content
    assert await table.bot.manager.lobby(table.game_channel.id) is not None


async def test_start_posts_the_board_and_pings_the_first_player(table: Table) -> None:
    update = await table.started(table.bob)
    board = table.with_button("My hand")
    assert "Waiting for: **alice**" in text_of(board)
    pings = [m for m in table.game_channel.history() if table.alice.mention in m.content]
    assert pings, "the first player is pinged"
    assert update.running


async def test_a_second_game_in_the_same_channel_is_refused(table: Table) -> None:
    await table.open_lobby()
    second = await table.bob.slash(table.game_channel, "game new", game="relay")
    assert second.ephemeral and "already has a game" in second.response.content  # type: ignore[union-attr]
    assert len(table.channel.threads) == 1


async def test_without_thread_permission_the_game_runs_in_the_channel(table: Table) -> None:
    deny = discord.PermissionOverwrite(create_public_threads=False)
    channel = table.guild.create_text_channel("no-threads", overwrites={table.guild.default_role: deny})
    table.channel = channel
    result = await table.open_lobby()
    assert not channel.threads
    assert result.response is not None and "lobby" in text_of(result.response.message)
    assert await table.bot.manager.lobby(channel.id) is not None


async def test_unknown_game_and_bad_options_are_refused_without_a_thread(table: Table) -> None:
    unknown = await table.alice.slash(table.channel, "game new", game="chess")
    assert unknown.ephemeral and "no game called" in unknown.response.content  # type: ignore[union-attr]
    bad = await table.alice.slash(table.channel, "game new", game="relay", options="rounds=99")
    assert bad.ephemeral and "between 1 and 6" in bad.response.content  # type: ignore[union-attr]
    assert table.channel.threads == []


async def test_host_sets_options_through_the_form(table: Table) -> None:
    await table.open_lobby()
    form = await table.alice.click(table.lobby_message(), label="Options")
    assert form.modal is not None
    field = form.modal["components"][0]["components"][0]["custom_id"]
    await table.alice.submit_modal(form, {field: "rounds=2 hand=4"})
    assert "`rounds=2` `hand=4`" in text_of(table.lobby_message())


async def test_only_the_host_opens_the_options(table: Table) -> None:
    await table.open_lobby()
    refused = await table.bob.click(table.lobby_message(), label="Options")
    assert refused.ephemeral and refused.modal is None


@pytest.mark.parametrize("command", ["join", "leave"])
async def test_lobby_commands_match_the_buttons(table: Table, command: str) -> None:
    await table.open_lobby()
    await table.bob.slash(table.game_channel, "game join")
    if command == "leave":
        result = await table.bob.slash(table.game_channel, "game leave")
        assert result.ephemeral
        assert "bob" not in text_of(table.lobby_message())
    else:
        assert "2. bob" in text_of(table.lobby_message())


async def test_autocomplete_offers_installed_games(table: Table) -> None:
    choices = await table.alice.autocomplete(table.channel, "game new", "game", "rel")
    assert [c["value"] for c in choices] == ["relay"]
