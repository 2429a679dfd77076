"""simcord fixtures: the real bot, its real command tree and a real SQLite file, in a simulated Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.client import TetsudoBot
from bot.settings import Settings
from tests.discord_layer.table import Table
from tests.support.relay import RELAY

SEED = 7


OPEN_BOTS: list[TetsudoBot] = []


def make_bot(database: Path, games: Mapping[str, Any] | None = None, **settings: object) -> TetsudoBot:
    """A bot offering `games` (the relay test game by default), on the given database file (closed after the test).

    Pictures are drawn in the bot's own thread unless a test asks for workers: these tests read where pictures go,
    and tests/rendering/test_picture_workers.py and the sandbox games draw in worker processes. Computers decide in
    a thread too (tests/discord_layer/test_computers.py has one game decided in a worker process).
    """
    offered = dict(games) if games is not None else {"relay": RELAY}
    settings = {"picture_workers": "0", "computer_workers": 0, "shard_count": 1, **settings}
    bot = TetsudoBot(Settings(database=str(database), **settings), offered, seeds=lambda: SEED)  # type: ignore[arg-type]
    OPEN_BOTS.append(bot)
    return bot


@pytest.fixture(autouse=True)
async def close_bots() -> AsyncIterator[None]:
    """simcord detaches bots without closing them; close each one so its database thread ends."""
    yield
    while OPEN_BOTS:
        await OPEN_BOTS.pop().close()


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "tetsudo.sqlite3"


@pytest.fixture
def simcord_bot(database: Path) -> TetsudoBot:
    return make_bot(database)


@pytest.fixture
def table(simcord_env, database: Path) -> Table:  # type: ignore[no-untyped-def]
    """A server with #games and three members: alice, bob and carol."""
    return Table(simcord_env, database)
