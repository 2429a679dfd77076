"""Fast Train to Miyajima (1–8 players, solo included): the game object the registry holds.

Where RULINGS.md and rules/miyajima.txt are silent, we chose:
- The first player to join is the first active player.
- A seat with nothing it may load skips the roll at once and is told so in the log.
- Solo goal 1 ("score the most points in yellow and the second most in violet") needs yellow strictly
  ahead of purple, and purple strictly ahead of every other colour.
- The timer's default roll is the first unrolled die in the order red, yellow, blue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import JSON, Action, IllegalAction, Outcome
from bot.games.miyajima import rules, scoring, view, words
from bot.games.miyajima.data import DICE, KINDS, sheet
from bot.games.miyajima.state import SCHEMA, MiyajimaState
from bot.games.miyajima.typed import load_named, names_load, typed_die
from bot.games.miyajima.words import colour_name, kind_name, rank_name, retold
from bot.games.rng import GameRandom
from bot.i18n import _, pgettext


class FastTrainToMiyajima:
    """The Fast Train to Miyajima rules, written against the game contract."""

    name = "miyajima"
    title = "Fast Train to Miyajima"
    min_seats = 1
    max_seats = 8
    schema = SCHEMA
    options = ()

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> MiyajimaState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(_("Fast Train to Miyajima takes 1 to 8 players."))
        if options:
            raise IllegalAction(
                _("Fast Train to Miyajima has no options (got `{option}`).").format(option=next(iter(options)))
            )
        return MiyajimaState(
            sheets=[{colour: {kind: [] for kind in KINDS} for colour in sheet().colours} for _seat in range(seats)],
            reached=[[] for _seat in range(seats)],
            loads=[None] * seats,
        )

    def to_act(self, state: MiyajimaState) -> frozenset[int]:
        if state.finished:
            return frozenset()
        if state.phase == "roll":
            return frozenset({state.active})
        return frozenset(state.waiting)

    def legal_actions(self, state: MiyajimaState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: MiyajimaState, seat: int, action: Action, rng: GameRandom) -> MiyajimaState:
        return rules.apply(state, seat, action, rng)

    def from_log(self, state: MiyajimaState, seat: int, action: Action) -> Action:
        """A logged move as this version plays it (loads logged before they named their roll)."""
        return rules.from_log(state, action)

    def default_action(self, state: MiyajimaState, seat: int) -> Action | None:
        """RULINGS: the fast train of the die's own colour if it may be loaded, else the first legal option."""
        legal = rules.legal_actions(state, seat)
        if not legal:
            return None
        if state.phase == "load":
            own = Action("load", (state.rolled[-1][0], "fast", state.roll_number))
            if own in legal:
                return own
        return legal[0]

    def player_view(self, state: MiyajimaState, seat: int | None) -> dict[str, JSON]:
        return view.player_view(state, seat)

    def outcome(self, state: MiyajimaState) -> Outcome | None:
        return scoring.outcome_of(state, sheet()) if state.finished else None

    def standing(self, state: MiyajimaState) -> Outcome:
        """The sheets scored as they are now."""
        over = self.outcome(state)
        if over is not None:
            return over
        return scoring.outcome_of(state, sheet(), pgettext("miyajima", "the game was closed early"))

    def describe(self, action: Action) -> str:
        return view.describe(action)

    def narrate(self, state: MiyajimaState) -> tuple[str, ...]:
        return tuple(words.retold(event) for event in state.events)

    def to_json(self, state: MiyajimaState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> MiyajimaState:
        return MiyajimaState.from_json(data)


MIYAJIMA = FastTrainToMiyajima()

__all__ = [
    "DICE",
    "KINDS",
    "MIYAJIMA",
    "colour_name",
    "kind_name",
    "load_named",
    "names_load",
    "rank_name",
    "retold",
    "sheet",
    "typed_die",
]
"""The Discord layer's only door into this game (tests/test_architecture.py): the game object and its view helpers."""
