"""Next Station Tokyo in Discord: the card message, drawing and passing, refusals, stale clicks and whole games."""

from __future__ import annotations

import pytest

from bot.ui.next_station_tokyo.presenter import line_words
from tests.discord_layer.table import labels, menu_options, replies_ephemeral, response_text, text_of
from tests.discord_layer.tokyo_table import (
    TokyoTable,
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
    tokyo_fixture,  # noqa: F401
)


async def test_the_card_message_shows_the_card_with_draw_and_pass_and_pings_everyone(tokyo: TokyoTable) -> None:
    await tokyo.started(tokyo.bob)
    board = tokyo.with_button("Draw")
    assert labels(board) == ["Draw", "Pass"]
    state = await tokyo.board_state()
    text = text_of(board)
    assert "Card: " in text and str(state["card_words"]) in text
    assert "Still choosing: **alice, bob**" in text
    assert "🟦 blue" in text and "🟧 orange" in text, "alice draws blue and bob orange in round 1"
    pings = [m.content for m in tokyo.game_channel.history() if m.content and "your move" in m.content]
    assert pings and f"<@{tokyo.alice.id}>" in pings[-1] and f"<@{tokyo.bob.id}>" in pings[-1]


async def test_draw_opens_a_menu_of_your_own_sections_and_a_pick_draws_one(tokyo: TokyoTable) -> None:
    await tokyo.started(tokyo.bob)
    legal = await tokyo.moves_of(tokyo.alice)
    hand = await tokyo.alice.click(tokyo.with_button("Draw"), label="Draw")
    assert hand.ephemeral and hand.response is not None
    options = menu_options(hand.response.message)
    assert [value for _, value in options] == [a.token() for a in legal]
    assert options[-1][0].startswith("Pass")
    assert all(" → " in label for label, _ in options[:-1])
    if len(options) == 1:
        pytest.skip("this seed's first card leaves alice no section")  # the seed is fixed: this never happens
    bob_menu = await tokyo.bob.click(tokyo.with_button("Draw"), label="Draw")
    label, value = options[0]
    drawn = await tokyo.alice.select(hand.response, [value])
    assert f"{legal[0].args[0]}–{legal[0].args[1]}" in response_text(drawn), "the menu gives way to the new sheet"
    state = await tokyo.board_state()
    assert state["answers"][0] == label and state["waiting"] == [1]
    assert "Still choosing: **bob**" in text_of(tokyo.with_button("Draw"))
    said = [m.content for m in tokyo.game_channel.history() if m.content.startswith("alice draws")]
    assert said and "<@" not in said[-1], "bob was pinged for this card already; alice answered privately"
    # bob's menu was opened before alice answered: it still answers the same card, so it still works.
    assert bob_menu.response is not None
    bob_pick = menu_options(bob_menu.response.message)[-1][1]
    passed = await tokyo.bob.select(bob_menu.response, [bob_pick])
    assert "moved on" not in response_text(passed)
    assert (await tokyo.board_state())["card_number"] > state["card_number"], "both answered: the next card"


async def test_nst_draw_autocompletes_your_stations_and_refuses_others_with_the_reason(tokyo: TokyoTable) -> None:
    await tokyo.started(tokyo.bob)
    draws = [a for a in await tokyo.moves_of(tokyo.alice) if a.verb == "draw"]
    offered = await tokyo.alice.autocomplete(tokyo.game_channel, "nst draw", "to", "")
    assert sorted(c["value"] for c in offered) == sorted({str(a.args[1]) for a in draws})
    assert all(" — from " in c["name"] for c in offered)
    version = (await tokyo.current()).version
    unknown = await tokyo.nst(tokyo.alice, "draw", to="Z9")
    assert unknown.ephemeral and "There's no station Z9" in response_text(unknown)
    far = await tokyo.nst(tokyo.alice, "draw", to="J10")
    assert far.ephemeral and ("guide" in response_text(far) or "card shows" in response_text(far))
    outsider = await tokyo.nst(tokyo.carol, "pass")
    assert outsider.ephemeral and "carol" not in (await tokyo.board_state())["answers"]
    assert (await tokyo.current()).version == version, "refusals change nothing"


async def test_the_last_answer_is_confirmed_with_the_move_and_the_next_card(tokyo: TokyoTable) -> None:
    await tokyo.started()
    first = (await tokyo.moves_of(tokyo.alice))[0]
    if first.verb == "draw":
        reply = await tokyo.nst(tokyo.alice, "draw", to=str(first.args[1]), **{"from": str(first.args[0])})
        said = f"alice draws {first.args[0]} → {first.args[1]}."
    else:
        reply = await tokyo.nst(tokyo.alice, "pass")
        said = "alice passes."
    text = response_text(reply)
    assert text.startswith(said), text
    assert "Card 2: " in text or "Railroad Switch" in text


async def test_a_second_answer_to_the_same_card_is_refused(tokyo: TokyoTable) -> None:
    await tokyo.started(tokyo.bob)
    first = await tokyo.nst(tokyo.alice, "pass")
    assert first.ephemeral and "Your answer: passed" in response_text(first)
    again = await tokyo.nst(tokyo.alice, "pass")
    assert again.ephemeral and "already answered this card" in response_text(again)
    assert (await tokyo.board_state())["waiting"] == [1]


