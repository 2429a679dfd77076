"""The /tetsudo command group: a user's own preferences with the bot, and a server's settings."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.engine import NotModerator
from bot.games.base import IllegalAction
from bot.i18n import _, ngettext
from bot.ui import flows, servers
from bot.ui.errors import refusals_answered, reply_privately


class TetsudoCog(commands.GroupCog, group_name="tetsudo", group_description="Your Tetsudō preferences"):
    """Preferences that follow a user across servers, and a server's settings for its moderators."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="notify", description="Get turn reminders by direct message too (or stop them)")
    @app_commands.describe(dms="On: reminders also reach you by DM. Off: only the ping in the game's channel")
    @refusals_answered
    async def notify(self, interaction: discord.Interaction, dms: bool) -> None:
        await self.bot.manager.storage.set_dm_reminders(interaction.user.id, dms)
        if dms:
            text = _("Turn reminders will also reach you by direct message (keep DMs from this server open).")
        else:
            text = _("Turn reminders will only ping you in the game's channel.")
        await reply_privately(interaction, text)

    @app_commands.command(name="forget-me", description="Delete your stats and ratings; past games keep you anonymous")
    @app_commands.describe(confirm="True to confirm: this can't be undone")
    @refusals_answered
    async def forget_me(self, interaction: discord.Interaction, confirm: bool) -> None:
        if not confirm:
            await reply_privately(
                interaction, _("Nothing was deleted. Use `confirm:True` to delete your stats and ratings.")
            )
            return
        games = await self.bot.manager.forget(interaction.user.id)
        await reply_privately(
            interaction,
            ngettext(
                "Done: your stats, ratings and preferences are deleted, and your seat in {n} past game "
                "now reads “a former player”.",
                "Done: your stats, ratings and preferences are deleted, and your seat in {n} past games "
                "now reads “a former player”.",
                games,
            ).format(n=games),
        )

    @app_commands.command(
        name="settings", description="This server's moderator role, reminders, DMs, language (moderators)"
    )
    @app_commands.describe(
        moderator_role="Members with this role count as moderators here (Manage Server always does)",
        reminder_turn='Default reminder on a turn, e.g. "12h" ("default" for the bot\'s own)',
        reminder_simultaneous='Default reminder on a step everyone answers, e.g. "10m" ("default" for the bot\'s)',
        dm_reminders="Whether the bot may DM reminders to members who asked for them with /tetsudo notify",
        language="The bot's language here; automatic follows each member's Discord language",
        open_threads="Whether /game new opens a thread for each game",
        rate_computer_games="Whether games with computer players count for ratings and leaderboards",
        reset="True: forget this server's settings first (options given with it are then set again)",
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name=locale_str("English"), value="en"),
            app_commands.Choice(name=locale_str("Français"), value="fr"),
            app_commands.Choice(name=locale_str("Automatic"), value=servers.AUTOMATIC),
        ]
    )
    @refusals_answered
    async def server_settings(
        self,
        interaction: discord.Interaction,
        moderator_role: discord.Role | None = None,
        reminder_turn: str | None = None,
        reminder_simultaneous: str | None = None,
        dm_reminders: bool | None = None,
        language: str | None = None,
        open_threads: bool | None = None,
        rate_computer_games: bool | None = None,
        reset: bool = False,
    ) -> None:
        guild = interaction.guild
        if guild is None:
            raise IllegalAction(_("Use this in a server: these settings are a server's."))
        moderator = flows.is_moderator(interaction)
        if not moderator:
            raise NotModerator(
                _("Only a moderator (Manage Server, or the moderator role) can see or change these settings.")
            )
        book = self.bot.manager.servers
        new = servers.changed(
            book.get(guild.id),
            reset=reset,
            moderator_role=moderator_role,
            reminder_turn=reminder_turn,
            reminder_simultaneous=reminder_simultaneous,
            dm_reminders=dm_reminders,
            language=language,
            open_threads=open_threads,
            rate_computer_games=rate_computer_games,
        )
        if new != book.get(guild.id):
            await book.save(guild.id, new, moderator=moderator)
        await reply_privately(interaction, servers.settings_text(guild, book, self.bot.settings.moderator_role))
