"""/stats and /leaderboard in a simulated server: records after finished games, refusals, abandoned games."""

from __future__ import annotations

import discord
import simcord

from bot.storage import ResultRow
from tests.discord_layer.table import Table, text_of


async def finished_game(table: Table) -> list[ResultRow]:
    """alice, bob and carol play a one-round relay to the end; its results as stored."""
    update = await table.started(table.bob, table.carol)
    await table.play_to_the_end()
    assert not await table.running()
    results = await table.bot.manager.storage.results(update.game_id)
    assert len(results) == 3
    return results


def answer(result: simcord.InteractionResult) -> discord.Message:
    assert result.response is not None
    return result.response.message


async def test_stats_after_a_finished_game_show_games_and_wins(table: Table) -> None:
    results = await finished_game(table)
    for actor in (table.alice, table.bob, table.carol):
        (mine,) = [r for r in results if r.user_id == actor.id]
        wins = int(mine.rank == 1)
        result = await actor.slash(table.channel, "stats")
        assert not result.ephemeral
        text = text_of(answer(result))
        assert f"{actor.name} — stats" in text
        won = "win" if wins == 1 else "wins"
        assert f"**1** game · **{wins}** {won}" in text
        assert "favourite: **Relay (test game)**" in text
        line = f"Relay (test game): 1 game · {wins} {won} ({wins:.0%}) · mean {mine.score:.1f} · best {mine.score}"
        assert line in text


async def test_stats_of_another_player_and_of_one_game(table: Table) -> None:
    results = await finished_game(table)
    (bobs,) = [r for r in results if r.user_id == table.bob.id]
    about_bob = text_of(answer(await table.alice.slash(table.channel, "stats", user=table.bob)))
    assert (
        "bob — stats" in about_bob
        and f"**1** game · **{int(bobs.rank == 1)}** {'win' if bobs.rank == 1 else 'wins'}" in about_bob
    )
    one_game = await table.bob.slash(table.channel, "stats", game="relay")
    assert not one_game.ephemeral
    assert text_of(answer(one_game)) == text_of(answer(await table.bob.slash(table.channel, "stats")))


async def test_stats_for_an_unknown_game_is_refused_privately(table: Table) -> None:
    await finished_game(table)
    result = await table.alice.slash(table.channel, "stats", game="chess")
    assert result.ephemeral
    assert "There is no game called `chess`" in answer(result).content
    assert "relay" in answer(result).content


async def test_stats_of_someone_who_never_played_is_a_friendly_answer(table: Table) -> None:
    await finished_game(table)
    dave = table.guild.add_member(table.env.create_user("dave"))
    result = await dave.slash(table.channel, "stats")
    assert result.acknowledged and not result.ephemeral
    assert "dave — stats" in text_of(answer(result)) and "No finished games yet." in text_of(answer(result))


async def test_leaderboard_after_a_finished_game_is_a_picture(table: Table) -> None:
    await finished_game(table)
    for viewer in (table.alice, table.guild.add_member(table.env.create_user("dave"))):
        result = await viewer.slash(table.channel, "leaderboard", game="relay")
        assert result.response is not None and not result.ephemeral
        [picture] = result.response.attachments
        assert picture.filename == "leaderboard.png"
        assert (await picture.read()).startswith(b"\x89PNG")
        # Read aloud by a screen reader: the title, then each place with its player and figures.
        assert picture.description is not None and picture.description.startswith("Relay (test game) — leaderboard")
        assert all(f"Player {name}" in picture.description for name in ("alice", "bob", "carol"))
    assert await table.bot.manager.storage.rated_players(table.guild.id, "relay") == 3


async def test_leaderboard_refusals_say_why(table: Table) -> None:
    nobody = await table.alice.slash(table.channel, "leaderboard", game="relay")
    assert nobody.ephemeral
    assert answer(nobody).content == "Nobody has finished a game of Relay (test game) on this server yet."
    assert not answer(nobody).attachments
    unknown = await table.alice.slash(table.channel, "leaderboard", game="chess")
    assert unknown.ephemeral and "There is no game called `chess`" in answer(unknown).content
    await finished_game(table)
    too_far = await table.alice.slash(table.channel, "leaderboard", game="relay", page=2)
    assert too_far.ephemeral and answer(too_far).content == "There are only 1 page(s)."


async def test_an_abandoned_game_leaves_no_stats_and_no_leaderboard(table: Table) -> None:
    update = await table.started(table.bob, table.carol)
    await table.play(table.alice)
    ask = await table.alice.slash(table.game_channel, "game abandon")
    await table.alice.click(ask.response, label="Yes, abandon")  # type: ignore[arg-type]
    assert await table.bot.manager.storage.active_game(table.game_channel.id) is None
    assert await table.bot.manager.storage.results(update.game_id) == []
    for actor in (table.alice, table.bob):
        assert "No finished games yet." in text_of(answer(await actor.slash(table.channel, "stats")))
    refused = await table.bob.slash(table.channel, "leaderboard", game="relay")
    assert refused.ephemeral and "Nobody has finished a game" in answer(refused).content
