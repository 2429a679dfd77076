"""Playing through the board's buttons and menus: turns, stale or doubled clicks, restarts, the end."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.engine import StaleClick
from bot.ui import flows
from bot.ui.presenters import UNSTAMPED
from tests.discord_layer.conftest import make_bot
from tests.discord_layer.table import Table, menu_options, replies_ephemeral, response_text, text_of


async def test_my_hand_is_private_and_offers_only_legal_moves(table: Table) -> None:
    await table.started(table.bob)
    hand = await table.open_hand(table.alice)
    assert hand.ephemeral
    own = (await table.current(table.alice)).actor_view
    assert own is not None
    assert [label for label, _ in menu_options(hand.response.message)] == [m["label"] for m in own["legal"]]  # type: ignore[union-attr]


async def test_a_move_is_stored_before_the_reply_and_passes_the_turn(table: Table) -> None:
    await table.started(table.bob)
    await table.play(table.alice)
    update = await table.current()
    assert update.to_ping == (table.bob.id,)
    assert "alice plays" in table.game_channel.history()[-1].content or any(
        "alice plays" in m.content for m in table.game_channel.history()
    )
    assert "Waiting for: **bob**" in text_of(table.with_button("My hand"))


async def test_not_your_turn_is_refused_and_changes_nothing(table: Table) -> None:
    await table.started(table.bob)
    hand = await table.open_hand(table.bob)
    assert menu_options(hand.response.message) == []  # type: ignore[union-attr]
    before = await table.current()
    await table.play(table.alice)
    # bob's menu now exists; alice tries to move again with a stale menu of her own.
    alice_hand = await table.open_hand(table.alice)
    assert menu_options(alice_hand.response.message) == []  # type: ignore[union-attr]
    after = await table.current()
    assert after.version == before.version + 1


async def test_a_menu_used_twice_is_refused_as_stale(table: Table) -> None:
    await table.started(table.bob)
    hand = await table.open_hand(table.alice)
    older = await table.open_hand(table.alice)
    first, second = menu_options(hand.response.message)[:2]  # type: ignore[union-attr]
    await table.alice.select(hand.response, [first[1]])
    version = (await table.current()).version
    again = await table.alice.select(older.response, [second[1]])
    assert replies_ephemeral(again) and "moved on" in response_text(again)
    assert (await table.current()).version == version


async def test_someone_not_in_the_game_cannot_see_a_hand_or_move(table: Table) -> None:
    await table.started(table.bob)
    refused = await table.open_hand(table.carol)
    assert refused.ephemeral and "not playing" in refused.response.content  # type: ignore[union-attr]
    hand = await table.open_hand(table.alice)
    version = (await table.current()).version
    forged = await table.carol.click(table.with_button("My hand"), label="My hand")
    assert forged.ephemeral
    assert hand.response is not None and (await table.current()).version == version


async def test_buttons_and_menus_from_before_a_restart_keep_working(table: Table, database: Path) -> None:
    await table.started(table.bob)
    hand = await table.open_hand(table.alice)
    old_board = table.with_button("My hand")
    await table.env.restart_bot(make_bot(database))
    label, value = menu_options(hand.response.message)[0]  # type: ignore[union-attr]
    await table.alice.select(hand.response, [value])
    assert any(f"alice {label}" in m.content for m in table.game_channel.history())
    bob_hand = await table.bob.click(old_board, label="My hand")
    assert bob_hand.ephemeral and menu_options(bob_hand.response.message)  # type: ignore[union-attr]


async def test_pings_mention_only_the_players_who_must_act(table: Table) -> None:
    await table.started(table.bob, table.carol)
    await table.play(table.alice)
    sends = [r for r in table.env.http_requests if r.method == "POST" and r.json and "allowed_mentions" in r.json]
    pinging = [r for r in sends if "your move" in (r.json.get("content") or "")]
    assert pinging
    last = pinging[-1].json["allowed_mentions"]
    assert last["parse"] == []
    assert [int(user) for user in last["users"]] == [table.bob.id]


async def test_a_full_game_ends_with_results_and_the_board_closes(table: Table) -> None:
    await table.started(table.bob)
    await table.play_to_the_end()
    messages = table.game_channel.history()
    results = [m for m in messages if m.embeds and "results" in (m.embeds[0].title or "")]
    assert results, "a results embed is posted"
    assert "Ranking" in text_of(results[-1])
    assert await table.bot.manager.lobby(table.game_channel.id) is None
    board = [m for m in messages if m.embeds and m.embeds[0].title == "Relay (test game)"][-1]
    assert "Game over" in text_of(board) and not board.components


async def test_a_deleted_board_is_posted_again_on_the_next_move(table: Table) -> None:
    update = await table.started(table.bob)
    old_board = table.with_button("My hand")
    await table.env.bot.http.delete_message(table.game_channel.id, old_board.id)
    hand = await table.alice.slash(table.game_channel, "game hand")
    await table.alice.select(hand.response, [menu_options(hand.response.message)[0][1]])  # type: ignore[union-attr]
    new_board = await table.bot.manager.board_message(update.game_id)
    assert new_board is not None and new_board != old_board.id
    assert "Waiting for: **bob**" in text_of(table.with_button("My hand"))


async def test_an_unstamped_click_is_stale_in_a_game_whose_clicks_carry_their_board(table: Table) -> None:
    """A forged menu or button without a board version can't slip past the stale check of a stamped game."""
    await table.started(table.bob)
    manager = table.bot.manager
    update = await table.current()
    assert await flows.engine_version(manager, table.game_channel.id, update.version) == update.version
    with pytest.raises(StaleClick):
        await flows.engine_version(manager, table.game_channel.id, UNSTAMPED)


