"""The pages in a real browser (headless Chromium at a phone's width): stepping a replay by its links and keys,
no sideways scrolling, no hand shown while a game runs, the standings as Discord shows them, dark mode, and never a
Content-Security-Policy refusal in the console."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import aiohttp
import pytest
from PIL import Image
from selenium import webdriver
from selenium.webdriver.common.keys import Keys

import rendering
from bot.engine import Update
from bot.ui.page_presenting import PagePresenting
from bot.ui.presenters import picture_names
from bot.ui.rankings import standings_table
from rendering.mexican_train.look import tile_name
from tests.web.browser import PHONE_WIDTH, Browser, artifacts, chromium
from tests.web.conftest import RUNNING_CHANNEL, HeldTournament, Served

SCREENSHOT = "game_page_400px.png"

STEP_SHOWN = """
const picture = document.querySelector("figure img");
return {
    path: location.pathname,
    where: document.querySelector(".where strong").textContent,
    src: picture.src,
    alt: picture.alt,
    width: picture.naturalWidth,
};
"""
"""What a replay's page shows of its step: its address, where it says it is, and its picture."""

WIDTHS = "return [window.innerWidth, document.documentElement.scrollWidth];"
PAGE_HEIGHT = "return document.documentElement.scrollHeight;"
BACKGROUND = "return getComputedStyle(document.body).backgroundColor;"
LIVE_SHOWN = """
const picture = document.querySelector("figure img");
return {text: document.body.innerText, alt: picture.alt, src: picture.src};
"""
HAND = "Your hand"
"""How a seat's hand is described (in English, the games' language here)."""


@dataclass(frozen=True)
class StepShown:
    """A replay page's step as the browser shows it."""

    step: int
    where: str
    src: str
    alt: str
    width: int


@pytest.fixture(scope="module")
def chromium_driver() -> Iterator[webdriver.Chrome]:
    """One Chromium for the whole module (starting one takes a second), always quit at the end."""
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
async def browser(chromium_driver: webdriver.Chrome) -> AsyncIterator[Browser]:
    """The shared Chromium, its console read after the test: no page may have a script or style refused."""
    shared = Browser(chromium_driver)
    await shared.console()  # what an earlier test left there
    yield shared
    assert await shared.csp_violations() == []


async def step_shown(browser: Browser) -> StepShown:
    """The step the replay page in the browser shows."""
    found = await browser.script(STEP_SHOWN)
    matched = re.search(r"/(\d+)/p$", found["path"])
    assert matched, found["path"]
    return StepShown(int(matched[1]), found["where"], found["src"], found["alt"], found["width"])


async def described(served: Served, game_id: int, step: int) -> str:
    """The description of a finished game's step as everyone saw it (its picture's alt text)."""
    shown = await served.site.pages.sources.replays.step(game_id, step)
    return PagePresenting().describe(shown.update(), shown.view)


def tournament_page(served: Served, tournament: HeldTournament) -> str:
    """The address of a tournament's page."""
    return f"{served.url}/t/{served.links.signed('tournament', tournament.id)}"


async def test_a_finished_game_steps_by_its_links_and_its_keys(browser: Browser, served: Served) -> None:
    await browser.open(served.game(served.ended))
    last = (await step_shown(browser)).step
    assert last >= 3, "the game opens at its last step"
    walk = [
        (browser.click, 'nav.steps a[rel="first"]', 0),
        (browser.click, 'nav.steps a[rel="next"]', 1),
        (browser.press, Keys.ARROW_RIGHT, 2),
        (browser.press, Keys.ARROW_LEFT, 1),
        (browser.press, Keys.END, last),
        (browser.press, Keys.HOME, 0),
    ]
    alts = {}
    for move, how, step in walk:
        await move(how)
        shown = await step_shown(browser)
        assert (shown.step, shown.where) == (step, f"Step {step} of {last}"), how
        assert shown.src.endswith(f"/{step}/p.png")
        assert shown.width > 0, "the step's picture loaded"
        assert shown.alt == await described(served, served.ended, step)
        alts[step] = shown.alt
    assert alts[0] != alts[last]


