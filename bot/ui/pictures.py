"""Where pictures are drawn: a pool of worker processes (`picture_workers`), or one thread of the bot's own.

Drawing is most of the CPU a move costs. In worker processes it runs on every core, and the event loop keeps
answering clicks while a burst of pictures is drawn. The workers start with the bot (`start`), so the first picture
after a restart does not wait for a process to start and import the renderers (bench/first_picture.py); then they
stay while pictures keep coming, each keeping the static layers it drew (a map) for the next one, and stop after
`IDLE_SECONDS` without a picture, handing their memory back: a bot that nobody plays with holds only its own. The
start counts as a picture there: a bot restarted while nobody plays stops its workers 5 minutes later, as it would
after its last picture, rather than hold them until someone plays. The next picture starts them again. They end
with the bot, even when it is killed (`rendering.worker.start`).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import multiprocessing
import threading
import time
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


IDLE_SECONDS = 300.0
"""Workers stop after this long without a picture (the next picture starts them again, and waits for that)."""


class Pictures:
    """The bot's drawing: in a process pool started with the bot that stops when idle, or in its one drawing thread."""

    def __init__(self, workers: int, idle_seconds: float = IDLE_SECONDS) -> None:
        self.workers = workers
        self.idle_seconds = idle_seconds
        self._pool: ProcessPoolExecutor | None = None
        # The pool is started by the event loop and stopped by the idle watch, a thread: the lock orders the two.
        self._lock = threading.Lock()
        self._drawing = 0
        self._last = time.monotonic()
        self._stopped = threading.Event()

    async def drawn(self, draw: Callable[..., T], *args: Any) -> T:
        """`draw(*args)` off the event loop: in a worker process (a module-level `draw`, picklable arguments), else
        in the drawing thread (context variables included, as asyncio.to_thread would)."""
        if not self.workers:
            call = functools.partial(contextvars.copy_context().run, draw, *args)
            return await asyncio.get_running_loop().run_in_executor(DRAWING, call)
        with self._lock:
            future = self._started().submit(worker.draw, language(), draw, args)
            self._drawing += 1
        try:
            result: T = await asyncio.wrap_future(future)
        finally:
            with self._lock:
                self._drawing -= 1
                self._last = time.monotonic()
        return result

    def start(self) -> None:
        """Start every worker now (with the bot), rather than have the first picture wait for one to start."""
        if not self.workers:
            return
        with self._lock:
            pool = self._started()
            self._last = time.monotonic()  # the idle stop counts from the start, as from a picture
            # The pool starts a process per task it cannot hand to an idle one: one task each starts them all.
            for _worker in range(self.workers):
                pool.submit(worker.ready)

    def _started(self) -> Executor:
        """The running pool, started if need be (called holding the lock)."""
        if self._pool is None:
            # spawn: a worker starts from a clean interpreter (no copy of the bot's memory, no forked threads)
            # and imports only the renderers (`rendering.worker`).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=worker.start)
            self._stopped = threading.Event()
            watch = threading.Thread(target=self._watch, args=(self._stopped,), name="tetsudo-pictures-idle")
            watch.daemon = True
            watch.start()
            log.info("picture workers started: %d", self.workers)
        return self._pool

    def _watch(self, stopped: threading.Event) -> None:
        """Stop the pool once it has drawn nothing for `idle_seconds` (a thread: no timer on the bot's loop)."""
        while not stopped.wait(min(self.idle_seconds / 4, 30.0)):
            with self._lock:
                if stopped.is_set():
                    return  # its pool was stopped meanwhile; a newer pool has its own watch
                if self._drawing or time.monotonic() - self._last < self.idle_seconds:
                    continue
                self._stop_pool(f"idle {self.idle_seconds:g} s")
            return

    def _stop_pool(self, why: str) -> None:
        """Shut the pool down without waiting (called holding the lock)."""
        if self._pool is not None:
            self._stopped.set()
            self._pool.shutdown(wait=False)
            self._pool = None
            log.info("picture workers stopped (%s)", why)

    def stop(self) -> None:
        """Stop the workers (they start again with the next picture)."""
        with self._lock:
            self._stop_pool("asked")

    @property
    def running(self) -> bool:
        """Whether worker processes are up."""
        return self._pool is not None


_pictures = Pictures(0)
"""The process's drawing (one bot per process): set by `configure`, kept across bots so tests share one pool."""


def configure(workers: int) -> None:
    """Draw with this many worker processes from now on (0: the bot's own drawing thread), started now."""
    global _pictures
    if not workers:
        worker.hand_back_big_buffers()  # the bot's own process draws
    if _pictures.workers != workers:
        _pictures.stop()
        _pictures = Pictures(workers)
    if not _pictures.running:
        _pictures.start()


async def drawn(draw: Callable[..., T], *args: Any) -> T:
    """`draw(*args)`, drawn as configured (see `Pictures.drawn`)."""
    return await _pictures.drawn(draw, *args)


def stop() -> None:
    """Stop the worker processes, if any are running (when the bot shuts down)."""
    _pictures.stop()


def running() -> bool:
    """Whether picture worker processes are up."""
    return _pictures.running
