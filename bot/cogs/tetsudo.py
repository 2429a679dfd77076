"""The /tetsudo command group: a user's own preferences with the bot."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui import flows
from bot.ui.errors import refusals_answered, reply_privately


class TetsudoCog(commands.GroupCog, group_name="tetsudo", group_description="Your Tetsudō preferences"):
    """Preferences that follow a user across servers."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="notify", description="Get turn reminders by direct message too (or stop them)")
    @app_commands.describe(dms="On: reminders also reach you by DM. Off: only the ping in the game's channel")
    @refusals_answered
    async def notify(self, interaction: discord.Interaction, dms: bool) -> None:
        await self.bot.manager.storage.set_dm_reminders(interaction.user.id, dms)
        if dms:
            text = "Turn reminders will also reach you by direct message (keep DMs from this server open)."
        else:
            text = "Turn reminders will only ping you in the game's channel."
        await reply_privately(interaction, text)

    @app_commands.command(name="forget-me", description="Delete your stats and ratings; past games keep you anonymous")
    @app_commands.describe(confirm="True to confirm: this can't be undone")
    @refusals_answered
    async def forget_me(self, interaction: discord.Interaction, confirm: bool) -> None:
        if not confirm:
            await reply_privately(
                interaction, "Nothing was deleted. Use `confirm:True` to delete your stats and ratings."
            )
            return
        games = await self.bot.manager.forget(interaction.user.id)
        await reply_privately(
            interaction,
            f"Done: your stats, ratings and preferences are deleted, and your seat in {games} past game(s) "
            "now reads “a former player”.",
        )
