"""A replay's controls: first, back, forward and last step, `See as` and `Jump to`, each naming game, step and view.

They carry no channel: a replay may be asked for in any channel of the game's server (`replays.shown_here` checks
the server). A value a menu never offered (a forged one) is refused, never shown.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord
from discord import ui

from bot.engine.replays import ReplayStep
from bot.games.base import IllegalAction
from bot.i18n import _
from bot.ui import page_links, replays
from bot.ui.errors import answer_failure
from bot.ui.gate import Admitted
from bot.ui.messages import SELECT_LIMIT

SEAT = r"(?P<seat>p|\d{1,2})"
WHERE = ("first", "back", "next", "last")


class ReplayButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"tetsudo:replay:(?P<where>first|back|next|last|open):(?P<game>\d+):(?P<step>\d+):" + SEAT,
):
    """A step of a replay (⏮ ◀ ▶ ⏭), or **Replay** under a game's results (its first step, seen by everyone)."""

    EMOJI: ClassVar[dict[str, str]] = {"first": "⏮️", "back": "◀️", "next": "▶️", "last": "⏭️", "open": "🎞️"}

    def __init__(self, where: str, game_id: int, step: int, seat: int | None, disabled: bool = False) -> None:
        label = _("Replay") if where == "open" else None
        super().__init__(
            ui.Button(
                label=label,
                emoji=self.EMOJI[where],
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"tetsudo:replay:{where}:{game_id}:{step}:{replays.seat_part(seat)}",
            )
        )
        self.game_id, self.step, self.seat = game_id, step, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(match["where"], int(match["game"]), int(match["step"]), replays.seat_of(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await replays.show_step(interaction, self.game_id, self.step, self.seat)
        except Exception as error:
            await answer_failure(interaction, error)


class SeeAsSelect(Admitted, ui.DynamicItem[ui.Select[Any]], template=r"tetsudo:replay-as:(?P<game>\d+):(?P<step>\d+)"):
    """Whose view of the step to show: everyone's (the board) or one seat's (all revealed once the game ended)."""

    def __init__(self, game_id: int, step: int, names: tuple[str, ...] = (), seat: int | None = None) -> None:
        options = [discord.SelectOption(label=_("Everyone"), value=replays.EVERYONE, default=seat is None)]
        options += [
            discord.SelectOption(label=name[:100], value=str(n), default=seat == n)
            for n, name in enumerate(names[: SELECT_LIMIT - 1])
        ]
        super().__init__(
            ui.Select(placeholder=_("See as…"), options=options, custom_id=f"tetsudo:replay-as:{game_id}:{step}")
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> SeeAsSelect:
        return cls(int(match["game"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            value = chosen(interaction)
            if value != replays.EVERYONE and not value.isdigit():
                raise IllegalAction(_("That menu never offered this choice."))
            await replays.show_step(interaction, self.game_id, self.step, replays.seat_of(value))
        except Exception as error:
            await answer_failure(interaction, error)


class JumpSelect(Admitted, ui.DynamicItem[ui.Select[Any]], template=r"tetsudo:replay-to:(?P<game>\d+):" + SEAT):
    """Jump to where a round (or a turn) began: the engine's marks, at most 25, the first and the last among them."""

    def __init__(
        self, game_id: int, seat: int | None, marks: list[tuple[int, str]] | None = None, step: int = 0
    ) -> None:
        options = [discord.SelectOption(label=label[:100], value=str(n), default=n == step) for n, label in marks or []]
        super().__init__(
            ui.Select(
                placeholder=_("Jump to…"),
                options=options,
                custom_id=f"tetsudo:replay-to:{game_id}:{replays.seat_part(seat)}",
            )
        )
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> JumpSelect:
        return cls(int(match["game"]), replays.seat_of(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await replays.jump_to(interaction, self.game_id, chosen(interaction), self.seat)
        except Exception as error:
            await answer_failure(interaction, error)


def chosen(interaction: discord.Interaction) -> str:
    """The one value picked in a menu ("" if none came)."""
    values = (interaction.data or {}).get("values") or [""]
    return str(values[0])[:12]


def replay_view(shown: ReplayStep, marks: list[tuple[int, str]]) -> ui.View:
    """The controls of a replay at `shown`: the four steps, See as, and Jump to (`marks`)."""
    view = ui.View(timeout=None)
    game_id, seat, step, last = shown.game_id, shown.seat, shown.step, shown.steps
    targets = {"first": 0, "back": max(step - 1, 0), "next": min(step + 1, last), "last": last}
    for where in WHERE:
        at_end = step == 0 if where in ("first", "back") else step == last
        view.add_item(ReplayButton(where, game_id, targets[where], seat, disabled=at_end))
    view.add_item(SeeAsSelect(game_id, step, shown.names, seat))
    view.add_item(JumpSelect(game_id, seat, marks, step))
    return view


def results_view(game_id: int) -> ui.View:
    """**Replay** under a game's results."""
    view = ui.View(timeout=None)
    view.add_item(ReplayButton("open", game_id, 0, None))
    return page_links.add_link(view, page_links.links().game(game_id))


REPLAY_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (ReplayButton, SeeAsSelect, JumpSelect)
"""Registered once in setup_hook, so a replay's controls work after any restart."""
