"""Hidden information: hands go only to their owners (DM or ephemeral); closed DMs are handled once."""

from __future__ import annotations

import logging
import re

import pytest

from bot.logs import configure_logging
from tests.discord_layer.table import Table, hand_shown, text_of


async def test_each_player_is_dealt_their_own_hand_by_dm(table: Table) -> None:
    await table.started(table.bob)
    for actor in (table.alice, table.bob):
        view = (await table.current(actor)).actor_view
        assert view is not None
        dms = actor.user.dm_channel.history()
        assert len(dms) == 1
        assert hand_shown(dms[0]) == ", ".join(str(c) for c in view["private"]["hand"])
    assert table.carol.user.dm_channel.history() == []


async def test_no_public_message_or_log_shows_a_hand_or_a_secret_bid(table: Table) -> None:
    await table.started(table.bob, table.carol, options="rounds=2")
    await table.play_to_the_end()
    for message in table.public_messages():
        assert hand_shown(message) is None, text_of(message)
        assert not re.search(r"\bbid \d", text_of(message)), text_of(message)
    for actor in (table.alice, table.bob, table.carol):
        for message in table.game_channel.history(viewer=actor):
            if message.flags.ephemeral:
                assert message.interaction_metadata is not None
                assert message.interaction_metadata.user.id == actor.id


async def test_public_images_are_drawn_from_the_public_view_only(table: Table) -> None:
    await table.started(table.bob)
    board = table.with_button("My hand")
    hand = await table.open_hand(table.alice)
    public_png = await board.attachments[0].read()
    private_png = await hand.response.attachments[0].read()  # type: ignore[union-attr]
    from rendering import render_png

    public_view = (await table.current()).public
    assert public_png == render_png("relay", public_view)
    assert private_png != public_png


async def test_closed_dms_are_announced_once_without_the_secret_and_not_retried(table: Table) -> None:
    dm = table.bob.user.dm_channel
    table.env.inject_error(
        "POST", f"/channels/{dm.id}/messages", status=403, code=50007, message="Cannot send messages to this user",
        times=None,
    )  # fmt: skip
    await table.started(table.bob)
    notices = [m for m in table.game_channel.history() if "can't send **bob** direct messages" in m.content]
    assert len(notices) == 1
    assert hand_shown(notices[0]) is None and "My hand" in notices[0].content
    assert await table.bot.manager.dms_closed(table.bob.id)
    own = await table.bob.click(table.with_button("My hand"), label="My hand")
    assert own.ephemeral and hand_shown(own.response.message) is not None  # type: ignore[union-attr]
    attempts = len([r for r in table.env.http_requests if r.path == f"/channels/{dm.id}/messages"])
    await table.play_to_the_end()
    await table.started(table.bob)  # a second game deals bob a new hand: no new attempt
    assert len([r for r in table.env.http_requests if r.path == f"/channels/{dm.id}/messages"]) == attempts


async def test_item31_every_game_says_once_where_the_private_view_of_a_player_without_dms_is(table: Table) -> None:
    dm = table.bob.user.dm_channel
    table.env.inject_error(
        "POST", f"/channels/{dm.id}/messages", status=403, code=50007, message="Cannot send messages to this user",
        times=None,
    )  # fmt: skip
    await table.started(table.bob, options="rounds=2")
    first = table.game_channel
    await table.play_to_the_end()
    await table.started(table.bob, table.carol, options="rounds=2")  # a new game, in its own thread
    assert table.game_channel != first
    await table.play_to_the_end()
    notices = [m for m in table.game_channel.history() if "direct messages" in m.content]
    assert [m.content for m in notices] == [
        "**bob** gets no direct messages from me: their private view is always behind **My hand**."
    ]
    assert hand_shown(notices[0]) is None and carol_told_nothing(table)
    (closed,) = [m.content for m in first.history() if "direct messages" in m.content]
    assert closed.startswith("I can't send **bob**"), "the first game says once that bob's DMs are closed"


def carol_told_nothing(table: Table) -> bool:
    """carol's DMs are open: no notice names her."""
    return not any("carol" in m.content and "direct messages" in m.content for m in table.public_messages())


async def test_a_failed_public_send_keeps_the_move_and_tells_the_player(table: Table) -> None:
    await table.started(table.bob)
    table.env.inject_error("POST", f"/channels/{table.game_channel.id}/messages", status=500)
    result = await table.play(table.alice)
    update = await table.current()
    assert update.to_ping == (table.bob.id,), "the move was committed before any delivery"
    assert any("Your move is saved" in f.content and f.ephemeral for f in result.followups)
    assert (await table.current()).version == update.version


async def test_log_lines_never_carry_hands_or_bids(table: Table, caplog: pytest.LogCaptureFixture) -> None:
    configure_logging("debug")  # the bot's own set-up, at its most talkative
    caplog.set_level(logging.DEBUG)
    await table.started(table.bob, table.carol, options="rounds=2")
    hands = {a.id: (await table.current(a)).actor_view["private"]["hand"] for a in (table.alice, table.bob)}  # type: ignore[index]
    await table.play_to_the_end()
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert "accepted" in text
    for hand in hands.values():
        assert str(hand) not in text and ", ".join(map(str, hand)) not in text
    assert '"bid"' not in text and "bid," not in text and "hand" not in text.lower().replace("my hand", "")
