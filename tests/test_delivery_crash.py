"""Issue 17: a SIGKILL between a commit and its delivery loses no private view and no public line.

tests/support/delivery_crash_worker.py runs the real bot in a simulated server and dies by SIGKILL just as Discord
receives a message of a committed change: the third of six hands dealt at a game's start, or the public line of the
first move. The bot then restarts here on the same SQLite file, in a simulated server rebuilt with the same ids,
and every delivery the change owed must arrive: each hand once, to its owner only (the view **My hand** shows them),
and the move's line with the ping of the player to act.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.ui.presenters import presenter_for
from tests.support.delivery_crash_worker import MOMENTS, World, make_bot, received, world

ROOT = Path(__file__).resolve().parents[1]


async def run_until_killed(database: Path, moment: str) -> list[dict[str, Any]]:
    """Run the worker until the simulated Discord kills it; what Discord had received by then."""
    worker = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.support.delivery_crash_worker", str(database), moment, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        out, err = await asyncio.wait_for(worker.communicate(), 60)
    except TimeoutError:
        worker.kill()  # never left behind
        await worker.wait()
        raise
    assert worker.returncode == -signal.SIGKILL, err.decode()
    return [json.loads(line) for line in out.decode().splitlines()]


async def restart(database: Path) -> tuple[list[dict[str, Any]], dict[int, list[dict[str, Any]]], World]:
    """Start the bot again on the file; what it delivers once connected, and each player's own view now."""
    bot = make_bot(database)
    env = simcord.Env(bot, strict_sync=False)
    here = world(env)
    await env.start()
    try:
        with env.time_context():
            await env.settle()
            delivered = received(here)
            own_views = {}
            for player in here.players:
                update = await bot.manager.current(here.channel.id, player.id)
                assert update.actor_view is not None
                own_views[player.id] = [presenter_for(update.game).hand_embed(update, update.actor_view).to_dict()]
    finally:
        await env.shutdown()
        await bot.close()
    return delivered, own_views, here


def dms_to(messages: list[dict[str, Any]], user_id: int) -> list[list[dict[str, Any]]]:
    return [m["embeds"] for m in messages if m["to"] == user_id]


@pytest.mark.parametrize("moment", MOMENTS)
async def test_sigkill_mid_delivery_delivers_every_owed_view_and_line_after_a_restart(
    tmp_path: Path, moment: str
) -> None:
    database = tmp_path / "tetsudo.sqlite3"
    before = await run_until_killed(database, moment)
    after, own_views, here = await restart(database)
    in_channel_before = [m for m in before if m["to"] is None]
    in_channel_after = [m for m in after if m["to"] is None]
    if moment == "start_third_dm":
        assert len([m for m in before if m["to"] is not None]) == 2  # the crash came as the third hand went out
        for player in here.players:
            # Each hand reached its owner exactly once over both lives, and it is theirs: what My hand shows them.
            assert dms_to(before, player.id) + dms_to(after, player.id) == [own_views[player.id]], player.user.name
        # The start's board, then its line (the ping follows the board it points to), before the crash: not again.
        board, line = in_channel_before[-2:]
        assert board["embeds"] and "begins with" in line["content"]
        assert in_channel_after == []
        return
    start_line = next(m for m in in_channel_before if "begins with" in m["content"])
    mover = next(p for p in here.players if f"<@{p.id}>" in start_line["content"])
    assert all(len(dms_to(before, p.id)) == 1 for p in here.players)
    others = [p for p in here.players if p.id != mover.id]
    assert all(dms_to(after, p.id) == [] for p in others), "nobody else is owed anything"
    if moment == "move_reply":
        # Issue 32 item 4.5: the crash came as the mover's new hand went out: after the restart it reaches them (by
        # DM: the interaction is gone), exactly their own view.
        assert dms_to(after, mover.id) == [own_views[mover.id]]
    else:
        assert len(dms_to(after, mover.id)) <= 1, "at most their reply, if it had not gone out before the crash"
    # The move was committed, then the crash came before its line went out: the restart shows the board as it
    # stands (the old one is gone from the rebuilt server), then announces the move, pinging the next player only.
    board, line = in_channel_after
    assert board["embeds"] and board["content"] == ""
    assert line["content"].startswith(mover.user.name)
    (pinged,) = line["mentions"]
    assert pinged != mover.id and line["content"].endswith(f"<@{pinged}> — your move.")
