"""Where pictures are drawn: a pool of worker processes (`picture_workers`), or one thread of the bot's own.

Drawing is most of the CPU a move costs. In worker processes it runs on every core, and the event loop keeps
answering clicks while a burst of pictures is drawn. The workers start with the first picture, so a bot that has
drawn nothing holds none; then they stay, each keeping the static layers it drew (a map) for the next picture.
They end with the bot, even when it is killed (`rendering.worker.watch_parent`).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from bot.i18n import language
from rendering import worker

T = TypeVar("T")

log = logging.getLogger(__name__)

DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tetsudo-draw")
"""With `picture_workers = 0`: a map takes ~25 MB while it is drawn, and glibc keeps each thread's freed heap for
that thread: drawing in the default executor's threads (5 on one CPU) held ~180 MB after a burst, one thread
~135 MB (bench/footprint.py). On a one-CPU host pictures could not be drawn faster side by side anyway."""


class Pictures:
    """The bot's drawing: in a lazily started process pool, or in its one drawing thread."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def drawn(self, draw: Callable[..., T], *args: Any) -> T:
        """`draw(*args)` off the event loop: in a worker process (a module-level `draw`, picklable arguments), else
        in the drawing thread (context variables included, as asyncio.to_thread would)."""
        loop = asyncio.get_running_loop()
        if not self.workers:
            call = functools.partial(contextvars.copy_context().run, draw, *args)
            return await loop.run_in_executor(DRAWING, call)
        result: T = await loop.run_in_executor(self._started(), worker.draw, language(), draw, args)
        return result

    def _started(self) -> Executor:
        if self._pool is None:
            # spawn: a worker starts from a clean interpreter (no copy of the bot's memory, no forked threads)
            # and imports only the renderers (`rendering.worker`).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=worker.watch_parent)
            log.info("picture workers started: %d", self.workers)
        return self._pool

    def stop(self) -> None:
        """Stop the workers (they start again with the next picture)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None
            log.info("picture workers stopped")


_pictures = Pictures(0)
"""The process's drawing (one bot per process): set by `configure`, kept across bots so tests share one pool."""


def configure(workers: int) -> None:
    """Draw with this many worker processes from now on (0: the bot's own drawing thread)."""
    global _pictures
    if _pictures.workers != workers:
        _pictures.stop()
        _pictures = Pictures(workers)


async def drawn(draw: Callable[..., T], *args: Any) -> T:
    """`draw(*args)`, drawn as configured (see `Pictures.drawn`)."""
    return await _pictures.drawn(draw, *args)


def stop() -> None:
    """Stop the worker processes, if any are running (when the bot shuts down)."""
    _pictures.stop()
