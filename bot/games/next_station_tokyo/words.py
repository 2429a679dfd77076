"""Next Station Tokyo in words: colours, symbols, cards and effects in the language in use, and its English log retold.

The state keeps its log sentences ("events") and each seat's answer in English, so that a replay in any language
rebuilds the very same state; they are made from the templates below and read back into the language in use.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.games.next_station_tokyo.data import COMPASS
from bot.games.next_station_tokyo.state import DECK, is_double_rail
from bot.i18n import N_, _, per_language, pgettext
from bot.i18n.retelling import Retelling

NUMBER = r"-?\d+"
SEAT = r"<seat:\d+>"
STATION = r"[A-J](?:10|[1-9])"
EFFECT_NAMES = {
    "switch": "Railroad Switch",
    "express": "Express",
    "straight": "Straight On",
    "double": "Double Rail",
}
"""Each orange effect's English name (the state and views keep these)."""


def colour_name(colour: str) -> str:
    """A line colour in the language in use, as a line's ("blue" → "bleue"); the green loop's too."""
    return _colour_names().get(colour, colour)


@per_language
def _colour_names() -> dict[str, str]:
    return {
        "blue": pgettext("nst line", "blue"),
        "orange": pgettext("nst line", "orange"),
        "purple": pgettext("nst line", "purple"),
        "pink": pgettext("nst line", "pink"),
        "green": pgettext("nst line", "green"),
    }


def symbol_name(symbol: str) -> str:
    """A station symbol in the language in use ("circle" → "rond")."""
    names = {
        "circle": pgettext("nst symbol", "circle"),
        "square": pgettext("nst symbol", "square"),
        "triangle": pgettext("nst symbol", "triangle"),
        "pentagon": pgettext("nst symbol", "pentagon"),
        "joker": pgettext("nst symbol", "Joker"),
    }
    return names.get(symbol, symbol)


def english_card(card: str) -> str:
    """A card as the state's English reads it: "green circle", "pink Joker + Double Rail Track"."""
    if is_double_rail(card):
        return "pink Joker + Double Rail Track"
    return card.replace("joker", "Joker").replace("switch", "Railroad Switch")


def card_name(card: str) -> str:
    """A card (its id, "green circle") in the language in use."""
    return _card_names().get(card, english_card(card))


@per_language
def _card_names() -> dict[str, str]:
    return {
        "green circle": pgettext("nst card", "green circle"),
        "green square": pgettext("nst card", "green square"),
        "green triangle": pgettext("nst card", "green triangle"),
        "green pentagon": pgettext("nst card", "green pentagon"),
        "green joker": pgettext("nst card", "green Joker"),
        "pink circle": pgettext("nst card", "pink circle"),
        "pink square": pgettext("nst card", "pink square"),
        "pink triangle": pgettext("nst card", "pink triangle"),
        "pink pentagon": pgettext("nst card", "pink pentagon"),
        "pink joker": pgettext("nst card", "pink Joker + Double Rail Track"),
        "pink switch": pgettext("nst card", "pink Railroad Switch"),
    }


ENGLISH_CARDS = {card: english_card(card) for card in DECK}
"""Each card of the deck as `english_card` says it (looked up on every card flipped)."""
_CARDS_BY_WORDS = {words: card for card, words in ENGLISH_CARDS.items()}


def card_words_name(words: str) -> str:
    """A card as the English text reads it ("pink Joker + Double Rail Track") in the language in use."""
    card = _CARDS_BY_WORDS.get(words)
    return card_name(card) if card else words


def effect_name(effect: str) -> str:
    """An orange effect, by its key ("express") or its English name ("Express"), in the language in use."""
    names = {
        "switch": pgettext("nst effect", "Railroad Switch"),
        "express": pgettext("nst effect", "Express"),
        "straight": pgettext("nst effect", "Straight On"),
        "double": pgettext("nst effect", "Double Rail"),
    }
    key = next((k for k, name in EFFECT_NAMES.items() if name == effect), effect)
    return names.get(key, effect)


