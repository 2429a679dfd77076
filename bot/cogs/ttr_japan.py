"""The /ttr command group: draw, claim and tickets, with autocomplete from your own view."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.cards import CARDS
from bot.games.ttr_japan.claiming import fewest_locomotives
from bot.games.ttr_japan.data import Route, japan
from bot.games.ttr_japan.view import route_words
from bot.games.ttr_japan.words import colour_name
from bot.i18n import _, pgettext
from bot.ui import flows, presenters
from bot.ui import ttr_japan as look
from bot.ui.errors import refusals_answered

AUTOCOMPLETE_LIMIT = 25


async def _my_game(interaction: discord.Interaction) -> Update:
    """The Ticket to Ride: Japan game in this channel, with the caller's own view."""
    return await flows.game_here(interaction, TTR_JAPAN.name)


def _claims(update: Update) -> list[Action]:
    """The caller's legal claims (one per way of paying)."""
    return [action for action, _label in presenters.legal_moves(update, "claim")]


def _hand(update: Update) -> dict[str, int]:
    private = (update.actor_view or {}).get("private") or {}
    return dict(private.get("hand", {}))


def _route_named(text: str) -> list[Route]:
    """Routes a player typed: an id (from autocomplete) or the two cities ("Osaka – Kyoto", "kyoto-osaka")."""
    typed = text.strip()
    routes = japan().routes
    if typed.isdigit():
        return [routes[int(typed)]] if int(typed) in routes else []
    words = typed.lower().replace("–", "-").replace("—", "-")
    for separator in (" - ", "-", " to ", "/"):
        if separator in words:
            a, b = (w.strip() for w in words.split(separator, 1))
            break
    else:
        return []
    return [r for r in routes.values() if {r.a.lower(), r.b.lower()} == {a, b}]


def _typed_colour(typed: str) -> str:
    """A colour as the rules name it, typed in English or in the language in use ("rouge" → "red")."""
    return {colour_name(c).lower(): c for c in CARDS}.get(typed, typed)


def _draw_arg(update: Update, text: str) -> str | int:
    """A typed card choice: a slot 1–5, `deck`, or a face-up colour."""
    typed = text.strip().lower()
    if typed.isdigit():
        return int(typed)
    if typed in ("deck", "blind", "top", pgettext("ttr typed", "deck")):
        return "deck"
    market = update.public["public"]["market"]
    typed = _typed_colour(typed)
    if typed in market:
        return market.index(typed) + 1
    raise IllegalAction(
        _("There's no face-up {card} — choose 1 to {last}, or `deck`.").format(card=typed[:20], last=len(market))
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
        typed = current.strip().lower()
        return [c for c in found if typed in c.name.lower()][:AUTOCOMPLETE_LIMIT]

    async def route_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: only the routes you can claim now with your hand."""
        update = await flows.game_for_autocomplete(interaction, TTR_JAPAN.name)
        if update is None:
            return []
        routes = japan().routes
        seen = sorted({int(a.args[0]) for a in _claims(update)}, key=lambda r: (-routes[r].length, routes[r].name))
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=route_words(routes[r])[:100], value=str(r))
            for r in seen
            if typed in route_words(routes[r]).lower()
        ][:AUTOCOMPLETE_LIMIT]

    async def colour_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the colours that pay for the chosen route."""
        update = await flows.game_for_autocomplete(interaction, TTR_JAPAN.name)
        if update is None:
            return []
        wanted = _route_named(str(getattr(interaction.namespace, "route", "") or ""))
        ids = {r.id for r in wanted}
        colours = sorted({str(a.args[1]) for a in _claims(update) if a.args[0] in ids})
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=look.card_words(c), value=c)
            for c in colours
            if typed in c or typed in look.card_words(c).lower()
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
        await flows.play_action(interaction, update.channel_id, _claim_action(update, route, colour, locomotives))

    @app_commands.command(name="tickets", description="Draw 3 destination tickets and keep at least 1")
    @refusals_answered
    async def tickets(self, interaction: discord.Interaction) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action("tickets"))


def _claim_action(update: Update, typed: str, colour: str | None, locomotives: int | None) -> Action:
    """The claim a player meant: the route typed (its colour picks between twins), paid as asked or most cheaply."""
    routes = _route_named(typed)
    if not routes:
        raise IllegalAction(
            _("There's no route called “{typed}” — pick one from the list.").format(typed=typed.strip()[:60])
        )
    colour = _typed_colour(colour.strip().lower()) if colour else None
    open_ids = {int(a.args[0]) for a in _claims(update)}
    if len(routes) > 1:  # a double route (or Aomori – Hakodate): prefer the track the player can claim
        routes = [r for r in routes if r.id in open_ids] or routes
        if colour is not None and len(routes) > 1:
            routes = [r for r in routes if r.colour == colour] or routes
    route = routes[0]
    if locomotives is None:
        payment = fewest_locomotives(route, _hand(update), colour)
        if payment is None:
            return Action("claim", (route.id, colour or route.colour, 0))  # the rules will say what is missing
        return Action("claim", (route.id, *payment))
    paying_colour = colour or _only_colour(route, _hand(update), locomotives)
    return Action("claim", (route.id, paying_colour, locomotives))


def _only_colour(route: Route, hand: dict[str, int], locomotives: int) -> str:
    """The colour to pay with when the player named only the locomotives."""
    if locomotives >= route.length:
        return "locomotive"
    if route.colour != "gray":
        return route.colour
    fits = [c for c, n in hand.items() if c != "locomotive" and n >= route.length - locomotives]
    if len(fits) == 1:
        return fits[0]
    raise IllegalAction(_("{route} is gray: say which colour you pay with (`colour:`).").format(route=route.name))
