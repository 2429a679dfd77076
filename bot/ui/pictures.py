"""Where pictures are drawn: a pool of worker processes (`picture_workers`), or one thread of the bot's own.

Drawing is most of the CPU a move costs. In worker processes it runs on every core, and the event loop keeps
answering clicks while a burst of pictures is drawn. The workers start with the bot (`start`), so the first picture
after a restart does not wait for a process to start and import the renderers (bench/first_picture.py), and
each draws ahead what the games' first pictures share (`rendering.WARM_UPS`) while it has no picture to draw; then
they stay while pictures keep coming, each keeping the static layers it drew (a map) for the next one, and stop after
`IDLE_SECONDS` without a picture, handing their memory back: a bot that nobody plays with holds only its own. The
start counts as a picture there: a bot restarted while nobody plays stops its workers 5 minutes later, as it would
after its last picture, rather than hold them until someone plays. The next picture starts them again. They end
with the bot, even when it is killed (`rendering.worker.start`).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import heapq
import logging
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

import rendering
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


SPILL = 3
"""A picture goes to its game's worker unless that one has this many more to draw than the least busy one."""
TRIES = 2
"""A picture whose worker died while drawing it is drawn once more by a new one (twice: the picture itself may be
what kills it)."""
IN_HAND = 2
"""Pictures somebody waits for handed to a worker process at once: the one it draws and the next, so that it never
waits for the bot between two. The rest wait in the bot, where one somebody waits for can still go first; a board or
a step ahead is handed over only to a worker with nothing in hand."""


AHEAD_WHEN_QUIET_S = 0.5
"""Steps ahead are taken only once no picture has been asked for or drawn for this long: pictures asked one after
another (a move's board, then its DMs) never each wait behind a step, which on a starved CPU lasts long."""

WAITED, BOARD, FORESEEN, AHEAD = 0, 1, 2, 3
"""Jobs' ranks: pictures somebody waits for, then boards, then pictures nobody has asked for yet (a player's next
hand), then drawing ahead (`rendering.WARM_UPS`)."""


@dataclass(order=True)
class Job:
    """A job for a worker, by rank (WAITED, BOARD, FORESEEN, AHEAD) and then in the order asked."""

    rank: tuple[int, int]
    call: tuple[Any, ...] = field(compare=False)
    result: Future[Any] = field(compare=False)
    tries: int = field(default=0, compare=False)


@dataclass
class Ticket:
    """Where a picture asked for ahead of time waits, so that it can be hurried once somebody waits for it."""

    job: Job | None = None
    worker: Worker | None = None


@dataclass(eq=False)
class Worker:
    """One worker process (a pool of one), the pictures waiting for it and how many it has in hand."""

    pool: ProcessPoolExecutor
    waiting: list[Job] = field(default_factory=list)
    """A heap of pictures: the first is the next to hand over."""
    steps: deque[Job] = field(default_factory=deque)
    """Its steps ahead, in order (kept apart: no other worker takes them, and they are no picture)."""
    in_hand: int = 0
    """Pictures handed to its process."""
    ahead: bool = False
    """Whether a step ahead is handed to its process (one at a time, and only with no picture in hand)."""

    @property
    def load(self) -> int:
        """Pictures it has still to draw."""
        return len(self.waiting) + self.in_hand


def new_pool() -> ProcessPoolExecutor:
    """A pool of one worker process, started with its first task."""
    # spawn: a worker starts from a clean interpreter (no copy of the bot's memory, no forked threads) and imports
    # only the renderers (`rendering.worker`).
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=worker.start)


