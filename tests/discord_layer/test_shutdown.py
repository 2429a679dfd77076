"""Graceful shutdown: a SIGTERM lets the move in flight finish and be stored, refuses new clicks, then closes."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.lifecycle import Lifecycle
from bot.storage import SqliteStorage
from tests.discord_layer.table import Table, menu_options
from tests.engine.harness import make_manager

ROOT = Path(__file__).resolve().parent.parent.parent


async def stored_moves(database: Path, channel_id: int) -> tuple[int, str, bool]:
    """(moves in the log, integrity, stored state equals its replay) read from the file after shutdown."""
    storage = await SqliteStorage.open(database)
    try:
        row = await storage.active_game(channel_id)
        assert row is not None
        stored, replayed = await make_manager(storage).replayed_state(row.id)
        return row.version, await storage.integrity_check(), stored == replayed
    finally:
        await storage.close()


async def test_sigterm_finishes_the_move_in_flight_then_closes_the_database(table: Table, database: Path) -> None:
    await table.started(table.bob)
    before = (await table.current()).version
    hand = await table.open_hand(table.alice)
    choice = menu_options(hand.response.message)[0][1]  # type: ignore[union-attr]
    lifecycle = Lifecycle(table.bot, grace_s=30)
    lifecycle.install()
    try:
        # The game's own lock, held here, keeps alice's move in flight while the signal arrives.
        lock = table.bot.manager.locks(table.game_channel.id)
        await lock.acquire()

        async def signal_then_release() -> None:
            while table.bot.gate.in_flight == 0:
                await asyncio.sleep(0.01)
            os.kill(os.getpid(), signal.SIGTERM)
            while not table.bot.gate.closing:
                await asyncio.sleep(0.01)
            assert not lifecycle.stopped.is_set()  # still waiting for alice's move
            lock.release()

        releasing = asyncio.create_task(signal_then_release())
        answered = await table.alice.select(hand.response, [choice])
        await releasing
        await asyncio.wait_for(lifecycle.stopped.wait(), 10)
    finally:
        lifecycle.uninstall()
    assert lifecycle.signals == 1
    assert answered.response is not None or answered.followups  # alice was answered before the close
    assert table.bot.storage is None and table.bot.is_closed()
    version, integrity, replays = await stored_moves(database, table.game_channel.id)
    assert version == before + 1  # the move in flight is stored, once
    assert integrity == "ok" and replays


async def test_a_click_while_shutting_down_is_refused_and_changes_nothing(table: Table) -> None:
    await table.started(table.bob)
    before = await table.current()
    assert await table.bot.gate.drain(1) == 0
    refused = await table.open_hand(table.alice)
    assert refused.ephemeral and "restarting" in refused.response.content  # type: ignore[union-attr]
    again = await table.alice.slash(table.game_channel, "game status")
    assert again.ephemeral and "restarting" in again.response.content  # type: ignore[union-attr]
    assert (await table.current()).version == before.version


def test_a_second_signal_exits_at_once_while_a_move_is_stuck(tmp_path: Path) -> None:
    database = tmp_path / "tetsudo.sqlite3"
    # simcord traces every request on stdout; the script's READY line is among them.
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.support.stuck_shutdown", str(database)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=(tmp_path / "stderr.txt").open("w"),
        text=True,
    )
    try:
        assert process.stdout is not None
        assert "READY\n" in iter(process.stdout.readline, "")  # (stops at EOF if the script died first)
        process.send_signal(signal.SIGTERM)
        with pytest.raises(subprocess.TimeoutExpired):
            process.wait(timeout=1.5)  # the first signal waits for the stuck move (its grace is 600 s)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 128 + signal.SIGTERM
    finally:
        process.kill()
        process.communicate()
    with sqlite3.connect(database) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
