"""Fast Train to Miyajima in words: colours, trains and ranks in the language in use, and its English log retold.

The state keeps its log sentences ("events") and loads in English, so that a replay in any language rebuilds the
very same state; they are made from the templates below and read back into the language in use when shown.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import N_, per_language, pgettext
from bot.i18n.retelling import Retelling

NUMBER = r"-?\d+"
SEAT = r"<seat:\d+>"


def colour_name(colour: str) -> str:
    """A die or sheet colour in the language in use ("red" → "rouge")."""
    return _colour_names().get(colour, colour)


@per_language
def _colour_names() -> dict[str, str]:
    return {
        "red": pgettext("miyajima colour", "red"),
        "orange": pgettext("miyajima colour", "orange"),
        "yellow": pgettext("miyajima colour", "yellow"),
        "green": pgettext("miyajima colour", "green"),
        "blue": pgettext("miyajima colour", "blue"),
        "purple": pgettext("miyajima colour", "purple"),
    }


def kind_name(kind: str) -> str:
    """A train in the language in use ("fast" → "rapide")."""
    return _kind_names().get(kind, kind)


@per_language
def _kind_names() -> dict[str, str]:
    return {"fast": pgettext("miyajima train", "fast"), "heavy": pgettext("miyajima train", "heavy")}


def rank_name(title: str) -> str:
    """A solo rank title of config/games/miyajima.toml in the language in use (an unknown title as it is)."""
    return _rank_names().get(title, title)


@per_language
def _rank_names() -> dict[str, str]:
    return {
        "Gandy Dancer": pgettext("miyajima rank", "Gandy Dancer"),
        "Boilerman": pgettext("miyajima rank", "Boilerman"),
        "Engineer": pgettext("miyajima rank", "Engineer"),
        "Inspector": pgettext("miyajima rank", "Inspector"),
        "Conductor": pgettext("miyajima rank", "Conductor"),
        "Tycoon": pgettext("miyajima rank", "Tycoon"),
    }


def dice_words(dice: str) -> str:
    """Dice added together, "red 2 + blue 4", with their colours in the language in use."""
    parts = []
    for part in dice.split(" + "):
        colour, _space, value = part.rpartition(" ")
        parts.append(f"{colour_name(colour)} {value}" if colour else part)
    return " + ".join(parts)


# The log's sentences, kept in English in the state (see the module notes); `retold` says them again.
ROLLED = N_("a {value}.")
NOTHING_TO_LOAD = N_("Nothing to load for {names}.")
LOADED = N_("{value}, total {total}.")
LOADED_MIXED = N_("{value} = {dice}, total {total}.")
REACHED = N_("{seat} reaches {destination} ({colour})!")
LAST_ROUND = N_("{count} destinations reached: this round is the last.")
GAME_ENDS = N_("The game ends.")
# A seat's last load, as its row on the round message shows it.
LOAD = N_("{colour} {value} → {kind}, total {total}")
LOAD_MIXED = N_("{colour} {value} = {dice} → {kind}, total {total}")

FIELDS: dict[str, tuple[str, Callable[[str], str]]] = {
    "value": (NUMBER, str),
    "total": (NUMBER, str),
    "count": (NUMBER, str),
    "seat": (SEAT, str),
    "colour": (r"[a-z]+", colour_name),
    "kind": (r"[a-z]+", kind_name),
    "dice": (r"[a-z]+ \d+(?: \+ [a-z]+ \d+)*", dice_words),
}
"""How each template field is recognised in English text, and how it is said in the language in use."""

_TEMPLATES = (ROLLED, NOTHING_TO_LOAD, LOADED_MIXED, LOADED, REACHED, LAST_ROUND, GAME_ENDS, LOAD_MIXED, LOAD)


_RETELLING = Retelling(_TEMPLATES, FIELDS)
say = _RETELLING.say
retold = _RETELLING.retold
