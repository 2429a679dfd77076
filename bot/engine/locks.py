"""One asyncio lock per channel: every change to a channel's game goes through it."""

from __future__ import annotations

import asyncio
import weakref


class ChannelLocks:
    """Locks created on demand and dropped when nobody holds or waits for them."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, channel_id: int) -> asyncio.Lock:
        """The lock of a channel (a thread is a channel)."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock
