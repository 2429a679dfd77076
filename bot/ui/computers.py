"""Computers at the table: when a game waits for a computer seat, it pauses, decides off the event loop, and moves.

One task per channel asks the engine which computer seat the game waits for, waits a natural pause, has the
computer decide in a small bounded pool of worker processes at a lower priority (so the event loop, and every
human's acknowledgement, never waits on a search; `computer_workers = 0` decides in one thread instead), then
applies the move through the same path a person's move takes (`act`, with its version check, the commit and the
outbox) and delivers it. Nothing is stored before the move: a restart in the middle of a decision loses nothing,
since `resume` asks every game with computers again and the decision's randomness is fixed by the game, its step
and the seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, cast

import discord

from bot.computers import Budget, choose, choose_easy, worker_start
from bot.engine import GameManager, NotModerator, StaleClick, Update
from bot.engine.computers import ComputerTurn
from bot.engine.errors import MoveRefused, Unavailable
from bot.games.base import Action, IllegalAction
from bot.ui import delivery

log = logging.getLogger(__name__)

FAILURES_IN_A_ROW = 3
"""A channel whose computer keeps failing stops asking (until the next change pokes it), rather than spin: its moves
refused, or the engine failing on them even when it plays easy moves (a failed decision plays easy: `_decided`)."""
UNAVAILABLE_RETRY_S = 10.0
"""The database is out of reach (PostgreSQL restarting): the computer tries its move again this much later."""


class Computers:
    """The computers of every channel: at most one decision task per channel, decisions queued in a small pool."""

    def __init__(self, client: discord.Client, pause_s: tuple[float, float], think_s: float, workers: int = 1) -> None:
        self.client = client
        self.pause_s = pause_s
        self.think_s = think_s
        self.workers = workers
        """Worker processes that decide (0: one thread of the bot, which then shares its interpreter lock)."""
        # Decisions wait their turn here, first come first served: many channels share a bounded pool.
        self._pool: Executor | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._just_moved: dict[int, tuple[int, int]] = {}
        """Per channel, (version, seat) after a computer's last move: in a race it then waits for someone else."""
        self._pauses = random.Random()  # only how long a computer pauses: never what it plays
        self.thinking = 0
        """Decisions asked of the pool and not yet answered (queued or being made)."""
        self._closing = False

    @property
    def manager(self) -> GameManager:
        return cast(Any, self.client).manager  # type: ignore[no-any-return]

    def poke(self, channel_id: int) -> None:
        """The channel's game changed: if it waits for a computer, that computer will move."""
        if self._closing:
            return  # shutting down: `resume` asks again after the restart
        task = self._tasks.get(channel_id)
        if task is not None and not task.done():
            self._again.add(channel_id)  # the running task looks once more before it ends
            return
        self._tasks[channel_id] = asyncio.get_running_loop().create_task(self._play(channel_id))

    async def resume(self) -> int:
        """After a (re)start: every running game with computers is asked again (a decision cut short is redone)."""
        channels = await self.manager.computer_channels()
        for channel_id in channels:
            self.poke(channel_id)
        return len(channels)

    async def idle(self) -> None:
        """Wait until no computer is deciding or moving (tests, and a graceful shutdown)."""
        while True:
            self._tasks = {channel: task for channel, task in self._tasks.items() if not task.done()}
            if not self._tasks:
                return
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def halt(self, timeout_s: float) -> None:
        """Shutting down: no new move starts; a move under way may finish (up to `timeout_s`), then all stop."""
        self._closing = True
        with contextlib.suppress(TimeoutError):  # a decision cut short is made again after the restart
            await asyncio.wait_for(self.idle(), timeout_s)
        self.stop()

    def stop(self) -> None:
        """Cancel every computer task (the bot is closing); a decision in a worker is abandoned, not applied."""
        for task in self._tasks.values():
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _started(self) -> Executor:
        """The pool, started with the first decision (a bot without computer games never starts one)."""
        if self._pool is None:
            if self.workers <= 0:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
            else:
                # spawn: a worker starts from a clean interpreter (no copy of the bot's memory, no forked threads)
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=worker_start)
        return self._pool

    async def _play(self, channel_id: int) -> None:
        try:
            await self._moves(channel_id)
        finally:
            if self._tasks.get(channel_id) is asyncio.current_task():
                del self._tasks[channel_id]  # a quiet channel keeps nothing
                self._just_moved.pop(channel_id, None)  # only a change (a new delivery) starts a task again

    async def _moves(self, channel_id: int) -> None:
        failures = 0
        easy = False
        while failures < FAILURES_IN_A_ROW and not self._closing:
            self._again.discard(channel_id)
            try:
                asked = await self._one_move(channel_id, easy)
            except Unavailable as error:  # nothing was written: the same decision is asked again once it is back
                log.warning("computer move waits for the database channel=%s: %s", channel_id, error)
                await asyncio.sleep(UNAVAILABLE_RETRY_S)
                continue
            except Exception:
                failures += 1
                easy = True  # the engine failed on its move: the next try plays the easy level's, which may differ
                log.exception("computer move failed channel=%s; its next try plays an easy move", channel_id)
                continue
            if asked == "refused":
                failures += 1  # overtaken again and again (or a move the engine refuses): stop rather than spin
                continue
            failures, easy = 0, False
            if asked == "idle" and channel_id not in self._again:
                return

    async def _one_move(self, channel_id: int, easy: bool = False) -> str:
        """One computer move in the channel, if its game waits for one: "moved", "idle" (none) or "refused"."""
        low, high = self.pause_s
        pause = self._pauses.uniform(low, high) if high > low else low
        if pause > 0:
            await asyncio.sleep(pause)
        turn = await self.manager.computer_turn(channel_id, self._just_moved.get(channel_id))
        if turn is None:
            return "idle"
        action = await self._decided(turn, easy)
        try:
            update = await self.manager.act(channel_id, turn.user_id, action, turn.version)
        except (StaleClick, MoveRefused, NotModerator, IllegalAction):
            # The game moved on while it thought (a person's move in a race, an undo, a seat taken): ask again.
            log.info("computer move overtaken channel=%s seat=%d", channel_id, turn.seat)
            return "refused"
        self._just_moved[channel_id] = (update.version, turn.seat)
        await self._deliver(update)
        return "moved"

    async def _decided(self, turn: ComputerTurn, easy: bool) -> Action:
        """The computer's move at its level, decided in the pool; when that fails, or `easy`, the easy level's.

        A level's bug (or a worker killed mid-decision) must not leave the game waiting for a move that never comes:
        the easy level's move, worked out in a thread (it is quick), keeps it going; the failure is logged."""
        budget = Budget(seconds=self.think_s)
        if not easy:
            # Only the seat's view crosses to the worker (which imports the computers and the rules, not the bot).
            loop = asyncio.get_running_loop()
            self.thinking += 1
            try:
                return await loop.run_in_executor(self._started(), choose, turn.seen, turn.level, turn.rng, budget)
            except BrokenProcessPool:
                self._pool = None  # a worker died (out of memory, killed): the next decision starts a new pool
                log.warning("computer worker died channel=%s seat=%d: easy move instead", turn.channel_id, turn.seat)
            except Exception:
                log.exception(
                    "computer decision failed channel=%s seat=%d level=%s: it plays an easy move",
                    turn.channel_id, turn.seat, turn.level,
                )  # fmt: skip
            finally:
                self.thinking -= 1
        return await asyncio.to_thread(choose_easy, turn.seen, turn.rng, budget)

    async def _deliver(self, update: Update) -> None:
        try:
            await delivery.deliver(self.client, update)
        except discord.HTTPException as error:
            # The move is stored; only telling the channel failed (as for a person's move delivered by a timer).
            log.warning("computer move delivery failed channel=%s status=%s", update.channel_id, error.status)
