"""With `picture_workers = 0`, pictures are drawn in one thread of their own, one at a time, in the caller's context."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from contextvars import ContextVar

from bot.ui.pictures import Pictures

IN_THREAD = Pictures(0)

LANGUAGE: ContextVar[str] = ContextVar("language", default="en")


async def test_a_picture_is_drawn_off_the_event_loop_with_the_callers_context() -> None:
    LANGUAGE.set("ja")

    def draw(scale: int, label: str) -> tuple[str, str, int]:
        return threading.current_thread().name, LANGUAGE.get(), scale * len(label)

    thread, language, size = await IN_THREAD.drawn(draw, 3, "map")
    assert thread.startswith("tetsudo-draw") and thread != threading.current_thread().name
    assert (language, size) == ("ja", 9)


async def test_pictures_asked_for_at_once_are_drawn_one_after_another() -> None:
    spans: list[tuple[float, float, str]] = []

    def draw() -> None:
        began = time.perf_counter()
        time.sleep(0.02)
        spans.append((began, time.perf_counter(), threading.current_thread().name))

    await asyncio.gather(*(IN_THREAD.drawn(draw) for _ in range(4)))
    spans.sort()
    assert len({name for _, _, name in spans}) == 1
    assert all(end <= next_began for (_, end, _), (next_began, _, _) in itertools.pairwise(spans))
