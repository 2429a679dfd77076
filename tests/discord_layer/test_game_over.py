"""Issue 32 item 4.2: after a channel's game ends, a late click or command says it is over, and where it ended."""

from __future__ import annotations

import discord

from bot.ui.messages import jump_url
from tests.discord_layer.table import Table, menu_options, replies_ephemeral, response_text

UNAVAILABLE = {"status": 503, "code": 0, "message": "Service Unavailable"}


async def finished_by_resigning(table: Table) -> int:
    """alice and bob play; bob resigns, which ends the game: its final board message's id."""
    update = await table.started(table.bob)
    ask = await table.bob.slash(table.game_channel, "game resign")
    await table.bob.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]
    assert not await table.running()
    board = await table.bot.manager.board_message(update.game_id)
    assert board is not None
    return board


def message_by_id(table: Table, message_id: int) -> discord.Message:
    return next(m for m in table.game_channel.history() if m.id == message_id)


async def test_item_4_2_a_command_after_the_end_says_the_game_is_over_with_a_link_to_its_final_board(
    table: Table,
) -> None:
    """Issue 32 item 4.2: a game command after the end names the game as over and links its final board."""
    board = await finished_by_resigning(table)
    result = await table.alice.slash(table.game_channel, "game hand")
    assert replies_ephemeral(result)
    text = response_text(result)
    assert "no game running here" not in text
    assert "is over" in text and "Relay" in text
    assert jump_url(table.guild.id, table.game_channel.id, board) in text


async def test_item_4_2_a_click_on_an_old_private_menu_after_the_end_says_the_game_is_over(table: Table) -> None:
    """Issue 32 item 4.2: alice's menu, opened before bob's resignation ended the game, says it is over."""
    await table.started(table.bob)
    hand = await table.open_hand(table.alice)
    assert hand.response is not None
    ask = await table.bob.slash(table.game_channel, "game resign")
    await table.bob.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]
    assert not await table.running()
    picked = await table.alice.select(hand.response, [menu_options(hand.response.message)[0][1]])
    assert replies_ephemeral(picked)
    text = response_text(picked)
    assert "no game running here" not in text and "is over" in text


async def test_item_4_2_a_click_racing_the_end_on_the_board_says_the_game_is_over(table: Table) -> None:
    """Issue 32 item 4.2: a click on the final board before its buttons came off says the game is over."""
    update = await table.started(table.bob)
    board = await table.bot.manager.board_message(update.game_id)
    assert board is not None
    # The edits that take the buttons off fail (the first and the writer's tries after it), as if the click raced
    # them: the buttons stay a while.
    table.env.inject_error("PATCH", f"/channels/{table.game_channel.id}/messages/{board}", **UNAVAILABLE, times=None)
    ask = await table.bob.slash(table.game_channel, "game resign")
    await table.bob.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]
    assert not await table.running()
    clicked = await table.alice.click(message_by_id(table, board), label="My hand")
    assert replies_ephemeral(clicked)
    text = response_text(clicked)
    assert "no game running here" not in text and "is over" in text


async def test_item_4_2_an_abandoned_game_is_said_to_be_abandoned(table: Table) -> None:
    """Issue 32 item 4.2: after the host abandons the game, a command says so rather than "no game running here"."""
    await table.started(table.bob)
    ask = await table.alice.slash(table.game_channel, "game abandon")
    await table.alice.click(ask.response, label="Yes, abandon")  # type: ignore[arg-type]
    result = await table.bob.slash(table.game_channel, "game hand")
    text = response_text(result)
    assert replies_ephemeral(result) and "abandoned" in text and "no game running here" not in text


async def test_item_4_2_a_channel_that_never_had_a_game_still_has_no_game_running(table: Table) -> None:
    """Issue 32 item 4.2: where no game was ever played, the old answer stands."""
    result = await table.alice.slash(table.channel, "game hand")
    assert replies_ephemeral(result) and "There's no game running here" in response_text(result)
