"""`/tetsudo forget-me`: a user's stats and ratings go; the other players' records of shared games stay whole."""

from __future__ import annotations

from tests.discord_layer.table import Table


async def test_forget_me_deletes_stats_and_ratings_and_keeps_an_anonymous_seat(table: Table) -> None:
    update = await table.started(table.bob)
    await table.play_to_the_end()
    storage = table.bot.manager.storage
    guild = table.guild.id
    assert await storage.user_stats(table.bob.id) and await storage.rating_place(guild, "relay", table.bob.id)

    kept = await table.bob.slash(table.channel, "tetsudo forget-me", confirm=False)
    assert kept.ephemeral and "Nothing was deleted" in kept.response.content  # type: ignore[union-attr]
    assert await storage.user_stats(table.bob.id)

    done = await table.bob.slash(table.channel, "tetsudo forget-me", confirm=True)
    assert done.ephemeral and "1 past game" in done.response.content  # type: ignore[union-attr]
    assert await storage.user_stats(table.bob.id) == []
    assert await storage.rating_place(guild, "relay", table.bob.id) is None
    seats = await storage.seats(update.game_id)
    assert [s.name for s in seats] == ["alice", "a former player"] and seats[1].user_id < 0
    results = await storage.results(update.game_id)
    assert {r.user_id for r in results} == {table.alice.id, seats[1].user_id}  # alice's game still has two seats
    assert await storage.user_stats(table.alice.id)  # and her record is untouched


async def test_forget_me_is_refused_while_playing(table: Table) -> None:
    await table.started(table.bob)
    refused = await table.bob.slash(table.channel, "tetsudo forget-me", confirm=True)
    assert refused.ephemeral and "resign" in refused.response.content  # type: ignore[union-attr]
    assert await table.running()
