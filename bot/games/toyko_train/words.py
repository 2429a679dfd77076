"""Toyko Train in words: colours, exchanges, gestures and teams in the language in use, and its English log retold.

The state keeps its log sentences ("events") in English, so that a replay in any language rebuilds the very same
state; they are made from the templates below and read back into the language in use when shown. The teams' secret
words (pseudo-Japanese, typed and clicked, stored in the moves) and the «Toyko Train!» call are never translated.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.i18n import N_, _, ngettext, per_language, pgettext
from bot.i18n.retelling import Retelling

NUMBER = r"-?\d+"
PLACE = r"[A-C][1-3]"


def colour_name(colour: str) -> str:
    """A tourist's colour in the language in use ("red" → "rouge")."""
    return _colour_names().get(colour, colour)


@per_language
def _colour_names() -> dict[str, str]:
    return {
        "red": pgettext("toyko colour", "red"),
        "orange": pgettext("toyko colour", "orange"),
        "yellow": pgettext("toyko colour", "yellow"),
        "green": pgettext("toyko colour", "green"),
        "blue": pgettext("toyko colour", "blue"),
        "purple": pgettext("toyko colour", "purple"),
    }


def kind_name(kind: str) -> str:
    """An exchange kind in words, in the language in use ("great" → "great vertical")."""
    return _kind_names().get(kind, kind)


@per_language
def _kind_names() -> dict[str, str]:
    return {
        "great": pgettext("toyko exchange", "great vertical"),
        "small": pgettext("toyko exchange", "small vertical"),
        "horizontal": pgettext("toyko exchange", "horizontal"),
    }


def kind_label(kind: str) -> str:
    """An exchange kind as a button starts it, in the language in use ("Great vertical")."""
    return _kind_labels().get(kind, kind)


@per_language
def _kind_labels() -> dict[str, str]:
    return {
        "great": pgettext("toyko exchange", "Great vertical"),
        "small": pgettext("toyko exchange", "Small vertical"),
        "horizontal": pgettext("toyko exchange", "Horizontal"),
    }


def gesture_name(gesture: str) -> str:
    """A gesture of config/games/toyko_train.toml in the language in use (one the catalog lacks as it is).

    Only the description of the gesture is translated: the exchange kind behind it, which the tourist must read,
    is the same in every language.
    """
    return _gesture_names().get(gesture, gesture)


@per_language
def _gesture_names() -> dict[str, str]:
    return {
        "swings both arms together": pgettext("toyko gesture", "swings both arms together"),
        "swings the arms in turn": pgettext("toyko gesture", "swings the arms in turn"),
        "crosses and uncrosses the arms": pgettext("toyko gesture", "crosses and uncrosses the arms"),
        "strikes the hands three times": pgettext("toyko gesture", "strikes the hands three times"),
        "strikes the hands twice": pgettext("toyko gesture", "strikes the hands twice"),
        "strikes the hands once": pgettext("toyko gesture", "strikes the hands once"),
        "blinks": pgettext("toyko gesture", "blinks"),
        "sticks out the tongue": pgettext("toyko gesture", "sticks out the tongue"),
        "smiles": pgettext("toyko gesture", "smiles"),
        "turns round three times": pgettext("toyko gesture", "turns round three times"),
        "turns round twice": pgettext("toyko gesture", "turns round twice"),
        "turns round once": pgettext("toyko gesture", "turns round once"),
        "says «Shinkansen»": pgettext("toyko gesture", "says «Shinkansen»"),
        "says «Sushi»": pgettext("toyko gesture", "says «Sushi»"),
        "says «Banzai»": pgettext("toyko gesture", "says «Banzai»"),
        "repeats the word three more times": pgettext("toyko gesture", "repeats the word three more times"),
        "repeats the word two more times": pgettext("toyko gesture", "repeats the word two more times"),
        "repeats the word once more": pgettext("toyko gesture", "repeats the word once more"),
        "says it in a high voice": pgettext("toyko gesture", "says it in a high voice"),
        "says it in a normal voice": pgettext("toyko gesture", "says it in a normal voice"),
        "says it in a low voice": pgettext("toyko gesture", "says it in a low voice"),
        "howls it": pgettext("toyko gesture", "howls it"),
        "says it normally": pgettext("toyko gesture", "says it normally"),
        "whispers it": pgettext("toyko gesture", "whispers it"),
    }


def team_name(team: int) -> str:
    """A team by its index, in the language in use ("Team 1")."""
    return _("Team {number}").format(number=team + 1)


def english_team(team: int) -> str:
    """A team by its index as the state's English names it ("Team 1")."""
    return f"Team {team + 1}"


def _team_words(english: str) -> str:
    """ "Team 2" (the state's English) in the language in use."""
    return team_name(int(english.split()[-1]) - 1)


_TEAM_RECORD = re.compile(r"Team (\d+) (\d+) exchanges \(best possible (\d+)\)")


def _records_words(text: str) -> str:
    """ "Team 1 4 exchanges (best possible 3); Team 2 …" in the language in use."""
    parts = []
    for part in text.split("; "):
        found = _TEAM_RECORD.fullmatch(part)
        if found is None:
            return text
        made = int(found[2])
        parts.append(
            ngettext(
                "{team} {made} exchange (best possible {best})",
                "{team} {made} exchanges (best possible {best})",
                made,
            ).format(team=team_name(int(found[1]) - 1), made=made, best=found[3])
        )
    return "; ".join(parts)


# The log's sentences, kept in English in the state (see the module notes); `retold` says them again.
GESTURE = N_("and {gesture}.")
CANCELLED = N_("{team}'s conductor: «{word}!» — {first} and {second} swap back.")
RIGHT_CALL = N_("«Toyko Train!» — right! {team} wins round {round}.")
WRONG_CALL = N_("«Toyko Train!» — wrong: {team} is out of round {round}.")
NOTICED = N_("{team} noticed the error and wins round {round}.")
ROUND_TOOK = N_("Round {round} took {seconds} s: {records}.")
GAME_ENDS = N_("The seventh round is over: the game ends.")
ROLES_SWAP = N_("Partners swap roles: now conducting, {conductors}.")
ROUND_BEGINS = N_("Round {round} begins: conductors, you have the new target.")

FIELDS: dict[str, tuple[str, Callable[[str], str]]] = {
    "round": (NUMBER, str),
    "seconds": (r"[\d.]+", str),
    "team": (r"Team \d+", _team_words),
    "first": (PLACE, str),
    "second": (PLACE, str),
    "word": (r"[A-Za-z]+", str),
    "gesture": (".+", gesture_name),
    "records": (".+", _records_words),
}
"""How each template field is recognised in English text, and how it is said in the language in use."""

_TEMPLATES = (GESTURE, CANCELLED, RIGHT_CALL, WRONG_CALL, NOTICED, ROUND_TOOK, GAME_ENDS, ROLES_SWAP, ROUND_BEGINS)


_RETELLING = Retelling(_TEMPLATES, FIELDS)
say = _RETELLING.say
retold = _RETELLING.retold
