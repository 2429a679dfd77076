"""A real browser for the pages' tests: Debian's headless Chromium and chromedriver, driven by selenium.

Nothing is downloaded: both programs come from apt (`.ci/run` installs them), and the driver's path is given so that
selenium never looks for one itself. Selenium blocks while the pages are served by aiohttp on the test's own event
loop, so every call into the browser runs in a thread: the server keeps answering meanwhile.
"""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

PHONE_WIDTH = 400
"""CSS pixels: the narrowest screen the pages are made for."""
PHONE_HEIGHT = 860
WAIT_S = 10
"""How long a page may take to come after a click or a key, at most."""
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_ENV = "TETSUDO_ARTIFACTS"

T = TypeVar("T")


def installed(program: str) -> str:
    """The program's path; without it the test fails saying how to install it (CI does: a skip would hide it)."""
    path = shutil.which(program)
    if path is None:
        pytest.fail(
            f"`{program}` was not found: the browser tests need Debian's chromium and chromium-driver. "
            "Install them with `sudo apt-get install chromium chromium-driver` (`bash .ci/run` does).",
            pytrace=False,
        )
    return path


def chromium() -> webdriver.Chrome:
    """A headless Chromium whose pages are laid out as on a phone 400 px wide, its console kept for reading."""
    options = webdriver.ChromeOptions()
    options.binary_location = installed("chromium")
    for argument in ("--headless=new", "--no-sandbox", f"--window-size={PHONE_WIDTH},{PHONE_HEIGHT}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=installed("chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    # Headless Chromium keeps a window at least 500 px wide, so the viewport is set as DevTools' device mode does;
    # "mobile" makes the page's viewport meta count, as on a phone (without it a phone lays a page out 980 px wide).
    metrics = {"width": PHONE_WIDTH, "height": PHONE_HEIGHT, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    return driver


def artifacts() -> Path:
    """Where tests leave files for people to look at (CI keeps them): $TETSUDO_ARTIFACTS, else .ci/artifacts."""
    folder = Path(os.environ.get(ARTIFACTS_ENV) or ROOT / ".ci" / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Browser:
    """One Chromium tab, each call made in a thread so that the event loop serving the pages goes on."""

    def __init__(self, driver: webdriver.Chrome) -> None:
        self.driver = driver

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """A blocking selenium call, made in a thread."""
        return await asyncio.to_thread(call, *args)

    async def open(self, url: str) -> None:
        """Go to `url` and wait for it to load, pictures included."""
        await self.run(self.driver.get, url)

    async def script(self, source: str, *args: Any) -> Any:
        """What a script run in the page returns."""
        return await self.run(self.driver.execute_script, source, *args)

    async def click(self, selector: str) -> None:
        """Click the element `selector` finds, then wait for the page it leads to."""
        await self.run(self._leaving, lambda: self.driver.find_element(By.CSS_SELECTOR, selector).click())

    async def press(self, key: str) -> None:
        """Press a key with the page's body focused, then wait for the page it leads to."""
        await self.run(self._leaving, lambda: self.driver.find_element(By.TAG_NAME, "body").send_keys(key))

    def _leaving(self, act: Callable[[], None]) -> None:
        """Do `act`, then wait until another page has loaded in full."""
        before = self.driver.current_url
        act()
        WebDriverWait(self.driver, WAIT_S).until(
            lambda d: d.current_url != before and d.execute_script("return document.readyState") == "complete",
            f"no other page loaded after leaving {before}",
        )

    async def console(self) -> list[dict[str, Any]]:
        """The console's entries since the last reading."""
        return await self.run(self.driver.get_log, "browser")

    async def csp_violations(self) -> list[str]:
        """The console's Content-Security-Policy refusals since the last reading."""
        return [e["message"] for e in await self.console() if "Content Security Policy" in e["message"]]

    async def cdp(self, command: str, **params: Any) -> dict[str, Any]:
        """A Chrome DevTools Protocol command's answer."""
        return await self.run(self.driver.execute_cdp_cmd, command, params)

    async def dark(self, dark: bool) -> None:
        """Have the pages see a system in dark mode, or in light mode."""
        features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
        await self.cdp("Emulation.setEmulatedMedia", features=features)

    async def screenshot(self, path: Path) -> None:
        """Save the whole page, beyond the screen's height too, as a PNG."""
        shot = await self.cdp("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        path.write_bytes(base64.b64decode(shot["data"]))
