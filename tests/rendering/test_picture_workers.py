"""Issue 18: pictures drawn in worker processes are the same pictures, and no worker outlives the bot."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import rendering
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.i18n import speaking
from bot.ui.pictures import Pictures

ROOT = Path(__file__).resolve().parents[2]

# A parent that draws in a two-worker pool, prints the pids of the workers it started, then waits to be killed.
PARENT = """
import asyncio, sys
from bot.ui.pictures import Pictures
from rendering.table import RankedTable, table_png

async def main() -> None:
    pictures = Pictures(2)
    table = RankedTable("t", "s", ("a", "b"), (("1", "x"),))
    await asyncio.gather(pictures.drawn(table_png, table), pictures.drawn(table_png, table))
    print(*(p.pid for p in pictures._pool._processes.values()), flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def mexican_view() -> dict[str, object]:
    state = MEXICAN_TRAIN.setup(5, 3, {})
    return MEXICAN_TRAIN.player_view(state, 0)


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_worker_draws_the_same_picture_as_the_bot_itself(language: str) -> None:
    """Same view, same language: the same PNG, whether drawn in a worker process or in the bot's own thread."""
    view, names = mexican_view(), ["alice", "bob", "carol"]
    renderer = rendering.RENDERERS["mexican_train"]
    pool = Pictures(1)
    try:
        with speaking(language):
            in_worker = await pool.drawn(rendering.png_of, renderer, view, names)
            in_thread = await Pictures(0).drawn(rendering.png_of, renderer, view, names)
    finally:
        pool.stop()
    assert in_worker == in_thread and in_worker.startswith(b"\x89PNG")
    with speaking("en" if language == "fr" else "fr"):
        other = await Pictures(0).drawn(rendering.png_of, renderer, view, names)
    assert other != in_worker, "the worker drew in the language it was asked for"


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_workers_end_when_the_bot_is_killed() -> None:
    """A SIGKILLed bot runs no clean-up: each worker notices its parent is gone and ends by itself."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert workers and all(alive(pid) for pid in workers)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in workers), "a worker outlived the bot"
    finally:
        parent.kill()
        parent.communicate()


def worker_pids(pictures: Pictures) -> list[int]:
    assert pictures._pool is not None
    return [process.pid for process in pictures._pool._processes.values()]


async def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    return condition()


async def test_idle_workers_stop_and_the_next_picture_starts_them_again() -> None:
    """Memory goes back when nobody plays: the workers end after the idle time, and come back when needed."""
    pictures = Pictures(1, idle_seconds=0.3)
    try:
        await pictures.drawn(time.sleep, 0)
        first = worker_pids(pictures)
        assert await wait_until(lambda: not pictures.running), "idle workers kept running"
        assert await wait_until(lambda: not any(alive(pid) for pid in first)), "a stopped worker is still alive"
        await pictures.drawn(time.sleep, 0)
        assert pictures.running and worker_pids(pictures) != first
    finally:
        pictures.stop()


async def test_a_picture_longer_than_the_idle_time_is_not_cut_short() -> None:
    """The idle time counts from the last picture finished: one being drawn keeps the workers up."""
    pictures = Pictures(1, idle_seconds=0.2)
    try:
        await pictures.drawn(time.sleep, 0)  # the workers are up before the long picture starts
        slow = asyncio.ensure_future(pictures.drawn(time.sleep, 1.2))
        await asyncio.sleep(0.8)
        assert pictures.running and not slow.done()
        assert await slow is None
        assert await wait_until(lambda: not pictures.running)
    finally:
        pictures.stop()
