"""The one error path: a refusal becomes its reason, ephemerally; a fault is logged and apologised for."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import discord
from discord import app_commands

from bot.games.base import IllegalAction

log = logging.getLogger(__name__)

APOLOGY = "Sorry — something went wrong on my side. `/game status` shows where the game stands."


async def reply_privately(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral message, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.original if isinstance(error, app_commands.CommandInvokeError) else error.__cause__
        if inner is None:
            break
        error = inner
    return error


async def handle_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user why, and never leave them with "This interaction failed"."""
    error = _unwrap(error)
    channel_id = interaction.channel_id
    if isinstance(error, IllegalAction):
        log.info("action refused channel=%s user=%s reason=%s", channel_id, interaction.user.id, error.message)
        message = error.message
    elif isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        message = str(error) or "You can't use that here."
    else:
        log.error(
            "error in interaction channel=%s user=%s command=%s",
            channel_id,
            interaction.user.id,
            interaction.command.qualified_name if interaction.command else interaction.data,
            exc_info=error,
        )
        message = APOLOGY
    try:
        await reply_privately(interaction, message)
    except discord.HTTPException:
        log.warning("could not tell user=%s about an error in channel=%s", interaction.user.id, channel_id)


async def answer_failure(interaction: discord.Interaction, error: Exception) -> None:
    """For component callbacks: answer like `handle_error`, then let real faults propagate to discord.py."""
    await handle_error(interaction, error)
    if not isinstance(error, IllegalAction):
        raise error


P = ParamSpec("P")


def refusals_answered(
    callback: Callable[P, Awaitable[None]],
) -> Callable[P, Awaitable[None]]:
    """Answer a rules refusal (IllegalAction) with its reason right here, as an expected outcome.

    Refusals are part of normal play, so they never reach `tree.on_error`, which is left for real
    faults (logged, apologised for, and caught by the tests).
    """

    @functools.wraps(callback)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await callback(*args, **kwargs)
        except IllegalAction as refusal:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            await handle_error(interaction, refusal)

    return wrapper


class TetsudoTree(app_commands.CommandTree[discord.Client]):
    """The command tree with the one `on_error`."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await handle_error(interaction, error)
