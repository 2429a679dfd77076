"""The shared pages served for real: a SQLite file with an ended and a running game, the bot's presenting, a port."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import pytest

from bot.engine import GameManager
from bot.engine.links import Links
from bot.engine.replays import Replays
from bot.engine.tournaments import TournamentDesk
from bot.games import REGISTRY
from bot.storage import Storage
from bot.ui.page_presenting import PagePresenting
from bot.web.site import Site
from bot.web.sources import Sources
from tests.engine.harness import CHANNEL
from tests.engine.test_replays import played_then_abandoned, real_games_manager

RUNNING_CHANNEL = CHANNEL + 1


@dataclass
class Served:
    """A site on a free local port, its links, and the games it shows."""

    url: str
    links: Links
    manager: GameManager
    ended: int
    """A Mexican Train game played a few moves, then ended."""
    running: int
    """A Mexican Train game still running (hands hidden)."""
    site: Site

    def game(self, game_id: int, path: str = "") -> str:
        """The address of a game's page (or of something under it)."""
        return f"{self.url}/g/{self.links.signed('game', game_id)}{path}"


async def serve(storage: Storage, requests_per_minute: int = 0) -> Served:
    """The pages of a fresh database with one ended and one running game, served on a free port."""
    from tests.engine.harness import start_game

    manager = real_games_manager(storage)
    ended = await played_then_abandoned(manager, "mexican_train", 3, 12)
    running = await start_game(manager, 3, game="mexican_train", channel=RUNNING_CHANNEL)
    links = Links(secrets.token_bytes(32))
    sources = Sources(manager, Replays(storage, REGISTRY), TournamentDesk(manager), links, PagePresenting())
    site = Site(sources, requests_per_minute)
    port = await site.start("127.0.0.1", 0)
    return Served(f"http://127.0.0.1:{port}", links, manager, ended, running.game_id, site)


@pytest.fixture
async def served(storage: Storage) -> AsyncIterator[Served]:
    found = await serve(storage)
    yield found
    await found.site.stop()


@pytest.fixture
async def browser_session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session
