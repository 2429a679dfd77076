"""Fast Train to Miyajima in Discord: rolling, loading, sheets, stale clicks and whole games (solo and four)."""

from __future__ import annotations

import pytest

from tests.discord_layer.japan_table import response_text, select_menu
from tests.discord_layer.miyajima_table import (
    MiyajimaTable,
    miyajima_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import labels, text_of


async def test_only_the_active_player_rolls_and_only_unrolled_dice(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    board = miyajima.with_button("Load")
    assert labels(board) == ["Load", "Roll red", "Roll yellow", "Roll blue"]
    offered = await miyajima.alice.autocomplete(miyajima.game_channel, "miyajima roll", "die", "")
    assert [c["value"] for c in offered] == ["red", "yellow", "blue"]
    assert await miyajima.bob.autocomplete(miyajima.game_channel, "miyajima roll", "die", "") == []
    refused = await miyajima.miyajima(miyajima.bob, "roll", die="red")
    assert refused.ephemeral and "Only the active player rolls" in response_text(refused)
    rolled = await miyajima.alice.click(board, label="Roll blue")
    assert rolled.ephemeral and "You rolled the blue die" in response_text(rolled)
    lines = [m.content for m in miyajima.game_channel.history() if m.content and not m.embeds]
    assert any(line.startswith("alice rolls the blue die: a ") for line in lines)
    assert f"<@{miyajima.bob.id}>" in lines[-1] and f"<@{miyajima.alice.id}>" not in lines[-1]
    again = await miyajima.miyajima(miyajima.alice, "roll", die="blue")
    assert again.ephemeral and "still loading" in response_text(again)


async def test_load_offers_only_your_legal_options_once_per_roll(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    early = await miyajima.miyajima(miyajima.bob, "load", option="red fast")
    assert early.ephemeral and "nothing to load" in response_text(early).lower()
    await miyajima.miyajima(miyajima.alice, "roll", die="red")
    value = (await miyajima.board_state())["rolled"][0][1]
    offered = await miyajima.bob.autocomplete(miyajima.game_channel, "miyajima load", "option", "")
    assert [c["name"] for c in offered] == [
        f"red {value} → fast (total {value})",
        f"red {value} → heavy (total {value})",
    ]
    hand = await miyajima.bob.click(miyajima.with_button("Load"), label="Load")
    assert hand.ephemeral and hand.response is not None
    assert len(select_menu(hand.response.message).options) == 2
    done = await miyajima.miyajima(miyajima.bob, "load", option="red heavy")
    assert done.ephemeral and f"Loaded red {value}" in response_text(done)
    twice = await miyajima.miyajima(miyajima.bob, "load", option="red fast")
    assert twice.ephemeral and "nothing to load" in response_text(twice).lower()
    stale = await miyajima.bob.select(hand.response, [select_menu(hand.response.message).options[0].value])
    assert "moved on" in response_text(stale)
    assert "Still loading: **alice**" in text_of(miyajima.with_button("Load"))


async def test_a_click_on_an_old_round_message_is_refused_as_stale(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    old = miyajima.with_button("Roll red")
    # Retiring the old board fails, so it keeps its buttons (issue 17 item 20): a click on it is still answered.
    unavailable = {"status": 503, "code": 0, "message": "Service Unavailable"}
    miyajima.env.inject_error("PATCH", f"/channels/{miyajima.game_channel.id}/messages/{old.id}", **unavailable)
    await miyajima.bob.slash(miyajima.game_channel, "game status")
    await miyajima.miyajima(miyajima.alice, "roll", die="yellow")
    for actor in (miyajima.alice, miyajima.bob):
        await miyajima.miyajima(actor, "load", option="yellow fast")
    version = (await miyajima.current()).version
    stale = await miyajima.alice.click(old, label="Roll red")
    assert stale.ephemeral and "moved on" in response_text(stale)
    assert (await miyajima.current()).version == version


async def test_sheet_shows_any_players_sheet_privately(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    mine = await miyajima.miyajima(miyajima.alice, "sheet")
    assert mine.ephemeral and "Your sheet" in response_text(mine) and "Miyajima" in response_text(mine)
    theirs = await miyajima.miyajima(miyajima.alice, "sheet", player=miyajima.bob)
    assert theirs.ephemeral and "bob's sheet" in response_text(theirs)
    assert theirs.response is not None and theirs.response.message.attachments, "with the sheet picture"


@pytest.mark.usefixtures("text_only")
async def test_a_solo_game_ends_with_its_rank_and_goals(miyajima: MiyajimaTable) -> None:
    update = await miyajima.started()
    assert await miyajima.play_out() > 10
    [results] = [m for m in miyajima.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    text = text_of(results)
    assert "Rank: **" in text and "goals met:" in text
    assert miyajima.bot.storage is not None
    [row] = await miyajima.bot.storage.results(update.game_id)
    assert f"alice — {row.score} points" in text


@pytest.mark.usefixtures("text_only")
async def test_four_players_play_to_the_end_and_each_colour_is_explained(miyajima: MiyajimaTable) -> None:
    update = await miyajima.started(miyajima.bob, miyajima.carol, miyajima.dave)
    assert await miyajima.play_out() > 40
    [results] = [m for m in miyajima.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    text = text_of(results)
    for name in ("alice", "bob", "carol", "dave"):
        assert f"{name} — " in text
    assert "fast not closer" in text or "heavy not heavier" in text or "✅" in text
    assert miyajima.bot.storage is not None
    assert len(await miyajima.bot.storage.results(update.game_id)) == 4
