"""Toyko Train's private controls: a conductor's panel of words and gestures, a tourist's grid of seats.

Every control is a DynamicItem whose custom_id carries all it needs (channel, word, seat, round, seating number),
so a panel keeps working after a restart; what a player has picked so far lives in the panel's own custom_ids.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.games.base import Action, IllegalAction
from bot.games.toyko_train import KINDS, colour_name, gesture_name, kind_label, words_file
from bot.i18n import _, pgettext
from bot.ui import components, flows
from bot.ui.errors import answer_failure
from bot.ui.gate import Admitted

COLOUR_MARKS = {"red": "🟥", "orange": "🟧", "yellow": "🟨", "green": "🟩", "blue": "🟦", "purple": "🟪"}
PICKED = " ✓"
"""After a picked word's or seat's label: the button's colour alone does not say it to every eye or screen reader."""
NOTHING = "-"
"""In a custom_id: nothing picked yet."""
WORD = r"[A-Za-z]{1,40}"
PLACE = r"[A-C][1-3]"


class WordButton(
    Admitted, ui.DynamicItem[ui.Button[Any]], template=rf"tetsudo:tk:word:(?P<channel>\d+):(?P<word>{WORD})"
):
    """A colour word on a conductor's panel: picking it readies the gesture buttons."""

    def __init__(self, channel_id: int, word: str, picked: bool = False) -> None:
        style = discord.ButtonStyle.primary if picked else discord.ButtonStyle.secondary
        label = word + PICKED if picked else word
        super().__init__(ui.Button(label=label, style=style, custom_id=f"tetsudo:tk:word:{channel_id}:{word}"))
        self.channel_id, self.word = channel_id, word

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> WordButton:
        return cls(int(match["channel"]), match["word"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await flows.pick_on_panel(interaction, self.channel_id, self.word)
        except Exception as error:
            await answer_failure(interaction, error)


class SignalButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=rf"tetsudo:tk:sig:(?P<channel>\d+):(?P<word>{WORD}|-):(?P<kind>great|small|horizontal)",
):
    """An exchange kind, shown in the scheme's gesture: with the picked word it makes the signal."""

    def __init__(self, channel_id: int, word: str, kind: str, label: str = "") -> None:
        custom_id = f"tetsudo:tk:sig:{channel_id}:{word}:{kind}"
        super().__init__(ui.Button(label=(label or kind_label(kind))[:80], custom_id=custom_id))
        self.channel_id, self.word, self.kind = channel_id, word, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> SignalButton:
        return cls(int(match["channel"]), match["word"], match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.word == NOTHING:
                raise IllegalAction(_("Pick one of your words first, then the gesture."))
            await flows.play_on_panel(interaction, self.channel_id, Action("signal", (self.word, self.kind)))
        except Exception as error:
            await answer_failure(interaction, error)


class ConductorButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"tetsudo:tk:do:(?P<channel>\d+):(?P<verb>cancel|nod|shake|call):(?P<round>\d+)(?::(?P<serial>\d+))?",
):
    """Cancel, Nod, Shake or «Toyko Train!»; a call names its round, a cancel its round and the seating it undoes.

    Cancel buttons posted before cancels named their seating carry no seating number: they are refused with a word.
    """

    LOOKS: dict[str, discord.ButtonStyle] = {  # noqa: RUF012  (read-only)
        "cancel": discord.ButtonStyle.danger,
        "nod": discord.ButtonStyle.secondary,
        "shake": discord.ButtonStyle.secondary,
        "call": discord.ButtonStyle.success,
    }

    @staticmethod
    def label_of(verb: str) -> str:
        """The button's words in the language in use (the call is the game's own shout: never translated)."""
        labels = {
            "cancel": pgettext("toyko button", "Cancel"),
            "nod": pgettext("toyko button", "Nod"),
            "shake": pgettext("toyko button", "Shake"),
        }
        return labels.get(verb, "Toyko Train!")

    def __init__(self, channel_id: int, verb: str, round_number: int, serial: int | None = None) -> None:
        label, style = self.label_of(verb), self.LOOKS[verb]
        custom_id = f"tetsudo:tk:do:{channel_id}:{verb}:{round_number}" + (f":{serial}" if serial is not None else "")
        super().__init__(ui.Button(label=label, style=style, custom_id=custom_id))
        self.channel_id, self.verb, self.round, self.serial = channel_id, verb, round_number, serial

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ConductorButton:
        serial = int(match["serial"]) if match["serial"] is not None else None
        return cls(int(match["channel"]), match["verb"], int(match["round"]), serial)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.verb == "cancel" and self.serial is None:
                raise IllegalAction(_("This Cancel button is from an older panel: open **My panel** for a fresh one."))
            args: tuple[int, ...] = ()
            if self.verb == "call":
                args = (self.round,)
            elif self.verb == "cancel" and self.serial is not None:
                args = (self.round, self.serial)
            await flows.play_on_panel(interaction, self.channel_id, Action(self.verb, args))
        except Exception as error:
            await answer_failure(interaction, error)


class SeatButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=rf"tetsudo:tk:seat:(?P<channel>\d+):(?P<first>{PLACE}|-):(?P<place>{PLACE}):(?P<serial>\d+)",
):
    """A seat on a tourist's grid: the first click picks it, a second seat exchanges the two."""

    def __init__(self, channel_id: int, first: str, place: str, serial: int, label: str = "") -> None:
        style = discord.ButtonStyle.primary if first == place else discord.ButtonStyle.secondary
        custom_id = f"tetsudo:tk:seat:{channel_id}:{first}:{place}:{serial}"
        label = (label or place) + (PICKED if first == place else "")
        super().__init__(ui.Button(label=label, style=style, custom_id=custom_id))
        self.channel_id, self.first, self.place, self.serial = channel_id, first, place, serial

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> SeatButton:
        return cls(int(match["channel"]), match["first"], match["place"], int(match["serial"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.first == NOTHING:
                await flows.pick_on_panel(interaction, self.channel_id, self.place)
            elif self.first == self.place:
                await flows.pick_on_panel(interaction, self.channel_id, None)
            else:
                # Seats are named in place order (row by row), as the game lists its exchanges.
                a, b = sorted((self.first, self.place), key=lambda p: (p[1], p[0]))
                await flows.play_on_panel(interaction, self.channel_id, Action("swap", (a, b, self.serial)))
        except Exception as error:
            await answer_failure(interaction, error)


class PointButton(
    Admitted, ui.DynamicItem[ui.Button[Any]], template=rf"tetsudo:tk:point:(?P<channel>\d+):(?P<place>{PLACE}|-)"
):
    """Point at the picked seat, for the conductor to nod or shake at."""

    def __init__(self, channel_id: int, place: str) -> None:
        label = _("Point at a seat (pick one first)") if place == NOTHING else _("Point at {place}").format(place=place)
        custom_id = f"tetsudo:tk:point:{channel_id}:{place}"
        super().__init__(ui.Button(label=label, custom_id=custom_id, disabled=place == NOTHING))
        self.channel_id, self.place = channel_id, place

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> PointButton:
        return cls(int(match["channel"]), match["place"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.place == NOTHING:
                raise IllegalAction(_("Pick a seat first, then point."))
            await flows.play_on_panel(interaction, self.channel_id, Action("point", (self.place,)))
        except Exception as error:
            await answer_failure(interaction, error)


PANEL_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    WordButton,
    SignalButton,
    ConductorButton,
    SeatButton,
    PointButton,
)
"""Registered with the other DynamicItems in setup_hook."""


def conductor_panel(channel_id: int, view: dict[str, Any], picked: str | None) -> ui.View:
    """Six word buttons, the three gestures (ready once a word is picked), then Cancel, Nod, Shake and the call."""
    board, mine = view["public"], view["private"]
    panel = components.layout()
    words = list(mine["dictionary"].values())
    chosen = picked if picked in words else NOTHING
    for row, start in enumerate((0, 3)):
        for word in words[start : start + 3]:
            item = WordButton(channel_id, word, picked=word == chosen)
            item.item.row = row
            panel.add_item(item)
    gestures = words_file().schemes[str(board["scheme"])]
    for kind in KINDS:
        label = _("{exchange}: {gesture}").format(exchange=kind_label(kind), gesture=gesture_name(gestures[kind]))
        signal = SignalButton(channel_id, chosen, kind, label)
        signal.item.row = 2
        panel.add_item(signal)
    legal = {action.verb: action for action in (Action.from_token(str(m["token"])) for m in view.get("legal", []))}
    cancel = legal.get("cancel")
    for verb in ("cancel", "nod", "shake", "call"):
        serial = int(cancel.args[1]) if verb == "cancel" and cancel is not None else None
        button = ConductorButton(channel_id, verb, int(board["round"]), serial)
        button.item.row = 3
        button.item.disabled = verb not in legal
        panel.add_item(button)
    return panel


def tourist_grid(channel_id: int, view: dict[str, Any], picked: str | None) -> ui.View:
    """The team's compartment as seat buttons, row by row, each with its tourist; then Point."""
    board, mine = view["public"], view["private"]
    team = board["teams"][int(mine["team"])]
    places = list(board["places"])
    chosen = picked if picked in places else NOTHING
    grid = components.layout()
    for place, colour in zip(places, team["seating"], strict=True):
        label = f"{place} {COLOUR_MARKS[colour]} {colour_name(colour)}"
        seat = SeatButton(channel_id, chosen, place, int(team["serial"]), label)
        seat.item.row = int(place[1]) - 1
        grid.add_item(seat)
    point = PointButton(channel_id, chosen)
    point.item.row = 3
    grid.add_item(point)
    return grid
