"""Drawings a worker keeps between pictures, within a number of bytes: the least recently used go first."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Kept = TypeVar("Kept")


class Keeper(Generic[Kept]):
    """Drawings by key, made on first use and dropped least recently used first once they pass `most` bytes."""

    def __init__(self, most: int, size: Callable[[Kept], int]) -> None:
        self.most = most
        self.size = size
        self.held = 0
        self.drawings: OrderedDict[Hashable, Kept] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], Kept]) -> Kept:
        """The drawing kept for `key`, made by `make` when none is."""
        found = self.drawings.pop(key, None)
        if found is None:
            found = make()
            self.held += self.size(found)
        self.drawings[key] = found
        while self.held > self.most and len(self.drawings) > 1:
            self.held -= self.size(self.drawings.popitem(last=False)[1])
        return found

    def clear(self) -> None:
        """Drop every drawing."""
        self.drawings.clear()
        self.held = 0
