"""What everyone sees of a Fast Train to Miyajima game (nothing is hidden), and how its moves read."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import JSON, Action, make_view, seat_mark
from bot.games.miyajima import rules, scoring
from bot.games.miyajima.data import sheet
from bot.games.miyajima.state import LOAD, MiyajimaState
from bot.games.miyajima.words import colour_name, dice_words, kind_name
from bot.i18n import N_, _, pgettext

SOLO_GOALS = (
    N_("200 points, yellow your best colour and purple your second"),
    N_("four destinations reached and 230 points"),
    N_("Miyajima, Rio and London reached and 230 points"),
    N_("New York, Paris and Sydney reached and 230 points"),
    N_("beat the designer's 260 points"),
)
"""The five solo goals in English (marked): say them with `_()`."""


def results(state: MiyajimaState) -> list[JSON]:
    """Once the game is over: each seat's colours (points, adhered or why not), total, and solo rank and goals."""
    if not state.finished:
        return []
    board = sheet()
    found: list[JSON] = []
    for seat, trains in enumerate(state.sheets):
        scores = scoring.sheet_scores(trains, board)
        score = sum(s.points for s in scores)
        entry: dict[str, JSON] = {
            "colours": [
                {"colour": s.colour, "fast": s.fast, "heavy": s.heavy, "adhered": s.adhered, "why": s.why}
                for s in scores
            ],
            "total": score,
        }
        if state.seats == 1:
            entry["rank"] = board.rank(score)
            entry["goals"] = scoring.solo_goals(scores, state.reached[seat])
        found.append(entry)
    return found


def public_view(state: MiyajimaState) -> dict[str, JSON]:
    """Every sheet, the round's dice, who is still loading, and the results once it is over."""
    distinct = sorted({c for reached in state.reached for c in reached})
    return {
        "round": state.round,
        "active": state.active,
        "phase": state.phase,
        "rolled": [[die, value] for die, value in state.rolled],
        "roll_number": state.roll_number,
        "waiting": list(state.waiting),
        "loads": list(state.loads),
        "sheets": [{c: {k: list(v) for k, v in t.items()} for c, t in s.items()} for s in state.sheets],
        "reached": [list(r) for r in state.reached],
        "destinations": distinct,
        "to_end": sheet().destinations_to_end(state.seats),
        "last_round": state.last_round,
        "finished": state.finished,
        "solo": state.seats == 1,
        "events": list(state.events),
        "results": results(state),
    }


def option_words(cargo: rules.Cargo, trains: dict[str, list[int]]) -> str:
    """A load as a menu reads it: "blue 4 → heavy (total 17)" or "purple 6 = red 2 + blue 4 → fast (total 6)"."""
    after = rules.total(trains[cargo.kind]) + cargo.value
    colour, kind = colour_name(cargo.colour), kind_name(cargo.kind)
    if len(cargo.dice) == 1:
        return _("{colour} {value} → {kind} (total {total})").format(
            colour=colour, value=cargo.value, kind=kind, total=after
        )
    parts = dice_words(" + ".join(f"{die} {value}" for die, value in cargo.dice))
    return _("{colour} {value} = {dice} → {kind} (total {total})").format(
        colour=colour, value=cargo.value, dice=parts, kind=kind, total=after
    )


def prompt(state: MiyajimaState, seat: int | None) -> str:
    """What the viewer is waiting for, in words."""
    if state.finished:
        return pgettext("miyajima", "The game is over.")
    if state.phase == LOAD:
        if seat is not None and seat in state.waiting:
            die, value = state.rolled[-1]
            return _("Load the {die} {value}: alone, or added to an earlier die of this round.").format(
                die=colour_name(die), value=value
            )
        waiting = ", ".join(seat_mark(s) for s in state.waiting)
        return _("Waiting for {players} to load.").format(players=waiting)
    if seat == state.active:
        return _("Choose a die to roll.")
    return _("{player} chooses a die to roll.").format(player=seat_mark(state.active))


def describe(action: Action) -> str:
    """The public log phrase of a move."""
    if action.verb == "roll" and action.args:
        return _("rolls the {die} die:").format(die=colour_name(str(action.args[0])))
    if action.verb == "load" and len(action.args) in (2, 3):  # two: logged before loads named their roll
        return _("loads {colour} into the {kind} train:").format(
            colour=colour_name(str(action.args[0])), kind=kind_name(str(action.args[1]))
        )
    return pgettext("miyajima", "does something unexpected.")


def labeller(state: MiyajimaState, seat: int | None) -> Callable[[Action], str]:
    """Menu labels for a seat's own moves."""
    options = {} if seat is None else {(c.colour, c.kind): c for c in rules.cargoes(state, seat)}

    def label(action: Action) -> str:
        if action.verb == "roll":
            return _("Roll the {die} die").format(die=colour_name(str(action.args[0])))
        assert seat is not None
        colour, kind = str(action.args[0]), str(action.args[1])
        return option_words(options[(colour, kind)], state.sheets[seat][colour])

    return label


def player_view(state: MiyajimaState, seat: int | None) -> dict[str, JSON]:
    """The contract's view: everything is public; `private` names the seat so its sheet can be shown first."""
    legal = [] if seat is None else rules.legal_actions(state, seat)
    private = None if seat is None else {"seat": seat}
    return make_view(public_view(state), private, prompt(state, seat), legal, labeller(state, seat))
