"""What a channel's writer holds: the changes, jobs and re-posts queued for it, and what the channel shows."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.engine import Update

Order = tuple[int, int]
"""(game id, version): a later game in the channel is newer than every version of an earlier one."""

Post = Callable[[dict[str, Any]], Awaitable[discord.Message]]
"""Posts a board message (`/game status` answers with it) and returns it."""


def order_of(update: Update) -> Order:
    """Where an update stands in its channel's history."""
    return (update.game_id, update.version)


@dataclass
class Noted:
    """A change handed to the writer, and the future its sender awaits."""

    update: Update
    new_board: bool
    done: asyncio.Future[None]
    admitted: int = 0
    """How many interactions the bot had taken in when the change was handed in (`Gate.acknowledgements_first`)."""


@dataclass
class Job:
    """Anything else the channel is told (a reminder, a lobby message): sent in its turn."""

    run: Callable[[], Awaitable[Any]]
    done: asyncio.Future[Any]


@dataclass
class Repost:
    """`/game status`: the newest board posted anew by `post`, the old one retired first."""

    update: Update
    post: Post
    done: asyncio.Future[Any]


@dataclass
class Shown:
    """What the channel shows, as far as its writer knows."""

    order: Order = (0, 0)
    """The version on the board message."""
    fresh_due: bool = False
    """A change asked for a board posted anew (a new turn cycle) and none was yet: the next board is posted anew."""
    dms: dict[int, Order] = field(default_factory=dict)
    """Per user: the newest private view sent by DM (an older one is never sent after it)."""
