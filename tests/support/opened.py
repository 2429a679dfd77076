"""The repository on a database for the length of a block, closed afterwards (an open one hangs the exit)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.storage import Storage, open_storage


@asynccontextmanager
async def opened(database: str) -> AsyncIterator[Storage]:
    """`open_storage(database)`, closed when the block ends."""
    store = await open_storage(database)
    try:
        yield store
    finally:
        await store.close()