async def test_pages_fit_a_phone_without_scrolling_sideways(
    browser: Browser, served: Served, tournament: HeldTournament
) -> None:
    pages = {
        "step": served.game(served.ended),
        "live": served.game(served.running),
        "tournament": tournament_page(served, tournament),
    }
    for name, url in pages.items():
        await browser.open(url)
        # A page wider than a phone's screen widens a mobile viewport itself: so the viewport's width is checked too.
        viewport, page = await browser.script(WIDTHS)
        assert viewport == PHONE_WIDTH, name
        assert page <= viewport, name


async def test_a_finished_games_page_is_saved_as_a_phone_shows_it(browser: Browser, served: Served) -> None:
    await browser.open(served.game(served.ended))
    saved = artifacts() / SCREENSHOT
    await browser.screenshot(saved)
    with Image.open(saved) as screenshot:
        assert screenshot.width == PHONE_WIDTH
        assert screenshot.height == await browser.script(PAGE_HEIGHT), "the whole page, not a screenful"


async def own_updates(served: Served, public: Update) -> list[Update]:
    """The running game as each of its players sees it, their own hand included."""
    return [await served.manager.current(RUNNING_CHANNEL, seat.user_id) for seat in public.seats]


async def picture_of(url: str) -> bytes:
    """The bytes a picture's address answers with."""
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        assert answer.status == 200
        return await answer.read()


async def test_a_running_games_page_shows_no_hand(browser: Browser, served: Served) -> None:
    await browser.open(served.game(served.running))
    shown = await browser.script(LIVE_SHOWN)
    public = await served.manager.running_game(served.running)
    assert public is not None
    for own in await own_updates(served, public):
        assert own.actor_view is not None
        tiles = [tile_name(tile) for tile in own.actor_view["private"]["hand"]]
        # A hand shown would read as its owner's description does ("Your hand, 15 tiles: 6-4, …"): so the check
        # below seeks each tile as the game's texts name it, and would catch the hand were it there.
        hand_words = PagePresenting().describe(own, own.actor_view)
        assert HAND in hand_words and all(tile in hand_words for tile in tiles)
        assert [tile for tile in tiles if tile in shown["text"] or tile in shown["alt"]] == [], own.actor_id
    assert HAND not in shown["alt"]
    assert shown["alt"] == PagePresenting().describe(public, public.public)
    drawn = rendering.png_of(rendering.RENDERERS["mexican_train"], public.public, picture_names(public))
    assert await picture_of(shown["src"]) == drawn


async def table_rows(browser: Browser, selector: str) -> list[list[str]]:
    """The text of each cell of each row the selector finds."""
    script = "return [...document.querySelectorAll(arguments[0])].map(r => [...r.cells].map(c => c.textContent));"
    return await browser.script(script, selector)


async def test_a_tournaments_page_shows_the_standings_of_the_command(
    browser: Browser, served: Served, tournament: HeldTournament
) -> None:
    await browser.open(tournament_page(served, tournament))
    expected = standings_table(await served.site.pages.sources.desk.standings(tournament.channel))
    assert await table_rows(browser, "#standings thead tr") == [list(expected.columns)]
    assert await table_rows(browser, "#standings tbody tr") == [list(row) for row in expected.rows]
    struck = await browser.script(
        "return [...document.querySelectorAll('#standings tbody tr')].map(r => r.classList.contains('struck'));"
    )
    assert expected.struck, "a player dropped out"
    assert [n for n, crossed in enumerate(struck) if crossed] == sorted(expected.struck)


async def test_dark_mode_darkens_the_page(browser: Browser, served: Served) -> None:
    await browser.open(served.game(served.ended))
    try:
        await browser.dark(False)
        light = await browser.script(BACKGROUND)
        await browser.dark(True)
        dark = await browser.script(BACKGROUND)
    finally:
        await browser.dark(False)
    assert light != dark


async def test_the_console_reports_a_refused_inline_script(browser: Browser, served: Served) -> None:
    """The check every test ends with sees a refusal at all: an inline script added to a page is refused."""
    await browser.open(served.game(served.ended))
    await browser.script("document.body.append(Object.assign(document.createElement('script'), {text: '1'}));")
    assert await browser.csp_violations() != []
