"""The /ttr command group: draw, claim and tickets, with autocomplete from your own view, and the map."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.ttr_japan import TTR_JAPAN, claim_meant, colour_choices, route_choices, typed_colour
from bot.i18n import _, pgettext
from bot.ui import flows, presenters
from bot.ui.errors import refusals_answered
from bot.ui.ttr_japan import presenter as look
from bot.ui.ttr_japan.regions import show_map

AUTOCOMPLETE_LIMIT = 25
REGION_CHOICES = [
    # Command strings: discord.py's translator says them in each user's language (commands.po), not `_()`.
    app_commands.Choice(name=app_commands.locale_str("Kyushu"), value="kyushu"),
    app_commands.Choice(name=app_commands.locale_str("the west (Hiroshima to Osaka, Shikoku)"), value="west"),
    app_commands.Choice(name=app_commands.locale_str("the centre (Kyoto to Tokyo)"), value="centre"),
    app_commands.Choice(name=app_commands.locale_str("the north (Niigata to Hakodate)"), value="north"),
    app_commands.Choice(name=app_commands.locale_str("Tokyo"), value="tokyo"),
]


async def _my_game(interaction: discord.Interaction) -> Update:
    """The Ticket to Ride: Japan game in this channel, with the caller's own view."""
    return await flows.game_here(interaction, TTR_JAPAN.name)


def _view(update: Update) -> dict[str, Any]:
    """The caller's own view (every command has checked the seat already)."""
    return update.actor_view or {}


def _draw_arg(update: Update, text: str) -> str | int:
    """A typed card choice: a slot 1–5, `deck`, or a face-up colour."""
    said = text.strip().lower()
    if said.isdigit():
        return int(said)
    if said in ("deck", "blind", "top", pgettext("ttr typed", "deck")):
        return "deck"
    market = update.public["public"]["market"]
    card = typed_colour(said)
    if card in market:
        return market.index(card) + 1
    raise IllegalAction(
        _("There's no face-up {card} — choose 1 to {last}, or `deck`.").format(card=card[:20], last=len(market))
    )


@app_commands.guild_only()
class TicketToRideCog(commands.GroupCog, group_name="ttr", group_description="Ticket to Ride: Japan moves"):
    """Ticket to Ride: Japan moves as slash commands (the board's buttons and your hand's menu do the same)."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    async def card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the face-up cards you may take now, and the deck."""
        update = await flows.game_for_autocomplete(interaction, TTR_JAPAN.name)
        if update is None:
            return []
        market = update.public["public"]["market"]
        found = []
        for action, _label in presenters.legal_moves(update, "draw"):
            where = action.args[0]
            label = _("deck (blind)") if where == "deck" else f"{where} · {look.card_words(market[int(where) - 1])}"
            found.append(app_commands.Choice(name=label, value=str(where)))
        wanted = current.strip().lower()
        return [c for c in found if wanted in c.name.lower()][:AUTOCOMPLETE_LIMIT]

    async def route_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: only the routes you can claim now with your hand."""
        update = await flows.game_for_autocomplete(interaction, TTR_JAPAN.name)
        if update is None:
            return []
        return [
            app_commands.Choice(name=label[:100], value=value) for label, value in route_choices(_view(update), current)
        ][:AUTOCOMPLETE_LIMIT]

    async def colour_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the colours that pay for the chosen route."""
        update = await flows.game_for_autocomplete(interaction, TTR_JAPAN.name)
        if update is None:
            return []
        colours = colour_choices(_view(update), str(getattr(interaction.namespace, "route", "") or ""))
        wanted = current.strip().lower()
        return [
            app_commands.Choice(name=look.card_words(c), value=c)
            for c in colours
            if wanted in c or wanted in look.card_words(c).lower()
        ][:AUTOCOMPLETE_LIMIT]

    @app_commands.command(name="draw", description="Take a face-up card (1–5) or the top of the deck")
    @app_commands.describe(card="1 to 5 for a face-up card, or deck")
    @app_commands.autocomplete(card=card_names)
    @refusals_answered
    async def draw(self, interaction: discord.Interaction, card: str) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action("draw", (_draw_arg(update, card),)))

    @app_commands.command(name="claim", description="Claim a route; without locomotives:, the fewest are used")
    @app_commands.describe(
        route="The route, e.g. Osaka – Kyoto",
        colour="The colour you pay with (gray routes take any one colour)",
        locomotives="How many locomotives to use",
    )
    @app_commands.autocomplete(route=route_names, colour=colour_names)
    @refusals_answered
    async def claim(
        self,
        interaction: discord.Interaction,
        route: str,
        colour: str | None = None,
        locomotives: app_commands.Range[int, 0, 6] | None = None,
    ) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, claim_meant(_view(update), route, colour, locomotives))

    @app_commands.command(name="tickets", description="Draw 3 destination tickets and keep at least 1")
    @refusals_answered
    async def tickets(self, interaction: discord.Interaction) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action("tickets"))

    @app_commands.command(name="map", description="Show the map as it stands, or one region large (only you see it)")
    @app_commands.describe(region="A region drawn large enough to read on a phone; leave out for the whole map")
    @app_commands.choices(region=REGION_CHOICES)
    @refusals_answered
    async def map(self, interaction: discord.Interaction, region: str | None = None) -> None:
        await show_map(interaction, region)