async def test_an_answer_from_a_menu_of_an_earlier_card_is_refused(tokyo: TokyoTable) -> None:
    await tokyo.started(tokyo.bob)
    old_board = tokyo.with_button("Pass")
    menu = await tokyo.alice.click(old_board, label="Draw")
    await tokyo.alice.click(old_board, label="Pass")
    await tokyo.nst(tokyo.bob, "pass")
    assert tokyo.with_button("Pass").id != old_board.id, "a new card gets a fresh message at the bottom"
    version = (await tokyo.current()).version
    assert menu.response is not None
    old_pass = menu_options(menu.response.message)[-1][1]
    stale = await tokyo.alice.select(menu.response, [old_pass])
    assert "earlier card" in response_text(stale)
    assert (await tokyo.current()).version == version


async def test_sheet_shows_any_players_sheet_privately_with_its_picture(tokyo: TokyoTable) -> None:
    await tokyo.started(tokyo.bob)
    mine = await tokyo.nst(tokyo.alice, "sheet")
    assert mine.ephemeral and "Your sheet" in response_text(mine) and "ends: E4" in response_text(mine)
    theirs = await tokyo.nst(tokyo.alice, "sheet", player=tokyo.bob)
    assert theirs.ephemeral and "bob's sheet" in response_text(theirs) and "ends: G5" in response_text(theirs)
    assert theirs.response is not None and theirs.response.message.attachments, "with the sheet picture"
    nobody = await tokyo.nst(tokyo.alice, "sheet", player=tokyo.carol)
    assert nobody.ephemeral and "isn't playing" in response_text(nobody)


@pytest.mark.usefixtures("text_only")
async def test_a_solo_game_plays_all_four_rounds_to_its_results(tokyo: TokyoTable) -> None:
    update = await tokyo.started()
    assert await tokyo.play_out() >= 20
    lines = [m.content for m in tokyo.game_channel.history() if m.content]
    for number in (1, 2, 3, 4):
        assert any(f"Round {number} is over. Lines: alice " in line for line in lines)
    [results] = [m for m in tokyo.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    text = text_of(results)
    assert "Interchanges:" in text and "Green-loop misses:" in text and "🟦 blue" in text
    assert tokyo.bot.storage is not None
    [row] = await tokyo.bot.storage.results(update.game_id)
    assert f"alice — {row.score} points" in text


@pytest.mark.usefixtures("text_only")
async def test_four_players_with_objectives_and_effects_play_to_the_end(tokyo: TokyoTable) -> None:
    update = await tokyo.started(tokyo.bob, tokyo.carol, tokyo.dave, options="objectives=on effects=on")
    assert len((await tokyo.board_state())["objectives"]) == 2
    assert await tokyo.play_out() >= 80
    [results] = [m for m in tokyo.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    text = text_of(results)
    for name in ("alice", "bob", "carol", "dave"):
        assert f"{name} — " in text
    assert "Objectives met:" in text
    assert tokyo.bot.storage is not None
    assert len(await tokyo.bot.storage.results(update.game_id)) == 4


def test_a_line_reads_as_the_stations_it_runs_through_then_its_branches() -> None:
    assert line_words([["E4", "F4"], ["E4", "D3"]]) == "F4–E4–D3"
    assert line_words([["E4", "F4"], ["F4", "G5"], ["F4", "F5"]]) == "E4–F4–G5, F4–F5"
    assert line_words([]) == "—"


@pytest.mark.usefixtures("text_only")
async def test_issue17_15_sheets_and_the_log_stay_available_once_the_game_is_over(tokyo: TokyoTable) -> None:
    await tokyo.started()
    await tokyo.play_out()
    sheet = await tokyo.nst(tokyo.alice, "sheet")
    assert sheet.ephemeral and "Your sheet" in response_text(sheet) and "Final score: " in response_text(sheet)
    log = await tokyo.alice.slash(tokyo.game_channel, "game log")
    assert "alice " in response_text(log) and "No moves yet" not in response_text(log)


async def test_issue17_26_another_players_sheet_reads_as_theirs(tokyo: TokyoTable) -> None:
    await tokyo.started(tokyo.bob)
    theirs = response_text(await tokyo.nst(tokyo.alice, "sheet", player=tokyo.bob))
    assert "bob's sheet" in theirs and "bob's lines" in theirs and "Your" not in theirs
    assert "draw one" not in theirs and "Waiting for alice, bob to draw or pass." in theirs


async def test_item_4_7_anyone_in_the_channel_reads_a_players_sheet_but_only_players_move(tokyo: TokyoTable) -> None:
    """Issue 32 item 4.7: sheets are public: a member without a seat reads bob's (only the sheet), but can't move."""
    await tokyo.started(tokyo.bob)
    version = (await tokyo.current()).version
    theirs = await tokyo.nst(tokyo.dave, "sheet", player=tokyo.bob)
    assert replies_ephemeral(theirs)
    text = response_text(theirs)
    assert "bob's sheet" in text and "ends: G5" in text and "Your" not in text
    assert "Waiting for alice, bob to draw or pass." in text, "the table's prompt, not bob's own"
    assert theirs.response is not None
    [picture] = theirs.response.message.attachments
    assert "bob" in str(picture.description) and "draw one" not in str(picture.description)
    own = await tokyo.nst(tokyo.dave, "sheet")
    assert replies_ephemeral(own) and "You're not playing in this game" in response_text(own)
    assert own.response is not None and not own.response.message.attachments
    moved = await tokyo.nst(tokyo.dave, "pass")
    assert replies_ephemeral(moved) and "You're not playing in this game." in response_text(moved)
    assert (await tokyo.current()).version == version
