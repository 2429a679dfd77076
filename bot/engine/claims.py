"""Which process runs which shard, as the processes say in the database (read by the doctor, checked at start)."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable

from bot.storage import Storage, Unavailable
from bot.storage.shards import clashes

log = logging.getLogger(__name__)

LIVE_MS = 3 * 60_000
"""A claim not renewed for this long is a process that is gone (killed, or its machine lost); renewed each minute."""


class ShardRegistry:
    """One process's claims: renewed on a timer by the Discord layer, dropped when it stops."""

    def __init__(self, storage: Storage, clock: Callable[[], int], process: str) -> None:
        self.storage = storage
        self.clock = clock
        self.process = process
        self._renewed = False

    async def renew(self, shard_ids: Iterable[int], shard_count: int) -> list[str]:
        """Claim these shards (again); what clashes with other live processes' claims, in words."""
        try:
            if not self._renewed:
                await self._forget_dead()
            await self.storage.claim_shards(self.process, shard_ids, shard_count, self.clock())
            self._renewed = True
            return clashes(await self.storage.shard_claims(self.clock() - LIVE_MS))
        except Unavailable as error:
            log.warning("shard claims not renewed: %s", error)
            return []

    async def release(self) -> None:
        """This process stops: its shards are free."""
        try:
            await self.storage.release_shards(self.process)
        except Unavailable as error:
            log.warning("shard claims not released: %s", error)

    async def _forget_dead(self) -> None:
        """Drop the claims of this machine's processes that are gone (a restart after kill -9 is not a clash)."""
        host = self.process.rsplit(":", 1)[0]
        for claim in await self.storage.shard_claims(0):
            claim_host, _, pid = claim.process.rpartition(":")
            if claim_host == host and claim.process != self.process and pid.isdigit() and not _alive(int(pid)):
                await self.storage.release_shards(claim.process)


def _alive(pid: int) -> bool:
    """Whether a process of this machine is running."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: alive
        return True
    return True
