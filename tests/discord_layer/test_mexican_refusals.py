"""Refused /mexican commands: a private reply with the reason, and nothing changes in the game or the channel.

Seed 7: alice (seat 0) opens on the 4-4 engine holding 4-0, 4-1, 4-3 and 12-0 but not 12-12; bob holds 5-4.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from tests.discord_layer.mexican_table import (
    MexicanTable,
    message_with_button,
    mexican_fixture,  # noqa: F401
    prefer_double,
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import response_text


async def refused(
    table: MexicanTable, actor: simcord.MemberActor, command: str, reason: str | tuple[str, ...], **options: Any
) -> None:
    """`/mexican <command>` is answered privately with `reason` (or all these parts of it); nothing else changes."""
    before = await table.current()
    seen = table.seen()
    board_before = table.board_text()
    result = await table.mexican(actor, command, **options)
    assert result.ephemeral, "a refusal is private"
    said = response_text(result)
    assert all(part in said for part in ((reason,) if isinstance(reason, str) else reason)), said
    after = await table.current()
    assert after.version == before.version
    assert after.public == before.public
    assert table.since(seen) == [], "a refusal posts nothing in the channel"
    assert table.board_text() == board_before


CASES: list[tuple[str, str, dict[str, str], str | tuple[str, ...]]] = [
    ("alice", "play", {"tile": "12-12", "train": "mine"}, "You don't have 12-12 in your hand."),
    ("alice", "play", {"tile": "12-12"}, "You don't have 12-12 in your hand."),
    ("alice", "play", {"tile": "banana"}, "`banana` isn't a domino — write it like `12-5`."),
    ("alice", "play", {"tile": "13-4", "train": "mine"}, "isn't a domino"),
    ("alice", "play", {"tile": "12-0", "train": "mine"}, ("12-0 doesn't fit", "open end is 4")),
    ("alice", "play", {"tile": "12-0"}, ("12-0 doesn't fit", "open end is 4")),
    ("alice", "play", {"tile": "4-0", "train": "@bob's train"}, "bob's train is closed"),
    ("alice", "play", {"tile": "4-0", "train": "bob"}, "bob's train is closed"),
    ("alice", "play", {"tile": "4-0", "train": "nowhere"}, "There's no train called “nowhere”."),
    ("bob", "play", {"tile": "5-4", "train": "mine"}, "It's not your turn — waiting for alice."),
    ("bob", "draw", {}, "It's not your turn — waiting for alice."),
    ("alice", "draw", {}, "You have a tile you can play, so you must play it."),
    ("alice", "knock", {}, "Only a player who just played down to their last tile can knock"),
    ("alice", "catch", {}, "There's nobody to catch"),
    ("carol", "play", {"tile": "4-0", "train": "mine"}, "You're not playing in this game."),
    ("carol", "draw", {}, "You're not playing in this game."),
]


@pytest.mark.parametrize(
    ("who", "command", "options", "reason"), CASES, ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)]
)
async def test_refusals_at_the_start(
    mexican: MexicanTable, who: str, command: str, options: dict[str, Any], reason: str | tuple[str, ...]
) -> None:
    await mexican.started(mexican.bob)
    assert [4, 0] in await mexican.hand(mexican.alice) and [12, 12] not in await mexican.hand(mexican.alice)
    await refused(mexican, getattr(mexican, who), command, reason, **options)


async def test_done_without_a_fast_start_says_what_done_is_for(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)  # fast_start is off
    await refused(mexican, mexican.alice, "done", "`done` ends a fast start")


async def test_the_mexican_train_cannot_be_started_twice(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    await mexican.mexican(mexican.alice, "play", tile="4-1", train="start mexican")
    await mexican.mexican(mexican.bob, "play", tile="5-4", train="mine")
    await refused(mexican, mexican.alice, "play", "already started", tile="4-3", train="start mexican")
    await refused(mexican, mexican.alice, "play", ("4-3 doesn't fit", "open end is 1"), tile="4-3",
                  train="mexican")  # fmt: skip


async def test_a_waiting_double_refuses_play_elsewhere(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    board = await mexican.play_until(lambda b: b["double"] is not None, prefer=prefer_double)
    waiting = await mexican.turn_actor()
    value = board["double"]["value"]
    view = await mexican.view(waiting)
    elsewhere = next((t for t in await mexican.hand(waiting) if value not in t), None)
    assert elsewhere is not None
    own = "mine" if board["double"]["train"] != view["private"]["seat"] else "mexican"
    tile = f"{elsewhere[0]}-{elsewhere[1]}"
    await refused(mexican, waiting, "play", f"The double {value}-{value} must be covered first", tile=tile, train=own)


async def test_outside_a_game_and_before_the_start(mexican: MexicanTable) -> None:
    result = await mexican.alice.slash(mexican.channel, "mexican draw")
    assert result.ephemeral and "There's no game running here" in response_text(result)
    await mexican.open_lobby()
    lobby = await mexican.mexican(mexican.alice, "play", tile="4-0", train="mine")
    assert lobby.ephemeral and "hasn't started yet" in response_text(lobby)
    assert mexican.channel.history()[-1].content.startswith("**alice** opened a Mexican Train lobby")


async def test_in_a_channel_playing_another_game(mexican: MexicanTable) -> None:
    await mexican.alice.slash(mexican.channel, "game new", game="relay", options="rounds=1")
    relay = mexican.channel.threads[-1]
    await mexican.bob.click(message_with_button(relay, "Join"), label="Join")
    await mexican.alice.click(message_with_button(relay, "Join"), label="Start")
    version = (await mexican.bot.manager.current(relay.id)).version
    result = await mexican.alice.slash(relay, "mexican play", tile="4-0", train="mine")
    assert result.ephemeral and "This channel's game is Relay (test game), not Mexican Train." in response_text(result)
    assert (await mexican.bot.manager.current(relay.id)).version == version


@pytest.mark.usefixtures("text_only")
async def test_a_late_catch_says_there_is_nobody_to_catch(mexican: MexicanTable) -> None:
    """After the next player moved, the chance to catch is gone: the reply should say so, not talk of turns."""
    await mexican.started(mexican.bob, options="last_tile=manual")
    await mexican.play_until(lambda b: b["knock"] is not None)
    board = await mexican.play_until(lambda b: b["knock"] is None)  # the next player moved on: no catching now
    update = await mexican.current()
    not_turn = mexican.actor_for(next(s.user_id for s in update.seats if s.seat != board["turn"]))
    await refused(mexican, not_turn, "catch", "nobody to catch")
