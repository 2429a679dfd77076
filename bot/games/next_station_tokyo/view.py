"""What everyone sees of a Next Station Tokyo game (nothing is hidden but the deck's order), and how moves read."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from bot.games.base import JSON, Action, make_view, seat_mark
from bot.games.next_station_tokyo import rules, scoring, words
from bot.games.next_station_tokyo.data import COLOURS, Sheet, tokyo_map
from bot.games.next_station_tokyo.lines import Draw
from bot.games.next_station_tokyo.state import GREEN_CARDS, TokyoState, is_green
from bot.i18n import _, pgettext

SheetKey = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


class _Scored(NamedTuple):
    """A sheet's score with the sums a view shows of it."""

    score: scoring.SheetScore
    interchange_points: int
    bonus_points: int
    total: int


def _sheet_key(sheet: Sheet) -> SheetKey:
    """A sheet as a hashable value, the same for equal sheets."""
    return tuple((colour, tuple(sheet[colour])) for colour in sorted(sheet))  # sections are (str, str) tuples


@lru_cache(maxsize=512)
def _scored(key: SheetKey, objectives: tuple[int, ...]) -> _Scored:
    """A sheet's score, worked out once: every seat's view shows every sheet's score, and most sheets didn't change."""
    board = tokyo_map()
    score = scoring.sheet_score({colour: list(sections) for colour, sections in key}, board, list(objectives))
    return _Scored(score, score.interchange_points, score.bonus_points(board), score.total(board))


def results(state: TokyoState) -> list[JSON]:
    """Each seat's score, part by part, with its total (live while the game runs, final once it is over)."""
    objectives = tuple(state.objectives)
    found: list[JSON] = []
    for sheet in state.sheets:
        scored = _scored(_sheet_key(sheet), objectives)
        score = scored.score
        found.append(
            {
                "lines": {c: [s.districts, s.most, s.points] for c, s in score.lines.items()},
                "interchanges": {str(size): n for size, n in sorted(score.interchanges.items())},
                "interchange_points": scored.interchange_points,
                "bonus_districts": list(score.bonus_districts),
                "bonus_points": scored.bonus_points,
                "misses": score.misses,
                "objectives": list(score.objectives),
                "total": scored.total,
            }
        )
    return found


def public_view(state: TokyoState) -> dict[str, JSON]:
    """Every sheet, the card up and the round's cards, who is still choosing, and the scores."""
    return {
        "round": state.round,
        "colours": [state.colour_of(seat) for seat in range(state.seats)],
        "card": state.card,
        "card_words": rules.card_words(state.card) if state.card else None,
        "switch": state.switch,
        "effect": rules.EFFECT_NAMES.get(state.effect or ""),
        "round_effect": list(state.round_effect) if state.round_effect else None,
        "flipped": list(state.flipped),
        "greens": sum(map(is_green, state.flipped)),
        "greens_to_end": GREEN_CARDS,
        "card_number": state.card_number,
        "waiting": list(state.waiting),
        "answers": list(state.answers),
        "express": list(state.express),
        "ends": [rules.line_ends(state, seat) for seat in range(state.seats)],
        "sheets": [{c: [list(s) for s in sheet[c]] for c in COLOURS} for sheet in state.sheets],
        "objectives": [scoring.OBJECTIVES[i] for i in state.objectives],
        "finished": state.finished,
        "new_cycle": state.new_cycle,
        "events": list(state.events),
        "results": results(state),
    }


def prompt(state: TokyoState, seat: int | None) -> str:
    """What the viewer is waiting for, in words."""
    if state.finished:
        return pgettext("next station tokyo", "The game is over.")
    if seat is not None and seat in state.waiting:
        colour = words.colour_name(state.colour_of(seat))
        if state.express[seat] is not None:
            return _("Express: draw a second {colour} section from {station}, or pass.").format(
                colour=colour, station=state.express[seat]
            )
        return _("{card}: draw one {colour} section, or pass.").format(
            card=words.card_name(str(state.card)), colour=colour
        )
    waiting = ", ".join(seat_mark(s) for s in state.waiting)
    return _("Waiting for {players} to draw or pass.").format(players=waiting)


def describe(action: Action) -> str:
    """The public log phrase of a move."""
    if action.verb == "draw" and len(action.args) == 3:
        return _("draws {origin} → {target}.").format(origin=action.args[0], target=action.args[1])
    if action.verb == "pass":
        return _("passes.")
    return pgettext("next station tokyo", "does something unexpected.")


def labeller(state: TokyoState, seat: int | None) -> Callable[[Action], str]:
    """Menu labels for a seat's own moves: "C7 → E5", "from D4 (switch) → D6"."""
    found: dict[tuple[str, str], Draw] = {}
    if seat is not None:
        found = {(d.origin, d.target): d for d in rules.draws(state, seat)}

    def label(action: Action) -> str:
        if action.verb == "pass":
            return _("Pass (draw nothing this card)")
        draw = found[(str(action.args[0]), str(action.args[1]))]
        return words.draw_phrase(draw.origin, draw.target, list(draw.path[:-1]), draw.reuses, draw.from_anywhere)

    return label


def player_view(state: TokyoState, seat: int | None) -> dict[str, JSON]:
    """The contract's view: everything is public; `private` names the seat so its sheet can be shown first."""
    legal = [] if seat is None else rules.legal_actions(state, seat)
    private = None if seat is None else {"seat": seat}
    return make_view(public_view(state), private, prompt(state, seat), legal, labeller(state, seat))
