"""After a restart: deliver once what changes committed before a crash still owe (the outbox), oldest first."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord

from bot.engine import GameManager, OwedUpdate
from bot.i18n import speaking
from bot.ui import delivery

log = logging.getLogger(__name__)


class Redelivery:
    """Notes what is owed when the bot starts (before any click can add to it), and delivers exactly that once."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._through: int | None = None

    @property
    def manager(self) -> GameManager:
        return cast(Any, self.client).manager  # type: ignore[no-any-return]

    async def note(self) -> None:
        """Remember the newest row owed at startup: rows after it belong to changes being delivered live."""
        self._through = await self.manager.last_owed()

    async def run(self) -> int:
        """Deliver what was noted (only the first time: a reconnect must not deliver again); returns how many games."""
        through, self._through = self._through, None
        if not through:
            return 0
        games = 0
        async for item in self.manager.owed_updates(through):
            await self._deliver(item)
            games += 1
        if games:
            log.info("delivered what a restart left owed: %d game(s)", games)
        return games

    async def _deliver(self, owed: OwedUpdate) -> None:
        update = owed.update
        try:
            if owed.announce:
                await delivery.deliver(self.client, update, new_board=owed.new_board)
            else:
                channel = await delivery.channel_of(self.client, update.channel_id)
                with speaking(delivery.language_of(self.client, channel)):
                    await delivery.send_secrets(self.client, channel, update)
        except discord.HTTPException as error:
            log.warning("owed delivery failed channel=%s status=%s", update.channel_id, error.status)
        except Exception:
            log.exception("owed delivery failed channel=%s", update.channel_id)
        finally:
            # One attempt per restart: a channel gone for good must not be retried at every start.
            rows = (*update.owed.public, *(row for ids in update.owed.private.values() for row in ids))
            await self.manager.settle(rows)
