"""Where pictures are drawn: one thread of their own, one picture at a time, off the event loop."""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tetsudo-draw")
"""A map takes ~25 MB while it is drawn, and glibc keeps each thread's freed heap for that thread: drawing in the
default executor's threads (5 on one CPU) held ~180 MB after a burst, one thread ~135 MB (bench/footprint.py).
On the one-CPU host pictures could not be drawn faster side by side anyway."""


async def drawn(draw: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """`draw(*args, **kwargs)` run in the drawing thread, as asyncio.to_thread would (context variables included)."""
    call = functools.partial(contextvars.copy_context().run, draw, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(DRAWING, call)
