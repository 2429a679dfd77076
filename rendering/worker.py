"""What a picture worker process runs: one drawing, in the language it was asked for.

The bot sends only what a picture shows (a player's view, or a table of names and numbers), never a game's state.
This module imports no discord code, so a worker holds Pillow, the renderers and their caches only.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

import rendering  # noqa: F401  (registers every game's renderer in the worker)
from bot.i18n import speaking


def watch_parent() -> None:
    """Run at a worker's start: end it as soon as the bot's process ends, even killed with SIGKILL.

    Otherwise a worker outlives a killed bot, keeping its memory, and the pipes (a terminal's, a supervisor's) the
    bot shared with it.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_for_parent() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait_for_parent, name="tetsudo-parent-watch", daemon=True).start()


def draw(language: str, draw: Callable[..., Any], args: Sequence[Any]) -> Any:
    """`draw(*args)` with the texts of the picture in `language`."""
    with speaking(language):
        return draw(*args)
