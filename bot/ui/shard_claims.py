"""This process's word, renewed every minute in the database, about which shards it runs (for the doctor)."""

from __future__ import annotations

import contextlib
import logging
import os
import socket
from collections.abc import Callable

import discord
from discord.ext import tasks

from bot.storage import Storage, Unavailable
from bot.storage.shards import clashes

log = logging.getLogger(__name__)

RENEW_S = 60.0
LIVE_S = 3 * RENEW_S
"""A claim not renewed for this long is a process that is gone (killed, or its machine lost)."""


def process_name() -> str:
    """How this process is named in the claims: its host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


class ShardClaims:
    """Claims this process's shards at start and every RENEW_S; drops them when it stops."""

    def __init__(
        self, client: discord.AutoShardedClient, storage: Callable[[], Storage | None], clock: Callable[[], int]
    ) -> None:
        self.client = client
        self.storage = storage
        self.clock = clock
        self.process = process_name()
        self._loop = tasks.loop(seconds=RENEW_S)(self.renew)  # a discord.py task: simcord's clock drives it in tests
        self._warned = False

    def shards(self) -> tuple[list[int], int]:
        """The shards this process runs, and of how many (known once connected)."""
        count = self.client.shard_count or 1
        return list(self.client.shard_ids or range(count)), count

    def start(self) -> None:
        if not self._loop.is_running():
            self._loop.start()

    async def renew(self) -> None:
        """Claim this process's shards again, and say once if another live process claims one of them too."""
        storage = self.storage()
        if storage is None:
            return
        ids, count = self.shards()
        try:
            if not self._loop.current_loop:
                await self._forget_dead(storage)
            await storage.claim_shards(self.process, ids, count, self.clock())
            found = clashes(await storage.shard_claims(self.clock() - int(LIVE_S * 1000)))
        except Unavailable as error:
            log.warning("shard claims not renewed: %s", error)
            return
        if found and not self._warned:
            log.error("shards: %s (run `python -m bot doctor`)", "; ".join(found))
        self._warned = bool(found)

    async def _forget_dead(self, storage: Storage) -> None:
        """Drop the claims of this machine's processes that are gone (a restart after kill -9 is not a clash)."""
        host = self.process.rsplit(":", 1)[0]
        for claim in await storage.shard_claims(0):
            claim_host, _, pid = claim.process.rpartition(":")
            if claim_host == host and claim.process != self.process and pid.isdigit() and not _alive(int(pid)):
                await storage.release_shards(claim.process)

    async def stop(self) -> None:
        """Stop renewing and free this process's shards."""
        self._loop.cancel()
        storage = self.storage()
        if storage is not None:
            with contextlib.suppress(Unavailable):
                await storage.release_shards(self.process)


def _alive(pid: int) -> bool:
    """Whether a process of this machine is running."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: alive
        return True
    return True
