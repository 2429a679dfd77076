"""Picture workers in the running bot: started with it, so the first picture after a restart need not wait for them."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
import simcord

from bench.processes import descendants
from bot.client import TetsudoBot
from bot.lifeline import NICENESS
from bot.ui import pictures
from tests.discord_layer import conftest

WORKERS = 2
UP_WITHIN_S = 20.0
EARLIER: set[int] = set()
"""Worker processes of this test process before the bot started (another test's pool, still ending)."""


def spawned_workers() -> set[int]:
    """This process's multiprocessing children that run a task (not the resource tracker)."""
    found = set()
    for pid in descendants(os.getpid()):
        try:
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.add(pid)
        except OSError:
            continue  # it ended while we looked
    return found


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    pictures.configure(0)  # no pool left from an earlier test: the bot's start must start its own
    EARLIER.clear()
    EARLIER.update(spawned_workers())
    return conftest.make_bot(database, picture_workers=str(WORKERS))


async def test_picture_workers_start_with_the_bot_not_with_its_first_picture(simcord_env: simcord.Env) -> None:
    """Issue 32 item 4.6: the first picture after a restart waited for the pool to start (a process spawned, the
    renderers imported); the bot's start now starts every worker, before any picture is asked for."""
    try:
        assert pictures.running(), "the pool runs once the bot has started, no picture drawn"
        deadline = time.monotonic() + UP_WITHIN_S
        while len(spawned_workers() - EARLIER) < WORKERS and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(spawned_workers() - EARLIER) == WORKERS, "every worker process is up"
        running = spawned_workers() - EARLIER
        drew = await pictures.drawn(os.getpid)  # what the first picture's worker is
        assert drew in running, "the first picture is drawn by a worker that was running before it was asked for"
    finally:
        pictures.configure(0)


LOWEST_PRIORITY = 19
"""The highest nice value Linux allows: a niced process can go no lower."""


def niceness(pid: int) -> int:
    """A process's nice value, read back from /proc (field 19 of proc(5), the 17th after the command name)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


@pytest.mark.usefixtures("simcord_env")
async def test_picture_workers_draw_below_the_bots_priority() -> None:
    """Issue 33 item 1: on two cores the event loop that acknowledges clicks competed with the workers drawing; each
    worker now runs below the bot's priority, as computer workers do."""
    try:
        answered: set[int] = set()  # workers that have drawn: each ran its start (the nice) before its first task
        deadline = time.monotonic() + UP_WITHIN_S
        while len(answered) < WORKERS and time.monotonic() < deadline:
            answered |= set(await asyncio.gather(*(pictures.drawn(os.getpid) for _ in range(WORKERS * 4))))
        workers = spawned_workers() - EARLIER
        assert answered == workers and len(workers) == WORKERS
        assert {niceness(pid) for pid in workers} == {min(LOWEST_PRIORITY, niceness(os.getpid()) + NICENESS)}
    finally:
        pictures.configure(0)
