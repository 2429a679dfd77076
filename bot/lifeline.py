"""A worker process's tie to the bot: it ends as soon as the bot's process ends, even when the bot is SIGKILLed.

Standard library only, so that every kind of worker (pictures: rendering/worker.py; computers: bot/computers) can
hold it without importing anything it does not otherwise need.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading


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
