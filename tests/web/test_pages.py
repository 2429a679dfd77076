"""Issue 34: the pages over HTTP — what each address answers, its headers and caching, and hostile requests."""

from __future__ import annotations

import html
import random
import re

import aiohttp
import pytest
from multidict import CIMultiDict

import rendering
from bot.engine import Player
from bot.engine.links import Links, load_links
from bot.games import REGISTRY
from bot.storage import Storage
from bot.ui.page_presenting import PagePresenting
from bot.ui.presenters import picture_names
from tests.engine.harness import GUILD, PLAYERS, random_move, start_game
from tests.engine.test_ratings import finish
from tests.web.conftest import Served, serve

STRICT = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options")
HOSTILE = (
    Player(901, '<script>alert("one")</script>'),
    Player(902, "<img src=x onerror=alert(2)>"),
    Player(903, '"\' onload=alert(3) x="'),
)


async def fetched(session: aiohttp.ClientSession, url: str, **kwargs: object) -> tuple[int, bytes, CIMultiDict[str]]:
    """Status, body and headers of one request (redirects not followed)."""
    async with session.get(url, allow_redirects=False, **kwargs) as answer:  # type: ignore[arg-type]
        return answer.status, await answer.read(), CIMultiDict(answer.headers)


def step_of(body: bytes) -> tuple[int, int]:
    found = re.search(rb"Step (\d+) of (\d+)", body)
    assert found is not None
    return int(found[1]), int(found[2])


async def test_a_finished_game_opens_at_its_last_step_and_each_step_and_view_has_its_page(
    served: Served, browser_session: aiohttp.ClientSession
) -> None:
    status, _, headers = await fetched(browser_session, served.game(served.ended))
    assert status == 302
    last = int(headers["Location"].split("/")[-2])
    status, body, headers = await fetched(browser_session, served.game(served.ended, f"/{last}/p"))
    assert status == 200 and step_of(body) == (last, last) and headers["Cache-Control"].startswith("public")
    for seat in range(3):
        status, body, _ = await fetched(browser_session, served.game(served.ended, f"/1/{seat}"))
        assert status == 200 and step_of(body) == (1, last) and PLAYERS[seat].name.encode() in body
    status, png, headers = await fetched(browser_session, served.game(served.ended, "/1/0.png"))
    assert status == 200 and png.startswith(b"\x89PNG") and "immutable" in headers["Cache-Control"]
    for beyond in (f"/{last + 1}/p", "/1/3", f"/{last + 1}/p.png", "/1/9.png"):
        status, body, _ = await fetched(browser_session, served.game(served.ended, beyond))
        assert (status, body) == (404, b"Not Found"), beyond


async def test_a_running_game_shows_only_its_public_board(
    served: Served, browser_session: aiohttp.ClientSession
) -> None:
    status, _, headers = await fetched(browser_session, served.game(served.running))
    assert status == 302 and headers["Location"].endswith("/live")
    status, body, headers = await fetched(browser_session, served.game(served.running, "/live"))
    assert status == 200 and b'http-equiv="refresh"' in body and headers["Cache-Control"] == "no-cache"
    for step in ("/0/0", "/0/p", "/1/1.png"):  # a seat's view of a running game: never
        status, _, headers = await fetched(browser_session, served.game(served.running, step))
        assert status == 302 and headers["Location"] == "../live", step
    status, png, _ = await fetched(browser_session, served.game(served.running, "/live.png"))
    assert status == 200 and png.startswith(b"\x89PNG")


