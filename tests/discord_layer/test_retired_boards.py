"""`/game status` posts the board (or lobby) anew: the message it replaces is retired, its buttons gone (issue 17)."""

from __future__ import annotations

import logging

import discord
import pytest

from tests.discord_layer.table import Table, labels

UNAVAILABLE = {"status": 503, "code": 0, "message": "Service Unavailable"}


def message_by_id(table: Table, message_id: int) -> discord.Message:
    return next(m for m in table.game_channel.history() if m.id == message_id)


async def test_game_status_retires_the_board_it_replaces(table: Table) -> None:
    """Issue 17 item 20: the old board keeps no buttons; the new one has them all."""
    update = await table.started(table.bob)
    old = await table.bot.manager.board_message(update.game_id)
    assert old is not None and labels(message_by_id(table, old))
    await table.bob.slash(table.game_channel, "game status")
    new = await table.bot.manager.board_message(update.game_id)
    assert new != old
    assert labels(message_by_id(table, old)) == []
    assert "My hand" in labels(message_by_id(table, new))


async def test_game_status_retires_the_lobby_message_it_replaces(table: Table) -> None:
    """Issue 17 item 20: the first lobby message keeps no Join/Start once /game status posted the lobby again."""
    await table.open_lobby()
    first = table.lobby_message()
    await table.bob.slash(table.game_channel, "game status")
    assert labels(message_by_id(table, first.id)) == []
    await table.bob.click(table.lobby_message(), label="Join")
    lobby = await table.bot.manager.lobby(table.game_channel.id)
    assert lobby is not None and [p.user_id for p in lobby.players] == [table.alice.id, table.bob.id]


async def test_click_on_a_lobby_message_that_could_not_be_retired(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 17 item 20: when the retiring edit failed, the old lobby's Join says it is out of date and joins nobody."""
    caplog.set_level(logging.INFO)
    await table.open_lobby()
    first = table.lobby_message()
    table.env.inject_error("PATCH", f"/channels/{table.game_channel.id}/messages/{first.id}", **UNAVAILABLE)
    await table.bob.slash(table.game_channel, "game status")
    assert "Join" in labels(message_by_id(table, first.id)), "the injected failure kept the old buttons"
    result = await table.bob.click(message_by_id(table, first.id), label="Join")
    assert result.response is not None and result.ephemeral
    assert "out of date" in result.response.content
    lobby = await table.bot.manager.lobby(table.game_channel.id)
    assert lobby is not None and [p.user_id for p in lobby.players] == [table.alice.id]
    assert labels(message_by_id(table, first.id)) == [], "retired on that click"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
