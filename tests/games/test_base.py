"""The small types of the game contract: Action tokens, options, and ranking by score."""

from __future__ import annotations

import contextlib
import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games import REGISTRY
from bot.games.base import Action, IllegalAction, Option, Outcome, option_text, parse_option_text, resolve_options
from bot.games.rng import GameRandom
from bot.i18n import speaking

args = st.lists(st.one_of(st.integers(), st.text()), max_size=5).map(tuple)
actions = st.builds(Action, st.text(min_size=1), args)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=10,
)


@given(actions)
def test_action_round_trips_through_token_and_json(action: Action) -> None:
    assert Action.from_token(action.token()) == action
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


@given(actions, st.integers(0, 10**9))
def test_time_stamp_travels_beside_the_action_not_in_it(action: Action, at: int) -> None:
    stamped = action.stamped(at)
    assert stamped.at == at and stamped == action
    assert stamped.token() == action.token()
    assert stamped.bare().at is None and action.bare() is action


@pytest.mark.parametrize(
    "token",
    ["", "draw", "{}", '{"verb": "x"}', "[]", "[1]", "[null]", '["x", 1.5]', '["x", true]',
     '["x", null]', '["x", [1]]', '["x", {"a": 1}]', "7", '"draw"', "NaN", '["x"'],
)  # fmt: skip
def test_malformed_tokens_are_refused(token: str) -> None:
    with pytest.raises(IllegalAction):
        Action.from_token(token)


@given(json_values)
def test_any_json_token_is_an_action_or_refused(value: Any) -> None:
    token = json.dumps(value)
    try:
        action = Action.from_token(token)
    except IllegalAction:
        return
    assert action.to_json() == value


@given(st.text(max_size=100))
def test_any_text_token_is_an_action_or_refused(token: str) -> None:
    with contextlib.suppress(IllegalAction):
        Action.from_token(token)


@pytest.mark.parametrize(("raw", "value"), [("yes", True), ("ON", True), ("1", True), ("off", False)])
def test_bool_option_reads_on_and_off_words(raw: str, value: bool) -> None:
    assert Option("fast", False, "").parse(raw) is value


def test_bool_option_refuses_other_words() -> None:
    with pytest.raises(IllegalAction, match="fast"):
        Option("fast", False, "").parse("maybe")


def test_int_option_checks_its_range_and_refuses_non_numbers() -> None:
    rounds = Option("rounds", 3, "", minimum=1, maximum=6)
    assert rounds.parse("6") == 6 and rounds.parse(" 1 ") == 1
    for bad in ("0", "7", "three", "2.5"):
        with pytest.raises(IllegalAction, match="rounds"):
            rounds.parse(bad)
    assert Option("n", 3, "").parse("-40") == -40


def test_choice_option_accepts_only_its_choices() -> None:
    speed = Option("speed", "normal", "", choices=("slow", "normal"))
    assert speed.parse("slow") == "slow"
    with pytest.raises(IllegalAction, match="slow, normal"):
        speed.parse("fast")


DECLARED = (
    Option("rounds", 3, "", minimum=1, maximum=6),
    Option("fast", False, ""),
    Option("speed", "normal", "", choices=("slow", "normal")),
)


def test_resolve_options_fills_defaults_and_parses_text() -> None:
    assert resolve_options(DECLARED, {}) == {"rounds": 3, "fast": False, "speed": "normal"}
    assert resolve_options(DECLARED, {"rounds": "5", "fast": "yes"}) == {
        "rounds": 5,
        "fast": True,
        "speed": "normal",
    }


def test_resolve_options_refuses_unknown_names_and_lists_the_known() -> None:
    with pytest.raises(IllegalAction, match=r"`colour`.*rounds, fast, speed"):
        resolve_options(DECLARED, {"colour": "red"})
    with pytest.raises(IllegalAction, match="none"):
        resolve_options((), {"rounds": "2"})


