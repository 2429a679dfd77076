"""Toyko Train states built by hand for scenario tests, and the moves of conductors and tourists as helpers."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.data import COLOURS, Compartment, words_file
from bot.games.toyko_train.state import ToykoState

START = list(COLOURS)
"""A six-tourist seating: red A1, orange B1 / yellow A2, green B2 / blue A3, purple B3."""
TARGET = ["orange", "red", "yellow", "green", "purple", "blue"]
"""START with both the first and the last row crossed over: two horizontals away."""
NINE_START = ["red", "orange", "yellow", "green", "blue", "purple", "red", "orange", "yellow"]
"""A nine-tourist seating (red, orange and yellow travel twice), rows A1 B1 C1 / A2 B2 C2 / A3 B3 C3."""
NINE_TARGET = ["orange", "red", "yellow", "green", "blue", "purple", "red", "orange", "yellow"]
"""NINE_START with A1 and B1 crossed over: one horizontal away."""


def dealt_words(teams: int) -> list[list[str]]:
    """Six colour words and a cancel word per team, straight off the words file: team 1 cancels with its own word."""
    file = words_file()
    pool = list(file.words)
    dealt = []
    for team in range(teams):
        colour_words, pool = pool[: len(COLOURS)], pool[len(COLOURS) :]
        cancel = file.cancel_word if team == 0 else pool.pop(0)
        dealt.append([*colour_words, cancel])
    return dealt


def toyko(
    teams: int = 2,
    seatings: Sequence[Sequence[str]] | None = None,
    target: Sequence[str] | None = None,
    *,
    starts: Sequence[Sequence[str]] | None = None,
    nine: bool = False,
    round_number: int = 1,
    out: Sequence[int] = (),
    cards: Sequence[int] | None = None,
    scheme: str = "arms",
    began_ms: int = 0,
) -> ToykoState:
    """A game of `teams` teams in round `round_number`: each team seated as given (default: its start), the teams
    in `out` out of the round. Starts default to START (NINE_START), the target to TARGET (NINE_TARGET)."""
    start = NINE_START if nine else START
    chosen_target = list(target if target is not None else NINE_TARGET if nine else TARGET)
    chosen_starts = [list(s) for s in starts] if starts is not None else [list(start) for _ in range(teams)]
    chosen_seatings = [list(s) for s in seatings] if seatings is not None else [list(s) for s in chosen_starts]
    assert len(chosen_starts) == len(chosen_seatings) == teams
    return ToykoState(
        nine=nine,
        scheme=scheme,
        words=dealt_words(teams),
        target=chosen_target,
        starts=chosen_starts,
        seatings=chosen_seatings,
        round=round_number,
        exchanges=[[] for _ in range(teams)],
        made=[0] * teams,
        out=[team in out for team in range(teams)],
        cards=list(cards) if cards is not None else [0] * teams,
        signals=[None] * teams,
        signalled_at=[-1] * teams,
        moved_ms=[began_ms] * teams,
        began_ms=began_ms,
    )


def solved(state: ToykoState, *teams: int) -> ToykoState:
    """A copy of `state` with the given teams' tourists already seated as the target."""
    new = state.copy()
    for team in teams:
        new.seatings[team] = list(new.target)
    return new


def word(state: ToykoState, team: int, colour: str) -> str:
    """The team's secret word for a tourist colour."""
    return state.words[team][COLOURS.index(colour)]


def cancel_word(state: ToykoState, team: int) -> str:
    return state.words[team][-1]


def colour_of(state: ToykoState, team: int, spoken: str) -> str:
    """The colour a team's word stands for (what only that team knows)."""
    return COLOURS[state.words[team].index(spoken)]


def rng(step: int = 1) -> GameRandom:
    return GameRandom(7, step)


# The actions, as the menus offer them (a call and a cancel name their round, an exchange the seating it was chosen on).


def swapping(state: ToykoState, team: int, a: str, b: str) -> Action:
    return Action("swap", (a, b, state.serial(team)))


def signalling(spoken: str, kind: str) -> Action:
    return Action("signal", (spoken, kind))


def calling(state: ToykoState) -> Action:
    return Action("call", (state.round,))


def cancelling(state: ToykoState, team: int = 0) -> Action:
    """The team's cancel, naming the seating it undoes."""
    return Action("cancel", (state.round, state.serial(team)))


def pointing(place: str) -> Action:
    return Action("point", (place,))


def act(state: ToykoState, seat: int, action: Action, at: int | None = None, step: int = 1) -> ToykoState:
    """`seat` makes `action`, stamped `at` ms when given."""
    stamped = action if at is None else action.stamped(at)
    return TOYKO_TRAIN.apply(state, seat, stamped, rng(step))


def swap(state: ToykoState, team: int, a: str, b: str, at: int | None = None) -> ToykoState:
    """The team's tourist exchanges places a and b."""
    return act(state, state.tourist(team), swapping(state, team, a, b), at)


def signal(state: ToykoState, team: int, colour: str, kind: str) -> ToykoState:
    """The team's conductor signals the word of `colour` with an exchange kind."""
    return act(state, state.conductor(team), signalling(word(state, team, colour), kind))


def cancel(state: ToykoState, team: int) -> ToykoState:
    return act(state, state.conductor(team), cancelling(state, team))


def call(state: ToykoState, team: int, at: int | None = None, step: int = 1) -> ToykoState:
    """The team's conductor calls «Toyko Train!»."""
    return act(state, state.conductor(team), calling(state), at, step)


def swaps_offered(state: ToykoState, seat: int) -> set[tuple[str, str]]:
    """The place pairs `seat` may exchange now."""
    return {(str(a.args[0]), str(a.args[1])) for a in TOYKO_TRAIN.legal_actions(state, seat) if a.verb == "swap"}


def verbs_offered(state: ToykoState, seat: int) -> set[str]:
    return {a.verb for a in TOYKO_TRAIN.legal_actions(state, seat)}


def place_pairs(compartment: Compartment) -> list[tuple[str, str]]:
    """Every pair of different places, lower index first."""
    names = [compartment.name(p) for p in range(compartment.size)]
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


def refused(state: ToykoState, seat: int, action: Action) -> str:
    """The reason `action` is refused; the state must come out unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        TOYKO_TRAIN.apply(state, seat, action, rng())
    assert state.to_json() == before, "a refused move changed the state"
    return caught.value.message