def view_timers() -> list[asyncio.Task[object]]:
    """discord.py's waits for a sent view to time out (one per ephemeral view it keeps)."""
    return [t for t in asyncio.all_tasks() if "timeout_task_impl" in t.get_coro().__qualname__]  # type: ignore[union-attr]


async def test_private_views_leave_nothing_behind_and_their_menus_still_work(table: Table) -> None:
    """Every control is found by its custom_id: the bot keeps no view, nor a 15-minute wait, per message it sends."""
    await table.started(table.bob)
    hands = [await table.open_hand(player) for player in (table.alice, table.bob, table.alice)]
    assert all(hand.ephemeral for hand in hands)
    assert view_timers() == []
    label, value = menu_options(hands[-1].response.message)[0]  # type: ignore[union-attr]
    await table.alice.select(hands[-1].response, [value])
    assert any(f"alice {label}" in m.content for m in table.game_channel.history())
    assert view_timers() == []


def answers_to(table: Table, result: simcord.InteractionResult) -> list[tuple[str, dict[str, Any]]]:
    """The REST calls answering one interaction, in order: its callback, then edits and follow-ups on its token."""
    token = str(result._interaction.token)  # simcord keeps the token only on its record
    return [(r.method, r.json or {}) for r in table.env.http_requests if token in r.path]


def attaches_png(body: dict[str, Any]) -> bool:
    return any(str(f.get("filename", "")).endswith(".png") for f in body.get("attachments") or [])


async def test_a_private_reply_is_acknowledged_before_its_picture_is_drawn(table: Table) -> None:
    """Issue 18: the callback is a private defer with no picture; the picture follows in the same private reply."""
    await table.started(table.bob)
    hand = await table.open_hand(table.alice)
    (_, ack), *rest = answers_to(table, hand)
    assert ack == {"type": 5, "data": {"flags": 64}}, "a private 'thinking…' first, never a public one"
    assert [m for m, _body in rest] == ["POST"] and attaches_png(rest[0][1])
    assert replies_ephemeral(hand)
    label, value = menu_options(hand.response.message)[0]  # type: ignore[union-attr]
    picked = await table.alice.select(hand.response, [value])  # type: ignore[arg-type]
    (_, ack), *rest = answers_to(table, picked)
    assert ack == {"type": 6}, "the pick's own ephemeral message is updated in place, after the acknowledgement"
    assert [m for m, _body in rest] == ["PATCH"] and attaches_png(rest[0][1])
    assert label in response_text(picked) or any(f"alice {label}" in m.content for m in table.game_channel.history())
