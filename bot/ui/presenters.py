"""How each game looks in Discord: its board and hand embeds, board buttons and results, by game name."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.engine import Update
from bot.engine.computers import MARK
from bot.games.base import Action, name_seats
from bot.i18n import _, ngettext
from bot.ui import messages
from rendering import Renderer


@dataclass(frozen=True, slots=True)
class BoardButton:
    """A move anyone may press on the board message (the engine decides whether it is theirs to make).

    A button with an `arg` (a face-up card's slot) means something only on the board it was drawn on,
    so it carries the board's version and a click on an older board is refused as stale.
    """

    label: str
    verb: str
    arg: str | int | None = None
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class MultiChoice:
    """A menu where the player picks several items that together make one move (`verb` + the sorted picks)."""

    verb: str
    placeholder: str
    options: tuple[tuple[str, str], ...]
    """(label, value) pairs; values are the move's arguments (digits become ints)."""
    least: int


@dataclass(frozen=True, slots=True)
class WholePicture:
    """A bigger picture of the public board (Ticket to Ride's whole map) that anyone in the channel may open privately.

    `draw` is a renderer (the public view and names in, an image out) at module level, so a picture worker finds it.
    """

    label: str
    draw: Renderer
    filename: str
    description: str


UNSTAMPED = 0
"""A version no board has: menus and buttons carrying it are never refused as stale by the engine."""


class Presenter:
    """The generic look, good for any game; games with their own look subclass it."""

    board_buttons: tuple[BoardButton, ...] = ()
    commands: tuple[tuple[str, str], ...] = ()
    """The game's own slash commands for help: (usage, what it does)."""
    stand_ins: dict[str, str] = {}  # noqa: RUF012  (read-only; subclasses replace it)
    """A board button's or command's move → the move it makes when only that one is open (Draw → pass)."""
    button_verbs: frozenset[str] = frozenset()
    """Every verb a board button of this game may carry, also those not shown now (an older board's button)."""

    @property
    def hand_label(self) -> str:
        """The label of the board button that shows a player their own view and moves (in the language in use)."""
        return _("My hand")

    def stamp(self, update: Update) -> int:
        """The version menus and argument buttons carry: a click on an older board is refused as stale.

        Games whose moves name the step they answer (a card number) return UNSTAMPED: the game itself refuses
        an answer to an earlier step, and a menu stays good while other players answer the same one.
        """
        return update.version

    def sheet_embed(self, update: Update, view: dict[str, Any], owner: str | None) -> discord.Embed:
        """A seat's sheet as `/… sheet` shows it: the viewer's own (owner None) or `owner`'s, worded as theirs."""
        embed = self.hand_embed(update, view)
        if owner is not None:
            embed.title = _("{player}'s sheet — {title}").format(player=owner, title=update.title)
        return embed

    def buttons(self, update: Update) -> tuple[BoardButton, ...]:
        """The board's move buttons now (after My hand); most games show the same ones all game."""
        return self.board_buttons

    def whole_picture(self, update: Update) -> WholePicture | None:
        """The board's bigger picture, offered by a button on the board; most games have none."""
        return None

    def knows_button(self, update: Update, verb: str) -> bool:
        """Whether a board button with this verb is one of this game's (shown now or on an older board)."""
        return verb in self.button_verbs or any(button.verb == verb for button in self.buttons(update))

    def menu_moves(self, update: Update, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The moves offered in a seat's private menu (at most 25 fit), labelled with names as stored: menu labels
        are plain text, where markdown escapes would show as backslashes."""
        names = [s.name for s in update.seats]
        return [{**move, "label": name_seats(str(move["label"]), names)} for move in view.get("legal", [])]

    def panel(self, update: Update, view: dict[str, Any], picked: str | None) -> discord.ui.View | None:
        """The game's own private controls in place of the move menu (a conductor's panel), if it has them."""
        return None

    def multi_choice(self, update: Update, view: dict[str, Any]) -> MultiChoice | None:
        """A pick-several menu the seat must answer instead of the move menu (tickets to keep), if any."""
        return None

    def board_embed(self, update: Update) -> discord.Embed:
        """The public board (text part)."""
        return messages.board_embed(update)

    def hand_embed(self, update: Update, view: dict[str, Any]) -> discord.Embed:
        """A seat's private view: only ever sent to that seat's owner."""
        return messages.hand_embed(update.title, named_view(update, view))

    def result_embeds(self, update: Update) -> list[discord.Embed]:
        """Embeds to post after this change: the final results when the game ended."""
        if update.ended and update.outcome is not None:
            return [messages.results_embed(update)]
        return []

    def fresh_board(self, update: Update) -> bool:
        """Whether to post the board anew at the bottom of the channel rather than edit it in place.

        A game whose public view says `new_cycle` (the turn came back round) gets a fresh board then.
        """
        public = update.public.get("public")
        return isinstance(public, dict) and bool(public.get("new_cycle"))

    def reply_with_view(self, update: Update) -> bool:
        """Whether the mover's private reply carries their private view: when they have more to do now.

        The mover gets no DM (their reply answers them), so a game that deals the mover something new without a
        move to make (a new round's hand) says so here too.
        """
        return bool((update.actor_view or {}).get("legal"))

    def move_reply(self, update: Update) -> str:
        """What a player is told, privately, after their move went through."""
        return _("Done — your move is in.")

    def describe_picture(self, update: Update, view: dict[str, Any]) -> str:
        """The picture of `view` in words, for a screen reader (its attachment description), in the language in use.

        It says what the picture says, from `view` alone and what anyone can see of the game: the description of
        the board's picture holds no secret; that of a seat's own picture may hold that seat's. The generic one reads
        the text of the embed the picture comes with; games with their own pictures say what those show.
        """
        embed = self.board_embed(update) if view is update.public else self.hand_embed(update, view)
        fields = [f"{field.name}: {field.value}" for field in embed.fields]
        return plain(". ".join(part for part in (embed.title, embed.description, *fields) if part))


DESCRIPTION_MAX = 1024
"""Discord's limit on an attachment's description."""


def plain(text: str) -> str:
    """Text as a screen reader should get it: no markdown marks or escapes, one line, within DESCRIPTION_MAX."""
    text = re.sub(r"\\(.)", r"\1", text.replace("**", "").replace("__", ""))
    text = " ".join(text.split())
    return text if len(text) <= DESCRIPTION_MAX else text[: DESCRIPTION_MAX - 1].rstrip() + "…"


def ranked_results(update: Update, breakdown: Callable[[dict[str, Any]], str], footer: str = "") -> list[discord.Embed]:
    """The results message: one field per player in the engine's final order, "2. Aiko — 97 points", with a breakdown.

    `breakdown` turns the player's entry of the public view's "results" into the field's text.
    """
    if not update.ended or update.outcome is None:
        return []
    names = names_of(update)
    ranks = update.outcome.ranks
    results = update.public["public"]["results"]
    embed = discord.Embed(
        title=_("{title} — results").format(title=update.title), colour=messages.COLOUR, description=update.ended
    )
    for seat in sorted(range(len(names)), key=lambda s: ranks[s]):
        text = breakdown(results[seat])
        clipped = text if len(text) <= messages.FIELD_LIMIT else text[: messages.FIELD_LIMIT - 1] + "…"
        total = results[seat]["total"]
        name = ngettext("{rank}. {player} — {points} point", "{rank}. {player} — {points} points", total).format(
            rank=ranks[seat], player=messages.ranked_name(update.seats[seat]), points=total
        )
        embed.add_field(name=name[:256], value=clipped, inline=False)
    if footer:
        embed.set_footer(text=footer)
    return [embed]


def legal_moves(update: Update, verb: str) -> list[tuple[Action, str]]:
    """The caller's legal moves of one kind, with their menu labels."""
    found = []
    for move in (update.actor_view or {}).get("legal", []):
        action = Action.from_token(str(move["token"]))
        if action.verb == verb:
            found.append((action, str(move["label"])))
    return found


def names_of(update: Update) -> list[str]:
    """The players' names in seat order, as written into text (escaped)."""
    return [s.shown for s in update.seats]


def picture_names(update: Update) -> list[str]:
    """The players' names in seat order, as drawn in pictures (stored clean of control characters; not escaped).

    A computer's reads "Tetsu · strong" there: the pictures' font has no robot, and the level still says what it is."""
    return [s.name.removeprefix(MARK) if s.computer else s.name for s in update.seats]


def named(update: Update, text: str) -> str:
    """Game text with seat marks replaced by names."""
    return name_seats(text, names_of(update))


def named_view(update: Update, view: dict[str, Any]) -> dict[str, Any]:
    """A view whose prompt and move labels name players instead of seats."""
    legal = [{**move, "label": named(update, str(move["label"]))} for move in view.get("legal", [])]
    return {**view, "prompt": named(update, str(view.get("prompt", ""))), "legal": legal}


def public_sheet(update: Update, seat: int) -> dict[str, Any]:
    """A seat's sheet as anyone may see it: the table's view (public part, prompt, no moves) naming only that seat.

    Built from the spectator's view, never the seat's own, so nothing but the seat number comes from its side.
    """
    return {**update.public, "private": {"seat": seat}}


GENERIC = Presenter()
PRESENTERS: dict[str, Presenter] = {}


def register(game: str, presenter: Presenter) -> None:
    """Give `game` its own look."""
    PRESENTERS[game] = presenter


def presenter_for(game: str) -> Presenter:
    """The game's presenter, or the generic one."""
    return PRESENTERS.get(game, GENERIC)
