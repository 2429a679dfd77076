"""Mexican Train in words: its English log retold in the language in use.

The state keeps its log sentences ("events") in English, so that a replay in any language rebuilds the very same
state; they are made from the templates below (`say`) and read back into the language in use when shown (`retold`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.i18n import N_, _

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
_FIELD = re.compile(r"\{(\w+)\}")


def say(template: str, **fields: object) -> str:
    """A sentence for the state: the English template filled in, whatever language is in use."""
    return template.format(**fields)


def _pattern(template: str) -> re.Pattern[str]:
    """The regular expression that reads an English sentence made from `template` back into its fields."""
    parts, at, seen = [], 0, set()
    for match in _FIELD.finditer(template):
        name = match[1]
        group = f"(?P={name})" if name in seen else f"(?P<{name}>{FIELDS.get(name, ('.+?', str))[0]})"
        seen.add(name)
        parts += [re.escape(template[at : match.start()]), group]
        at = match.end()
    return re.compile("".join([*parts, re.escape(template[at:])]))


_PATTERNS = tuple((template, _pattern(template)) for template in _TEMPLATES)


def retold(text: str) -> str:
    """An English sentence of the state in the language in use (text made otherwise is returned as it is)."""
    for template, pattern in _PATTERNS:
        found = pattern.fullmatch(text)
        if found:
            said = {name: FIELDS.get(name, ("", str))[1](value) for name, value in found.groupdict().items()}
            return _(template).format(**said)
    return text
