"""How a replay's controls look, and the views of them: a replay's, and **Replay** under results.

First, back, forward and last step, `See as` and `Jump to` each name game, step and view in their custom_id.

What a click does is in bot/ui/replay_controls.py. The views are sent stopped (`layout`), like every other: a live
view would register these look-only classes in place of the controls that handle their clicks. They carry no
channel: a replay may be asked for in any channel of the game's server (`replays.shown_here` checks the server).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord
from discord import ui

from bot.engine.replays import ReplayStep
from bot.i18n import _
from bot.ui import page_links
from bot.ui.components import layout
from bot.ui.gate import Admitted
from bot.ui.messages import SELECT_LIMIT

SEAT = r"(?P<seat>p|\d{1,2})"
EVERYONE = "p"
"""The `See as` value (and custom_id part) of the public view."""
WHERE = ("first", "back", "next", "last")


def seat_part(seat: int | None) -> str:
    """A view as a custom_id part: a seat's number, or EVERYONE."""
    return EVERYONE if seat is None else str(seat)


def seat_of(part: str) -> int | None:
    """The view a custom_id part names."""
    return None if part == EVERYONE else int(part)


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
                custom_id=f"tetsudo:replay:{where}:{game_id}:{step}:{seat_part(seat)}",
            )
        )
        self.game_id, self.step, self.seat = game_id, step, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(match["where"], int(match["game"]), int(match["step"]), seat_of(match["seat"]))


class SeeAsSelect(Admitted, ui.DynamicItem[ui.Select[Any]], template=r"tetsudo:replay-as:(?P<game>\d+):(?P<step>\d+)"):
    """Whose view of the step to show: everyone's (the board) or one seat's (all revealed once the game ended)."""

    def __init__(self, game_id: int, step: int, names: tuple[str, ...] = (), seat: int | None = None) -> None:
        options = [discord.SelectOption(label=_("Everyone"), value=EVERYONE, default=seat is None)]
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
                custom_id=f"tetsudo:replay-to:{game_id}:{seat_part(seat)}",
            )
        )
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> JumpSelect:
        return cls(int(match["game"]), seat_of(match["seat"]))


def replay_view(shown: ReplayStep, marks: list[tuple[int, str]]) -> ui.View:
    """The controls of a replay at `shown`: the four steps, See as, and Jump to (`marks`)."""
    view = layout()
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
    view = layout()
    view.add_item(ReplayButton("open", game_id, 0, None))
    return page_links.add_link(view, page_links.links().game(game_id))
