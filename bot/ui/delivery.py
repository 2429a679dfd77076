"""Delivery of an engine Update: every public message of a game goes through its channel's writer, in order.

Senders queue a change as soon as the engine returns it (its place among the channel's changes is fixed then), do
their private part (the mover's reply) meanwhile, and wait for the channel to be told only at the end.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.engine import Lobby, Update
from bot.i18n import N_, _, speaking
from bot.ui import components
from bot.ui.channel_writer import ChannelWriter, Writers
from bot.ui.errors import reply_privately
from bot.ui.messages import lobby_embed
from bot.ui.outgoing import (
    NO_PINGS,
    board_message,
    channel_of,
    image_file,
    language_of,
    manager_of,
    only,
    picture_file,
    retire,
    send_secrets,
)

__all__ = [
    "NO_PINGS",
    "board_message",
    "channel_of",
    "image_file",
    "language_of",
    "only",
    "picture_file",
    "retire",
    "send_secrets",
]

log = logging.getLogger(__name__)

_WRITERS: weakref.WeakKeyDictionary[discord.Client, Writers] = weakref.WeakKeyDictionary()


def writer(client: discord.Client, channel_id: int) -> ChannelWriter:
    """The one writer of a channel's public messages (per bot)."""
    writers = _WRITERS.get(client)
    if writers is None:
        writers = _WRITERS[client] = Writers(client)
    return writers.of(channel_id)


def stop_writers(client: discord.Client) -> None:
    """The bot is closing: its writers try nothing again."""
    writers = _WRITERS.get(client)
    if writers is not None:
        writers.stop()


def queue(client: discord.Client, update: Update, *, new_board: bool = False) -> asyncio.Future[None]:
    """Queue a committed change on its channel's writer now; await the result to know the channel was told."""
    return writer(client, update.channel_id).announce(update, new_board=new_board)


async def say(client: discord.Client, channel_id: int, text: str) -> None:
    """A plain public line that pings nobody (worded by the caller in the server's language), in its turn."""
    await say_to(client, channel_id, text, [])


async def say_to(client: discord.Client, channel_id: int, text: str, pinged: list[discord.Object]) -> None:
    """A public line that pings exactly these users (worded by the caller in the server's language), in its turn."""

    async def send() -> None:
        channel = await channel_of(client, channel_id)
        await channel.send(text[:2000], allowed_mentions=only(pinged) if pinged else NO_PINGS)

    await writer(client, channel_id).run(send)


async def announce(interaction: discord.Interaction, update: Update, *, new_board: bool = False) -> None:
    """Deliver a committed change; if Discord fails us now, the change stands and the user is told so."""
    await announced(interaction, update, queue(interaction.client, update, new_board=new_board))


async def announced(interaction: discord.Interaction, update: Update, queued: Awaitable[None]) -> None:
    """Wait for a queued change to be told; its mover's own reply is then settled (it was given before this)."""
    try:
        await _delivered(interaction.client, update, queued)
    except discord.HTTPException as error:
        log.warning(
            "delivery failed channel=%s game=%s version=%s status=%s",
            update.channel_id, update.game, update.version, error.status,
        )  # fmt: skip
        try:
            await reply_privately(
                interaction,
                _(
                    "Your move is saved, but Discord refused my message to the channel. "
                    "Use `/game status` to show the board again."
                ),
            )
        except discord.HTTPException:
            # This interaction is gone too (answered late): the move stands; nothing more can be said here.
            log.warning("could not tell user=%s that delivery failed", interaction.user.id)


async def deliver(client: discord.Client, update: Update, *, new_board: bool = False) -> None:
    """Everything the channel and each player should now see, in the order the changes were saved."""
    await _delivered(client, update, queue(client, update, new_board=new_board))


async def _delivered(client: discord.Client, update: Update, queued: Awaitable[None]) -> None:
    try:
        await queued
    finally:
        _computers_may_move(client, update)
        await _reply_settled(client, update)
    await _table_ended(client, update)


async def reply_given(client: discord.Client, update: Update) -> None:
    """The mover has had their reply: a restart owes them nothing more (see `owings`)."""
    await _reply_settled(client, update)


async def _reply_settled(client: discord.Client, update: Update) -> None:
    """The mover had their reply before this wait: a restart owes them nothing more (see `owings`)."""
    if update.actor_id is not None and update.actor_id not in update.dm_views:
        await manager_of(client).settle(update.owed.private.get(update.actor_id, ()))


def _computers_may_move(client: discord.Client, update: Update) -> None:
    """After a change is told, a computer the game now waits for moves (after its pause): the order reads right."""
    computers = getattr(client, "computers", None)  # looked up, not imported: the driver delivers through here
    if computers is not None and update.running and any(s.computer is not None for s in update.seats):
        computers.poke(update.channel_id)


async def _table_ended(client: discord.Client, update: Update) -> None:
    """A tournament table's game is over: its round may close now (the runner is looked up, not imported)."""
    if update.ended is None or update.tournament_id is None:
        return
    runner = getattr(client, "tournaments", None)
    if runner is not None:
        await runner.round_check(update.tournament_id)


async def repost(
    client: discord.Client, update: Update, post: Callable[[dict[str, Any]], Awaitable[discord.Message]]
) -> discord.Message:
    """Post the board anew (`/game status`), in the channel's turn: the newest version, the old board retired."""
    message: discord.Message = await writer(client, update.channel_id).repost(update, post)
    return message


async def refresh_lobby(
    client: discord.Client,
    channel_id: int,
    game_id: int,
    lobby: Lobby | None,
    closed_text: str = N_("The lobby is closed."),
) -> None:
    """Bring the lobby message up to date after a command changed the lobby (in the channel's turn).

    `closed_text` is English, marked with N_: it is translated here, into the server's language.
    """

    async def edit() -> None:
        message_id = await manager_of(client).board_message(game_id)
        if message_id is None:
            return
        channel = await channel_of(client, channel_id)
        message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            with speaking(language_of(client, channel)):
                if lobby is None:
                    shown: dict[str, Any] = {"content": _(closed_text), "embed": None, "view": None}
                else:
                    shown = {"embed": lobby_embed(lobby), "view": components.lobby_view(channel_id, lobby.game)}
            await message.edit(**shown)
        except discord.NotFound:
            log.info("lobby message gone channel=%s", channel_id)

    await writer(client, channel_id).run(edit)
