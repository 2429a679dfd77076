"""Serving until a signal: the first SIGTERM or SIGINT shuts down gracefully, a second one exits at once."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

from bot.client import TetsudoBot
from bot.ui import pictures

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Lifecycle:
    """Turns stop signals into `TetsudoBot.shutdown`, and an impatient second signal into an immediate exit."""

    def __init__(self, bot: TetsudoBot, grace_s: float) -> None:
        self.bot = bot
        self.grace_s = grace_s
        self.signals = 0
        self.stopped = asyncio.Event()
        self._stopping: asyncio.Task[None] | None = None

    def install(self) -> None:
        """Handle the stop signals on the running loop (instead of Python's KeyboardInterrupt)."""
        loop = asyncio.get_running_loop()
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, self.on_signal, number)

    def uninstall(self) -> None:
        """Give the stop signals back to their defaults."""
        loop = asyncio.get_running_loop()
        for number in STOP_SIGNALS:
            loop.remove_signal_handler(number)

    def on_signal(self, number: int) -> None:
        """First signal: shut down gracefully. Second: exit now (what is committed stays committed)."""
        self.signals += 1
        name = signal.Signals(number).name
        if self.signals > 1:
            log.warning("%s again: exiting without waiting", name)
            logging.shutdown()
            # Every acknowledged move is already committed; SQLite's journal undoes a write cut halfway.
            os._exit(128 + number)
        log.info("%s: shutting down (send it again to exit at once)", name)
        self._stopping = asyncio.create_task(self._stop())

    async def _stop(self) -> None:
        try:
            await self.bot.shutdown(self.grace_s)
        finally:
            self.stopped.set()


async def serve(bot: TetsudoBot, token: str, grace_s: float) -> None:
    """Connect and serve until a stop signal has shut the bot down (or Discord closed the connection for good)."""
    lifecycle = Lifecycle(bot, grace_s)
    lifecycle.install()
    try:
        async with bot:
            await bot.start(token)
        if lifecycle.signals:
            await lifecycle.stopped.wait()
    finally:
        lifecycle.uninstall()
        pictures.stop()
