"""What a picture worker process runs: one drawing, in the language it was asked for.

The bot sends only what a picture shows (a player's view, or a table of names and numbers), never a game's state.
This module imports no discord code, so a worker holds Pillow, the renderers and their caches only.
"""

from __future__ import annotations

import contextlib
import ctypes
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import rendering  # noqa: F401  (registers every game's renderer in the worker)
from bot.i18n import speaking
from bot.lifeline import start_worker

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter (malloc.h): allocations this big or more are mapped from the OS, unmapped when freed."""
BIG_BUFFER = 1 << 20
HAND_BACK_AFTER_S = 1.0
"""A worker gives its free memory back to the OS once it has drawn nothing for this long (`Quiet`)."""


def start() -> None:
    """A worker's initializer: draw below the bot's priority, and end with the bot."""
    start_worker()


def hand_back_big_buffers() -> None:
    """Have every picture buffer of 1 MB or more go back to the OS as soon as it is freed (glibc only).

    For the bot's own drawing thread (`picture_workers = 0`), where memory counts more than the picture's speed: by
    default glibc raises that threshold each time such a buffer is freed, up to 32 MB, so a map's layers soon come
    from the heap, which it rarely gives back (~20 MB more, bench/footprint.py). Workers keep glibc's default: there
    every buffer mapped afresh cost its pages' faults, nearly half of a picture's CPU under a burst.
    """
    with contextlib.suppress(OSError, AttributeError):  # not glibc: its own policy stands
        ctypes.CDLL("libc.so.6").mallopt(M_MMAP_THRESHOLD, BIG_BUFFER)


class Quiet:
    """Gives a worker's free memory back to the OS (glibc's `malloc_trim`) once it has drawn nothing for a while.

    While pictures come, their big buffers are reused from the heap as it is, already paged in; once they stop, the
    heap's free pages go back, so a worker between bursts holds about what it held before them. A picture only notes
    the time: the watch wakes for the first picture after a hand-back, not for every one.
    """

    def __init__(self, after_s: float = HAND_BACK_AFTER_S, hand_back: Callable[[], None] | None = None) -> None:
        self.after_s = after_s
        self.hand_back = hand_back or hand_back_free_memory
        self._last = 0.0
        self._due = threading.Event()
        """Set while a hand-back is owed (pictures were drawn since the last one)."""
        self._watch: threading.Thread | None = None

    def drew(self) -> None:
        """A picture is done: hand memory back `after_s` from now, unless another comes first."""
        self._last = time.monotonic()
        if not self._due.is_set():
            if self._watch is None:
                self._watch = threading.Thread(target=self._hand_back_when_quiet, name="tetsudo-quiet", daemon=True)
                self._watch.start()
            self._due.set()

    def _hand_back_when_quiet(self) -> None:
        while True:
            self._due.wait()
            while (left := self._last + self.after_s - time.monotonic()) > 0:
                time.sleep(left)
            self._due.clear()
            if self._last + self.after_s > time.monotonic():  # a picture came as the watch woke: count from it
                self._due.set()
                continue
            self.hand_back()


def hand_back_free_memory() -> None:
    """Return the heap's free pages to the OS (glibc only; elsewhere nothing)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


_quiet = Quiet()


def ready() -> None:
    """Nothing: a task that makes the pool start a worker (its imports and `start` done) before any picture."""


def draw(language: str, draw: Callable[..., Any], args: Sequence[Any]) -> Any:
    """`draw(*args)` with the texts of the picture in `language`."""
    try:
        with speaking(language):
            return draw(*args)
    finally:
        _quiet.drew()
