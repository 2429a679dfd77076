"""Pictures drawn once: the same drawing of the same content is served from memory while it is recent.

A picture is wanted several times for one state: **My hand** clicked twice, a refusal's fresh view, `/game status`
re-posting a board. The key is what the picture is made of (the drawing function, its arguments — a seat's view
and the names — and the language), not a name for it: a picture is only ever served for exactly the content it
shows, so it can never be another seat's or an older version's. Two requests for one picture at once share one
drawing; it is cancelled only when every one of them has stopped waiting.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.i18n import language
from bot.ui.pictures import Ticket, drawing_ahead, drawn, hurry

BUDGET_BYTES = 8 * 1024 * 1024
"""At most this much of PNG bytes kept: ~150 pictures, a burst's worth of hands and boards."""


def content_key(draw: Callable[..., bytes], args: tuple[Any, ...]) -> str | None:
    """A digest of everything the picture is made of (the drawing, its arguments, the language), or None when an
    argument can't be written out faithfully (then the picture is drawn afresh, never mistaken for another)."""
    try:
        made_of = json.dumps([language(), draw, args], sort_keys=True, separators=(",", ":"), default=_named)
    except (TypeError, ValueError):  # something unknown, or keys of mixed types that can't be sorted
        return None
    return hashlib.blake2b(made_of.encode(), digest_size=20).hexdigest()


def _named(thing: Any) -> Any:
    """A module-level function by its full name, a set as a sorted list; anything else can't be part of a key."""
    name = getattr(thing, "__qualname__", "<") if callable(thing) else "<"
    if "<" not in name:  # a module-level function (not a lambda, a local function or a callable object)
        return f"{thing.__module__}.{name}"
    if isinstance(thing, set | frozenset):
        return sorted(thing, key=repr)
    raise TypeError(f"no faithful key for {type(thing).__name__}")


class PictureCache:
    """Recent pictures by content, within a byte budget (least recently used first out)."""

    def __init__(self, budget: int = BUDGET_BYTES) -> None:
        self.budget = budget
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._drawing: dict[str, tuple[asyncio.Task[bytes], list[int], Ticket | None]] = {}
        self._foreseen: set[asyncio.Task[bytes]] = set()
        """Pictures drawn before they are asked for (held here: nobody awaits them)."""
        self.drawn = 0
        """How many pictures were drawn (the rest were served from memory)."""
        self.served = 0

    async def png(self, draw: Callable[..., bytes], *args: Any, near: int | None = None, board: bool = False) -> bytes:
        """`draw(*args)` drawn off the event loop (see `drawn`: the worker of `near`, a `board` after others), or the
        same picture drawn earlier."""
        key = content_key(draw, args)
        if key is None:
            self.drawn += 1
            return await drawn(draw, *args, near=near, board=board)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            self.served += 1
            return kept
        if key not in self._drawing:
            self._draw(key, draw, args, near=near, board=board)
        task, waiting, ticket = self._drawing[key]
        if ticket is not None:
            hurry(ticket)  # foreseen, and now somebody waits for it
        waiting[0] += 1
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            if not task.done() and waiting[0] == 1:
                task.cancel()  # nobody else waits for it: it need not be drawn
            raise
        finally:
            waiting[0] -= 1

    def foresee(self, draw: Callable[..., bytes], *args: Any, near: int | None = None) -> None:
        """Have `draw(*args)` drawn now, after every picture asked for, so that it is here when it is asked for (a
        player's next hand); nothing if it is kept or being drawn already, or if pictures are drawn in the bot."""
        key = content_key(draw, args)
        if key is None or key in self._kept or key in self._drawing or not drawing_ahead():
            return
        task = self._draw(key, draw, args, near=near, ticket=Ticket())
        self._foreseen.add(task)
        task.add_done_callback(self._foreseen.discard)

    def _draw(
        self,
        key: str,
        draw: Callable[..., bytes],
        args: tuple[Any, ...],
        *,
        near: int | None,
        board: bool = False,
        ticket: Ticket | None = None,
    ) -> asyncio.Task[bytes]:
        """Start drawing the picture of `key`, kept once drawn."""
        task = asyncio.get_running_loop().create_task(drawn(draw, *args, near=near, board=board, ticket=ticket))
        self._drawing[key] = (task, [0], ticket)
        task.add_done_callback(lambda done: self._finished(key, done))
        return task

    def _finished(self, key: str, task: asyncio.Task[bytes]) -> None:
        """Keep a drawn picture (not a failed or cancelled one), then drop the oldest beyond the budget."""
        self._drawing.pop(key, None)
        if task.cancelled() or task.exception() is not None:
            return
        png = task.result()
        self.drawn += 1
        if len(png) > self.budget:
            return
        self._kept[key] = png
        self._size += len(png)
        while self._size > self.budget:
            _key, oldest = self._kept.popitem(last=False)
            self._size -= len(oldest)

    def clear(self) -> None:
        """Forget every kept picture."""
        self._kept.clear()
        self._size = 0


_cache = PictureCache()


async def png(draw: Callable[..., bytes], *args: Any, near: int | None = None, board: bool = False) -> bytes:
    """`draw(*args)`'s picture, drawn once per content (see PictureCache), by the worker of `near` (a channel)."""
    return await _cache.png(draw, *args, near=near, board=board)


def foresee(draw: Callable[..., bytes], *args: Any, near: int | None = None) -> None:
    """See `PictureCache.foresee`."""
    _cache.foresee(draw, *args, near=near)


def cache() -> PictureCache:
    """The process's picture cache."""
    return _cache
