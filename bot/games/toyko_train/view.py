"""What each seat sees of a Toyko Train game: the target only for conductors, a team's words only for that team."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import JSON, Action, make_view, seat_mark
from bot.games.toyko_train import rules
from bot.games.toyko_train.data import COLOURS, words_file
from bot.games.toyko_train.state import ROUNDS, ToykoState, team_of
from bot.games.toyko_train.words import colour_name, kind_name
from bot.i18n import _, pgettext


def public_view(state: ToykoState) -> dict[str, JSON]:
    """The table as everyone sees it: every compartment, signals as gestures, cards and past rounds."""
    compartment = state.compartment
    gestures = words_file().schemes[state.scheme]
    teams: list[JSON] = []
    for team in range(state.teams):
        signal = state.signals[team]
        teams.append(
            {
                "conductor": state.conductor(team),
                "tourist": state.tourist(team),
                "seating": list(state.seatings[team]),
                "made": state.made[team],
                "serial": state.serial(team),
                "out": state.out[team],
                "cards": state.cards[team],
                "signal": [signal[0], gestures[signal[1]]] if signal else None,
                # Seen by the whole table, as the log shows it: whether the tourist moved since the signal, and
                # which exchange a cancel would undo (a computer has no memory of the log: it reads them here).
                "signalled_at": state.signalled_at[team],
                "last": [compartment.name(p) for p in state.exchanges[team][-1]] if state.exchanges[team] else None,
            }
        )
    return {
        "round": state.round,
        "rounds": ROUNDS,
        "nine": state.nine,
        "scheme": state.scheme,
        "places": list(compartment.names),
        "columns": compartment.columns,
        "teams": teams,
        "summaries": list(state.summaries),
        "finished": state.finished,
        "events": list(state.events),
    }


def private_view(state: ToykoState, seat: int) -> dict[str, JSON]:
    """A player's own secrets: their team's words, and the target if they conduct this round."""
    team = team_of(seat)
    words = state.words[team]
    mine: dict[str, JSON] = {
        "seat": seat,
        "team": team,
        "role": "conductor" if rules.is_conductor(state, seat) else "tourist",
        "dictionary": dict(zip(COLOURS, words, strict=False)),
        "cancel_word": words[-1],
    }
    if rules.is_conductor(state, seat) and not state.finished:
        mine["target"] = list(state.target)
    return mine


def prompt(state: ToykoState, seat: int | None) -> str:
    """What the viewer does now, in words."""
    if state.finished:
        return pgettext("toyko train", "The game is over.")
    if seat is None:
        return _("Round {round} of {rounds}: the teams race to seat their tourists.").format(
            round=state.round, rounds=ROUNDS
        )
    team = team_of(seat)
    if state.out[team]:
        return _("Your team called wrong and is out of this round: wait for the next one.")
    if rules.is_conductor(state, seat):
        partner = seat_mark(state.tourist(team))
        return _("Guide {partner} to the target with your words and gestures, then call «Toyko Train!».").format(
            partner=partner
        )
    partner = seat_mark(state.conductor(team))
    return _("Follow {partner}'s signals: exchange the tourists they name.").format(partner=partner)


def describe(action: Action) -> str:
    """The public log phrase of a move (a signal's word is public; its colour is not)."""
    if action.verb == "signal" and len(action.args) == 2:
        return _("signals «{word}!»").format(word=action.args[0])
    if action.verb == "swap" and len(action.args) == 3:
        return _("exchanges {first} and {second}.").format(first=action.args[0], second=action.args[1])
    if action.verb == "point" and action.args:
        return _("points at {place}.").format(place=action.args[0])
    # Only the phrase wanted is translated: the log describes every move.
    if action.verb == "cancel":
        return _("cancels the last exchange:")
    if action.verb == "nod":
        return _("nods.")
    if action.verb == "shake":
        return _("shakes their head.")
    if action.verb == "call":
        return _("calls:")
    return pgettext("toyko train", "does something unexpected.")


def labeller(state: ToykoState, seat: int | None) -> Callable[[Action], str]:
    """Menu labels for a seat's own moves: a signal shows its colour, which only this seat's team knows."""
    words = {} if seat is None else dict(zip(state.words[team_of(seat)], COLOURS, strict=False))
    # Worded once per view, not once per move: a conductor's menu lists dozens of signals.
    exchange, point = _("Exchange {first} and {second}"), _("Point at {place}")
    others = {"cancel": _("Cancel the last exchange"), "nod": _("Nod"), "shake": _("Shake your head")}

    def label(action: Action) -> str:
        if action.verb == "signal":
            word, kind = str(action.args[0]), str(action.args[1])
            colour = colour_name(words[word]) if word in words else "?"
            return f"«{word}» ({colour}) — {kind_name(kind)}"
        if action.verb == "swap":
            return exchange.format(first=action.args[0], second=action.args[1])
        if action.verb == "point":
            return point.format(place=action.args[0])
        return others.get(action.verb) or _("«Toyko Train!» (call)")

    return label


def player_view(state: ToykoState, seat: int | None) -> dict[str, JSON]:
    """The contract's view."""
    legal = [] if seat is None else rules.legal_actions(state, seat)
    private = None if seat is None else private_view(state, seat)
    return make_view(public_view(state), private, prompt(state, seat), legal, labeller(state, seat))