def district_name(district: str) -> str:
    """An outer district's id in words ("nw" → "north-west") in the language in use; inner ids as they are."""
    if not all(c in COMPASS for c in district):
        return district
    names = {
        "n": pgettext("nst district", "north"),
        "e": pgettext("nst district", "east"),
        "s": pgettext("nst district", "south"),
        "w": pgettext("nst district", "west"),
        "ne": pgettext("nst district", "north-east"),
        "nw": pgettext("nst district", "north-west"),
        "se": pgettext("nst district", "south-east"),
        "sw": pgettext("nst district", "south-west"),
    }
    return names.get(district, "-".join(COMPASS[c] for c in district))


def draw_phrase(origin: str, target: str, via: list[str], reuses: str | None, switch: bool) -> str:
    """A draw in words in the language in use: "C7 → E5", "from D4 (switch) → D6 via D5"."""
    start = _("from {station} (switch)").format(station=origin) if switch else origin
    words = f"{start} → {target}"
    if via:
        words += _(" via {stations}").format(stations=", ".join(via))
    if reuses:
        words += _(" (double rail on {colour})").format(colour=colour_name(reuses))
    return words


_DRAW = re.compile(
    rf"(?:from (?P<switch>{STATION}) \(switch\)|(?P<origin>{STATION})) → (?P<target>{STATION})"
    rf"(?: via (?P<via>{STATION}(?:, {STATION})*))?(?: \(double rail on (?P<reuses>[a-z]+)\))?"
)
PASSED = N_("passed")
NO_SECTION = N_("no section possible")


def answer_words(answer: str) -> str:
    """A seat's answer to the card as the state keeps it (English) in the language in use."""
    if answer in (PASSED, NO_SECTION):
        return _(answer)
    parts = []
    for part in answer.split(", then "):
        found = _DRAW.fullmatch(part)
        if found is None:
            return answer
        origin = found["switch"] or found["origin"]
        via = found["via"].split(", ") if found["via"] else []
        parts.append(draw_phrase(origin, found["target"], via, found["reuses"], bool(found["switch"])))
    if len(parts) == 1:
        return parts[0]
    return _("{first}, then {second}").format(first=parts[0], second=", ".join(parts[1:]))


def line_scores_words(text: str) -> str:
    """ "<seat:0> blue 3×2 = 6; <seat:1> …" with the colours in the language in use."""
    parts = []
    for part in text.split("; "):
        seat, _space, rest = part.partition(" ")
        colour, _space2, score = rest.partition(" ")
        parts.append(f"{seat} {colour_name(colour)} {score}" if score else part)
    return "; ".join(parts)


# The log's sentences, kept in English in the state (see the module notes); `retold` says them again.
SWITCH_ON = N_("Railroad Switch: the next card is flipped at once; its sections may leave any station of your line.")
SWITCH_OFF = N_("Railroad Switch: the next card is flipped at once (no effect so early in the round).")
CARD_UP = N_("Card {number}: {card} ({greens} of {total} green).")
CARD_UP_EFFECT = N_("Card {number}: {card} — {effect}! ({greens} of {total} green).")
NO_SECTION_FOR = N_("No section possible for {names}.")
ROUND_OVER = N_("Round {round} is over. Lines: {lines}.")
GAME_OVER = N_("The fourth line is drawn: the game is over.")
ROUND_EFFECT = N_("Round {round}: the first {symbol} card brings {effect}.")

_ANY = "|".join(re.escape(words) for words in sorted(_CARDS_BY_WORDS, key=len, reverse=True))
FIELDS: dict[str, tuple[str, Callable[[str], str]]] = {
    "number": (NUMBER, str),
    "greens": (NUMBER, str),
    "total": (NUMBER, str),
    "round": (NUMBER, str),
    "card": (_ANY, card_words_name),
    "effect": ("|".join(re.escape(name) for name in EFFECT_NAMES.values()), effect_name),
    "symbol": (r"[a-z]+", symbol_name),
    "lines": (".+", line_scores_words),
}
"""How each template field is recognised in English text, and how it is said in the language in use."""

_TEMPLATES = (SWITCH_ON, SWITCH_OFF, CARD_UP_EFFECT, CARD_UP, NO_SECTION_FOR, ROUND_OVER, GAME_OVER, ROUND_EFFECT)


_RETELLING = Retelling(_TEMPLATES, FIELDS)


def say(template: str, **fields: object) -> str:
    """A sentence for the state: what `Retelling.say` makes, without its trip through the English "catalog".

    English is the templates' own text (no catalog), so filling the template in is the same; this runs on every
    card flipped.
    """
    return template.format(**fields)


retold = _RETELLING.retold
