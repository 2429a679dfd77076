"""The /miyajima command group: roll, load and sheet, with autocomplete from your own view."""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.miyajima import MIYAJIMA, colour_name, load_named, names_load, typed_die
from bot.i18n import _, pgettext
from bot.ui import flows, presenters
from bot.ui.errors import refusals_answered
from bot.ui.miyajima import presenter as look

AUTOCOMPLETE_LIMIT = 25


async def _my_game(interaction: discord.Interaction) -> Update:
    """The Fast Train to Miyajima game in this channel, with the caller's own view."""
    return await flows.game_here(interaction, MIYAJIMA.name)


def _load_action(update: Update, typed: str) -> Action:
    """A typed load: an autocomplete value ("purple 6 → fast"), or a colour and a train in words (English or yours).

    Numbers typed must be the option's own (its value, dice or total): "blue 97 → fast" loads nothing.
    """
    words = typed.lower().replace("→", " ").split()
    numbers = set(re.findall(r"\d+", typed))
    options = presenters.legal_moves(update, "load")
    named = [(a, label) for a, label in options if names_load(str(a.args[0]), str(a.args[1]), words)]
    matches = [a for a, label in named if numbers <= set(re.findall(r"\d+", label))]
    if len(matches) == 1:
        return matches[0]
    if not options:
        raise IllegalAction(_("You have nothing to load right now."))
    nearest = load_named(words)
    if not named and nearest is not None:
        # Not legal: hand the game its nearest reading, so its refusal says exactly why (a destination reached…).
        return Action("load", (*nearest, int(update.public["public"]["roll_number"])))
    raise IllegalAction(
        _("“{typed}” isn't one of your options: {options}.").format(
            typed=typed.strip()[:40], options=pgettext("miyajima", " or ").join(label for _a, label in options)
        )
    )


def _option_value(action: Action, label: str) -> str:
    """An option as autocomplete sends it: colour, value and train ("purple 6 fast"); its number is checked again."""
    value = re.findall(r"\d+", label)[:1]
    return " ".join([str(action.args[0]), *value, str(action.args[1])])


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
        dice = [str(a.args[0]) for a, _label in presenters.legal_moves(update, "roll")]
        typed = current.lower()
        return [
            app_commands.Choice(name=look.colour_words(d), value=d)
            for d in dice
            if typed in d or typed in colour_name(d).lower()
        ]

    async def option_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: your own legal loads, e.g. "purple 6 = red 2 + blue 4 → fast (total 6)"."""
        update = await flows.game_for_autocomplete(interaction, MIYAJIMA.name)
        if update is None:
            return []
        found = [
            app_commands.Choice(name=label[:100], value=_option_value(a, label))
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
        await flows.play_action(interaction, update.channel_id, Action("roll", (typed_die(die),)))

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
