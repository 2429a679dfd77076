"""Issue 17: a resigned seat ranks last everywhere (item 11), and a resignation pings nobody again (item 21)."""

from __future__ import annotations

import discord

from tests.discord_layer.table import Table, text_of


def results_message(table: Table) -> discord.Message:
    """The channel's results message."""
    found = [m for m in table.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    assert found, "no results message"
    return found[-1]


async def test_item11_a_resigned_seat_ranks_last_in_the_results_message_the_stored_results_and_stats(
    table: Table,
) -> None:
    update = await table.started(table.bob, table.carol)
    ask = await table.carol.slash(table.game_channel, "game resign")
    await table.carol.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]
    # alice and bob only draw and bid their lowest card, while carol's seat plays its best cards by default:
    # carol has the best score, yet she resigned.
    while await table.running():
        actor = table.actor_for((await table.current()).to_ping[0])
        view = (await table.current(actor)).actor_view
        assert view is not None
        labels = [str(move["label"]) for move in view["legal"]]
        bids = sorted((m for m in labels if m.startswith("bid ")), key=lambda m: int(m.split()[1]))
        await table.play(actor, "draws a card" if "draws a card" in labels else bids[0] if bids else labels[0])
    scores = {r.user_id: r.score for r in await table.bot.manager.storage.results(update.game_id)}
    assert scores[table.carol.id] > max(scores[table.alice.id], scores[table.bob.id]), "the scenario lost its point"

    stored = {r.user_id: r.rank for r in await table.bot.manager.storage.results(update.game_id)}
    assert stored[table.carol.id] == 3 and sorted((stored[table.alice.id], stored[table.bob.id]))[0] == 1
    ranking = text_of(results_message(table))
    assert f"**3.** carol (resigned) — {scores[table.carol.id]}" in ranking
    assert "**1.** carol" not in ranking
    for actor in (table.alice, table.bob, table.carol):
        shown = f"**{stored[actor.id]}.** {actor.name}"
        assert shown in ranking, f"{actor.name} is ranked differently in the results message and the stored results"
    stats = text_of((await table.carol.slash(table.channel, "stats")).response.message)  # type: ignore[union-attr]
    assert "**1** game · **0** wins" in stats


async def test_item21_a_resignation_pings_nobody_who_is_still_awaited(table: Table) -> None:
    await table.started(table.bob, table.carol)
    assert (await table.current()).to_ping == (table.alice.id,)  # alice was pinged when the game began
    ask = await table.carol.slash(table.game_channel, "game resign")
    await table.carol.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]
    (said,) = [m for m in table.game_channel.history() if "carol resigns." in m.content]
    assert "<@" not in said.content and "your move" not in said.content
    assert (await table.current()).to_ping == (table.alice.id,)
