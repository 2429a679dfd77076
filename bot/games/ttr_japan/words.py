"""Ticket to Ride: Japan in words: card colours and payments in the language in use, and its English log retold.

The state keeps its log sentences ("events") and its end reason in English, so that a replay in any language
rebuilds the very same state; they are made from the templates below (`say`) and read back into the language in
use when shown (`retold`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from bot.i18n import ENGLISH, N_, _, cached_per_language, ngettext, per_language, pgettext, speaking
from bot.i18n.retelling import Retelling

LOCOMOTIVE = "locomotive"


def colour_name(colour: str) -> str:
    """A card or route colour as a word on its own ("red" → "rouge"); anything unknown as it is."""
    return _colour_names().get(colour, colour)


@per_language
def _colour_names() -> dict[str, str]:
    return {
        "pink": pgettext("ttr colour", "pink"),
        "white": pgettext("ttr colour", "white"),
        "blue": pgettext("ttr colour", "blue"),
        "yellow": pgettext("ttr colour", "yellow"),
        "orange": pgettext("ttr colour", "orange"),
        "black": pgettext("ttr colour", "black"),
        "red": pgettext("ttr colour", "red"),
        "green": pgettext("ttr colour", "green"),
        "gray": pgettext("ttr colour", "gray"),
        "locomotive": pgettext("ttr colour", "locomotive"),
    }


def card_colour(colour: str) -> str:
    """A colour said of one train card ("a face-up white" → "une carte blanche"); anything unknown as it is."""
    return _card_colours().get(colour, colour)


@per_language
def _card_colours() -> dict[str, str]:
    return {
        "pink": pgettext("ttr card", "pink"),
        "white": pgettext("ttr card", "white"),
        "blue": pgettext("ttr card", "blue"),
        "yellow": pgettext("ttr card", "yellow"),
        "orange": pgettext("ttr card", "orange"),
        "black": pgettext("ttr card", "black"),
        "red": pgettext("ttr card", "red"),
        "green": pgettext("ttr card", "green"),
        "locomotive": pgettext("ttr card", "locomotive"),
    }


@cached_per_language  # every claim in every menu says its payment: the same few, over and over
def counted(colour: str, count: int) -> str:
    """`count` cards of a colour as players say it: "2 red", "1 locomotive" (French makes the colour agree)."""
    forms: dict[str, Callable[[], str]] = {
        "pink": lambda: ngettext("{n} pink", "{n} pink", count),
        "white": lambda: ngettext("{n} white", "{n} white", count),
        "blue": lambda: ngettext("{n} blue", "{n} blue", count),
        "yellow": lambda: ngettext("{n} yellow", "{n} yellow", count),
        "orange": lambda: ngettext("{n} orange", "{n} orange", count),
        "black": lambda: ngettext("{n} black", "{n} black", count),
        "red": lambda: ngettext("{n} red", "{n} red", count),
        "green": lambda: ngettext("{n} green", "{n} green", count),
        "locomotive": lambda: ngettext("{n} locomotive", "{n} locomotives", count),
    }
    form = forms.get(colour)
    return form().format(n=count) if form else f"{count} {colour}"


def payment_words(colour: str, length: int, locomotives: int) -> str:
    """A payment as players say it: "2 red + 1 locomotive"."""
    parts = [counted(colour, length - locomotives)] if length > locomotives else []
    if locomotives:
        parts.append(counted(LOCOMOTIVE, locomotives))
    return " + ".join(parts)


def payment_retold(text: str) -> str:
    """An English payment ("2 red + 1 locomotive") in the language in use (anything else as it is)."""
    parts = []
    for part in text.split(" + "):
        number, _space, word = part.partition(" ")
        if not number.isdigit() or not word:
            return text
        parts.append(counted(LOCOMOTIVE if word in ("locomotive", "locomotives") else word, int(number)))
    return " + ".join(parts)


# --- the log, kept in English in the state (see the module notes) ------------------------------

Template = str | Callable[[int], str]
"""A log sentence: a marked English string, or, for one that counts `{n}` things, a function of n calling ngettext."""


def _kept(n: int) -> str:
    return ngettext("{n} ticket.", "{n} tickets.", n)


def _scored(n: int) -> str:
    return ngettext("for {n} point, {trains} trains left.", "for {n} points, {trains} trains left.", n)


RESHUFFLED = N_("The discards are shuffled into a new deck.")
MARKET_RESET = N_("Three locomotives face up: the market is dealt again.")
KEPT: Template = _kept
FROM_DECK = N_("from the deck.")
FACE_UP = N_("a face-up {card}.")
PAID = N_("with {payment}")
BULLET = N_("— a Bullet Train: track {track}, {supply} left in the supply.")
BULLETS_GONE = N_("The Bullet Trains are gone: the remaining Bullet Train routes are now gray routes.")
SCORED: Template = _scored
FINAL_ROUND = N_("Final round! Everyone, {seat} included, has one more turn.")
STUCK = N_("{seat} has no move and passes.")
GAME_ENDS = N_("The game ends: {why}.")

FINAL_ROUND_OVER = N_("the final round is over")
NOBODY_CAN_MOVE = N_("nobody could move")
"""Why a game ended, kept in the state in English (`_()` says them)."""

NUMBER = r"\d+"
FIELDS: dict[str, tuple[str, Callable[[str], str]]] = {
    "n": (NUMBER, str),
    "track": (NUMBER, str),
    "supply": (NUMBER, str),
    "trains": (r"-?\d+", str),
    "seat": (r"<seat:\d+>", str),
    "card": (r"[a-z]+", card_colour),
    "payment": (r".+", payment_retold),
    "why": (r".+", _),
}
"""How each template field is recognised in English text, and how it is said in the language in use."""

_TEMPLATES: tuple[Template, ...] = (
    RESHUFFLED,
    MARKET_RESET,
    KEPT,
    FROM_DECK,
    FACE_UP,
    PAID,
    BULLET,
    BULLETS_GONE,
    SCORED,
    FINAL_ROUND,
    STUCK,
    GAME_ENDS,
)


@functools.lru_cache(maxsize=1024)
def paid(colour: str, length: int, locomotives: int) -> str:
    """A claim's payment for the state's log, "with 2 red + 1 locomotive", in English whatever language is in use."""
    with speaking(ENGLISH):
        return say(PAID, payment=payment_words(colour, length, locomotives))


@functools.cache
def from_deck() -> str:
    """The log's blind draw sentence (one of the two commonest: made once, not on every draw)."""
    return say(FROM_DECK)


@functools.cache
def face_up(card: str) -> str:
    """The log's face-up draw sentence for `card`, made once per card."""
    return say(FACE_UP, card=card)


@functools.lru_cache(maxsize=1024)
def scored(points: int, trains: int) -> str:
    """The log's sentence for a route scored, with the trains left (the same few recur every game)."""
    return say(SCORED, n=points, trains=trains)


_RETELLING = Retelling(_TEMPLATES, FIELDS)
retold = _RETELLING.retold


def say(template: Template, **fields: object) -> str:
    """A sentence for the state's log, in English whatever language is in use (see `Retelling.say`)."""
    return _said(template, tuple(fields.items()))


@functools.lru_cache(maxsize=4096)
def _said(template: Template, fields: tuple[tuple[str, object], ...]) -> str:
    # The English sentence depends on its template and fields alone, and the same few recur all game long.
    return _RETELLING.say(template, **dict(fields))
