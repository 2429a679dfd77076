"""/stats and /leaderboard: players' records and each server's ratings per game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.base import IllegalAction
from bot.i18n import _
from bot.ui import flows, page_links
from bot.ui.errors import refusals_answered
from bot.ui.rankings import PAGE, leaderboard_table, stats_embed, table_file


@app_commands.guild_only()
class StatsCog(commands.Cog):
    """Records and ratings."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Finished games, wins and scores of a player")
    @app_commands.describe(user="Whose stats (you by default)", game="Only this game")
    @app_commands.autocomplete(game=flows.game_names)
    @refusals_answered
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None, game: str | None = None
    ) -> None:
        who = user or interaction.user
        if game is not None:
            self.bot.manager.game(game)  # refuses a name that is not a game
        stats = await self.bot.manager.storage.user_stats(who.id, game)
        titles = {name: g.title for name, g in self.bot.games.items()}
        lower = {name for name, g in self.bot.games.items() if getattr(g, "lower_scores_win", False)}
        with flows.in_public(interaction):  # the answer is posted for everyone
            embed = stats_embed(flows.user_name(who), stats, titles, lower)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="leaderboard", description="This server's best-rated players of a game")
    @app_commands.describe(game="Which game", page="Which page of ten (1 by default)")
    @app_commands.autocomplete(game=flows.game_names)
    @refusals_answered
    async def leaderboard(
        self, interaction: discord.Interaction, game: str, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        chosen = self.bot.manager.game(game)
        if interaction.guild_id is None:
            raise IllegalAction(_("Use this in a server."))
        storage = self.bot.manager.storage
        total = await storage.rated_players(interaction.guild_id, chosen.name)
        if total == 0:
            raise IllegalAction(
                _("Nobody has finished a game of {title} on this server yet.").format(title=chosen.title)
            )
        first = (page - 1) * PAGE + 1
        pages = -(-total // PAGE)
        if first > total:
            raise IllegalAction(_("There are only {n} page(s).").format(n=pages))
        rows = await storage.leaderboard(interaction.guild_id, chosen.name, PAGE, first - 1)
        mine = await storage.rating_place(interaction.guild_id, chosen.name, interaction.user.id)
        await flows.acknowledge_publicly(interaction)  # the picture is drawn next
        with flows.in_public(interaction):  # the picture is posted for everyone
            table = leaderboard_table(_("{title} — leaderboard").format(title=chosen.title), rows, first, total, mine)
            file = await table_file(table, "leaderboard.png")
            page = page_links.link_view(page_links.links().leaderboard(interaction.guild_id, chosen.name))
        await flows.post_public(interaction, {"file": file, **page})
