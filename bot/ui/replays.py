"""Replays in Discord: an ended game stepped through privately, its board (or any seat's view) at each step.

Every control names the game, the step and the view it shows, so it keeps working after a restart and carries no
state of its own. A replay is only ever shown ephemerally, to whoever asked, and only for a game of the server it is
asked in (`shown_here`). Everything may be shown once a game has ended (`bot.engine.replays`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine.replays import ReplayStep
from bot.games.base import IllegalAction
from bot.i18n import _
from bot.ui import delivery, flows
from bot.ui.messages import COLOUR, SELECT_LIMIT
from bot.ui.replay_views import replay_view

NOBODY = 0
"""No user has this id (Discord's are positive, a forgotten player's negative): the channel's games only."""


def replay_embed(shown: ReplayStep) -> discord.Embed:
    """The step in words: which step of how many, the move that led to it, and whose view this is."""
    where = _("Step {step} of {steps}").format(step=shown.step, steps=shown.steps)
    what = shown.line or _("The game as it was set up.")
    embed = discord.Embed(
        title=_("{title} — replay").format(title=shown.title), colour=COLOUR, description=f"**{where}**\n{what}"
    )
    seen = _("Everyone") if shown.seat is None else shown.names[shown.seat]
    embed.add_field(name=_("Seen as"), value=seen)
    return embed


async def replay_message(shown: ReplayStep, marks: list[tuple[int, str]]) -> dict[str, Any]:
    """Keyword arguments for the private replay message: its words, its picture and its controls (`marks`: the
    steps its Jump to menu offers)."""
    kwargs: dict[str, Any] = {"embed": replay_embed(shown), "view": replay_view(shown, marks), "content": None}
    image = await delivery.image_file(shown.update(), shown.view, "replay.png")
    if image is not None:
        kwargs["file"] = image
    return kwargs


async def show_step(interaction: discord.Interaction, game_id: int, step: int, seat: int | None) -> None:
    """The replay at `step` as `seat` saw it, privately: in place on the clicker's own replay, else anew."""
    await flows.acknowledge_privately(interaction)
    replays = flows.services(interaction).replays
    shown = await replays.step(game_id, step, seat)
    shown_here(interaction, shown)
    marks = await replays.marks(game_id, SELECT_LIMIT)
    await flows.show_private(interaction, await replay_message(shown, marks))


async def jump_to(interaction: discord.Interaction, game_id: int, value: str, seat: int | None) -> None:
    """The step chosen in a Jump to menu, if that menu offers it (where a round or turn began); else refused."""
    await flows.acknowledge_privately(interaction)  # finding the marks anew replays the whole log
    offered = dict(await flows.services(interaction).replays.marks(game_id, SELECT_LIMIT))
    if not value.isdigit() or int(value) not in offered:
        raise IllegalAction(_("That menu never offered this choice."))
    await show_step(interaction, game_id, int(value), seat)


def shown_here(interaction: discord.Interaction, shown: ReplayStep) -> None:
    """Refuse a replay asked for outside the server its game was played on (a forged control, a guessed id)."""
    if shown.guild_id != interaction.guild_id:
        raise IllegalAction(_("That game was not played on this server."))


async def replay_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: this channel's ended games and the caller's own on this server, newest first."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    found = await flows.services(interaction).replays.choices(
        interaction.guild_id, interaction.channel_id, interaction.user.id, SELECT_LIMIT
    )
    typed = current.lower()
    return [
        app_commands.Choice(name=label[:100], value=str(game_id))
        for game_id, label in found
        if typed in label.lower() or typed == str(game_id)
    ]


async def open_replay(interaction: discord.Interaction, game: str | None) -> None:
    """`/game replay`: the chosen ended game (by default this channel's newest) from its first step, privately."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise IllegalAction(_("Use this in a server."))
    if game is None:
        replays = flows.services(interaction).replays
        newest = await replays.choices(interaction.guild_id, interaction.channel_id, NOBODY, 1)
        if not newest:
            raise IllegalAction(_("No game has ended in this channel yet: pick one from the list."))
        game_id = newest[0][0]
    elif game.strip().isdigit():
        game_id = int(game.strip())
    else:
        raise IllegalAction(_("Pick a game from the list."))
    await show_step(interaction, game_id, 0, None)
