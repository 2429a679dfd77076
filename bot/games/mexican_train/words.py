"""Mexican Train in words: its English log retold in the language in use.

The state keeps its log sentences ("events") in English, so that a replay in any language rebuilds the very same
state; they are made from the templates below (`say`) and read back into the language in use when shown (`retold`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from bot.i18n import N_
from bot.i18n.retelling import Retelling

LAST_TILE = N_("{seat} has one tile left.")
FITS = N_("The tile fits and must be played.")
NO_FIT = N_("It doesn't fit:")
PASSES = N_("{seat} passes and their train is open.")
CAUGHT = N_("{seat} didn't knock and draws {n} tiles.")
BLOCKED = N_("Round {round} is blocked: nobody can play and the boneyard is empty.")
WENT_OUT = N_("{seat} goes out and ends round {round}.")
NEXT_ROUND = N_("Round {round} begins with the {engine}-{engine} engine.")

FIELDS: dict[str, tuple[str, Callable[[str], str]]] = {
    "n": (r"\d+", str),
    "round": (r"\d+", str),
    "engine": (r"\d+", str),
    "seat": (r"<seat:\d+>", str),
}
"""How each template field is recognised in English text, and how it is said in the language in use."""

_TEMPLATES = (LAST_TILE, FITS, NO_FIT, PASSES, CAUGHT, BLOCKED, WENT_OUT, NEXT_ROUND)


_RETELLING = Retelling(_TEMPLATES, FIELDS)


@lru_cache(maxsize=1024)
def say(template: str, **fields: str | int) -> str:
    """A log sentence for the state, remembered: the same few (a seat passes, a round begins) recur all game."""
    return _RETELLING.say(template, **fields)


retold = _RETELLING.retold
