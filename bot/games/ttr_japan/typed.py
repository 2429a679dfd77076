"""What a player types to claim a route, read against their own view: the route, its track, and the payment.

One reader serves the slash command and its autocomplete: a route id (autocomplete's value) or two city names,
optionally followed by which track ("Aomori - Hakodate gray", "… bullet", the label autocomplete shows).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.games.base import Action, IllegalAction
from bot.games.ttr_japan.cards import CARDS, empty_hand
from bot.games.ttr_japan.claiming import colours_for, fewest_locomotives
from bot.games.ttr_japan.data import GRAY, Route, japan
from bot.games.ttr_japan.state import LOCOMOTIVE
from bot.games.ttr_japan.view import route_words
from bot.games.ttr_japan.words import colour_name
from bot.i18n import _

SEPARATORS = (" - ", " to ", "/", "-", " ")
"""Between two city names; every place each one occurs is tried, so hyphenated cities (Kita-Senju) read too."""
LABEL_BREAKS = ("·", "(", ",")
"""After the cities, a label goes on with the track: "Aomori – Hakodate · 2 · gray · bullet train"."""


def typed_colour(typed: str) -> str:
    """A colour as the rules name it, typed in English or in the language in use ("rouge" → "red")."""
    word = typed.strip().lower()
    return {colour_name(c).lower(): c for c in (*CARDS, GRAY)}.get(word, word)


def routes_named(text: str) -> list[Route]:
    """The tracks a player means: an id, or two cities (and, if given, which of their tracks)."""
    typed = " ".join(text.strip().lower().replace("–", "-").replace("—", "-").split())
    routes = japan().routes
    if typed.isdigit():
        return [routes[int(typed)]] if int(typed) in routes else []
    for cities, hints in _readings(typed):
        for a, b in _splits(cities):
            found = [r for r in routes.values() if {r.a.lower(), r.b.lower()} == {a, b}]
            if found:
                return [r for r in found if _fits(r, hints)] or found
    return []


def _readings(typed: str) -> Iterator[tuple[str, list[str]]]:
    """(cities, track words): the whole text first, then with ever more trailing words taken as the track."""
    for mark in LABEL_BREAKS:
        typed = typed.replace(mark, " · ")
    cities, _sep, rest = typed.partition(" · ")
    words = cities.split()
    hints = rest.replace("·", " ").split()
    for cut in range(len(words), 0, -1):
        yield " ".join(words[:cut]), words[cut:] + hints


def _splits(cities: str) -> Iterator[tuple[str, str]]:
    """Every way of cutting the text at one separator into two non-empty names."""
    for separator in SEPARATORS:
        start = cities.find(separator)
        while start > 0:
            a, b = cities[:start].strip(), cities[start + len(separator) :].strip()
            if a and b:
                yield a, b
            start = cities.find(separator, start + 1)


def _fits(route: Route, hints: list[str]) -> bool:
    """Whether the words after the cities describe this track (words that name nothing are ignored)."""
    bullet = _("bullet train").lower().split()[0]
    for hint in hints:
        colour = typed_colour(hint)
        if colour in (*CARDS, GRAY) and colour != route.colour:
            return False
        if hint in ("bullet", bullet) and not route.bullet:
            return False
        if hint.isdigit() and int(hint) != route.length:
            return False
    return True


def legal_claims(view: dict[str, Any]) -> list[Action]:
    """The seat's legal claims in its view (one per way of paying)."""
    moves = (Action.from_token(str(m["token"])) for m in view.get("legal", []))
    return [a for a in moves if a.verb == "claim"]


def route_choices(view: dict[str, Any], typed: str) -> list[tuple[str, str]]:
    """(label, route id) of every route the seat can claim now, longest first, that contains what was typed."""
    routes = japan().routes
    supply = int(view["public"]["supply"])
    ids = sorted({int(a.args[0]) for a in legal_claims(view)}, key=lambda r: (-routes[r].length, routes[r].name))
    labels = [(route_words(routes[r], supply), str(r)) for r in ids]
    wanted = typed.strip().lower()
    return [(label, value) for label, value in labels if wanted in label.lower()]


def colour_choices(view: dict[str, Any], route_text: str) -> list[str]:
    """The colours that pay for the route named so far (either track of a double route)."""
    ids = {r.id for r in routes_named(route_text)}
    return sorted({str(a.args[1]) for a in legal_claims(view) if a.args[0] in ids})


def claim_meant(view: dict[str, Any], typed: str, colour: str | None, locomotives: int | None) -> Action:
    """The claim a player meant: the track typed (a colour picks between tracks), paid as asked or most cheaply."""
    routes = routes_named(typed)
    if not routes:
        raise IllegalAction(
            _("There's no route called “{typed}” — pick one from the list.").format(typed=typed.strip()[:60])
        )
    paying = typed_colour(colour) if colour else None
    route = _track_meant(routes, legal_claims(view), paying)
    hand = empty_hand() | dict((view.get("private") or {}).get("hand", {}))
    if locomotives is None:
        payment = fewest_locomotives(route, hand, paying)
        if payment is None:  # the rules will say what is missing, in the colour the player has most of
            return Action("claim", (route.id, paying or max(colours_for(route), key=lambda c: hand[c]), 0))
        return Action("claim", (route.id, *payment))
    return Action("claim", (route.id, paying or _only_colour(route, hand, locomotives), locomotives))


def _track_meant(routes: list[Route], claims: list[Action], colour: str | None) -> Route:
    """Of a route's tracks, the one the player means: the one they can pay (in `colour`), else the one it fits."""
    if len(routes) == 1:
        return routes[0]
    payable = [r for r in routes if any(a.args[0] == r.id and colour in (None, a.args[1]) for a in claims)]
    accepting = [r for r in routes if colour in (None, LOCOMOTIVE) or colour in colours_for(r)]
    candidates = payable or accepting or routes
    if len({(r.length, r.bullet) for r in candidates}) > 1:
        # Aomori – Hakodate: a white track and a gray Bullet Train track are different claims, so ask.
        first, second = candidates[:2]
        raise IllegalAction(
            _(
                "{route} has two tracks ({one}; {other}): pick one from the list, or add its colour, e.g. “{example}”."
            ).format(
                route=first.name,
                one=_track_words(first),
                other=_track_words(second),
                example=f"{first.name} {colour_name(second.colour)}",
            )
        )
    return candidates[0]


def _track_words(route: Route) -> str:
    """One track of a route: "3 · white" or "2 · gray · bullet train"."""
    return route_words(route, supply=1).removeprefix(f"{route.name} · ")


def _only_colour(route: Route, hand: dict[str, int], locomotives: int) -> str:
    """The colour to pay with when the player named only the locomotives."""
    if locomotives >= route.length:
        return LOCOMOTIVE
    if route.colour != GRAY:
        return route.colour
    fits = [c for c, n in hand.items() if c != LOCOMOTIVE and n >= route.length - locomotives]
    if len(fits) == 1:
        return fits[0]
    raise IllegalAction(_("{route} is gray: say which colour you pay with (`colour:`).").format(route=route.name))
