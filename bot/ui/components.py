"""How the bot's buttons and menus look: each DynamicItem's custom_id (channel, version, move) and the views of them.

What a click does is in bot/ui/controls.py (each control there is one of these with its callback), so the modules
that build messages (flows, delivery, outgoing) need not import the handlers the controls call.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord
from discord import ui

from bot.computers import LEVELS, players
from bot.engine.computers import level_word
from bot.games.base import IllegalAction
from bot.i18n import _
from bot.ui.gate import Admitted
from bot.ui.messages import SELECT_LIMIT
from bot.ui.presenters import BoardButton, MultiChoice

LOBBY_VERBS = ("join", "leave", "start", "options")


class LobbyButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"tetsudo:lobby:(?P<verb>join|leave|start|options):(?P<channel>\d+)",
):
    """Join / Leave / Start / Options on a lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "options": discord.ButtonStyle.secondary,
    }

    def __init__(self, verb: str, channel_id: int) -> None:
        labels = {"join": _("Join"), "leave": _("Leave"), "start": _("Start"), "options": _("Options")}
        super().__init__(
            ui.Button(
                label=labels[verb],
                style=self.STYLES[verb],
                custom_id=f"tetsudo:lobby:{verb}:{channel_id}",
            )
        )
        self.verb, self.channel_id = verb, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        verb = match["verb"]
        if verb not in LOBBY_VERBS:
            raise ValueError(f"unknown lobby button {verb}")
        return cls(verb, int(match["channel"]))


class HandButton(Admitted, ui.DynamicItem[ui.Button[Any]], template=r"tetsudo:hand:(?P<channel>\d+)"):
    """ "My hand" on every board message: the clicker's private view, ephemerally."""

    def __init__(self, channel_id: int, label: str | None = None) -> None:
        super().__init__(
            ui.Button(
                label=label or _("My hand"), style=discord.ButtonStyle.primary, custom_id=f"tetsudo:hand:{channel_id}"
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["channel"]))


