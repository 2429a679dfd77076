"""Renews this process's shard claims every minute while connected (the registry is the engine's)."""

from __future__ import annotations

import logging
import os
import socket

import discord
from discord.ext import tasks

from bot.engine.claims import ShardRegistry

log = logging.getLogger(__name__)

RENEW_S = 60.0


def process_name() -> str:
    """How this process is named in the claims: its host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


class ShardClaims:
    """A discord.py task (simcord's clock drives it in tests) that renews the claims; says once about a clash."""

    def __init__(self, client: discord.AutoShardedClient) -> None:
        self.client = client
        self.registry: ShardRegistry | None = None
        self._loop = tasks.loop(seconds=RENEW_S)(self.renew)
        self._warned = False

    def start(self, registry: ShardRegistry) -> None:
        self.registry = registry
        if not self._loop.is_running():
            self._loop.start()

    async def renew(self) -> None:
        """Claim the shards this process runs, of how many (known once connected)."""
        if self.registry is None:
            return
        count = self.client.shard_count or 1
        found = await self.registry.renew(self.client.shard_ids or range(count), count)
        if found and not self._warned:
            log.error("shards: %s (run `python -m bot doctor`)", "; ".join(found))
        self._warned = bool(found)

    async def stop(self) -> None:
        """Stop renewing and free this process's shards."""
        self._loop.cancel()
        if self.registry is not None:
            await self.registry.release()
            self.registry = None