class Pictures:
    """The bot's drawing: in worker processes started with the bot that stop when idle, or in its one drawing thread.

    Each worker is a pool of its own, so that a game's pictures go to the same worker (`near`, its channel): what a
    worker keeps of a game's last picture (a seat's part of the map) is found there by the next one, instead of being
    drawn again by the other worker. A worker far busier than another gives its picture away (`SPILL`), and one with
    nothing left to draw takes the next from the busiest. Pictures somebody waits for (an answer to their click) go
    before boards, which are drawn for everyone and superseded by the next move's.
    """

    def __init__(self, workers: int, idle_seconds: float = IDLE_SECONDS) -> None:
        self.workers = workers
        self.idle_seconds = idle_seconds
        self._pool: list[Worker] = []
        # The event loop asks for pictures, the pools' threads hand them back and the idle watch (a thread) stops the
        # workers: the lock orders them. Reentrant: a future already done runs its callback inside `submit`.
        self._lock = threading.RLock()
        self._drawing = 0
        self._asked = 0
        self._last = time.monotonic()
        self._stopped = threading.Event()
        self._quiet: threading.Timer | None = None
        """Hands steps ahead over once it is quiet enough (see AHEAD_WHEN_QUIET_S)."""

    async def drawn(
        self,
        draw: Callable[..., T],
        *args: Any,
        near: int | None = None,
        board: bool = False,
        ticket: Ticket | None = None,
    ) -> T:
        """`draw(*args)` off the event loop: in a worker process (a module-level `draw`, picklable arguments; the
        worker of `near`, after the pictures somebody waits for if it is a `board`, after boards too if it comes with
        a `ticket`: asked for ahead of time), else in the drawing thread (context variables included, as
        asyncio.to_thread would)."""
        if not self.workers:
            call = functools.partial(contextvars.copy_context().run, draw, *args)
            return await asyncio.get_running_loop().run_in_executor(DRAWING, call)
        result: Future[T] = Future()
        with self._lock:
            chosen = self._chosen(near)
            self._asked += 1
            rank = (FORESEEN if ticket is not None else BOARD if board else WAITED, self._asked)
            job = Job(rank, (language(), draw, args), result)
            heapq.heappush(chosen.waiting, job)
            if ticket is not None:
                ticket.job, ticket.worker = job, chosen
            self._drawing += 1
        try:
            with self._lock:
                for each in [chosen, *self._pool]:  # its own worker if it has room, else an idle one takes it
                    self._hand_over(each)
            # Cancelled here, the job is dropped unless its worker has it in hand already.
            return await asyncio.wrap_future(result)
        finally:
            with self._lock:
                self._drawing -= 1
                self._last = time.monotonic()

    def _chosen(self, near: int | None) -> Worker:
        """The worker for a picture of `near`: its own unless that one has SPILL more to draw than the least busy
        (called holding the lock)."""
        pool = self._started()
        least = min(pool, key=lambda w: w.load)
        if near is None:
            return least
        own = pool[near % len(pool)]
        return own if own.load < least.load + SPILL else least

    def _hand_over(self, chosen: Worker) -> None:
        """Give the worker its next pictures, up to IN_HAND (called holding the lock)."""
        while chosen.in_hand < IN_HAND:
            job = self._next_for(chosen)
            if job is None:
                return
            if not job.tries and not job.result.set_running_or_notify_cancel():
                continue  # nobody waits for it any more
            job.tries += 1
            try:
                handed = self._submitted(chosen, job)
            except Exception as error:  # no process could be started: the one who asked hears of it
                job.result.set_exception(error)
                continue
            if job.rank[0] == AHEAD:
                chosen.ahead = True
            else:
                chosen.in_hand += 1
            handed.add_done_callback(functools.partial(self._back, chosen, chosen.pool, job))

    def _submitted(self, chosen: Worker, job: Job) -> Future[Any]:
        """The job sent to the worker's process, or to a new one if that one has died (called holding the lock)."""
        try:
            return chosen.pool.submit(worker.draw, *job.call)
        except BrokenProcessPool:  # its process died (killed, out of memory) since its last picture came back
            self._replace(chosen)
            return chosen.pool.submit(worker.draw, *job.call)

    def _next_for(self, chosen: Worker) -> Job | None:
        """The next job for the worker (called holding the lock): a picture somebody waits for, its own or else the
        busiest worker's, even beside another in hand (IN_HAND); else a board, then a foreseen picture, only into an
        empty hand, so that an answer asked meanwhile waits for one of them at most; else a step ahead, its own only,
        one at a time."""
        busiest = max(self._pool, key=lambda w: w.load, default=chosen)
        for rank in (WAITED, BOARD, FORESEEN):
            for source in (chosen, busiest):
                if source.waiting and source.waiting[0].rank[0] == rank and (rank == WAITED or not chosen.in_hand):
                    return heapq.heappop(source.waiting)
        if chosen.steps and not chosen.in_hand and not chosen.ahead:
            quiet = 0.0 if self._drawing else time.monotonic() - self._last
            if quiet >= AHEAD_WHEN_QUIET_S:
                return chosen.steps.popleft()
            self._ahead_when_quiet(AHEAD_WHEN_QUIET_S - quiet)
        return None

    def _ahead_when_quiet(self, after: float) -> None:
        """Look again for steps ahead in `after` seconds (called holding the lock)."""
        if self._quiet is not None and self._quiet.is_alive():
            return
        self._quiet = threading.Timer(after, self._hand_over_all)
        self._quiet.daemon = True
        self._quiet.start()

    def _hand_over_all(self) -> None:
        """Give every worker what it may take now."""
        with self._lock:
            self._quiet = None
            for each in self._pool:
                self._hand_over(each)

    def hurry(self, ticket: Ticket) -> None:
        """Somebody waits for a picture asked for ahead of time: if it is still waiting, it goes before boards."""
        with self._lock:
            job, chosen = ticket.job, ticket.worker
            if job is None or chosen is None or job.rank[0] != FORESEEN or job not in chosen.waiting:
                return  # drawn already, being drawn, or its workers stopped
            job.rank = (WAITED, job.rank[1])
            heapq.heapify(chosen.waiting)
            self._hand_over(chosen)

    def _draw_ahead(self, chosen: Worker) -> None:
        """Queue what a new worker process draws ahead when it has nothing else to draw (called holding the lock)."""
        for step in rendering.WARM_UPS:
            self._asked += 1
            chosen.steps.append(Job((AHEAD, self._asked), (language(), *step), Future()))

    def _back(self, chosen: Worker, pool: ProcessPoolExecutor, job: Job, handed: Future[Any]) -> None:
        """A worker's picture is back: hand it on (or, its process having died, try once more in a new one), and
        give that worker its next."""
        error = handed.exception()
        with self._lock:
            if job.rank[0] == AHEAD:
                chosen.ahead = False
            else:
                chosen.in_hand -= 1
            if isinstance(error, BrokenProcessPool) and job.tries < TRIES and chosen in self._pool:
                if chosen.pool is pool:
                    self._replace(chosen)
                if job.rank[0] != AHEAD:  # a new process takes every step ahead anew (`_replace`)
                    heapq.heappush(chosen.waiting, job)
                self._hand_over(chosen)
                return
        if error is None:
            job.result.set_result(handed.result())
        else:
            job.result.set_exception(error)  # the one who asked hears of it
        with self._lock:
            if chosen in self._pool:
                self._hand_over(chosen)

    def _replace(self, chosen: Worker) -> None:
        """A new process for a worker whose process died (called holding the lock)."""
        log.warning("a picture worker ended unexpectedly; starting another")
        chosen.pool.shutdown(wait=False)
        chosen.pool = new_pool()
        self._draw_ahead(chosen)

    def start(self) -> None:
        """Start every worker now (with the bot), rather than have the first picture wait for one to start."""
        if not self.workers:
            return
        with self._lock:
            self._last = time.monotonic()  # the idle stop counts from the start, as from a picture
            for each in self._started():
                each.pool.submit(worker.ready)  # a pool starts its process for its first task
                self._hand_over(each)  # and then draws ahead

    def _started(self) -> list[Worker]:
        """The running workers, started if need be (called holding the lock)."""
        if not self._pool:
            self._pool = [Worker(new_pool()) for _ in range(self.workers)]
            for each in self._pool:
                self._draw_ahead(each)
            self._stopped = threading.Event()
            watch = threading.Thread(target=self._watch, args=(self._stopped,), name="tetsudo-pictures-idle")
            watch.daemon = True
            watch.start()
            log.info("picture workers started: %d", self.workers)
        return self._pool

    def _watch(self, stopped: threading.Event) -> None:
        """Stop the workers once they have drawn nothing for `idle_seconds` (a thread: no timer on the bot's loop)."""
        while not stopped.wait(min(self.idle_seconds / 4, 30.0)):
            with self._lock:
                if stopped.is_set():
                    return  # its workers were stopped meanwhile; newer ones have their own watch
                if self._drawing or time.monotonic() - self._last < self.idle_seconds:
                    continue
                self._stop_pool(f"idle {self.idle_seconds:g} s")
            return

    def _stop_pool(self, why: str) -> None:
        """Shut the workers down without waiting (called holding the lock)."""
        if self._pool:
            self._stopped.set()
            for each in self._pool:
                for job in each.waiting:
                    if job.tries or job.result.set_running_or_notify_cancel():  # tried once already: running
                        job.result.set_exception(RuntimeError("the picture workers were stopped"))
                each.waiting.clear()
                each.steps.clear()
                each.pool.shutdown(wait=False)
            self._pool = []
            log.info("picture workers stopped (%s)", why)

    def stop(self) -> None:
        """Stop the workers (they start again with the next picture)."""
        with self._lock:
            self._stop_pool("asked")

    @property
    def running(self) -> bool:
        """Whether worker processes are up."""
        return bool(self._pool)

    def pids(self) -> list[int]:
        """The worker processes' ids (those started so far)."""
        with self._lock:
            # concurrent.futures keeps a pool's processes in `_processes` and has no public way to name them.
            return [p.pid for each in self._pool for p in each.pool._processes.values() if p.pid is not None]


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


async def drawn(
    draw: Callable[..., T], *args: Any, near: int | None = None, board: bool = False, ticket: Ticket | None = None
) -> T:
    """`draw(*args)`, drawn as configured (see `Pictures.drawn`)."""
    return await _pictures.drawn(draw, *args, near=near, board=board, ticket=ticket)


def hurry(ticket: Ticket) -> None:
    """See `Pictures.hurry`."""
    _pictures.hurry(ticket)


def drawing_ahead() -> bool:
    """Whether pictures can be drawn before they are asked for: only in worker processes, where they wait behind
    every other picture (in the bot's own drawing thread they would hold the next answer up)."""
    return _pictures.workers > 0


def stop() -> None:
    """Stop the worker processes, if any are running (when the bot shuts down)."""
    _pictures.stop()


def running() -> bool:
    """Whether picture worker processes are up."""
    return _pictures.running
