"""Issue 32: what a channel shows follows what was saved, whatever the interleaving, delays and failed requests.

simcord delivers one interaction at a time, so these drive the engine's entry points (skips, moves, `/game status`'s
repost) at once with asyncio.gather, the way the cogs call them, with pictures drawn slowly at random, senders late
at random and Discord refusing requests (404, 429) at random: hypothesis picks them. After every run the channel
holds exactly one message with live controls, showing the newest version; the lines read in the order they were
saved; and no board was ever edited back to an older version.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import Iterator
from typing import Any

import discord
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rendering
from bot.engine import Player, Update
from bot.games.base import Action, IllegalAction
from bot.ui import delivery
from tests.discord_layer.channel_rules import check_channel, wait_quiet
from tests.discord_layer.table import Table
from tests.support.relay_render import render_relay

CHANNELS = itertools.count(1)

Faults = list[tuple[str, int]]


class SlowPictures:
    """The relay renderer, each picture taking the next of some delays (a busy picture worker)."""

    def __init__(self, delays: list[float]) -> None:
        self.delays = delays or [0.0]
        self.drawn = 0

    def __call__(self, view: dict[str, Any], names: Any = ()) -> Any:
        time.sleep(self.delays[self.drawn % len(self.delays)])
        self.drawn += 1
        return render_relay(view, names)


@contextlib.contextmanager
def drawn_by(renderer: Any) -> Iterator[None]:
    before = rendering.RENDERERS["relay"]
    rendering.RENDERERS["relay"] = renderer
    try:
        yield
    finally:
        rendering.RENDERERS["relay"] = before


async def fresh_game(table: Table, rounds: int = 3) -> Update:
    """A new relay game of alice, bob and carol in a channel of its own (one per hypothesis example).

    The timer scan is stopped: timers are not under test here, and the wake-ups that changes made outside a simcord
    operation arm are a wait simcord can't place (it would never call the bot settled).
    """
    table.bot.scheduler.stop()
    table.channel = table.guild.create_text_channel(f"games-{next(CHANNELS)}")
    table.game_channel = table.channel
    return await table.started(table.bob, table.carol, options=f"rounds={rounds}")


def fault_paths(table: Table, faults: Faults) -> None:
    for method, status in faults:
        table.env.inject_error(
            method, f"/channels/{table.game_channel.id}/messages*", status=status, code=0, message="injected"
        )


async def changed(table: Table, what: str, pause: float, saved: list[Update]) -> None:
    """One change through the engine, handed to the channel's writer after `pause` (a late sender), as a cog does."""
    manager, channel_id = table.bot.manager, table.game_channel.id
    moderator = Player(table.alice.id, "alice")
    try:
        if what == "skip":
            update = await manager.skip(channel_id, moderator, moderator=True)
        elif what == "move":
            current = await manager.current(channel_id)
            mine = await manager.current(channel_id, current.to_ping[0])
            assert mine.actor_view is not None
            token = str(mine.actor_view["legal"][0]["token"])
            update = await manager.act(channel_id, current.to_ping[0], Action.from_token(token))
        else:
            update = await manager.current(channel_id)
    except IllegalAction:
        return  # refused (the game moved on, or ended): nothing changed
    saved.append(update)
    await asyncio.sleep(pause)
    with contextlib.suppress(discord.HTTPException):  # Discord refused: what matters is what the channel shows
        if what == "status":
            channel = await delivery.channel_of(table.bot, channel_id)
            await delivery.repost(table.bot, update, lambda kwargs: channel.send(**kwargs))
        else:
            await delivery.deliver(table.bot, update)


CHANGES = st.lists(
    st.tuples(st.sampled_from(["skip", "skip", "move", "status"]), st.sampled_from([0.0, 0.0, 0.005, 0.03])),
    min_size=2,
    max_size=8,
)
DELAYS = st.lists(st.sampled_from([0.0, 0.002, 0.02, 0.05]), max_size=6)
FAULTS = st.lists(st.tuples(st.sampled_from(["PATCH", "DELETE", "POST"]), st.sampled_from([429, 500])), max_size=3)
# A 404 Discord gives for a message that is still there: one, alone. (With a second refusal for the same board,
# no client could tell it from a board a moderator deleted, which `moderator_deletes_the_board` covers.)
LIES = st.lists(st.tuples(st.sampled_from(["PATCH", "DELETE"]), st.just(404)), max_size=1)
DELETED = st.none() | st.sampled_from([0.0, 0.005, 0.03])
"""When a moderator deletes the board during the burst (after that many seconds), if one does."""


