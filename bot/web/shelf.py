"""Answers kept by what they show, within a byte budget: a finished game's steps never change."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable

BUDGET_BYTES = 16 * 1024 * 1024
"""Pictures and pages kept at most: a few hundred steps of a few games being looked at."""


class Shelf:
    """Bytes by key, made once (those asked for at once share one making), least recently used out first."""

    def __init__(self, budget: int = BUDGET_BYTES) -> None:
        self.budget = budget
        self.held = 0
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self._making: dict[Hashable, asyncio.Future[bytes]] = {}

    async def get(self, key: Hashable, make: Callable[[], Awaitable[bytes]]) -> bytes:
        """The bytes kept for `key`, made by `make` when none are."""
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        making = self._making.get(key)
        if making is None:
            making = self._making[key] = asyncio.ensure_future(make())
            making.add_done_callback(lambda done: self._made(key, done))
        return await asyncio.shield(making)

    def _made(self, key: Hashable, done: asyncio.Future[bytes]) -> None:
        """Keep what was made (not a failure), then drop the oldest beyond the budget."""
        self._making.pop(key, None)
        if done.cancelled() or done.exception() is not None or len(done.result()) > self.budget:
            return
        self._kept[key] = done.result()
        self.held += len(done.result())
        while self.held > self.budget:
            self.held -= len(self._kept.popitem(last=False)[1])