class WholePictureButton(Admitted, ui.DynamicItem[ui.Button[Any]], template=r"tetsudo:whole:(?P<channel>\d+)"):
    """The board's bigger picture (Ticket to Ride's whole map), sent privately to whoever clicks."""

    def __init__(self, channel_id: int, label: str = "") -> None:
        super().__init__(
            ui.Button(
                label=label or _("Full map"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tetsudo:whole:{channel_id}",
                emoji="🗺️",
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> WholePictureButton:
        return cls(int(match["channel"]))


class ActionButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"tetsudo:act:(?P<verb>[a-z]{1,20})(?::(?P<arg>[a-z0-9]{1,20}):v(?P<version>\d+))?:(?P<channel>\d+)",
):
    """A move on the board message (e.g. Draw); the engine checks it is the clicker's to make.

    With an argument (a face-up card's slot) it also carries the board version: a click on an old board is stale.
    """

    def __init__(
        self, verb: str, channel_id: int, label: str = "", arg: str | None = None, version: int | None = None
    ) -> None:
        suffix = f":{arg}:v{version}" if arg is not None else ""
        super().__init__(
            ui.Button(
                label=label or verb.capitalize(),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tetsudo:act:{verb}{suffix}:{channel_id}",
            )
        )
        self.verb, self.channel_id, self.arg, self.version = verb, channel_id, arg, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        version = int(match["version"]) if match["version"] else None
        return cls(match["verb"], int(match["channel"]), arg=match["arg"], version=version)


class MultiSelect(
    Admitted,
    ui.DynamicItem[ui.Select[Any]],
    template=r"tetsudo:multi:(?P<verb>[a-z]{1,20}):(?P<channel>\d+):(?P<version>\d+)",
):
    """A pick-several menu whose choices together make one move (e.g. the tickets to keep)."""

    def __init__(self, channel_id: int, version: int, choice: MultiChoice | None = None, verb: str = "") -> None:
        options = [
            discord.SelectOption(label=label[:100], value=value) for label, value in (choice.options if choice else ())
        ]
        least = min(choice.least, len(options)) if choice else 1
        super().__init__(
            ui.Select(
                placeholder=choice.placeholder if choice else _("Choose…"),
                options=options or [discord.SelectOption(label=_("(nothing)"), value="none")],
                min_values=max(least, 1),
                max_values=max(len(options), 1),
                custom_id=f"tetsudo:multi:{choice.verb if choice else verb}:{channel_id}:{version}",
            )
        )
        self.verb = choice.verb if choice else verb
        self.channel_id, self.version = channel_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> MultiSelect:
        return cls(int(match["channel"]), int(match["version"]), verb=match["verb"])


REMOVE = "remove"
"""The **Add computer…** menu's last entry: the host takes the last computer seated out again."""


class ComputerSelect(Admitted, ui.DynamicItem[ui.Select[Any]], template=r"tetsudo:computer:(?P<channel>\d+)"):
    """The lobby's **Add computer** menu: the host picks a level and a computer takes the next seat."""

    def __init__(self, channel_id: int, levels: Sequence[str] = LEVELS) -> None:
        super().__init__(
            ui.Select(
                placeholder=_("Add computer…"),
                options=[
                    *(discord.SelectOption(label=level_word(level), value=level) for level in levels),
                    discord.SelectOption(label=_("Remove the last computer"), value=REMOVE),
                ],
                custom_id=f"tetsudo:computer:{channel_id}",
            )
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ComputerSelect:
        return cls(int(match["channel"]))


class MoveSelect(Admitted, ui.DynamicItem[ui.Select[Any]], template=r"tetsudo:pick:(?P<channel>\d+):(?P<version>\d+)"):
    """The menu of a seat's legal moves, stamped with the board version it was built from."""

    def __init__(self, channel_id: int, version: int, legal: list[dict[str, Any]] | None = None) -> None:
        options = [
            discord.SelectOption(label=str(move["label"])[:100], value=str(move["token"])[:100])
            for move in (legal or [])[:SELECT_LIMIT]
        ]
        super().__init__(
            ui.Select(
                placeholder=_("Choose your move…"),
                options=options or [discord.SelectOption(label=_("(no move)"), value="none")],
                custom_id=f"tetsudo:pick:{channel_id}:{version}",
            )
        )
        self.channel_id, self.version = channel_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["channel"]), int(match["version"]))


class ConfirmButton(
    Admitted, ui.DynamicItem[ui.Button[Any]], template=r"tetsudo:confirm:(?P<what>resign|abandon):(?P<channel>\d+)"
):
    """The second click that makes a resignation or an abandon happen."""

    def __init__(self, what: str, channel_id: int) -> None:
        labels = {"resign": _("Yes, resign"), "abandon": _("Yes, abandon")}
        super().__init__(
            ui.Button(
                label=labels[what],
                style=discord.ButtonStyle.danger,
                custom_id=f"tetsudo:confirm:{what}:{channel_id}",
            )
        )
        self.what, self.channel_id = what, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(match["what"], int(match["channel"]))


def layout() -> ui.View:
    """An empty view for our controls, which discord.py will neither keep nor time out.

    Every control is a DynamicItem registered at startup, so a click finds its handler without the view that sent
    it. A live view would only cost: discord.py keeps each one sent, and gives one on an ephemeral message a task
    that waits out the 15 minutes of its interaction token — one per **My hand**. Stopped before it is sent, it is
    sent as a layout and forgotten.
    """
    view = ui.View(timeout=None)
    view.stop()
    return view


def computer_levels(game: str) -> tuple[str, ...]:
    """The levels a game's computers play at, weakest first (none for a game without computers)."""
    try:
        offered = players(game)
    except IllegalAction:
        return ()
    return tuple(level for level in LEVELS if level in offered)


def lobby_view(channel_id: int, game: str = "") -> ui.View:
    """The lobby's buttons, and its **Add computer** menu when the game has computer players."""
    view = layout()
    for verb in LOBBY_VERBS:
        view.add_item(LobbyButton(verb, channel_id))
    levels = computer_levels(game)
    if levels:
        view.add_item(ComputerSelect(channel_id, levels))
    return view


def board_view(
    channel_id: int,
    buttons: Sequence[BoardButton] = (),
    version: int = 0,
    hand_label: str | None = None,
    whole_label: str | None = None,
) -> ui.View:
    """The board's buttons: My hand (a game may call it otherwise), its bigger picture if any, then its moves."""
    view = layout()
    view.add_item(HandButton(channel_id, hand_label))
    if whole_label is not None:
        view.add_item(WholePictureButton(channel_id, whole_label))
    for button in buttons:
        arg = None if button.arg is None else str(button.arg)
        item = ActionButton(button.verb, channel_id, button.label, arg, version if arg is not None else None)
        item.item.emoji = button.emoji
        view.add_item(item)
    return view


def hand_view(
    channel_id: int, version: int, legal: list[dict[str, Any]], choice: MultiChoice | None = None
) -> ui.View | None:
    """The menu under a private view: a pick-several menu when the seat must choose, else its moves."""
    if choice is not None:
        view = layout()
        view.add_item(MultiSelect(channel_id, version, choice))
        return view
    if not legal:
        return None
    view = layout()
    view.add_item(MoveSelect(channel_id, version, legal))
    return view


def confirm_view(what: str, channel_id: int) -> ui.View:
    """A single confirmation button."""
    view = layout()
    view.add_item(ConfirmButton(what, channel_id))
    return view
