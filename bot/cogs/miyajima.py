"""The /miyajima command group: roll, load and sheet, with autocomplete from your own view."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.miyajima import MIYAJIMA
from bot.games.miyajima.data import DICE
from bot.ui import flows, presenters
from bot.ui import miyajima as look
from bot.ui.errors import refusals_answered

AUTOCOMPLETE_LIMIT = 25


async def _my_game(interaction: discord.Interaction) -> Update:
    """The Fast Train to Miyajima game in this channel, with the caller's own view."""
    return await flows.game_here(interaction, MIYAJIMA.name)


def _load_action(update: Update, typed: str) -> Action:
    """A typed load: an autocomplete value ("purple fast"), or a colour and a train in words."""
    words = typed.lower().replace("→", " ").split()
    options = [a for a, _ in presenters.legal_moves(update, "load")]
    matches = [a for a in options if str(a.args[0]) in words and str(a.args[1]) in words]
    if len(matches) == 1:
        return matches[0]
    if not options:
        raise IllegalAction("You have nothing to load right now.")
    raise IllegalAction(f"“{typed.strip()[:40]}” isn't one of your options — pick one from the list.")


@app_commands.guild_only()
class MiyajimaCog(commands.GroupCog, group_name="miyajima", group_description="Fast Train to Miyajima moves"):
    """Fast Train to Miyajima moves as slash commands (the round message's buttons do the same)."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    async def dice_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the dice you may roll now (none unless you are the active player)."""
        update = await flows.game_for_autocomplete(interaction, MIYAJIMA.name)
        if update is None:
            return []
        dice = [str(a.args[0]) for a, _ in presenters.legal_moves(update, "roll")]
        return [app_commands.Choice(name=look.colour_words(d), value=d) for d in dice if current.lower() in d]

    async def option_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: your own legal loads, e.g. "purple 6 = red 2 + blue 4 → fast (total 6)"."""
        update = await flows.game_for_autocomplete(interaction, MIYAJIMA.name)
        if update is None:
            return []
        found = [
            app_commands.Choice(name=label[:100], value=f"{a.args[0]} {a.args[1]}")
            for a, label in presenters.legal_moves(update, "load")
            if current.lower() in label.lower()
        ]
        return found[:AUTOCOMPLETE_LIMIT]

    @app_commands.command(name="roll", description="Roll one of this round's unrolled dice (active player)")
    @app_commands.describe(die="red, yellow or blue")
    @app_commands.autocomplete(die=dice_names)
    @refusals_answered
    async def roll(self, interaction: discord.Interaction, die: str) -> None:
        update = await _my_game(interaction)
        typed = die.strip().lower()
        if typed not in DICE:
            raise IllegalAction(f"There's no {typed[:20]} die — roll red, yellow or blue.")
        await flows.play_action(interaction, update.channel_id, Action("roll", (typed,)))

    @app_commands.command(name="load", description="Load the last roll, alone or with an earlier die of this round")
    @app_commands.describe(option="One of your options, e.g. purple 6 = red 2 + blue 4 → fast")
    @app_commands.autocomplete(option=option_names)
    @refusals_answered
    async def load(self, interaction: discord.Interaction, option: str) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, _load_action(update, option))

    @app_commands.command(name="sheet", description="Show a player's sheet (yours if you name nobody)")
    @app_commands.describe(player="Whose sheet to show")
    @refusals_answered
    async def sheet(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        await flows.show_sheet(interaction, MIYAJIMA.name, player or interaction.user)
