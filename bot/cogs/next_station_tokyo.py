"""The /nst command group: draw, pass and sheet, with autocomplete of your own legal stations."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO, symbol_name, tokyo_map
from bot.i18n import _, pgettext
from bot.ui import flows, presenters
from bot.ui.errors import refusals_answered
from bot.ui.next_station_tokyo import presenter as look

AUTOCOMPLETE_LIMIT = 25


async def _my_game(interaction: discord.Interaction) -> Update:
    """The Next Station Tokyo game in this channel, with the caller's own view."""
    return await flows.game_here(interaction, NEXT_STATION_TOKYO.name)


def _station(typed: str | None) -> str | None:
    """A typed station id made canonical ("c7 " → "C7"), None when nothing was typed."""
    cleaned = (typed or "").strip().upper()
    return cleaned.split()[0] if cleaned else None


def _card_number(update: Update) -> int:
    return int(update.public["public"]["card_number"])


def _seat_ends(update: Update) -> list[str]:
    seat = int(((update.actor_view or {}).get("private") or {}).get("seat", 0))
    return list(update.public["public"]["ends"][seat])


def _draw_action(update: Update, to: str, origin: str | None) -> Action:
    """The section a command names: the one legal draw to `to` (from `origin`), or the move the game will explain."""
    if update.actor_view is None:
        raise IllegalAction(pgettext("next station tokyo", "You're not playing in this game."))
    draws = [a for a, _label in presenters.legal_moves(update, "draw")]
    matches = [a for a in draws if a.args[1] == to and origin in (None, a.args[0])]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        starts = pgettext("next station tokyo", " or ").join(str(a.args[0]) for a in matches)
        raise IllegalAction(
            _("Several stations of your line reach {station}: say which with `from:` ({starts}).").format(
                station=to, starts=starts
            )
        )
    # Not legal: hand the game the nearest reading of it, so its refusal says exactly why.
    start = origin or next(iter(_seat_ends(update)), to)
    return Action("draw", (start, to, _card_number(update)))


@app_commands.guild_only()
class NextStationTokyoCog(commands.GroupCog, group_name="nst", group_description="Next Station Tokyo moves"):
    """Next Station Tokyo moves as slash commands (the card message's Draw and Pass buttons do the same)."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    async def target_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the stations your line may reach with the card up, e.g. "E5 ▲ — from C7"."""
        update = await flows.game_for_autocomplete(interaction, NEXT_STATION_TOKYO.name)
        if update is None:
            return []
        origin = _station(str(getattr(interaction.namespace, "from", "") or ""))
        reach: dict[str, list[str]] = {}
        for action, _label in presenters.legal_moves(update, "draw"):
            if origin in (None, action.args[0]):
                reach.setdefault(str(action.args[1]), []).append(str(action.args[0]))
        stations = tokyo_map().stations
        typed = current.strip().upper()
        return [
            app_commands.Choice(
                name=_("{station} {mark} {symbol} — from {starts}").format(
                    station=to,
                    mark=look.SYMBOL_MARKS[stations[to].symbol],
                    symbol=symbol_name(stations[to].symbol),
                    starts=", ".join(starts),
                )[:100],
                value=to,
            )
            for to, starts in reach.items()
            if typed in to
        ][:AUTOCOMPLETE_LIMIT]

    async def origin_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the stations your section may leave from (towards `to` when it is filled in)."""
        update = await flows.game_for_autocomplete(interaction, NEXT_STATION_TOKYO.name)
        if update is None:
            return []
        to = _station(str(getattr(interaction.namespace, "to", "") or ""))
        labels: dict[str, str] = {}
        for action, label in presenters.legal_moves(update, "draw"):
            if to in (None, action.args[1]):
                labels.setdefault(str(action.args[0]), label)
        typed = current.strip().upper()
        return [
            app_commands.Choice(name=(origin if to is None else label)[:100], value=origin)
            for origin, label in labels.items()
            if typed in origin
        ][:AUTOCOMPLETE_LIMIT]

    @app_commands.command(name="draw", description="Draw a section of this round's line to a station")
    @app_commands.describe(to="The station the section ends at, e.g. E5", origin="Where it leaves from (optional)")
    @app_commands.rename(origin="from")
    @app_commands.autocomplete(to=target_names, origin=origin_names)
    @refusals_answered
    async def draw(self, interaction: discord.Interaction, to: str, origin: str | None = None) -> None:
        update = await _my_game(interaction)
        target = _station(to)
        if target is None:
            raise IllegalAction(_("Name the station your section ends at, e.g. `to:E5`."))
        action = _draw_action(update, target, _station(origin))
        await flows.play_action(interaction, update.channel_id, action)

    @app_commands.command(name="pass", description="Draw nothing for the card up")
    @refusals_answered
    async def pass_card(self, interaction: discord.Interaction) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action("pass", (_card_number(update),)))

    @app_commands.command(name="sheet", description="Show a player's sheet (yours if you name nobody)")
    @app_commands.describe(player="Whose sheet to show")
    @refusals_answered
    async def sheet(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        await flows.show_sheet(interaction, NEXT_STATION_TOKYO.name, player or interaction.user)
