"""Issue 32, done when: two conductors calling «Toyko Train!» at the same moment leave one live board showing the
newest round, and the lines in the order the calls were saved (the report had round 2's line and board first, then
round 1's, and the board stuck on round 1)."""

from __future__ import annotations

import asyncio
import contextlib

import discord

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.ui import delivery
from tests.discord_layer.channel_rules import check_channel, wait_quiet
from tests.discord_layer.toyko_table import (
    ToykoTable,
    simcord_bot_fixture,  # noqa: F401
    toyko_fixture,  # noqa: F401
)


async def called(toyko: ToykoTable, conductor: int, round_no: int, panel_s: float, saved: list[Update]) -> None:
    """A conductor's «Toyko Train!» as the panel flow makes it: the change queued at once, then the caller's panel
    drawn (`panel_s`: how long that takes), then the wait for the channel."""
    try:
        update = await toyko.bot.manager.act(toyko.game_channel.id, conductor, Action("call", (round_no,)))
    except IllegalAction:
        return
    saved.append(update)
    queued = delivery.queue(toyko.bot, update)
    await asyncio.sleep(panel_s)
    with contextlib.suppress(discord.HTTPException):
        await queued


async def test_two_conductors_calling_at_once_leave_the_newest_round_on_the_board_and_lines_in_order(
    toyko: ToykoTable,
) -> None:
    erin = toyko.guild.add_member(toyko.env.create_user("erin"))
    frank = toyko.guild.add_member(toyko.env.create_user("frank"))
    start = await toyko.started(toyko.bob, toyko.carol, toyko.dave, erin, frank)
    toyko.bot.scheduler.stop()  # timers are not under test; wake-ups armed outside simcord operations never settle
    first_message, first_request = toyko.game_channel.history()[-1].id, len(toyko.env.http_requests)
    saved = [start]
    # Teams 1 and 2 call at once, neither on target: both are out, and team 3 wins round 1 (round 2 begins).
    await asyncio.gather(called(toyko, toyko.alice.id, 1, 0.05, saved), called(toyko, toyko.carol.id, 1, 0.0, saved))
    await wait_quiet(toyko)
    assert len(saved) == 3, "both calls were saved"
    assert (await toyko.state()).round == 2
    await check_channel(toyko, first_message, first_request, saved)
