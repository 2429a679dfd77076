"""Random legal games of 2–4 teams in both compartments: the target never reaches a tourist or a spectator, a team's
words reach nobody else until spoken, and every seating stays a seating of the round's own tourists."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.data import COLOURS
from bot.games.toyko_train.optimum import best_path
from bot.games.toyko_train.state import ToykoState
from tests.support.snapshot import json_text

MOVES = 600
"""Moves per game at most: enough for seven rounds when the players help each other, a few rounds when they don't."""
games = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Setup:
    seed: int
    teams: int
    nine: bool
    helpful: float
    """How often a seat plays towards the target (the conductor's hint, a best exchange) instead of at random."""


setups = st.builds(
    Setup,
    seed=st.integers(0, 2**31),
    teams=st.integers(2, 4),
    nine=st.booleans(),
    helpful=st.sampled_from([0.0, 0.5, 0.9]),
)


@dataclass
class Said:
    """The words spoken aloud so far: signals' words and cancel words."""

    words: set[str] = field(default_factory=set)

    def hear(self, state: ToykoState, seat: int, action: Action) -> None:
        if action.verb == "signal":
            self.words.add(str(action.args[0]))
        elif action.verb == "cancel":
            self.words.add(state.words[seat // 2][-1])


def towards_target(state: ToykoState, seat: int) -> Action | None:
    """A move that helps: the conductor's hint, or the tourist's first exchange of a best path."""
    if seat == state.conductor(seat // 2):
        return TOYKO_TRAIN.default_action(state, seat)
    team = seat // 2
    seating = state.seatings[team]
    if seating == state.target:
        return None
    a, b = best_path(state.compartment, tuple(seating), tuple(state.target))[0]
    name = state.compartment.name
    return Action("swap", (name(a), name(b), state.serial(team)))


def playout(setup: Setup) -> Iterator[tuple[ToykoState, Said]]:
    """Every state of one random game, with the words said up to it."""
    rnd = random.Random(setup.seed)
    state = TOYKO_TRAIN.setup(setup.seed, 2 * setup.teams, {"nine": setup.nine})
    said = Said()
    yield state, said
    for n in range(1, MOVES + 1):
        if TOYKO_TRAIN.outcome(state) is not None:
            return
        seat = rnd.choice(sorted(TOYKO_TRAIN.to_act(state)))
        helping = towards_target(state, seat) if rnd.random() < setup.helpful else None
        action = helping or rnd.choice(TOYKO_TRAIN.legal_actions(state, seat))
        said.hear(state, seat, action)
        state = TOYKO_TRAIN.apply(state, seat, action.stamped(1_000 * n), GameRandom(setup.seed, n))
        yield state, said


def with_target(state: ToykoState, target: list[str]) -> ToykoState:
    """The same game but for the target."""
    other = TOYKO_TRAIN.from_json(json.loads(json.dumps(TOYKO_TRAIN.to_json(state))))
    other.target = list(target)
    return other


def another_target(state: ToykoState, rnd: random.Random) -> list[str]:
    """A target the rules could have drawn instead: the same tourists, neither this target nor any start."""
    while True:
        target = list(state.target)
        rnd.shuffle(target)
        if target != state.target and target not in state.starts:
            return target


@games
@given(setup=setups)
def test_the_target_never_reaches_a_tourists_or_a_spectators_view(setup: Setup) -> None:
    rnd = random.Random(setup.seed)
    others: dict[int, list[str]] = {}
    for state, _ in playout(setup):
        if state.finished:
            continue
        other = with_target(state, others.setdefault(state.round, another_target(state, rnd)))
        tourists = [state.tourist(team) for team in range(state.teams)]
        for seat in [None, *tourists]:
            view = TOYKO_TRAIN.player_view(state, seat)
            assert view == TOYKO_TRAIN.player_view(other, seat), f"seat {seat}'s view depends on the target"
            shown_elsewhere = state.target in state.seatings or any(
                s["target"] == state.target for s in state.summaries
            )
            if not shown_elsewhere:
                assert json_text(state.target) not in json_text(view)
        for team in range(state.teams):
            conductor = state.conductor(team)
            view = TOYKO_TRAIN.player_view(state, conductor)
            assert view["private"]["target"] == state.target, "a conductor does see it"
            assert TOYKO_TRAIN.player_view(other, conductor) != view


@games
@given(setup=setups)
def test_a_teams_words_reach_no_one_else_until_spoken(setup: Setup) -> None:
    for state, said in playout(setup):
        every_word = {w for team in state.words for w in team}
        public = json_text(TOYKO_TRAIN.player_view(state, None)["public"])
        in_public = {w for w in every_word if w in public}
        assert in_public <= said.words, f"unspoken words on the table: {in_public - said.words}"
        for seat in range(2 * state.teams):
            view = TOYKO_TRAIN.player_view(state, seat)
            assert json_text(view["public"]) == public
            own = set(state.words[seat // 2])
            secret = json_text([view["private"], view["legal"], view["prompt"]])
            assert {w for w in every_word - own if w in secret} == set(), f"seat {seat} sees another team's words"
            private = view["private"]
            assert private["cancel_word"] == state.words[seat // 2][-1]
            assert list(private["dictionary"].values()) == state.words[seat // 2][:6]


@games
@given(setup=setups)
def test_every_seating_is_always_a_seating_of_the_rounds_tourists(setup: Setup) -> None:
    rounds_seen = set()
    for state, _ in playout(setup):
        rounds_seen.add(state.round)
        tourists = Counter(state.target)
        assert sum(tourists.values()) == state.compartment.size
        assert set(tourists) == set(COLOURS)
        if not state.nine:
            assert tourists == Counter(COLOURS)
        for team in range(state.teams):
            assert Counter(state.seatings[team]) == tourists
            assert Counter(state.starts[team]) == tourists
            assert state.starts[team] != state.target
    assert rounds_seen == set(range(1, max(rounds_seen) + 1)), "rounds follow one another"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=st.builds(
        Setup, seed=st.integers(0, 2**31), teams=st.integers(2, 4), nine=st.booleans(), helpful=st.just(0.9)
    )
)
def test_a_helped_game_plays_all_seven_rounds_and_deals_seven_cards(setup: Setup) -> None:
    *_, (last, _) = playout(setup)
    assert last.finished, "the game should end within the move bound"
    assert len(last.summaries) == 7 and sum(last.cards) == 7
    assert [s["round"] for s in last.summaries] == list(range(1, 8))
    outcome = TOYKO_TRAIN.outcome(last)
    assert outcome is not None
    assert list(outcome.scores) == [last.cards[seat // 2] for seat in range(2 * last.teams)]
