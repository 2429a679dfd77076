"""Next Station Tokyo (1–8 players, solo included): the game object the registry holds.

Where RULINGS.md and rules/next_station_tokyo.txt are silent, we chose:
- A line with no section scores nothing, and its departure counts as visited only once a section leaves it.
- An interchange is a station on two or more lines (the green loop counts); only 3, 4 and 5 lines score points,
  but two lines are enough for an outer district's bonus and for the "6 interchanges" objective.
- A line's ends are its stations on a single section; a Railroad Switch branch makes a new end.
- A seat with no legal section passes at once and is told so in the log.
- Effects: Railroad Switch on a card lets that card's section leave any station of the line (at any point of
  the round); Express's second section leaves the new end and ends at the same symbol; Straight On passes through
  stations of other symbols along one guide line; Double Rail works as the pink Joker's Double Rail Track.
- Double Rail Track lets one draw reuse one section of another colour (the green loop's included), never a
  section already drawn twice, and never with an Express's second section.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import JSON, Action, IllegalAction, Option, Outcome, resolve_options
from bot.games.next_station_tokyo import rules, scoring, view, words
from bot.games.next_station_tokyo.data import COLOURS, tokyo_map
from bot.games.next_station_tokyo.state import SCHEMA, TokyoState
from bot.games.next_station_tokyo.words import (
    answer_words,
    card_name,
    colour_name,
    district_name,
    effect_name,
    symbol_name,
)
from bot.games.rng import GameRandom
from bot.i18n import N_, _, pgettext

OBJECTIVES_IN_PLAY = 2


class NextStationTokyo:
    """The Next Station Tokyo rules, written against the game contract."""

    name = "next_station_tokyo"
    title = "Next Station Tokyo"
    min_seats = 1
    max_seats = 8
    schema = SCHEMA
    options = (
        Option("objectives", False, N_("two shared objectives, +10 points each to everyone who meets one")),
        Option("effects", False, N_("each round, the first card of one symbol brings an orange effect")),
    )

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> TokyoState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(_("Next Station Tokyo takes 1 to 8 players."))
        chosen = resolve_options(self.options, options)
        rng = GameRandom(seed, 0)
        objectives = list(range(len(scoring.OBJECTIVES)))
        rng.shuffle(objectives)
        state = TokyoState(
            sheets=[{c: [] for c in COLOURS} for _seat in range(seats)],
            objectives=sorted(objectives[:OBJECTIVES_IN_PLAY]) if chosen["objectives"] else [],
            effects_on=bool(chosen["effects"]),
        )
        rules.start_round(state, rng)
        return state

    def to_act(self, state: TokyoState) -> frozenset[int]:
        return frozenset() if state.finished else frozenset(state.waiting)

    def legal_actions(self, state: TokyoState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: TokyoState, seat: int, action: Action, rng: GameRandom) -> TokyoState:
        return rules.apply(state, seat, action, rng)

    def default_action(self, state: TokyoState, seat: int) -> Action | None:
        """RULINGS: a player who does not answer in time passes."""
        return rules.pass_action(state.card_number) if seat in state.waiting and not state.finished else None

    def skip_action(self, state: TokyoState, seat: int) -> Action | None:
        """A timeout's `skip`: the seat passes this card (rules: "a player may always pass")."""
        return self.default_action(state, seat)

    def player_view(self, state: TokyoState, seat: int | None) -> dict[str, JSON]:
        return view.player_view(state, seat)

    def outcome(self, state: TokyoState) -> Outcome | None:
        if not state.finished:
            return None
        totals = scoring.totals(state.sheets, tokyo_map(), state.objectives)
        return Outcome.from_scores(totals, _("the fourth line is drawn"))

    def standing(self, state: TokyoState) -> Outcome:
        """Each sheet scored as it is now."""
        over = self.outcome(state)
        if over is not None:
            return over
        totals = scoring.totals(state.sheets, tokyo_map(), state.objectives)
        return Outcome.from_scores(totals, pgettext("next station tokyo", "the game was closed early"))

    def describe(self, action: Action) -> str:
        return view.describe(action)

    def narrate(self, state: TokyoState) -> tuple[str, ...]:
        return tuple(words.retold(event) for event in state.events)

    def to_json(self, state: TokyoState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> TokyoState:
        return TokyoState.from_json(data)


NEXT_STATION_TOKYO = NextStationTokyo()

__all__ = [
    "NEXT_STATION_TOKYO",
    "answer_words",
    "card_name",
    "colour_name",
    "district_name",
    "effect_name",
    "symbol_name",
    "tokyo_map",
]
"""The Discord layer's only door into this game (tests/test_architecture.py): the game object and its view helpers."""