@pytest.mark.parametrize("given_options", [{"rounds": 100}, {"rounds": 0}, {"fast": 3}, {"speed": "fast"}])
def test_resolve_options_checks_typed_values_too(given_options: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction):
        resolve_options(DECLARED, given_options)


def test_resolve_options_accepts_its_own_output() -> None:
    resolved = resolve_options(DECLARED, {"rounds": "2", "fast": "on", "speed": "slow"})
    assert resolve_options(DECLARED, json.loads(json.dumps(resolved))) == resolved


def test_parse_option_text_reads_key_value_words() -> None:
    assert parse_option_text("") == {}
    assert parse_option_text("Rounds=4  fast=on") == {"rounds": "4", "fast": "on"}
    assert parse_option_text("a=b=c") == {"a": "b=c"}


@pytest.mark.parametrize("text", ["rounds", "=4", "rounds=", "rounds=4 fast"])
def test_parse_option_text_refuses_words_without_key_and_value(text: str) -> None:
    with pytest.raises(IllegalAction, match="key=value"):
        parse_option_text(text)


def test_outcome_ties_share_a_place_and_skip_the_next() -> None:
    outcome = Outcome.from_scores([5, 9, 5, 9, 1], "done")
    assert outcome.ranks == (3, 1, 3, 1, 5)
    assert outcome.winners() == (1, 3)
    assert outcome.scores == (5, 9, 5, 9, 1) and outcome.reason == "done"


def test_outcome_lower_wins() -> None:
    outcome = Outcome.from_scores([12, 3, 3, 40], "done", lower_wins=True)
    assert outcome.ranks == (3, 1, 1, 4)
    assert outcome.winners() == (1, 2)


@given(st.lists(st.integers(-100, 100), min_size=1, max_size=8), st.booleans())
def test_outcome_rank_is_one_plus_the_number_strictly_better(scores: list[int], lower: bool) -> None:
    outcome = Outcome.from_scores(scores, "done", lower_wins=lower)
    best = min(scores) if lower else max(scores)
    assert outcome.winners() == tuple(s for s, score in enumerate(scores) if score == best)
    for seat, score in enumerate(scores):
        better = sum(1 for other in scores if (other < score if lower else other > score))
        assert outcome.ranks[seat] == 1 + better


def test_an_option_with_one_bound_names_only_that_bound() -> None:
    low_only = Option("players", 2, "how many", minimum=2)
    with pytest.raises(IllegalAction, match="must be at least 2"):
        low_only.parse("1")
    high_only = Option("turns", 5, "how many", maximum=9)
    with pytest.raises(IllegalAction, match="must be at most 9"):
        high_only.parse("10")
    assert low_only.parse("40") == 40


def test_options_are_shown_as_the_host_types_them_and_read_back_the_same() -> None:
    declared = (Option("mode", "single", "", ("single", "rounds")), Option("fast", False, ""), Option("n", 3, ""))
    resolved = resolve_options(declared, {"fast": "on"})
    shown = option_text(resolved)
    assert shown == ["mode=single", "fast=on", "n=3"]
    assert resolve_options(declared, parse_option_text(" ".join(shown))) == resolved


@pytest.mark.parametrize("name", ["toyko_train", "ttr_japan", "mexican_train", "next_station_tokyo"])
def test_a_refusal_read_later_is_worded_in_the_language_it_was_refused_in(name: str) -> None:
    """`apply` leaves a refusal's wording until it is read: it still speaks the language in use when refused."""
    game = REGISTRY[name]
    state = game.setup(5, game.min_seats, resolve_options(game.options, {}))

    def refused() -> IllegalAction:
        try:
            game.apply(state, 0, Action("no_such_verb"), GameRandom(5, 1))
        except IllegalAction as refusal:
            return refusal
        raise AssertionError(f"{name} applied a made-up verb")

    with speaking("fr"):
        read_later, pickled_later = refused(), refused()
        french = refused().message
    assert read_later.message == french
    assert pickle.loads(pickle.dumps(pickled_later)).message == french
    assert refused().message != french, "the French refusal is worded as the English one"