async def test_pictures_and_pages_are_revalidated_by_their_etag(
    served: Served, browser_session: aiohttp.ClientSession
) -> None:
    url = served.game(served.ended, "/2/p.png")
    _, png, headers = await fetched(browser_session, url)
    status, body, again = await fetched(browser_session, url, headers={"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b"" and again["ETag"] == headers["ETag"]
    status, other, _ = await fetched(browser_session, url, headers={"If-None-Match": '"stale"'})
    assert status == 200 and other == png


async def test_every_answer_carries_the_strict_headers_and_no_cookie(
    served: Served, browser_session: aiohttp.ClientSession
) -> None:
    for path in (served.game(served.ended, "/0/p"), served.game(served.ended, "/0/p.png"), served.url + "/nowhere",
                 served.url + "/static/site.css", served.game(served.running, "/live")):  # fmt: skip
        _, _, headers = await fetched(browser_session, path)
        assert all(name in headers for name in STRICT), path
        assert "default-src 'self'" in headers["Content-Security-Policy"] and "Set-Cookie" not in headers


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
async def test_only_get_and_head_are_answered(
    served: Served, browser_session: aiohttp.ClientSession, method: str
) -> None:
    async with browser_session.request(method, served.game(served.ended, "/0/p"), data=b"x=1") as answer:
        assert answer.status == 405 and answer.headers["Allow"] == "GET, HEAD"
        assert "Content-Security-Policy" in answer.headers
    async with browser_session.head(served.game(served.ended, "/0/p")) as answer:
        assert answer.status == 200 and await answer.read() == b""


async def test_forged_and_tricky_addresses_are_a_plain_404(
    served: Served, browser_session: aiohttp.ClientSession
) -> None:
    signed = served.links.signed("game", served.ended)
    ident, token = signed.split("-", 1)
    tricks = [
        f"/g/{ident}-{token[:-1]}A" if not token.endswith("A") else f"/g/{ident}-{token[:-1]}B",  # one letter off
        f"/g/{served.running}-{token}",  # another game's token
        f"/t/{signed}",  # a game's token for a tournament
        f"/l/{signed}",
        f"/g/{ident}",
        f"/g/{ident}-",
        f"/g/99999-{served.links.token('game', 99999)}",  # a well-signed game that does not exist
        f"/g/{signed}/../../static/site.css/x",
        f"/g/{signed}/%2e%2e/%2e%2e/etc/passwd",
        "/static/..%2fpages.py",
        "/static/../site.py",
        "/static/templates/base.html",
        f"/g/{signed}/-1/p",
        f"/g/{signed}/0/-1",
        f"/g/{signed}/0/p.png.png",
        f"/g/{signed}/{'9' * 40}/p",
        "/g/" + "1" * 5000,
        f"/g/{ident}-{token}%00",
    ]
    for path in tricks:
        status, body, _ = await fetched(browser_session, served.url + path)
        assert status in (404, 414) and b"<" not in body, (path, status, body[:80])


async def test_a_query_string_changes_nothing_and_is_never_echoed(
    served: Served, browser_session: aiohttp.ClientSession
) -> None:
    plain = (await fetched(browser_session, served.game(served.ended, "/1/p")))[1]
    tricked = served.game(served.ended, "/1/p?view=0&step=3&<script>=x")
    status, body, _ = await fetched(browser_session, tricked)
    assert status == 200 and body == plain


async def test_names_full_of_markup_are_shown_escaped(storage: Storage) -> None:
    found = await serve(storage)
    manager = found.manager
    channel = 777
    try:
        await manager.open_lobby(GUILD, channel, "mexican_train", HOSTILE[0], "")
        for player in HOSTILE[1:]:
            await manager.join(channel, player)
        started = await manager.start(channel, HOSTILE[0].user_id)
        rnd = random.Random(3)
        for _ in range(4):
            await random_move(manager, rnd, channel)
        await manager.abandon(channel, HOSTILE[0], moderator=True)
        async with aiohttp.ClientSession() as session:
            for path in ("/4/p", "/4/0", "/0/2"):
                status, body, _ = await fetched(session, found.game(started.game_id, path))
                text = body.decode()
                assert status == 200
                for player in HOSTILE:
                    assert player.name not in text, (path, player.name)
                assert "&lt;script&gt;alert(&#34;one&#34;)&lt;/script&gt;" in text, "shown as typed, escaped as HTML"
                assert "\\&lt;" not in text, "no markdown escapes on a page"
                assert "<img src=x" not in text and "onload=alert" not in text.replace("onload=alert(3)", "")
                assert all(tag in ("script", "/script") for tag in re.findall(r"<(/?script)", text))
    finally:
        await found.site.stop()


async def test_a_flood_from_one_address_is_refused_and_others_are_still_served(storage: Storage) -> None:
    found = await serve(storage, requests_per_minute=60)
    page = found.game(found.ended, "/0/p")
    try:
        connector = aiohttp.TCPConnector(limit=40)
        async with aiohttp.ClientSession(connector=connector) as session:
            import asyncio

            codes = await asyncio.gather(*(fetched(session, page) for _ in range(300)))
            statuses = [status for status, _, _ in codes]
            assert statuses.count(200) <= 11 and statuses.count(429) >= 289, sorted(set(statuses))
            refused = next(headers for status, _, headers in codes if status == 429)
            assert int(refused["Retry-After"]) >= 1 and "Content-Security-Policy" in refused
            # Another address, behind the same reverse proxy on this machine, is still answered.
            status, _, _ = await fetched(session, page, headers={"X-Forwarded-For": "203.0.113.9"})
            assert status == 200
    finally:
        await found.site.stop()


async def test_the_secret_is_made_once_and_shared_by_every_process(storage: Storage) -> None:
    first = await load_links(storage, "")
    second = await load_links(storage, "https://tetsudo.example/")
    assert first.secret == second.secret and len(first.secret) == 32
    assert second.game(5) == "https://tetsudo.example/g/" + first.signed("game", 5)
    assert first.game(5) is None, "without public_url, no address to link to"
    assert Links(b"other").signed("game", 5) != first.signed("game", 5)
    assert first.opened("game", first.signed("game", 5)) == 5
    assert first.opened("tournament", first.signed("game", 5)) is None


async def test_a_servers_leaderboard_page_lists_ratings_games_and_wins(
    served: Served, browser_session: aiohttp.ClientSession
) -> None:
    channel = 4242
    for seed in range(2):
        await start_game(served.manager, 2, game="mexican_train", channel=channel)
        await finish(served.manager, random.Random(seed), channel)
    storage = served.manager.storage
    rated = await storage.leaderboard(GUILD, "mexican_train", 10)
    wins = await storage.server_wins(GUILD, "mexican_train")
    assert len(rated) == 2 and sum(wins.values()) >= 2
    status, body, _ = await fetched(browser_session, f"{served.url}/l/{served.links.signed('server', GUILD)}")
    assert status == 200
    section = body.decode().split('id="mexican_train"')[1]
    rows = re.findall(r"<tr>(.*?)</tr>", section.split("</table>")[0], re.S)[1:]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]
    expected = [[str(n), r.name, f"{r.ordinal:.1f}", str(r.games), str(wins.get(r.user_id, 0))]
                for n, r in enumerate(rated, start=1)]  # fmt: skip
    assert cells == expected
    other = f"{served.url}/l/{served.links.signed('server', GUILD + 1)}"
    status, body, _ = await fetched(browser_session, other)
    assert status == 200 and b"mexican_train" not in body, "another server's page lists none of these"


async def test_a_page_speaks_its_servers_language(served: Served, browser_session: aiohttp.ClientSession) -> None:
    served.manager.public_language = lambda guild_id: "fr"
    status, body, _ = await fetched(browser_session, served.game(served.ended, "/1/p"))
    assert status == 200 and "Étape 1 sur".encode() in body and b'<html lang="fr">' in body
    french = (await fetched(browser_session, served.game(served.ended, "/1/p.png")))[1]
    served.manager.public_language = lambda guild_id: None
    english = (await fetched(browser_session, served.game(served.ended, "/1/p.png")))[1]
    assert b"Step 1 of" in (await fetched(browser_session, served.game(served.ended, "/1/p")))[1]
    assert french != english, "pictures are kept by language too"


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_a_running_games_page_is_its_public_board_alone_in_every_game(
    served: Served, browser_session: aiohttp.ClientSession, game: str
) -> None:
    """Page, alt text and picture are exactly what everyone may see: the public view's description and drawing;
    no seat's own description (hand, tickets, sheet, target) is on the page."""
    channel = 6000 + sorted(REGISTRY).index(game)
    started = await start_game(served.manager, 4, game=game, channel=channel)
    rnd = random.Random(5)
    for _ in range(3):
        await random_move(served.manager, rnd, channel)
    update = await served.manager.running_game(started.game_id)
    assert update is not None and update.actor_view is None
    presenting = PagePresenting()
    status, body, _ = await fetched(browser_session, served.game(started.game_id, "/live"))
    page = html.unescape(body.decode())
    assert status == 200 and f'alt="{presenting.describe(update, update.public)}"' in page
    for seat in range(4):
        own = await served.manager.current(channel, PLAYERS[seat].user_id)
        assert own.actor_view is not None
        private = presenting.describe(own, own.actor_view)
        assert private != presenting.describe(update, update.public) and private not in page
    _, png, _ = await fetched(browser_session, served.game(started.game_id, "/live.png"))
    renderer = rendering.RENDERERS[game]
    assert png == rendering.png_of(renderer, update.public, list(picture_names(update))), "the public drawing"
