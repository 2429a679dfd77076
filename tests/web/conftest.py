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
from bot.engine.tournaments import RoundNews, TournamentDesk
from bot.games import REGISTRY
from bot.storage import Storage
from bot.ui.page_presenting import PagePresenting
from bot.web.site import Site
from bot.web.sources import Sources
from tests.engine.harness import CHANNEL
from tests.engine.test_replays import played_then_abandoned, real_games_manager
from tests.engine.test_tournaments import ENTRANTS, HALL, MOD, open_tables, open_with

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


@dataclass(frozen=True)
class HeldTournament:
    """A tournament the pages show, and the channel it is run from."""

    id: int
    channel: int


async def reported(desk: TournamentDesk, news: RoundNews) -> RoundNews:
    """Start the round's tables, then report each one's result (the first seat wins); the next round's news."""
    await open_tables(desk, news)
    after = None
    for table in news.tables:
        first, second = (player.user_id for player in table.players)
        ranking = {first: (1, 10 + table.table_no), second: (2, 40)}
        after = (await desk.report(HALL, MOD, news.tournament.round, table.table_no, ranking, moderator=True))[1]
    assert after is not None, "the last table's report closes the round"
    return after


@pytest.fixture
async def tournament(served: Served) -> HeldTournament:
    """A Swiss Mexican Train tournament of five at two-seat tables, in its second round: round 1 reported (one
    player had a bye), round 2's games started, and one player dropped out (struck from the standings)."""
    desk = served.site.pages.sources.desk
    await open_with(desk, 5, game="mexican_train", options={}, table_size=2, rounds=2)
    second = await reported(desk, await desk.start(HALL, MOD, moderator=True))
    await open_tables(desk, second)
    await desk.drop(HALL, MOD, ENTRANTS[0].user_id, moderator=True)
    return HeldTournament(second.tournament.id, HALL)
