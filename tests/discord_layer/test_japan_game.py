"""A whole five-player Ticket to Ride: Japan game in Discord: secrets kept, results shown and recorded."""

from __future__ import annotations

import json
import re

import pytest

from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.data import japan
from tests.discord_layer.japan_table import (
    JapanTable,
    japan_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import text_of

CARD_WORDS = re.compile(r"\b(pink|white|blue|yellow|orange|black|red|green|locomotive) (\d+)\b")


def ticket_names() -> dict[int, str]:
    return {t.id: f"{t.a} – {t.b} ({t.points})" for t in japan().tickets.values()}


@pytest.mark.usefixtures("text_only")
async def test_five_players_play_to_the_end_with_secrets_kept_and_results_recorded(japan: JapanTable) -> None:
    update = await japan.started(japan.bob, japan.carol, japan.dave, japan.erin)
    await japan.keep_first_tickets()
    moves = await japan.play_out()
    assert moves > 50
    assert japan.bot.storage is not None
    row = await japan.bot.storage.game(update.game_id)
    assert row is not None and row.status == "finished" and row.state is not None
    board = TTR_JAPAN.player_view(TTR_JAPAN.from_json(json.loads(row.state)), None)["public"]
    assert board["finished"]

    # Results: every ticket revealed with ✓/✗, the bonus and the total, in rank order; recorded for stats.
    [results] = [m for m in japan.game_channel.history() if m.embeds and (m.embeds[0].title or "").endswith("results")]
    text = text_of(results)
    names = [s.name for s in update.seats]
    for seat, result in enumerate(board["results"]):
        assert f"{names[seat]} — {result['total']} points" in text
        for ticket in result["tickets"]:
            assert f"{'✅' if ticket['done'] else '❌'} {ticket['from']} – {ticket['to']}" in text
    rows = await japan.bot.storage.results(update.game_id)
    assert sorted(r.score for r in rows) == sorted(r["total"] for r in board["results"])

    # While the game ran, no public message named a ticket or listed a hand.
    tickets = ticket_names()
    public = [m for m in japan.public_messages() if m.id != results.id]
    for message in public:
        said = text_of(message)
        assert not any(name in said for name in tickets.values()), said
        assert not CARD_WORDS.search(said.split("Face-up cards")[0]), said

    # Every DM went to a player about their own hand only.
    for actor in japan.everyone:
        for dm in actor.user.dm_channel.history():
            assert "Your hand" in text_of(dm)
