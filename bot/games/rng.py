"""The one deterministic random generator: same (seed, step) gives the same draws on every Python."""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from random import Random
from typing import TypeVar

T = TypeVar("T")


class GameRandom:
    """randint, choice and shuffle built on `random()` alone, the one method Python keeps stable."""

    __slots__ = ("_random", "_seed", "_step", "draws", "revealed")

    def __init__(self, seed: int, step: int) -> None:
        # Seeded on the first draw: most moves (and every refused one) draw nothing, and seeding is the costly part.
        self._seed, self._step = seed, step
        self._random: random.Random | None = None
        self.draws = 0
        """How many numbers were drawn; the engine raises the undo floor when this is not zero."""
        self.revealed = False
        """Set by `mark_revealed`; the engine raises the undo floor then too."""

    def mark_revealed(self) -> None:
        """Tell the engine this step showed hidden information (a card off a deck shuffled earlier)."""
        self.revealed = True

    @property
    def irreversible(self) -> bool:
        """Whether this step drew randomness or revealed a secret, so it can never be undone."""
        return self.draws > 0 or self.revealed

    def random(self) -> float:
        """A float in [0, 1)."""
        self.draws += 1
        return self._generator().random()

    def _generator(self) -> Random:
        if self._random is None:
            digest = hashlib.sha256(f"{self._seed}:{self._step}".encode()).digest()
            self._random = random.Random(int.from_bytes(digest[:8], "big"))
        return self._random

    def randint(self, low: int, high: int) -> int:
        """An int in [low, high], both ends included."""
        if high < low:
            raise ValueError("randint needs low <= high")
        return low + int(self.random() * (high - low + 1))

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randint(0, len(items) - 1)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        # `randint(0, i)` inlined: the same numbers, without two calls per card (deals shuffle whole decks).
        draw = self._generator().random
        for i in range(len(items) - 1, 0, -1):
            j = int(draw() * (i + 1))
            items[i], items[j] = items[j], items[i]
        self.draws += max(len(items) - 1, 0)
