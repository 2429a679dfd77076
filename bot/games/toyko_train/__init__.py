"""Toyko Train (teams of two, 2–4 teams): the game object the registry holds.

Where RULINGS.md and rules/toyko_train.txt are silent, we chose:
- The next round starts the moment a round ends; conductors get the new target at once.
- A cancel undoes the latest exchange still standing, and may be said again to undo the one before.
- Every exchange the tourist makes counts in the round's summary, cancelled ones included.
- In `nine`, each round has its own three doubled colours, so each team starts it from its own random seating.
- A conductor whose timer runs out gets the bot's help: the call when the seating is right, else the signal of an
  exchange that brings the tourists nearer the target, one that the signal names alone whenever such an exchange can
  be named so (in nine places some can't: twins and middle seats leave every signal open to doubt).
- A tourist whose timer runs out follows their conductor's latest signal, once, when it names exactly one exchange;
  it never uses the target, which only conductors see. So a team that went quiet finishes in six places; in nine it
  goes on as long as a signal can name a way nearer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import JSON, Action, IllegalAction, Option, Outcome, resolve_options
from bot.games.rng import GameRandom
from bot.games.toyko_train import rules, view, words
from bot.games.toyko_train.data import COLOURS, KINDS, words_file
from bot.games.toyko_train.state import SCHEMA, ToykoState, team_of
from bot.games.toyko_train.words import colour_name, gesture_name, kind_label, team_name
from bot.i18n import N_, _, pgettext


class ToykoTrain:
    """The Toyko Train rules, written against the game contract."""

    name = "toyko_train"
    title = "Toyko Train"
    min_seats = 4
    max_seats = 8
    seat_counts = (4, 6, 8)
    schema = SCHEMA
    options = (
        Option("nine", False, N_("the 9-place compartment: 3×3 seats, three colours travel twice")),
        Option("scheme", "arms", N_("how conductors show the exchange kind"), tuple(words_file().schemes)),
    )

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> ToykoState:
        if seats not in self.seat_counts:
            raise IllegalAction(
                _("Toyko Train is played by teams of two: 4, 6 or 8 players, not {seats}.").format(seats=seats)
            )
        chosen = resolve_options(self.options, options)
        rng = GameRandom(seed, 0)
        teams = seats // 2
        state = ToykoState(
            nine=bool(chosen["nine"]),
            scheme=str(chosen["scheme"]),
            words=rules.deal_words(teams, rng),
            target=[],
            starts=[],
            seatings=[],
            cards=[0] * teams,
        )
        rules.new_seatings(state, rng, None)
        return state

    def teams(self, seats: int) -> list[tuple[int, ...]]:
        """Partners by seat (0+1, 2+3…): ratings and tournament pairings treat each pair as one side."""
        return [(s, s + 1) for s in range(0, seats, 2)]

    def to_act(self, state: ToykoState) -> frozenset[int]:
        if state.finished:
            return frozenset()
        return frozenset(s for s in range(2 * state.teams) if not state.out[team_of(s)])

    def legal_actions(self, state: ToykoState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: ToykoState, seat: int, action: Action, rng: GameRandom) -> ToykoState:
        return rules.apply(state, seat, action, rng)

    def default_action(self, state: ToykoState, seat: int) -> Action | None:
        """The bot's helping hand when a timer runs out (see the module notes)."""
        team = team_of(seat)
        if state.finished or state.out[team]:
            return None
        return rules.hint(state, team) if rules.is_conductor(state, seat) else rules.tourist_help(state, team)

    def from_log(self, state: ToykoState, seat: int, action: Action) -> Action:
        """A logged move as this version plays it: a cancel logged before cancels named their seating undid this one."""
        if action.verb == "cancel" and len(action.args) == 1:
            return Action("cancel", (*action.args, state.serial(team_of(seat))), action.at)
        return action

    def no_undo(self) -> str:
        """Why `/game undo` is refused: every signal and exchange was seen or heard by the whole table at once."""
        return _("Toyko Train is a real-time race: nothing said or done in public can be taken back.")

    def player_view(self, state: ToykoState, seat: int | None) -> dict[str, JSON]:
        return view.player_view(state, seat)

    def outcome(self, state: ToykoState) -> Outcome | None:
        if not state.finished:
            return None
        return Outcome.from_scores(rules.seat_cards(state), _("the seventh round is over"))

    def standing(self, state: ToykoState) -> Outcome:
        """The round cards won so far, each seat counting its team's (partners share a place)."""
        over = self.outcome(state)
        if over is not None:
            return over
        return Outcome.from_scores(rules.seat_cards(state), pgettext("toyko train", "the game was closed early"))

    def describe(self, action: Action) -> str:
        return view.describe(action)

    def narrate(self, state: ToykoState) -> tuple[str, ...]:
        return tuple(words.retold(event) for event in state.events)

    def to_json(self, state: ToykoState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> ToykoState:
        return ToykoState.from_json(data)


TOYKO_TRAIN = ToykoTrain()

__all__ = [
    "COLOURS",
    "KINDS",
    "TOYKO_TRAIN",
    "colour_name",
    "gesture_name",
    "kind_label",
    "team_name",
    "words_file",
]
"""The Discord layer's only door into this game (tests/test_architecture.py): the game object and its view helpers."""
