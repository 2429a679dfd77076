"""Autocomplete of what a timeout does: `skip` is offered only for a game whose rules have a pass."""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands

from bot.engine.moderation import consequence_name
from bot.engine.timers import consequences
from bot.i18n import N_, _
from bot.ui import flows

MEANINGS = {
    "auto": N_("their default move"),
    "skip": N_("they pass, as the game's rules allow"),
    "forfeit": N_("they drop out"),
    "computer": N_("a computer plays their turn"),
}
"""What each consequence does to the players still waited for, as its menu entry says."""


def offered(keys: Iterable[str], typed: str) -> list[app_commands.Choice[str]]:
    """The consequences as menu entries ("skip: they pass…"), in the reader's language, matching what was typed."""
    entries = ((key, f"{consequence_name(key)}: {_(MEANINGS[key])}") for key in keys)
    return [app_commands.Choice(name=label, value=key) for key, label in entries if typed.lower() in label.lower()]


async def for_this_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """`/game timers`: what a timeout may do in this channel's game."""
    manager = flows.services(interaction).manager
    return offered(await manager.timeout_choices(flows.channel_id_of(interaction)), current)


async def for_the_chosen_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """`/tournament create`: what a timeout may do in the game chosen in the same command (none chosen: no skip)."""
    game = flows.services(interaction).games.get(str(getattr(interaction.namespace, "game", "") or ""))
    return offered(consequences(game) if game is not None else ("auto", "forfeit"), current)
