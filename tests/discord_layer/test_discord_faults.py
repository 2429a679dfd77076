"""Discord faults (429s, 5xx, closed DMs, late answers), injected with simcord: each move is kept once, users are told.

simcord replaces discord.py's HTTP client wholesale, so an injected 429 or 5xx reaches the bot as the
`HTTPException` discord.py raises once its own retries are spent: the worst case, which is what these tests play.
Every test then checks the same four things: the move is stored exactly once (its log replays to the stored
state), the user is told, nothing escapes unhandled (no error captured by simcord, no ERROR log line), and the
next move works.
"""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
import simcord

from bot.engine import Update
from bot.ui.presenters import presenter_for
from tests.discord_layer.mexican_table import (
    MexicanTable,
    mexican_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import Table, menu_options, text_of

RATE_LIMITED = {"status": 429, "code": 0, "message": "You are being rate limited."}
UNAVAILABLE = {"status": 503, "code": 0, "message": "Service Unavailable"}
EXPIRED = {"status": 404, "code": 10062, "message": "Unknown interaction"}
DMS_CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


@pytest.fixture(autouse=True)
def all_logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO)
    return caplog


def unhandled(table: Table, caplog: pytest.LogCaptureFixture, cursor: int) -> list[str]:
    """Errors that escaped: captured by simcord since `cursor`, or logged at ERROR (discord.py's "Ignoring…")."""
    captured = [repr(e) for e in table.env.errors_since(cursor)]
    return captured + [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]


async def moves_stored(table: Table, game_id: int) -> int:
    storage = table.bot.storage
    assert storage is not None
    return await storage.action_count(game_id)


async def kept_once(table: Table, before: Update, moves_before: int) -> Update:
    """The fault's move is stored exactly once: one more action, one more version, and the log replays to the state."""
    after = await table.current()
    assert after.version == before.version + 1
    assert await moves_stored(table, after.game_id) == moves_before + 1
    stored, replayed = await table.bot.manager.replayed_state(after.game_id)
    assert stored == replayed
    return after


async def next_move_works(table: Table) -> None:
    """Whoever is awaited now plays through the board's button and menu, and the channel hears of it."""
    update = await table.current()
    mover = table.actor_for(update.to_ping[0])
    posted = len(table.game_channel.history())
    result = await table.play(mover)
    assert result.response is not None and not result.followups, "no apology, no 'saved but…' note"
    assert (await table.current()).version == update.version + 1
    assert len(table.game_channel.history()) > posted


def saved_note(result: simcord.InteractionResult) -> bool:
    return any("Your move is saved" in f.content and f.ephemeral for f in result.followups)


def pinged(table: Table, user: simcord.MemberActor) -> bool:
    """The newest public message pings this user (the line that says whose move it is)."""
    return user.id in [m.id for m in table.game_channel.history()[-1].mentions]


def board_shows(table: Table, update: Update) -> bool:
    """The live board message shows this update's public board."""
    expected = presenter_for(update.game).board_embed(update).to_dict()
    shown = table.with_button("My hand").embeds[0].to_dict()
    return [f["value"] for f in shown.get("fields", [])] == [f["value"] for f in expected.get("fields", [])]


async def test_a_rate_limited_move_line_keeps_the_move_and_the_mover_is_told(
    table: Table, all_logs: pytest.LogCaptureFixture
) -> None:
    await table.started(table.bob)
    before, cursor = await table.current(), table.env.error_cursor
    moves = await moves_stored(table, before.game_id)
    table.env.inject_error("POST", f"/channels/{table.game_channel.id}/messages", **RATE_LIMITED)
    result = await table.play(table.alice)
    after = await kept_once(table, before, moves)
    assert saved_note(result)
    assert after.to_ping == (table.bob.id,)
    assert board_shows(table, after), "the board is still updated when the line before it was refused"
    # /game status posts it again, as the note says.
    await table.alice.slash(table.game_channel, "game status")
    assert board_shows(table, after)
    await next_move_works(table)
    assert unhandled(table, all_logs, cursor) == []


async def test_a_5xx_on_the_board_after_a_move_keeps_the_move_and_the_board_is_tried_again(
    table: Table, all_logs: pytest.LogCaptureFixture
) -> None:
    """The board edit fails once: the line still goes out, and the channel's writer edits the board again after a
    pause (issue 32; before, the board waited for the next move)."""
    await table.started(table.bob, table.carol)
    before, cursor = await table.current(), table.env.error_cursor
    moves = await moves_stored(table, before.game_id)
    table.env.inject_error("PATCH", f"/channels/{table.game_channel.id}/messages/*", **UNAVAILABLE)
    result = await table.play(table.alice)
    after = await kept_once(table, before, moves)
    assert saved_note(result)
    assert pinged(table, table.bob), "the line went out though the board failed"
    await table.env.advance_time(2)
    assert board_shows(table, after), "tried again a second later"
    await next_move_works(table)
    assert board_shows(table, await table.current())
    assert unhandled(table, all_logs, cursor) == []


