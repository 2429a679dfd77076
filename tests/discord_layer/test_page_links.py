"""Issue 34: with `public_url`, results, the board, standings and leaderboards link to their pages, which open;
and a flood of page requests is refused while the bot keeps answering Discord."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import aiohttp
import discord
import simcord

from bot.ui import page_links
from tests.discord_layer.conftest import make_bot
from tests.discord_layer.table import Table, replies_ephemeral, response_text
from tests.discord_layer.test_replays import results_message
from tests.discord_layer.test_tournaments import Hall


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def serving_pages(table: Table, database: Path, **settings: object) -> str:
    """Restart the bot with its pages on a free port; their public address."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    await table.env.restart_bot(make_bot(database, web_port=port, public_url=url, **settings))
    return url


def page_link(message: discord.Message | None) -> str | None:
    """The address of a message's page button, if it has one."""
    assert message is not None
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.Button) and item.style is discord.ButtonStyle.link:
                return item.url
    return None


async def opened(url: str) -> tuple[int, str]:
    """The status and text of a page, following its redirects."""
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, await answer.text()


async def test_results_and_the_board_link_to_the_games_page(table: Table, database: Path) -> None:
    url = await serving_pages(table, database)
    try:
        await table.started(table.bob)
        status = await table.alice.slash(table.game_channel, "game status")
        live = page_link(status.response.message if status.response else None)
        assert live is not None and live.startswith(url + "/g/")
        code, text = await opened(live)
        assert code == 200 and "refreshes" in text and "Step" in text
        await table.play_to_the_end()
        link = page_link(results_message(table))
        assert link == live, "one address for the game, running or ended"
        code, text = await opened(link)
        assert code == 200 and "replay" in text
        code, _ = await opened(link + "x")
        assert code == 404, "a token one letter off"
    finally:
        page_links.configure(page_links.Links(b""))


async def test_without_a_public_url_nothing_links(table: Table) -> None:
    await table.started(table.bob)
    status = await table.alice.slash(table.game_channel, "game status")
    assert page_link(status.response.message if status.response else None) is None
    await table.play_to_the_end()
    assert page_link(results_message(table)) is None


async def test_standings_and_leaderboard_link_to_their_pages(simcord_env: simcord.Env, database: Path) -> None:
    hall = Hall(simcord_env, database, 4)
    url = await serving_pages(hall, database)
    try:
        await hall.open(table_size=2)
        await hall.mod.slash(hall.channel, "tournament start")
        await hall.play_open_tables()
        standings = await hall.alice.slash(hall.channel, "tournament standings")
        followed = standings.followups[-1].message if standings.followups else None
        link = page_link(followed or (standings.response.message if standings.response else None))
        assert link is not None and link.startswith(url + "/t/")
        code, text = await opened(link)
        assert code == 200 and "Spring Cup" in text
        board = await hall.alice.slash(hall.channel, "leaderboard", game="relay")
        followed = board.followups[-1].message if board.followups else None
        link = page_link(followed or (board.response.message if board.response else None))
        assert link is not None and link.startswith(url + "/l/") and link.endswith("#relay")
        code, text = await opened(link)
        assert code == 200 and 'id="relay"' in text
    finally:
        page_links.configure(page_links.Links(b""))


async def test_a_flood_of_page_requests_is_refused_while_discord_is_answered(table: Table, database: Path) -> None:
    await serving_pages(table, database, web_requests_per_minute=60)
    try:
        await table.started(table.bob)
        live = page_link((await table.alice.slash(table.game_channel, "game status")).response.message)  # type: ignore[union-attr]
        assert live is not None
        # One connection per request: a kept-alive one would leave the bot's server waiting for the next request,
        # which simcord counts as unsettled bot work when the slash command's answer is awaited.
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True, limit=50)) as session:

            async def one() -> int:
                async with session.get(live, allow_redirects=False) as answer:
                    return answer.status

            flood = asyncio.gather(*(one() for _ in range(400)))
            hand = await table.bob.slash(table.game_channel, "game hand")
            codes = await flood
        assert replies_ephemeral(hand) and response_text(hand), "the bot answered meanwhile"
        assert codes.count(429) >= 350 and set(codes) <= {302, 429}, sorted(set(codes))
    finally:
        page_links.configure(page_links.Links(b""))
