"""The shipped nginx site (config/nginx.conf), run for real with TLS in front of the pages: what passes, what not.

Only its ports and certificate are changed (tests/support/nginx.py). The pages do not depend on the database here:
SQLite only.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from bot.storage import SqliteStorage
from bot.web.site import HEADERS
from tests.support import nginx
from tests.web.conftest import Served, serve

BURST = 10
"""Requests an address may make at once under a limit of a few a minute (bot/web/limits.py: at least 10)."""


@dataclass
class Proxied:
    """The pages, and nginx in front of them."""

    served: Served
    proxy: nginx.Proxy

    def game(self, game_id: int, path: str = "") -> str:
        """A game's address (or something under it) as people open it: through nginx, over HTTPS."""
        return f"https://127.0.0.1:{self.proxy.ports.https}" + self.served.game(game_id, path).removeprefix(
            self.served.url
        )

    def client(self, address: str = "127.0.0.1") -> aiohttp.ClientSession:
        """A browser on this machine, its connections coming from `address` (any 127.x.y.z is the loopback's)."""
        connector = aiohttp.TCPConnector(ssl=self.proxy.client_tls(), local_addr=(address, 0))
        return aiohttp.ClientSession(connector=connector)


@contextlib.asynccontextmanager
async def behind_nginx(storage: SqliteStorage, folder: Path, requests_per_minute: int = 0) -> AsyncIterator[Proxied]:
    """The pages of a fresh database served on a free port, nginx in front; both stopped at the exit."""
    served = await serve(storage, requests_per_minute)
    try:
        with nginx.running(folder, int(served.url.rsplit(":", 1)[1])) as proxy:
            yield Proxied(served, proxy)
    finally:
        await served.site.stop()


@pytest.fixture
async def proxied(sqlite_storage: SqliteStorage, tmp_path: Path) -> AsyncIterator[Proxied]:
    async with behind_nginx(sqlite_storage, tmp_path) as found:
        yield found


async def test_a_game_page_and_its_picture_come_through_with_the_strict_headers(proxied: Proxied) -> None:
    async with proxied.client() as browser:
        async with browser.get(proxied.game(proxied.served.ended)) as page:  # redirected to its last step
            assert page.status == 200 and page.content_type == "text/html"
            assert '<img src="p.png"' in await page.text()
            headers = page.headers
        async with browser.get(page.url.with_path(page.url.path + ".png")) as picture:
            assert picture.status == 200 and picture.content_type == "image/png"
            assert (await picture.read()).startswith(b"\x89PNG")
            assert "immutable" in picture.headers["Cache-Control"] and picture.headers["ETag"]
        async with browser.head(page.url) as head:
            assert head.status == 200
    for answer in (headers, picture.headers):
        assert {name: answer.get(name) for name in HEADERS} == HEADERS
        assert answer["Strict-Transport-Security"].startswith("max-age=")  # nginx's own
        assert "nginx/" not in answer.get("Server", "")  # server_tokens off


async def test_nginx_refuses_what_the_pages_never_take_and_redirects_plain_http(proxied: Proxied) -> None:
    address = proxied.game(proxied.served.ended, "/0/p")
    async with proxied.client() as browser:
        for method in ("POST", "PUT", "DELETE"):
            async with browser.request(method, address, data=b"x") as refused:
                assert refused.status == 403, method  # limit_except GET: nginx answers, the bot never sees it
        plain = address.replace("https://", "http://").replace(
            str(proxied.proxy.ports.https), str(proxied.proxy.ports.http)
        )
        async with browser.get(plain, allow_redirects=False) as redirected:
            assert redirected.status == 301
            assert redirected.headers["Location"].startswith("https://127.0.0.1/g/")


async def test_the_limit_counts_each_client_through_nginx_not_nginx_itself(
    sqlite_storage: SqliteStorage, tmp_path: Path
) -> None:
    async with behind_nginx(sqlite_storage, tmp_path, requests_per_minute=6) as proxied:
        address = proxied.game(proxied.served.ended, "/0/p")
        async with proxied.client("127.0.0.2") as flooding, proxied.client("127.0.0.3") as other:
            for _ in range(BURST):
                async with flooding.get(address) as answered:
                    assert answered.status == 200
            async with flooding.get(address) as refused:
                assert refused.status == 429 and int(refused.headers["Retry-After"]) > 0
                assert refused.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
            # What a client claims before nginx's own address is not believed: nginx appends the real one, last.
            async with flooding.get(address, headers={"X-Forwarded-For": "198.51.100.7"}) as forged:
                assert forged.status == 429
            # Another client, through the same nginx (the bot sees 127.0.0.1 for both), still has its whole burst.
            async with other.get(address) as answered:
                assert answered.status == 200
