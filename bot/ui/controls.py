"""What each button and menu does when clicked: the components of bot/ui/components.py, with their handlers.

Registered once at startup (`DYNAMIC_ITEMS`), so a click finds its handler by its custom_id after any restart. The
components themselves (how they look, what their custom_ids say) stay in bot/ui/components.py, where the modules
that build messages find them without importing the handlers (bot/ui/flows.py) the clicks call.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from bot.games.base import Action
from bot.ui import flows
from bot.ui.components import (
    ActionButton,
    ComputerSelect,
    ConfirmButton,
    HandButton,
    LobbyButton,
    MoveSelect,
    MultiSelect,
    WholePictureButton,
)
from bot.ui.errors import answer_failure


def chosen(interaction: discord.Interaction) -> list[str]:
    """The values picked in a menu (as sent: a forged click may send anything)."""
    return [str(value) for value in (interaction.data or {}).get("values") or []]


def picked(interaction: discord.Interaction) -> str:
    """The one value picked in a menu ("" if none came)."""
    return (chosen(interaction) or [""])[0]


class Control:
    """A click: `act`, with a refusal or a failure answered privately."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.act(interaction)
        except Exception as error:
            await answer_failure(interaction, error)

    async def act(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class LobbyControl(Control, LobbyButton, template=LobbyButton.__discord_ui_compiled_template__):
    """Join, Leave, Start or Options, on the lobby."""

    async def act(self, interaction: discord.Interaction) -> None:
        await flows.lobby_button(interaction, self.verb, self.channel_id)


class HandControl(Control, HandButton, template=HandButton.__discord_ui_compiled_template__):
    """My hand: the clicker's own view, privately."""

    async def act(self, interaction: discord.Interaction) -> None:
        await flows.show_hand(interaction, self.channel_id)


class WholePictureControl(Control, WholePictureButton, template=WholePictureButton.__discord_ui_compiled_template__):
    """The board's bigger picture, privately."""

    async def act(self, interaction: discord.Interaction) -> None:
        await flows.show_whole_picture(interaction, self.channel_id)


class ActionControl(Control, ActionButton, template=ActionButton.__discord_ui_compiled_template__):
    """A move on the board (with its argument and the board's version, if it has one)."""

    async def act(self, interaction: discord.Interaction) -> None:
        if self.arg is None:
            await flows.press_board_button(interaction, self.channel_id, Action(self.verb))
            return
        arg: str | int = int(self.arg) if self.arg.isdigit() else self.arg
        await flows.press_board_button(interaction, self.channel_id, Action(self.verb, (arg,)), self.version)


class MultiControl(Control, MultiSelect, template=MultiSelect.__discord_ui_compiled_template__):
    """Several choices that make one move."""

    async def act(self, interaction: discord.Interaction) -> None:
        await flows.play_choice(interaction, self.channel_id, self.version, self.verb, chosen(interaction))


class ComputerControl(Control, ComputerSelect, template=ComputerSelect.__discord_ui_compiled_template__):
    """A computer seated at the chosen level (or the last one taken out)."""

    async def act(self, interaction: discord.Interaction) -> None:
        await flows.add_computer(interaction, self.channel_id, picked(interaction))


class MoveControl(Control, MoveSelect, template=MoveSelect.__discord_ui_compiled_template__):
    """The move picked from a seat's menu."""

    async def act(self, interaction: discord.Interaction) -> None:
        await flows.play_token(interaction, self.channel_id, self.version, picked(interaction))


class ConfirmControl(Control, ConfirmButton, template=ConfirmButton.__discord_ui_compiled_template__):
    """The second click of a resignation or an abandon."""

    async def act(self, interaction: discord.Interaction) -> None:
        await flows.confirmed(interaction, self.what, self.channel_id)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    LobbyControl,
    HandControl,
    WholePictureControl,
    ActionControl,
    MoveControl,
    MultiControl,
    ConfirmControl,
    ComputerControl,
)
"""Registered once in setup_hook, so clicks work after any restart."""