async def moderator_deletes_the_board(table: Table, after: float | None) -> None:
    """A moderator deletes the board message: every edit of it gets a real 404 from then on."""
    if after is None:
        return
    await asyncio.sleep(after)
    board = await table.bot.manager.board_message((await table.current()).game_id)
    if board is not None:
        with contextlib.suppress(Exception):  # already replaced and deleted by the bot
            table.env.backend.delete_message(table.game_channel.id, board)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=CHANGES, delays=DELAYS, faults=FAULTS, lies=LIES, deleted=DELETED)
# Found by hypothesis: `/game status` retired the old board, Discord refused the copy twice, and no board was live.
@example(
    changes=[("skip", 0.0), ("status", 0.005)], delays=[], faults=[("POST", 429), ("POST", 429)], lies=[], deleted=None
)
async def test_changes_at_once_leave_one_live_board_with_the_newest_state_and_lines_in_order(
    table: Table,
    changes: list[tuple[str, float]],
    delays: list[float],
    faults: Faults,
    lies: Faults,
    deleted: float | None,
) -> None:
    """Issue 32 item 1: skips, moves and `/game status` at once, pictures slow, senders late, requests refused,
    the board deleted by a moderator."""
    start = await fresh_game(table)
    first_message, first_request = table.game_channel.history()[-1].id, len(table.env.http_requests)
    saved = [start]
    with drawn_by(SlowPictures(delays)):
        fault_paths(table, lies or faults)
        await asyncio.gather(
            moderator_deletes_the_board(table, deleted),
            *(changed(table, what, pause, saved) for what, pause in changes),
        )
        table.env.backend.faults.clear()
        await wait_quiet(table)
        await table.env.advance_time(60)  # a board Discord refused is tried again after a pause
        await wait_quiet(table)
        if deleted is not None:
            # Deleted after the last change, the board is gone until the next one (at most one live board, then
            # none): the next change brings it back.
            await changed(table, "skip", 0.0, saved)
            await wait_quiet(table)
    await check_channel(table, first_message, first_request, saved)


async def test_twenty_back_to_back_skips_leave_one_board_with_the_latest_state(table: Table) -> None:
    """Issue 32, done when: twenty `/game skip` by a moderator at once (the 50 ms apart of the report, and less)
    leave one live board showing the newest state, and the lines in the order the skips were saved."""
    start = await fresh_game(table, rounds=6)
    first_message, first_request = table.game_channel.history()[-1].id, len(table.env.http_requests)
    saved = [start]
    with drawn_by(SlowPictures([0.05, 0.0, 0.02])):
        await asyncio.gather(*(changed(table, "skip", 0.05 * (i % 4), saved) for i in range(20)))
        await wait_quiet(table)
    assert len(saved) == 21, "every skip was saved"
    await check_channel(table, first_message, first_request, saved)


async def test_the_start_ping_follows_the_board_it_points_to(table: Table) -> None:
    """Issue 32 item 4.6: "— your move." came about a second before the board with the buttons it points to."""
    await table.started(table.bob, table.carol)
    history = table.game_channel.history()
    board = next(i for i, m in enumerate(history) if any(getattr(r, "children", []) for r in m.components))
    ping = next(i for i, m in enumerate(history) if "— your move." in m.content)
    assert board < ping, "the board with its buttons first, then the line that pings"


class CountedBoards(SlowPictures):
    """Slow pictures that count the boards drawn (the public view: no private part)."""

    def __init__(self, delay: float) -> None:
        super().__init__([delay])
        self.boards = 0

    def __call__(self, view: dict[str, Any], names: Any = ()) -> Any:
        if view.get("private") is None:
            self.boards += 1
        return super().__call__(view, names)


async def test_a_board_superseded_before_it_is_drawn_is_never_drawn(table: Table) -> None:
    """Issue 32 item 1: three changes reach the writer at once; the first board may be under way already, the
    second is superseded before its turn and never drawn, and the channel shows the third."""
    start = await fresh_game(table, rounds=6)
    first_message, first_request = table.game_channel.history()[-1].id, len(table.env.http_requests)
    manager, channel_id = table.bot.manager, table.game_channel.id
    moderator = Player(table.alice.id, "alice")
    updates = [await manager.skip(channel_id, moderator, moderator=True) for _ in range(3)]
    pictures = CountedBoards(0.2)
    with drawn_by(pictures):
        await asyncio.gather(*(delivery.deliver(table.bot, u) for u in updates))
    assert pictures.boards <= 2, f"{pictures.boards} boards drawn for 3 changes at once"
    await check_channel(table, first_message, first_request, [start, *updates])
