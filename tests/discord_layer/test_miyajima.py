"""Fast Train to Miyajima in Discord: rolling, loading, sheets, stale clicks and whole games (solo and four)."""

from __future__ import annotations

import discord
import pytest

from tests.discord_layer.japan_table import select_menu
from tests.discord_layer.miyajima_table import (
    MiyajimaTable,
    miyajima_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import labels, replies_ephemeral, response_text, text_of


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
    assert "already loaded this roll" in response_text(stale)
    assert "Still loading: **alice**" in text_of(miyajima.with_button("Load"))


async def test_a_board_that_could_not_be_retired_stays_the_one_live_board(miyajima: MiyajimaTable) -> None:
    """Issue 32: `/game status` can't take the old board's buttons off (Discord refuses), so it posts a copy without
    controls; the old board stays the one live board and follows every move (it was left stale, issue 17)."""
    await miyajima.started(miyajima.bob)
    old = miyajima.with_button("Roll red")
    unavailable = {"status": 503, "code": 0, "message": "Service Unavailable"}
    for method in ("PATCH", "DELETE"):  # neither taking its buttons off nor deleting it works
        miyajima.env.inject_error(method, f"/channels/{miyajima.game_channel.id}/messages/{old.id}", **unavailable)
    status = await miyajima.bob.slash(miyajima.game_channel, "game status")
    assert status.response is not None and labels(status.response.message) == [], "a copy, without controls"
    await miyajima.miyajima(miyajima.alice, "roll", die="yellow")
    for actor in (miyajima.alice, miyajima.bob):
        await miyajima.miyajima(actor, "load", option="yellow fast")
    live = [m for m in miyajima.game_channel.history() if labels(m)]
    assert [m.id for m in live] == [old.id], "one message carries controls: the board that kept them"
    assert await miyajima.bot.manager.board_message((await miyajima.current()).game_id) == old.id
    version = (await miyajima.current()).version
    rolled = await miyajima.alice.click(live[0], label="Roll red")
    assert rolled.ephemeral and "moved on" not in response_text(rolled), "its buttons are the current ones"
    assert (await miyajima.current()).version == version + 1


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


async def test_issue17_14_a_load_menu_stays_good_while_others_load_the_same_roll(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob, miyajima.carol)
    await miyajima.miyajima(miyajima.alice, "roll", die="red")
    menus = {}
    for actor in (miyajima.alice, miyajima.bob, miyajima.bob):  # bob twice: his second menu is a doubled click
        hand = await actor.click(miyajima.with_button("Load"), label="Load")
        assert hand.response is not None
        menus.setdefault(actor.id, []).append((hand.response, select_menu(hand.response.message).options[0].value))
    await miyajima.miyajima(miyajima.carol, "load", option="red fast")
    (menu, value), (second, _value) = menus[miyajima.bob.id]
    picked = await miyajima.bob.select(menu, [value])
    assert "Loaded red" in response_text(picked), "carol's load left bob's menu good"
    assert (await miyajima.board_state())["waiting"] == [0]
    version = (await miyajima.current()).version
    doubled = await miyajima.bob.select(second, [value])
    assert replies_ephemeral(doubled) and "already loaded this roll" in response_text(doubled)
    assert (await miyajima.current()).version == version
    [(menu, value)] = menus[miyajima.alice.id]
    await miyajima.miyajima(miyajima.alice, "load", option="red heavy")
    over = await miyajima.alice.select(menu, [value])
    assert replies_ephemeral(over) and "moved on" in response_text(over)
    await miyajima.miyajima(miyajima.alice, "roll", die="yellow")
    version = (await miyajima.current()).version
    later = await miyajima.alice.select(menu, [value])
    assert replies_ephemeral(later) and "That load was for an earlier roll, which is over." in response_text(later)
    assert "is up now" in response_text(later)
    assert (await miyajima.current()).version == version


async def test_issue17_14_an_old_format_load_pick_gets_a_clear_answer(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    await miyajima.miyajima(miyajima.alice, "roll", die="blue")
    version = (await miyajima.current()).version
    token = '["load","blue","fast"]'  # a menu posted before loads named their roll
    menu = discord.ui.Select(
        custom_id=f"tetsudo:pick:{miyajima.game_channel.id}:{version}",
        options=[discord.SelectOption(label="x", value=token)],
    )
    view = discord.ui.View(timeout=None)
    view.add_item(menu)
    view.stop()  # never stored: the click reaches the bot's registered menu, as an old one would
    channel = miyajima.bot.get_channel(miyajima.game_channel.id)
    assert isinstance(channel, discord.abc.Messageable)
    message = await channel.send("an old menu", view=view)
    picked = await miyajima.bob.select(message, [token], custom_id=menu.custom_id)
    assert picked.ephemeral and "pick again from your options" in response_text(picked)
    assert (await miyajima.current()).version == version
    assert not miyajima.env.errors


@pytest.mark.usefixtures("text_only")
async def test_issue17_15_sheets_and_the_log_stay_available_once_the_game_is_over(miyajima: MiyajimaTable) -> None:
    await miyajima.started()
    await miyajima.play_out()
    sheet = await miyajima.miyajima(miyajima.alice, "sheet")
    assert sheet.ephemeral and "Your sheet" in response_text(sheet) and "Final score: " in response_text(sheet)
    log = await miyajima.alice.slash(miyajima.game_channel, "game log")
    assert "alice rolls the" in response_text(log)
    outsider = await miyajima.miyajima(miyajima.alice, "sheet", player=miyajima.bob)
    assert outsider.ephemeral and "bob isn't playing" in response_text(outsider)


async def test_issue17_25_a_pick_in_place_replaces_the_first_line_with_what_it_did(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    rolled = await miyajima.miyajima(miyajima.alice, "roll", die="red")
    reply = rolled.response
    assert reply is not None and "You rolled the red die" in text_of(reply.message)
    value = next(o.value for o in select_menu(reply.message).options if "heavy" in o.label)
    picked = await miyajima.alice.select(reply, [value])
    assert picked.response is not None
    assert picked.response.message.content.startswith("Loaded red"), picked.response.message.content


async def test_issue17_26_another_players_sheet_reads_as_theirs(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    await miyajima.miyajima(miyajima.alice, "roll", die="red")
    theirs = response_text(await miyajima.miyajima(miyajima.alice, "sheet", player=miyajima.bob))
    assert "bob's sheet" in theirs and "Your" not in theirs
    assert "Load the red" not in theirs and "Waiting for alice, bob to load." in theirs


async def test_issue17_27_typed_loads_and_dice_are_refused_with_their_reason(miyajima: MiyajimaTable) -> None:
    await miyajima.started(miyajima.bob)
    blank = await miyajima.miyajima(miyajima.alice, "roll", die=" ")
    assert "Name the die to roll: red, yellow or blue." in response_text(blank)
    await miyajima.miyajima(miyajima.alice, "roll", die="blue")
    value = (await miyajima.board_state())["rolled"][0][1]
    typed = await miyajima.miyajima(miyajima.bob, "load", option="blue 97 → fast")
    assert "isn't one of your options" in response_text(typed) and f"blue {value} → fast" in response_text(typed)
    green = await miyajima.miyajima(miyajima.bob, "load", option="green fast")
    assert f"The blue {value} can't make green: it loads blue." in response_text(green)
    assert (await miyajima.board_state())["waiting"] == [0, 1]
    offered = await miyajima.bob.autocomplete(miyajima.game_channel, "miyajima load", "option", "")
    loaded = await miyajima.miyajima(miyajima.bob, "load", option=offered[0]["value"])
    assert f"Loaded blue {value}" in response_text(loaded)


async def test_item_4_7_anyone_in_the_channel_reads_a_players_sheet_but_only_players_move(
    miyajima: MiyajimaTable,
) -> None:
    """Issue 32 item 4.7: sheets are public: a member without a seat reads bob's (only the sheet), but can't move."""
    await miyajima.started(miyajima.bob)
    await miyajima.miyajima(miyajima.alice, "roll", die="red")
    version = (await miyajima.current()).version
    theirs = await miyajima.miyajima(miyajima.dave, "sheet", player=miyajima.bob)
    assert replies_ephemeral(theirs)
    text = response_text(theirs)
    assert "bob's sheet" in text and "Your" not in text
    assert "Load the red" not in text and "Waiting for alice, bob to load." in text
    assert theirs.response is not None
    [picture] = theirs.response.message.attachments
    described = str(picture.description)
    assert "bob's sheet" in described and "Load the red" not in described, "the table's prompt, not bob's own"
    own = await miyajima.miyajima(miyajima.dave, "sheet")
    assert replies_ephemeral(own) and "You're not playing in this game" in response_text(own)
    assert own.response is not None and not own.response.message.attachments
    moved = await miyajima.miyajima(miyajima.dave, "load", option="red fast")
    assert replies_ephemeral(moved) and "You're not playing in this game." in response_text(moved)
    assert (await miyajima.current()).version == version


async def test_item_4_9_a_load_menu_of_an_earlier_roll_is_refused_with_a_fresh_menu(miyajima: MiyajimaTable) -> None:
    """Issue 32 item 4.9: a stale Load menu, with the next roll now up, is refused with the current menu to pick."""
    await miyajima.started(miyajima.bob)
    await miyajima.miyajima(miyajima.alice, "roll", die="red")
    hand = await miyajima.alice.click(miyajima.with_button("Load"), label="Load")
    assert hand.response is not None
    old = select_menu(hand.response.message).options[0].value
    for actor in (miyajima.alice, miyajima.bob):
        await miyajima.miyajima(actor, "load", option="red fast")
    await miyajima.miyajima(miyajima.alice, "roll", die="yellow")
    version = (await miyajima.current()).version
    stale = await miyajima.alice.select(hand.response, [old])
    assert replies_ephemeral(stale)
    assert "That load was for an earlier roll, which is over." in response_text(stale)
    assert "is up now" in response_text(stale)
    assert (await miyajima.current()).version == version
    [fresh] = stale.followups
    offered = [option.value for option in select_menu(fresh.message).options]
    view = (await miyajima.current(miyajima.alice)).actor_view
    assert view is not None and offered == [str(move["token"]) for move in view["legal"]], "the menu as it is now"
    picked = await miyajima.alice.select(fresh, [offered[0]])
    assert "Loaded yellow" in response_text(picked)
