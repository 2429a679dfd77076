"""The /mexican command group: play, draw, knock, catch and done, with autocomplete from your own view."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.mexican_train import KNOCKING, MEXICAN_TRAIN, typed_tile
from bot.i18n import _
from bot.ui import flows
from bot.ui.errors import refusals_answered
from bot.ui.mexican_train.presenter import OWN_TRAIN, Placement, placements, train_choice

AUTOCOMPLETE_LIMIT = 25


async def _my_game(interaction: discord.Interaction) -> Update:
    """The Mexican Train game in this channel, with the caller's own view."""
    return await flows.game_here(interaction, MEXICAN_TRAIN.name)


def _resolve_train(update: Update, tile: str, train: str | None) -> Placement:
    """The placement the player meant: the one that fits when `train` is left out, or the one named."""
    fitting = [p for p in placements(update) if p.tile == tile]
    if train is None or not train.strip():
        if len(fitting) == 1:
            return fitting[0]
        if len(fitting) > 1:
            where = ", ".join(p.label for p in fitting)
            raise IllegalAction(
                _("{tile} fits more than one train ({trains}) — choose one with `train:`.").format(
                    tile=tile, trains=where
                )
            )
        return Placement(tile, OWN_TRAIN, _("your train"), "mine")  # no fit: the rules will say why
    return train_choice(update, tile, train, fitting)


@app_commands.guild_only()
class MexicanTrainCog(commands.GroupCog, group_name="mexican", group_description="Mexican Train moves"):
    """Mexican Train moves as slash commands (the board's buttons and your hand's menu do the same)."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    async def tile_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: your playable tiles, with where each fits."""
        update = await flows.game_for_autocomplete(interaction, MEXICAN_TRAIN.name)
        if update is None:
            return []
        found: dict[str, list[str]] = {}
        for placement in placements(update):
            found.setdefault(placement.tile, []).append(placement.label)
        typed = current.strip()
        return [
            app_commands.Choice(name=f"{tile} → {', '.join(where)}"[:100], value=tile)
            for tile, where in found.items()
            if typed in tile
        ][:AUTOCOMPLETE_LIMIT]

    async def train_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the trains the chosen tile fits."""
        update = await flows.game_for_autocomplete(interaction, MEXICAN_TRAIN.name)
        if update is None:
            return []
        tile = typed_tile(str(getattr(interaction.namespace, "tile", "") or ""))
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=p.label[:100], value=p.value)
            for p in placements(update)
            if p.tile == tile and typed in p.label.lower()
        ][:AUTOCOMPLETE_LIMIT]

    @app_commands.command(name="play", description="Play a tile from your hand")
    @app_commands.describe(
        tile="The tile, e.g. 12-5",
        train="Where: mine, mexican, start mexican, or a player's train",
        knock="last_tile=manual: knock as you play your second-to-last tile",
    )
    @app_commands.autocomplete(tile=tile_names, train=train_names)
    @refusals_answered
    async def play(
        self, interaction: discord.Interaction, tile: str, train: str | None = None, knock: bool = False
    ) -> None:
        update = await _my_game(interaction)
        name = typed_tile(tile)
        placement = _resolve_train(update, name, train)
        knocking = (KNOCKING,) if knock else ()
        await flows.play_action(
            interaction, update.channel_id, Action("play", (name, placement.arg(update), *knocking))
        )

    @app_commands.command(
        name="draw", description="Draw when you can't play (you pass if it doesn't fit, or if the boneyard is empty)"
    )
    @refusals_answered
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._simple(interaction, "draw")

    @app_commands.command(name="knock", description="Announce your last tile late, before anyone catches you")
    @refusals_answered
    async def knock(self, interaction: discord.Interaction) -> None:
        await self._simple(interaction, "knock")

    @app_commands.command(name="catch", description="Catch a player who didn't knock on their last tile: they draw 2")
    @refusals_answered
    async def catch(self, interaction: discord.Interaction) -> None:
        await self._simple(interaction, "catch")

    @app_commands.command(name="done", description="End your fast start (fast_start=on)")
    @refusals_answered
    async def done(self, interaction: discord.Interaction) -> None:
        await self._simple(interaction, "done")

    async def _simple(self, interaction: discord.Interaction, verb: str) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action(verb))