async def alice_holding_her_hand(table: Table) -> tuple[Update, int, int, simcord.InteractionResult]:
    """A started game with alice's hand open: its state, simcord's error cursor, the moves stored, and the hand."""
    await table.started(table.bob)
    before, cursor = await table.current(), table.env.error_cursor
    moves = await moves_stored(table, before.game_id)
    hand = await table.open_hand(table.alice)
    assert hand.response is not None
    return before, cursor, moves, hand


async def pick_first_move(table: Table, hand: simcord.InteractionResult) -> None:
    assert hand.response is not None
    await table.alice.select(hand.response, [menu_options(hand.response.message)[0][1]])


async def test_a_move_whose_private_reply_fails_still_reaches_the_channel(
    table: Table, all_logs: pytest.LogCaptureFixture
) -> None:
    before, cursor, moves, hand = await alice_holding_her_hand(table)
    # The click was acknowledged in time, then Discord refused the private reply that follows it.
    table.env.inject_error("*", "/webhooks/*", status=404, code=10015, message="Unknown Webhook", times=None)
    await pick_first_move(table, hand)
    table.env.backend.faults.clear()  # simcord has no public "stop injecting"; later interactions are on time
    after = await kept_once(table, before, moves)
    assert pinged(table, table.bob), "the channel hears of the move and bob is told it is his"
    assert "alice" in text_of(table.game_channel.history()[-1])
    assert board_shows(table, after)
    await next_move_works(table)
    assert unhandled(table, all_logs, cursor) == []


async def test_a_move_answered_too_late_is_not_made_and_the_next_click_works(
    table: Table, all_logs: pytest.LogCaptureFixture
) -> None:
    """The acknowledgement comes first: when its 3 seconds have passed the player saw a failure, so nothing moves."""
    before, cursor, moves, hand = await alice_holding_her_hand(table)
    table.env.inject_error("POST", "/interactions/*/*/callback", **EXPIRED, times=None)
    await pick_first_move(table, hand)
    table.env.backend.faults.clear()
    assert (await table.current()).version == before.version
    assert await moves_stored(table, before.game_id) == moves
    assert any("interaction expired" in r.getMessage() for r in all_logs.records)
    await next_move_works(table)
    assert unhandled(table, all_logs, cursor) == []


async def test_a_click_answered_too_late_changes_nothing_and_the_next_click_works(
    table: Table, all_logs: pytest.LogCaptureFixture
) -> None:
    await table.started(table.bob)
    before, cursor = await table.current(), table.env.error_cursor
    table.env.inject_error("POST", "/interactions/*/*/callback", **EXPIRED, times=None)
    late = await table.open_hand(table.alice)
    table.env.backend.faults.clear()
    assert late.response is None
    assert (await table.current()).version == before.version
    assert any("interaction expired" in r.getMessage() for r in all_logs.records)
    await next_move_works(table)
    assert unhandled(table, all_logs, cursor) == []


async def test_a_failed_dm_at_the_deal_is_announced_without_the_secret(
    table: Table, all_logs: pytest.LogCaptureFixture
) -> None:
    table.env.inject_error("POST", f"/channels/{table.bob.user.dm_channel.id}/messages", **UNAVAILABLE)
    cursor = table.env.error_cursor
    await table.started(table.bob)
    notices = [m for m in table.game_channel.history() if "couldn't send **bob** their private view" in m.content]
    assert len(notices) == 1 and "My hand" in notices[0].content
    bob_hand = (await table.current(table.bob)).actor_view["private"]["hand"]  # type: ignore[index]
    assert all(str(card) not in notices[0].content for card in bob_hand)
    assert not await table.bot.manager.dms_closed(table.bob.id), "a 5xx is not a refusal: DMs are tried next time"
    stored, replayed = await table.bot.manager.replayed_state((await table.current()).game_id)
    assert stored == replayed
    await next_move_works(table)
    await next_move_works(table)  # bob, whose DM failed
    assert unhandled(table, all_logs, cursor) == []


