"""Moderator tools in a simulated server: /game kick, /game replace, /game skip, and /game join on a vacant seat."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.engine import Update
from tests.discord_layer.table import Table, menu_options, text_of


def moderator(table: Table) -> simcord.MemberActor:
    """A member with Manage Server who plays in no game."""
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("mod"), roles=[mods])


def said(table: Table, words: str) -> list[str]:
    """The public lines of the game channel containing these words."""
    return [m.content for m in table.game_channel.history() if words in (m.content or "")]


def refusal(result: simcord.InteractionResult) -> str:
    """The text of an ephemeral refusal."""
    assert result.ephemeral and result.response is not None
    return result.response.content or ""


def seats(update: Update) -> list[tuple[int, bool, bool]]:
    return [(s.user_id, s.resigned, s.vacant) for s in update.seats]


@pytest.mark.parametrize(
    ("command", "options"),
    [("game kick", {"user": "bob"}), ("game replace", {"old": "bob", "new": "carol"}), ("game skip", {})],
)
async def test_a_plain_player_is_refused_and_nothing_changes(
    table: Table, command: str, options: dict[str, str]
) -> None:
    before = await table.started(table.bob)
    actors = {"bob": table.bob, "carol": table.carol}
    result = await table.alice.slash(table.game_channel, command, **{k: actors[v] for k, v in options.items()})
    assert "moderator" in refusal(result).lower()
    after = await table.current()
    assert after.version == before.version
    assert after.seats == before.seats and after.to_ping == before.to_ping
    assert not said(table, "removed") and not said(table, "seat to") and not said(table, "skips")


async def test_a_kicked_seat_is_vacant_and_plays_by_default(table: Table) -> None:
    await table.started(table.bob)
    mod = moderator(table)
    done = await mod.slash(table.game_channel, "game kick", user=table.bob)
    assert done.ephemeral and "bob was removed" in done.response.content  # type: ignore[union-attr]
    lines = said(table, "removed bob")
    assert len(lines) == 1 and lines[0].startswith("mod removed bob") and "/game join" in lines[0]
    update = await table.current()
    assert update.running
    assert seats(update) == [(table.alice.id, False, False), (table.bob.id, True, True)]
    await table.play(table.alice)  # bob's turn comes: his seat plays by default, and the bids follow
    after = await table.current()
    assert after.running and after.to_ping == (table.alice.id,)
    assert said(table, "bob's seat (played automatically) ")


async def test_someone_not_playing_takes_the_vacant_seat_with_join_and_plays(table: Table) -> None:
    await table.started(table.bob)
    mod = moderator(table)
    await mod.slash(table.game_channel, "game kick", user=table.bob)
    joined = await table.carol.slash(table.game_channel, "game join")
    assert joined.ephemeral and "You take a seat" in joined.response.content  # type: ignore[union-attr]
    assert said(table, "carol takes bob's seat.")
    update = await table.current(table.carol)
    assert seats(update) == [(table.alice.id, False, False), (table.carol.id, False, False)]
    assert update.actor_view is not None and update.actor_view["private"]["hand"]
    await table.play(table.alice)
    assert (await table.current()).to_ping == (table.carol.id,)
    await table.play(table.carol)
    assert said(table, "carol plays")


async def test_join_without_a_vacant_seat_is_refused(table: Table) -> None:
    before = await table.started(table.bob)
    result = await table.carol.slash(table.game_channel, "game join")
    assert "no seat is free" in refusal(result)
    assert (await table.current()).seats == before.seats


async def test_a_moderator_gives_a_seat_to_another_member(table: Table) -> None:
    await table.started(table.bob)
    mod = moderator(table)
    done = await mod.slash(table.game_channel, "game replace", old=table.alice, new=table.carol)
    assert done.ephemeral and "carol now holds alice's seat" in done.response.content  # type: ignore[union-attr]
    assert said(table, "mod gives alice's seat to carol.")
    update = await table.current()
    assert seats(update) == [(table.carol.id, False, False), (table.bob.id, False, False)]
    assert update.running and update.to_ping == (table.carol.id,)
    hand = await table.open_hand(table.carol)
    assert hand.ephemeral
    view = (await table.current(table.carol)).actor_view
    assert view is not None
    assert [label for label, _ in menu_options(hand.response.message)] == [m["label"] for m in view["legal"]]  # type: ignore[union-attr]
    refused = await table.open_hand(table.alice)
    assert "not playing" in refusal(refused)
    await table.play(table.carol)
    assert said(table, "carol plays")


async def test_replacing_with_someone_already_seated_is_refused(table: Table) -> None:
    before = await table.started(table.bob)
    mod = moderator(table)
    result = await mod.slash(table.game_channel, "game replace", old=table.alice, new=table.bob)
    assert "bob already holds a seat" in refusal(result)
    assert (await table.current()).seats == before.seats


async def test_replacing_someone_not_playing_is_refused(table: Table) -> None:
    before = await table.started(table.bob)
    mod = moderator(table)
    result = await mod.slash(table.game_channel, "game replace", old=table.carol, new=mod)
    assert "isn't playing" in refusal(result)
    assert (await table.current()).seats == before.seats


async def test_a_moderator_skip_moves_the_game_on(table: Table) -> None:
    before = await table.started(table.bob)
    assert before.to_ping == (table.alice.id,)
    mod = moderator(table)
    done = await mod.slash(table.game_channel, "game skip")
    assert done.ephemeral
    after = await table.current()
    assert after.version > before.version and after.to_ping == (table.bob.id,)
    lines = said(table, "mod skips the wait")
    assert len(lines) == 1 and "alice plays their default move" in lines[0]
    assert any("alice (auto)" in line for line in said(table, "(auto)"))


async def test_skip_where_no_game_runs_is_refused(table: Table) -> None:
    mod = moderator(table)
    result = await mod.slash(table.channel, "game skip")
    assert "no game running here" in refusal(result)
    await table.open_lobby()
    in_lobby = await mod.slash(table.game_channel, "game skip")
    assert "hasn't started yet" in refusal(in_lobby)
    assert await table.bot.manager.lobby(table.game_channel.id) is not None
    assert not said(table, "skips the wait")


async def test_kicking_someone_not_in_the_game_is_refused(table: Table) -> None:
    before = await table.started(table.bob)
    mod = moderator(table)
    result = await mod.slash(table.game_channel, "game kick", user=table.carol)
    assert "isn't playing" in refusal(result)
    after = await table.current()
    assert after.version == before.version and after.seats == before.seats
    assert not said(table, "removed")


async def test_a_vacant_seat_cannot_be_kicked_again(table: Table) -> None:
    await table.started(table.bob, table.carol)
    mod = moderator(table)
    await mod.slash(table.game_channel, "game kick", user=table.bob)
    version = (await table.current()).version
    again = await mod.slash(table.game_channel, "game kick", user=table.bob)
    assert "isn't playing" in refusal(again)
    assert (await table.current()).version == version
    assert len(said(table, "removed bob")) == 1


async def test_the_moderator_role_from_settings_may_skip(table: Table) -> None:
    before = await table.started(table.bob)
    role = table.guild.create_role(table.bot.settings.moderator_role)
    helper = table.guild.add_member(table.env.create_user("helper"), roles=[role])
    await helper.slash(table.game_channel, "game skip")
    assert (await table.current()).version > before.version
    assert said(table, "helper skips the wait")


async def test_kicking_the_other_player_of_two_leaves_the_game_running_until_the_seat_is_taken(table: Table) -> None:
    update = await table.started(table.bob)
    await moderator(table).slash(table.game_channel, "game kick", user=table.bob)
    assert await table.running()
    assert await table.bot.manager.storage.results(update.game_id) == []
    assert not [m for m in table.game_channel.history() if "everyone else resigned" in text_of(m)]
