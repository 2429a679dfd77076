"""Picture workers in the running bot: started with it, so the first picture after a restart need not wait for them."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import simcord

from bench.processes import descendants
from bot.client import TetsudoBot
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
    finally:
        pictures.configure(0)