async def test_closed_dms_when_mexican_train_deals_leave_the_game_right_and_playable(
    mexican: MexicanTable, text_only: None, all_logs: pytest.LogCaptureFixture
) -> None:
    mexican.env.inject_error("POST", f"/channels/{mexican.bob.user.dm_channel.id}/messages", **DMS_CLOSED, times=None)
    cursor = mexican.env.error_cursor
    update = await mexican.started(mexican.bob)
    notices = [m for m in mexican.game_channel.history() if "can't send **bob** direct messages" in m.content]
    assert len(notices) == 1
    assert mexican.bob.user.dm_channel.history() == [] and len(mexican.alice.user.dm_channel.history()) == 1
    stored, replayed = await mexican.bot.manager.replayed_state(update.game_id)
    assert stored == replayed
    for _ in range(4):  # both players, bob included, play on through the menus
        moves = await moves_stored(mexican, update.game_id)
        before = await mexican.current()
        await mexican.step(menu=True)
        await kept_once(mexican, before, moves)
    assert unhandled(mexican, all_logs, cursor) == []


async def test_a_slash_command_move_whose_reply_fails_still_reaches_the_channel(
    mexican: MexicanTable, text_only: None, all_logs: pytest.LogCaptureFixture
) -> None:
    update = await mexican.started(mexican.bob)
    cursor = mexican.env.error_cursor
    moves = await moves_stored(mexican, update.game_id)
    before = await mexican.current()
    mover = await mexican.turn_actor()
    posted = len(mexican.game_channel.history())
    # The defer went through; the private reply after the move is refused.
    mexican.env.inject_error("POST", "/webhooks/*", **UNAVAILABLE)
    await mexican.command(mover, (await mexican.view(mover))["legal"][0]["token"])
    await kept_once(mexican, before, moves)
    assert len(mexican.game_channel.history()) > posted, "the move's line reached the channel"
    await mexican.step()
    assert unhandled(mexican, all_logs, cursor) == []


async def test_a_slash_command_move_deferred_too_late_stores_nothing_and_can_be_retried(
    mexican: MexicanTable, text_only: None, all_logs: pytest.LogCaptureFixture
) -> None:
    update = await mexican.started(mexican.bob)
    moves = await moves_stored(mexican, update.game_id)
    before = await mexican.current()
    mover = await mexican.turn_actor()
    token = (await mexican.view(mover))["legal"][0]["token"]
    mexican.env.inject_error("POST", "/interactions/*/*/callback", **EXPIRED)
    cursor = mexican.env.error_cursor
    await mexican.command(mover, token)
    assert (await mexican.current()).version == before.version
    assert await moves_stored(mexican, update.game_id) == moves
    # simcord records every error reaching the command tree, even one the bot handles: here the expiry, only it.
    assert [getattr(getattr(e, "original", e), "code", None) for e in mexican.env.errors_since(cursor)] == [10062]
    assert mexican.env.errors  # acknowledged: the expiry is the injected fault, handled with a warning
    assert [r for r in all_logs.records if r.levelno >= logging.ERROR] == []
    await mexican.command(mover, token)
    await kept_once(mexican, before, moves)


async def test_discord_py_itself_waits_out_a_429_and_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why a one-off 429 never reaches the bot in production: discord.py's own client sleeps retry_after and retries.

    simcord bypasses that client, so this runs discord.py's real one against a local HTTP server playing Discord.
    """
    import discord
    from aiohttp import web

    sends: list[float] = []

    def as_discord(body: dict[str, object], status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
        # discord.py parses a body as JSON only under exactly this content type, as Discord sends it.
        return web.Response(
            body=json.dumps(body).encode(),
            status=status,
            headers={"Content-Type": "application/json", **(headers or {})},
        )

    async def me(_request: web.Request) -> web.Response:
        return as_discord({"id": "1", "username": "bot", "discriminator": "0", "avatar": None})

    async def send(_request: web.Request) -> web.Response:
        sends.append(asyncio.get_running_loop().time())
        if len(sends) == 1:
            body = {"message": "You are being rate limited.", "retry_after": 0.2, "global": False}
            return as_discord(body, status=429, headers={"Via": "1.1 google"})  # no Via: a Cloudflare ban, not retried
        return as_discord({"id": "2", "content": "hello"})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_post("/api/v10/channels/{channel_id}/messages", send)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        await http.static_login("token")
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=5)
        sent = await http.request(route, json={"content": "hello"})
    finally:
        await http.close()
        await runner.cleanup()
    assert sent["id"] == "2" and len(sends) == 2
    assert sends[1] - sends[0] >= 0.2
