"""What a replay's controls do when clicked: the step, the view or the round chosen, shown privately.

Registered once at startup (`REPLAY_ITEMS`). A value a menu never offered (a forged one) is refused, never shown.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from bot.games.base import IllegalAction
from bot.i18n import _
from bot.ui import replays
from bot.ui.controls import Control, picked
from bot.ui.replay_views import EVERYONE, JumpSelect, ReplayButton, SeeAsSelect, seat_of


class ReplayControl(Control, ReplayButton, template=ReplayButton.__discord_ui_compiled_template__):
    """⏮ ◀ ▶ ⏭ or **Replay**: the step it names."""

    async def act(self, interaction: discord.Interaction) -> None:
        await replays.show_step(interaction, self.game_id, self.step, self.seat)


class SeeAsControl(Control, SeeAsSelect, template=SeeAsSelect.__discord_ui_compiled_template__):
    """The same step as everyone or the chosen seat saw it."""

    async def act(self, interaction: discord.Interaction) -> None:
        value = picked(interaction)[:12]
        if value != EVERYONE and not value.isdigit():
            raise IllegalAction(_("That menu never offered this choice."))
        await replays.show_step(interaction, self.game_id, self.step, seat_of(value))


class JumpControl(Control, JumpSelect, template=JumpSelect.__discord_ui_compiled_template__):
    """The step where the chosen round (or turn) began."""

    async def act(self, interaction: discord.Interaction) -> None:
        await replays.jump_to(interaction, self.game_id, picked(interaction)[:12], self.seat)


REPLAY_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (ReplayControl, SeeAsControl, JumpControl)
"""Registered once in setup_hook, so a replay's controls work after any restart."""
