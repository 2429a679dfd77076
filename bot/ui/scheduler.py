"""The one timer task: every scan, fire the due reminders and timeouts, oldest first."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import discord
from discord.ext import tasks

from bot.engine import GameManager, Reminder, Update
from bot.engine.errors import Unavailable
from bot.i18n import _, speaking
from bot.ui import delivery
from bot.ui.gate import server_language
from bot.ui.messages import jump_url

log = logging.getLogger(__name__)

MIN_SLEEP_S = 0.5
"""Never spin: timers due within half a second of each other are fired by one scan."""
BATCH = 200
"""Timers fired per scan at most; a backlog (after downtime) drains over the next scans."""
UNAVAILABLE_RETRY_S = 10.0
"""The database is out of reach (PostgreSQL restarting): scan again this soon, so no timer waits long past its due."""


class DmLimiter:
    """A global cap on reminder DMs per minute, so a burst of reminders never trips Discord's rate limits."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._sent: deque[float] = deque()

    def allow(self) -> bool:
        """Whether one more DM fits in the last minute's budget (counts it if so)."""
        now = time.monotonic()
        while self._sent and now - self._sent[0] >= 60:
            self._sent.popleft()
        if len(self._sent) >= self.per_minute:
            return False
        self._sent.append(now)
        return True


class TimerScheduler:
    """One task for every game's timers: it sleeps until the soonest one is due, then fires what is due.

    Each scan is one indexed query. Arming a sooner timer wakes the task early (`wake_by`); `idle_s` caps
    any sleep, as a safety net.
    """

    def __init__(self, client: discord.Client, idle_s: float, dms_per_minute: int) -> None:
        self.client = client
        self.idle_s = idle_s
        self.limiter = DmLimiter(dms_per_minute)
        self._loop = tasks.loop(seconds=idle_s)(self.beat)
        # Held for a whole scan, so that shutting down can wait for one in progress instead of cutting it.
        self._scanning = asyncio.Lock()

    @property
    def manager(self) -> GameManager:
        return cast(Any, self.client).manager  # type: ignore[no-any-return]

    def start(self) -> None:
        """Begin scanning (once the bot is set up)."""
        self._loop.start()

    def stop(self) -> None:
        """Stop scanning (the bot is closing)."""
        self._loop.cancel()

    async def halt(self, timeout_s: float) -> None:
        """Let a scan in progress finish (up to `timeout_s`), then stop scanning."""
        try:
            async with asyncio.timeout(timeout_s), self._scanning:
                self._loop.cancel()
        except TimeoutError:
            log.warning("shutdown: a timer scan was still running after %.0f s", timeout_s)
            self._loop.cancel()

    async def beat(self) -> None:
        """One scan, then sleep until the next timer; a failure (a locked database) is logged and retried."""
        try:
            async with self._scanning:
                await self.scan()
            next_due = await self.manager.storage.next_due()
        except Unavailable as error:
            log.warning("timer scan waits for the database: %s", error)
            self._loop.change_interval(seconds=UNAVAILABLE_RETRY_S)
            return
        except Exception:
            log.exception("timer scan failed")
            next_due = None
        now_ms = self.manager.clock()
        wait_s = self.idle_s if next_due is None else min(self.idle_s, max(MIN_SLEEP_S, (next_due - now_ms) / 1000))
        self._loop.change_interval(seconds=wait_s)

    def wake_by(self, due_ms: int) -> None:
        """A timer was armed for `due_ms`: make sure the task is awake by then."""
        planned = self._loop.next_iteration
        if planned is None or not self._loop.is_running():
            return
        due = datetime.fromtimestamp(due_ms / 1000, UTC)
        if due >= planned:
            return
        # The next beat comes `seconds` after the last one; moving it earlier shortens the sleep in progress.
        last = planned - timedelta(seconds=self._loop.seconds or 0)
        self._loop.change_interval(seconds=max(MIN_SLEEP_S, (due - last).total_seconds()))

    async def scan(self) -> int:
        """Fire every due timer once; returns how many did something."""
        fired = 0
        for timer in await self.manager.due_timers(BATCH):
            try:
                result = await self.manager.fire(timer)
                if isinstance(result, Reminder):
                    await self.remind(result)
                elif isinstance(result, Update):
                    await delivery.deliver(self.client, result)
                fired += result is not None
            except discord.HTTPException as error:
                # The timer's effect is stored; only telling the channel failed.
                log.warning("timer delivery failed channel=%s status=%s", timer.channel_id, error.status)
            except Unavailable:
                raise  # nothing was written: this timer and the rest fire once the database is back
            except Exception as error:
                where = await self.manager.where(timer.channel_id)
                log.error("timer failed channel=%s %s timer=%s", timer.channel_id, where, timer.kind, exc_info=error)
        return fired

    async def remind(self, reminder: Reminder) -> None:
        """Ping the waiting players in the game's channel, and DM those who asked for it (in the server's language)."""
        if not reminder.user_ids:
            return
        with speaking(server_language(self.client, reminder.guild_id)):
            await self._remind(reminder)

    async def _remind(self, reminder: Reminder) -> None:
        pinged = [discord.Object(uid) for uid in reminder.user_ids]
        mentions = " ".join(f"<@{uid}>" for uid in reminder.user_ids)
        await delivery.say_to(
            self.client,
            reminder.channel_id,
            _("⏰ {players} — a reminder: it's your move in **{title}**.").format(
                players=mentions, title=reminder.title
            ),
            pinged,
        )
        if not self.manager.servers.dm_reminders(reminder.guild_id):
            return  # this server's moderators turned reminder DMs off: the channel ping is all
        for user_id in reminder.user_ids:
            if await self.manager.storage.dm_reminders(user_id):
                await self._dm(user_id, reminder)

    async def _dm(self, user_id: int, reminder: Reminder) -> None:
        if not self.limiter.allow():
            log.info("reminder dm skipped (rate limit) user=%s", user_id)
            return
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            link = jump_url(reminder.guild_id, reminder.channel_id, reminder.board_message_id)
            await user.send(_("⏰ It's your move in **{title}**: {link}").format(title=reminder.title, link=link))
        except discord.Forbidden:
            log.info("reminder dm refused user=%s; not retrying", user_id)
            await self.manager.mark_dms_closed(user_id)
        except discord.HTTPException:
            log.warning("reminder dm failed user=%s", user_id)
