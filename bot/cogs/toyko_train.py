"""The /toyko command group: conductors signal, cancel, nod, shake and call; tourists swap and point."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import Update
from bot.games.base import Action, IllegalAction
from bot.games.toyko_train import KINDS, TOYKO_TRAIN, colour_name
from bot.i18n import _, pgettext
from bot.ui import (
    flows,
    toyko_train,  # noqa: F401  (registers the presenter)
)
from bot.ui.errors import refusals_answered

KIND_CHOICES = [
    # Command strings: discord.py's translator says them in each user's language (commands.po), not `_()`.
    app_commands.Choice(name=app_commands.locale_str("great vertical (rows 1 and 3)"), value="great"),
    app_commands.Choice(name=app_commands.locale_str("small vertical (next rows)"), value="small"),
    app_commands.Choice(name=app_commands.locale_str("horizontal (next seats in a row)"), value="horizontal"),
]


async def _my_game(interaction: discord.Interaction) -> Update:
    """The Toyko Train game in this channel, with the caller's own view."""
    update = await flows.game_here(interaction, TOYKO_TRAIN.name)
    if update.actor_view is None or not update.actor_view.get("private"):
        raise IllegalAction(pgettext("toyko train", "You're not playing in this game."))
    return update


def _mine(update: Update) -> dict[str, Any]:
    """The caller's own secrets: team, role, words."""
    return dict((update.actor_view or {}).get("private") or {})


def _team(update: Update) -> dict[str, Any]:
    """The caller's team as everyone sees it."""
    return dict(update.public["public"]["teams"][int(_mine(update)["team"])])


def _seat(typed: str) -> str:
    """A typed seat made canonical: " b2" → "B2"."""
    return typed.strip().upper()


@app_commands.guild_only()
class ToykoTrainCog(commands.GroupCog, group_name="toyko", group_description="Toyko Train moves"):
    """Toyko Train moves as slash commands (each player's panel does the same)."""

    def __init__(self, bot: flows.Services) -> None:
        self.bot = bot
        super().__init__()

    async def word_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: your team's words with their colours (shown only to you), for the conductor who signals."""
        update = await flows.game_for_autocomplete(interaction, TOYKO_TRAIN.name)
        if update is None or _mine(update).get("role") != "conductor":
            return []  # only a conductor signals
        dictionary = dict(_mine(update).get("dictionary") or {})
        return [
            app_commands.Choice(name=f"{word} ({colour_name(str(colour))})", value=str(word))
            for colour, word in dictionary.items()
            if current.lower() in str(word).lower()
        ]

    @app_commands.command(name="signal", description="Conductor: say one of your words with a gesture")
    @app_commands.describe(word="One of your team's colour words", kind="The exchange your gesture shows")
    @app_commands.autocomplete(word=word_names)
    @app_commands.choices(kind=KIND_CHOICES)
    @refusals_answered
    async def signal(self, interaction: discord.Interaction, word: str, kind: str) -> None:
        update = await _my_game(interaction)
        words = {str(w).lower(): str(w) for w in dict(_mine(update).get("dictionary") or {}).values()}
        typed = word.strip().lower()
        if typed not in words:
            raise IllegalAction(
                _("“{word}” isn't one of your team's words — pick one from the list.").format(word=word.strip()[:40])
            )
        if kind not in KINDS:
            raise IllegalAction(_("The gesture is great, small or horizontal."))
        await flows.play_action(interaction, update.channel_id, Action("signal", (words[typed], kind)))

    @app_commands.command(name="cancel", description="Conductor: undo your tourist's last exchange")
    @refusals_answered
    async def cancel(self, interaction: discord.Interaction) -> None:
        update = await _my_game(interaction)
        round_number = int(update.public["public"]["round"])
        # Typed, it cancels the latest exchange as the conductor sees it now.
        serial = int(_team(update)["serial"])
        await flows.play_action(interaction, update.channel_id, Action("cancel", (round_number, serial)))

    @app_commands.command(name="nod", description="Conductor: nod — yes, that one")
    @refusals_answered
    async def nod(self, interaction: discord.Interaction) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action("nod"))

    @app_commands.command(name="shake", description="Conductor: shake your head — no, not that")
    @refusals_answered
    async def shake(self, interaction: discord.Interaction) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action("shake"))

    @app_commands.command(name="call", description="Conductor: «Toyko Train!» — your tourists are seated right")
    @refusals_answered
    async def call(self, interaction: discord.Interaction) -> None:
        update = await _my_game(interaction)
        round_number = int(update.public["public"]["round"])
        if _mine(update).get("role") == "conductor" and not _team(update)["made"]:
            # A typed call names no round: one sent as the last round ended would land, wrong, in the new one.
            raise IllegalAction(
                _(
                    "Your tourist hasn't made an exchange in round {round} yet, "
                    "so that call can't be meant for it: nothing done."
                ).format(round=round_number)
            )
        await flows.play_action(interaction, update.channel_id, Action("call", (round_number,)))

    @app_commands.command(name="swap", description="Tourist: exchange the tourists on two seats")
    @app_commands.describe(a="A seat, e.g. A1", b="The other seat, e.g. A2")
    @refusals_answered
    async def swap(self, interaction: discord.Interaction, a: str, b: str) -> None:
        update = await _my_game(interaction)
        places = list(update.public["public"]["places"])
        first, second = sorted((_seat(a), _seat(b)), key=lambda p: places.index(p) if p in places else len(places))
        serial = int(_team(update)["serial"])
        await flows.play_action(interaction, update.channel_id, Action("swap", (first, second, serial)))

    @app_commands.command(name="point", description="Tourist: point at a seat")
    @app_commands.describe(seat="A seat, e.g. B2")
    @refusals_answered
    async def point(self, interaction: discord.Interaction, seat: str) -> None:
        update = await _my_game(interaction)
        await flows.play_action(interaction, update.channel_id, Action("point", (_seat(seat),)))
