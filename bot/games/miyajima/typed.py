"""What a player types, read as the rules name it: dice, colours and trains, in English or the language in use."""

from __future__ import annotations

from bot.games.base import IllegalAction
from bot.games.miyajima.data import DICE, KINDS, sheet
from bot.games.miyajima.rules import unknown_die
from bot.games.miyajima.words import colour_name, kind_name


def typed_die(typed: str) -> str:
    """A typed die ("blue", or its name in the language in use) as the move names it; refused if it names none."""
    said = typed.strip().lower()
    die = next((d for d in DICE if said in (d, colour_name(d).lower())), said)
    if die not in DICE:
        raise IllegalAction(unknown_die(die))
    return die


def names_load(colour: str, kind: str, words: list[str]) -> bool:
    """Whether the typed words name this colour and this train."""
    return _named(colour, words, colour_name(colour)) and _named(kind, words, kind_name(kind))


def load_named(words: list[str]) -> tuple[str, str] | None:
    """The colour and train the typed words name, legal or not; None unless both are named."""
    colour = next((c for c in sheet().colours if _named(c, words, colour_name(c))), None)
    kind = next((k for k in KINDS if _named(k, words, kind_name(k))), None)
    return None if colour is None or kind is None else (colour, kind)


def _named(key: str, words: list[str], said: str) -> bool:
    """Whether the typed words hold `key` in English or `said`, its name in the language in use."""
    return key in words or said.lower() in words
