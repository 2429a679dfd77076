"""A worker process's tie to the bot: it runs below the bot's priority and ends with it, even on SIGKILL.

Standard library only, so that every kind of worker (pictures: rendering/worker.py; computers: bot/computers) can
hold it without importing anything it does not otherwise need.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading

NICENESS = 19
"""How far below the bot a worker runs (computers thinking, pictures drawing): on a small VPS a click comes first. The
lowest priority: at 10 a worker still took a tenth of the core the bot needed, and under the 100-game burst clicks
were acknowledged 5-10% later (p99), with answers no sooner."""


def end_with_parent() -> None:
    """End this process (a multiprocessing child) as soon as its parent ends, however the parent ended.

    A SIGKILLed bot runs no clean-up, so each worker must notice by itself: otherwise it outlives the bot, keeping
    its memory and the pipes (a terminal's, a supervisor's) it shares with it. It also keeps multiprocessing's
    resource tracker alive: the tracker ends when the last holder of its pipe has (the bot and every spawned
    worker hold it), then removes the semaphores the pools left behind.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_for_parent() -> None:
        # The sentinel is a pipe whose other end only the parent holds: the kernel closes it however the parent ends.
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait_for_parent, name="tetsudo-parent-watch", daemon=True).start()


def yield_to_the_bot() -> None:
    """Run this process below the bot's priority: whenever both want the CPU, the bot (acknowledging clicks) wins."""
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: the worker still runs, at the bot's priority
        return


def start_worker() -> None:
    """A worker process's start: below the bot's priority, and ending with it."""
    end_with_parent()
    yield_to_the_bot()
