"""The rest of /game: status, hand, log, list, help, undo, resign and abandon, with their refusals."""

from __future__ import annotations

import discord

from tests.discord_layer.table import Table, menu_options, text_of


async def test_status_posts_the_board_publicly_and_it_becomes_the_board(table: Table) -> None:
    update = await table.started(table.bob)
    result = await table.carol.slash(table.game_channel, "game status")
    assert result.response is not None and not result.ephemeral
    assert "Waiting for: **alice**" in text_of(result.response.message)
    assert await table.bot.manager.board_message(update.game_id) == result.response.id


async def test_status_in_a_lobby_shows_the_lobby(table: Table) -> None:
    await table.open_lobby()
    result = await table.bob.slash(table.game_channel, "game status")
    assert "lobby" in text_of(result.response.message)  # type: ignore[union-attr]


async def test_commands_where_no_game_runs_say_so(table: Table) -> None:
    for command in ("game status", "game hand", "game undo", "game log", "game start", "game join"):
        result = await table.alice.slash(table.channel, command)
        assert result.ephemeral, command
        assert "game" in result.response.content.lower(), command  # type: ignore[union-attr]


async def test_hand_command_is_private_with_the_move_menu(table: Table) -> None:
    await table.started(table.bob)
    result = await table.alice.slash(table.game_channel, "game hand")
    assert result.ephemeral and menu_options(result.response.message)  # type: ignore[union-attr]


async def test_log_lists_the_moves(table: Table) -> None:
    await table.started(table.bob)
    await table.play(table.alice)
    result = await table.carol.slash(table.game_channel, "game log")
    assert result.ephemeral and "1. alice plays" in result.response.content  # type: ignore[union-attr]


async def test_list_shows_the_servers_games_and_whose_move(table: Table) -> None:
    await table.started(table.bob)
    result = await table.carol.slash(table.channel, "game list")
    assert result.ephemeral
    assert f"<#{table.game_channel.id}>" in result.response.content  # type: ignore[union-attr]
    assert "waiting for alice" in result.response.content  # type: ignore[union-attr]


async def test_help_lists_commands_and_explains_a_game(table: Table) -> None:
    general = await table.alice.slash(table.channel, "game help")
    assert general.ephemeral and "/game new" in text_of(general.response.message)  # type: ignore[union-attr]
    one = await table.alice.slash(table.channel, "game help", game="relay")
    assert "`rounds` (default `3`)" in text_of(one.response.message)  # type: ignore[union-attr]


async def test_undo_after_a_turn_change_is_refused_and_changes_nothing(table: Table) -> None:
    await table.started(table.bob)
    await table.play(table.alice)
    version = (await table.current()).version
    result = await table.alice.slash(table.game_channel, "game undo")
    assert result.ephemeral and "The turn has passed to bob" in result.response.content  # type: ignore[union-attr]
    assert (await table.current()).version == version


async def test_resign_needs_a_confirmation_then_the_seat_plays_on_by_default(table: Table) -> None:
    await table.started(table.bob, table.carol)
    ask = await table.carol.slash(table.game_channel, "game resign")
    assert ask.ephemeral
    assert (await table.current()).seats[2].resigned is False
    await table.carol.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]
    update = await table.current()
    assert update.seats[2].resigned and update.running
    assert any("carol resigns" in m.content for m in table.game_channel.history())


async def test_two_player_resignation_ends_the_game_for_the_other(table: Table) -> None:
    update = await table.started(table.bob)
    ask = await table.bob.slash(table.game_channel, "game resign")
    await table.bob.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]
    results = [m for m in table.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    assert results and "everyone else resigned" in text_of(results[-1])
    ranked = await table.bot.manager.storage.results(update.game_id)
    assert {r.user_id: r.rank for r in ranked} == {table.alice.id: 1, table.bob.id: 2}


async def test_abandon_is_refused_to_other_players(table: Table) -> None:
    await table.started(table.bob)
    ask = await table.bob.slash(table.game_channel, "game abandon")
    done = await table.bob.click(ask.response, label="Yes, abandon")  # type: ignore[arg-type]
    assert done.ephemeral and "host or a moderator" in done.response.content  # type: ignore[union-attr]
    assert (await table.current()).running


async def test_a_moderator_can_abandon_and_nothing_is_recorded(table: Table) -> None:
    update = await table.started(table.bob)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(table.env.create_user("mod"), roles=[mods])
    ask = await mod.slash(table.game_channel, "game abandon")
    await mod.click(ask.response, label="Yes, abandon")  # type: ignore[arg-type]
    assert await table.bot.manager.storage.active_game(table.game_channel.id) is None
    assert await table.bot.manager.storage.results(update.game_id) == []
    assert any("abandoned" in text_of(m) for m in table.game_channel.history())


async def test_item22_a_moderators_abandon_names_the_moderator(table: Table) -> None:
    await table.started(table.bob)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(table.env.create_user("mod"), roles=[mods])
    ask = await mod.slash(table.game_channel, "game abandon")
    await mod.click(ask.response, label="Yes, abandon")  # type: ignore[arg-type]
    assert [m.content for m in table.game_channel.history() if "abandon" in m.content] == ["mod abandoned the game."]


async def test_the_moderator_role_from_settings_counts(table: Table) -> None:
    await table.started(table.bob)
    role = table.guild.create_role(table.bot.settings.moderator_role)
    mod = table.guild.add_member(table.env.create_user("helper"), roles=[role])
    ask = await mod.slash(table.game_channel, "game abandon")
    await mod.click(ask.response, label="Yes, abandon")  # type: ignore[arg-type]
    assert await table.bot.manager.storage.active_game(table.game_channel.id) is None
