"""What a picture worker process runs: one drawing, in the language it was asked for.

The bot sends only what a picture shows (a player's view, or a table of names and numbers), never a game's state.
This module imports no discord code, so a worker holds Pillow, the renderers and their caches only.
"""

from __future__ import annotations

import contextlib
import ctypes
from collections.abc import Callable, Sequence
from typing import Any

import rendering  # noqa: F401  (registers every game's renderer in the worker)
from bot.i18n import speaking
from bot.lifeline import start_worker

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter (malloc.h): allocations this big or more are mapped from the OS, unmapped when freed."""
BIG_BUFFER = 1 << 20


def start() -> None:
    """A worker's initializer: hand big buffers back, draw below the bot's priority, and end with the bot."""
    hand_back_big_buffers()
    start_worker()


def hand_back_big_buffers() -> None:
    """Have every picture buffer of 1 MB or more go back to the OS as soon as it is freed (glibc only).

    By default glibc raises that threshold each time such a buffer is freed, up to 32 MB, so a map's layers soon come
    from the heap, which it rarely gives back: a worker that had drawn all five games kept ~20 MB more (measured with
    bench/footprint.py). A map's few mmap calls cost microseconds; the drawing, milliseconds.
    """
    with contextlib.suppress(OSError, AttributeError):  # not glibc: its own policy stands
        ctypes.CDLL("libc.so.6").mallopt(M_MMAP_THRESHOLD, BIG_BUFFER)


def ready() -> None:
    """Nothing: a task that makes the pool start a worker (its imports and `start` done) before any picture."""


def draw(language: str, draw: Callable[..., Any], args: Sequence[Any]) -> Any:
    """`draw(*args)` with the texts of the picture in `language`."""
    with speaking(language):
        return draw(*args)
