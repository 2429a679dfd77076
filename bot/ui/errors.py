"""The one error path: a refusal becomes its reason, ephemerally; a fault is logged and apologised for."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import discord
from discord import app_commands

from bot.engine.errors import GameOver, MoveRefused, NotModerator, StaleClick, Unavailable
from bot.games.base import IllegalAction
from bot.i18n import N_, _
from bot.ui.gate import Gate
from bot.ui.messages import jump_url
from bot.ui.translator import translated_command

log = logging.getLogger(__name__)

APOLOGY = N_("Sorry — something went wrong on my side. `/game status` shows where the game stands.")
UNAVAILABLE = N_("The game database is not answering right now, so nothing was changed. Try again in a moment.")

UNKNOWN_INTERACTION = 10062
"""Discord's code for an interaction answered too late (its 3 seconds passed) or already gone: nothing can reach
the user through it any more."""


def expired(error: BaseException) -> bool:
    """Whether Discord refused an answer because the interaction expired (the user sees "This interaction failed")."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


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


def log_refusal(interaction: discord.Interaction, refusal: IllegalAction) -> None:
    """The one log line of a refusal: where and what kind, never its text.

    The text is for the player and may quote their own secrets ("You drew 6-4 and it fits…", a word of their
    team's dictionary they mistyped), so the line names the refused move's verb and a fixed reason word instead.
    """
    where = refusal.where if isinstance(refusal, MoveRefused | StaleClick) else None
    if where is not None:
        log.info("action refused %s why=%s user=%s", where.line(), where.why, interaction.user.id)
        return
    why = "stale" if isinstance(refusal, StaleClick) else "moderator" if isinstance(refusal, NotModerator) else "rule"
    log.info(
        "request refused channel=%s user=%s what=%s why=%s",
        interaction.channel_id,
        interaction.user.id,
        _what(interaction),
        why,
    )


def refusal_text(refusal: IllegalAction) -> str:
    """A refusal's reason as told to the user: an ended game's also links to its final board."""
    if isinstance(refusal, GameOver) and refusal.board is not None:
        link = jump_url(refusal.guild_id, refusal.channel_id, refusal.board)
        return _("{reason}\nIts final board: {link}").format(reason=refusal.message, link=link)
    return refusal.message


def _what(interaction: discord.Interaction) -> str:
    """The command's name or the component's custom_id: never a menu's chosen values (a move from a private hand)."""
    if interaction.command is not None:
        return interaction.command.qualified_name
    return str((interaction.data or {}).get("custom_id", "?"))


async def _where(interaction: discord.Interaction) -> str:
    """The channel's game and step, if the bot can still say."""
    manager = getattr(interaction.client, "manager", None)
    if manager is None or interaction.channel_id is None:
        return "game=? step=?"
    where: str = await manager.where(interaction.channel_id)
    return where


async def handle_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user why, and never leave them with "This interaction failed"."""
    error = _unwrap(error)
    channel_id = interaction.channel_id
    if expired(error):
        # A Discord timing fault, not ours to apologise for, and no reply could reach the user anyway.
        log.warning(
            "interaction expired channel=%s user=%s what=%s", channel_id, interaction.user.id, _what(interaction)
        )
        return
    if isinstance(error, IllegalAction):
        log_refusal(interaction, error)
        message = refusal_text(error)
    elif isinstance(error, app_commands.NoPrivateMessage):
        message = _("This command can't be used in direct messages.")
    elif isinstance(error, app_commands.TransformerError):
        message = _("That value doesn't fit this option.")
    elif isinstance(error, app_commands.CheckFailure):
        # discord.py's own wording is English only.
        message = _("You can't use that here.")
    elif isinstance(error, Unavailable):
        # PostgreSQL restarting or out of reach: nothing was committed, so nothing was acknowledged.
        log.warning(
            "database unavailable channel=%s user=%s what=%s", channel_id, interaction.user.id, _what(interaction)
        )
        message = _(UNAVAILABLE)
    else:
        log.error(
            "error in interaction channel=%s %s user=%s what=%s",
            channel_id,
            await _where(interaction),
            interaction.user.id,
            _what(interaction),
            exc_info=error,
        )
        message = _(APOLOGY)
    try:
        await reply_privately(interaction, message)
    except discord.HTTPException:
        log.warning("could not tell user=%s about an error in channel=%s", interaction.user.id, channel_id)


async def answer_failure(interaction: discord.Interaction, error: Exception) -> None:
    """For component callbacks: answer like `handle_error`, then let real faults propagate to discord.py."""
    await handle_error(interaction, error)
    if not isinstance(error, IllegalAction | Unavailable) and not expired(error):
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
    """The command tree with the one `on_error`, and the gate every interaction passes."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        gate: Gate = interaction.client.gate  # type: ignore[attr-defined]
        return await gate.admit(interaction)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await handle_error(interaction, error)

    async def translated_payload(self, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
        """The commands as Discord receives them, each in every language the catalogs have."""
        translator = self.translator
        if translator is None:
            return [command.to_dict(self) for command in self._get_all_commands(guild=guild)]
        return [await translated_command(command, self, translator) for command in self._get_all_commands(guild=guild)]

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[app_commands.AppCommand]:
        """discord.py's sync, sending `translated_payload` (discord.py would translate every command again)."""
        application = self.client.application_id
        if application is None:
            raise app_commands.MissingApplicationID
        payload = await self.translated_payload(guild)
        try:
            if guild is None:
                data = await self._http.bulk_upsert_global_commands(application, payload=payload)
            else:
                data = await self._http.bulk_upsert_guild_commands(application, guild.id, payload=payload)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, self._get_all_commands(guild=guild)) from None
            raise
        return [app_commands.AppCommand(data=d, state=self._state) for d in data]
