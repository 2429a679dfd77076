"""Toyko Train's rules, each pinned by a hand-built scenario: exchanges by geometry, cancels, calls, roles, rounds,
words, the end, time stamps, the conductor's hint and the public narration of signals."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.engine.turns import Move, move_line
from bot.games.base import Action, IllegalAction
from bot.games.rng import GameRandom
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.data import COLOURS, KINDS, NINE, SIX, Compartment
from bot.games.toyko_train.optimum import fewest_exchanges
from bot.games.toyko_train.state import ToykoState, conductor_of
from tests.games.toyko_train.scenarios import (
    START,
    TARGET,
    act,
    call,
    calling,
    cancel,
    cancel_word,
    cancelling,
    colour_of,
    place_pairs,
    pointing,
    refused,
    signal,
    signalling,
    solved,
    swap,
    swapping,
    swaps_offered,
    toyko,
    verbs_offered,
    word,
)

CONFIG = Path(__file__).resolve().parents[3] / "config" / "games" / "toyko_train.toml"
SCHEMES: dict[str, dict[str, str]] = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["schemes"]
GEOMETRY = (
    "can't be exchanged: only a great vertical (rows 1 and 3 of a column), "
    "a small vertical (next rows of a column) or a horizontal (next seats of a row)."
)
ONLY_CONDUCTOR = "Only your conductor signals, cancels and calls; you exchange tourists and point."
ONLY_TOURIST = "You're the conductor this round: signal, and let your tourist move."

SIX_EXCHANGES = {
    "great": [("A1", "A3"), ("B1", "B3")],
    "small": [("A1", "A2"), ("A2", "A3"), ("B1", "B2"), ("B2", "B3")],
    "horizontal": [("A1", "B1"), ("A2", "B2"), ("A3", "B3")],
}
NINE_EXCHANGES = {
    "great": [("A1", "A3"), ("B1", "B3"), ("C1", "C3")],
    "small": [("A1", "A2"), ("A2", "A3"), ("B1", "B2"), ("B2", "B3"), ("C1", "C2"), ("C2", "C3")],
    "horizontal": [("A1", "B1"), ("B1", "C1"), ("A2", "B2"), ("B2", "C2"), ("A3", "B3"), ("B3", "C3")],
}
"""Written out by hand from the rules text: the only exchanges a tourist may make."""


def legal_pairs(exchanges: dict[str, list[tuple[str, str]]]) -> set[tuple[str, str]]:
    return {pair for pairs in exchanges.values() for pair in pairs}


KIND_CASES = [
    pytest.param(nine, a, b, kind, id=f"{'nine' if nine else 'six'}-{kind}-{a}{b}")
    for nine, exchanges in ((False, SIX_EXCHANGES), (True, NINE_EXCHANGES))
    for kind, pairs in exchanges.items()
    for a, b in pairs
]
REFUSED_CASES = [
    pytest.param(nine, a, b, id=f"{'nine' if nine else 'six'}-{a}{b}")
    for nine, compartment, exchanges in ((False, SIX, SIX_EXCHANGES), (True, NINE, NINE_EXCHANGES))
    for a, b in place_pairs(compartment)
    if (a, b) not in legal_pairs(exchanges)
]


def places(compartment: Compartment, *names: str) -> list[int]:
    return [compartment.places[n] for n in names]


# Exchanges, by the compartment's geometry.


@pytest.mark.parametrize(("nine", "a", "b", "kind"), KIND_CASES)
def test_an_exchange_the_geometry_allows_is_offered_has_its_kind_and_swaps_just_those_two(
    nine: bool, a: str, b: str, kind: str
) -> None:
    state = toyko(nine=nine)
    compartment = state.compartment
    assert (a, b) in swaps_offered(state, 1)
    assert compartment.kind_of(*places(compartment, a, b)) == kind
    after = swap(state, 0, a, b)
    i, j = places(compartment, a, b)
    expected = list(state.seatings[0])
    expected[i], expected[j] = expected[j], expected[i]
    assert after.seatings[0] == expected
    assert after.seatings[1] == state.seatings[1], "the other team's tourists stay put"


@pytest.mark.parametrize(("nine", "exchanges"), [(False, SIX_EXCHANGES), (True, NINE_EXCHANGES)], ids=["six", "nine"])
def test_a_tourist_is_offered_exactly_the_great_small_and_horizontal_exchanges(
    nine: bool, exchanges: dict[str, list[tuple[str, str]]]
) -> None:
    assert swaps_offered(toyko(nine=nine), 1) == legal_pairs(exchanges)


@pytest.mark.parametrize(("nine", "a", "b"), REFUSED_CASES)
def test_a_pair_no_exchange_joins_is_refused_with_the_reason(nine: bool, a: str, b: str) -> None:
    state = toyko(nine=nine)
    assert state.compartment.kind_of(*places(state.compartment, a, b)) is None
    assert refused(state, 1, swapping(state, 0, a, b)) == f"{a} and {b} {GEOMETRY}"


def test_in_the_nine_compartment_the_ends_of_a_row_are_no_horizontal_exchange() -> None:
    state = toyko(nine=True)
    assert ("A1", "C1") not in swaps_offered(state, 1)
    assert refused(state, 1, swapping(state, 0, "A1", "C1")) == f"A1 and C1 {GEOMETRY}"


def test_diagonal_neighbours_are_refused_in_both_compartments() -> None:
    six, nine = toyko(), toyko(nine=True)
    assert refused(six, 1, swapping(six, 0, "A1", "B2")) == f"A1 and B2 {GEOMETRY}"
    assert refused(nine, 1, swapping(nine, 0, "B2", "C3")) == f"B2 and C3 {GEOMETRY}"


def test_an_exchange_of_a_seat_with_itself_or_off_the_compartment_is_refused() -> None:
    state = toyko()
    assert refused(state, 1, swapping(state, 0, "A1", "A1")) == "Exchange two different seats."
    assert refused(state, 1, swapping(state, 0, "A1", "C1")) == (
        "Exchange two seats of the compartment: A1, B1, A2, B2, A3, B3."
    )


def test_a_tourist_may_point_at_a_seat_which_moves_nobody() -> None:
    state = toyko()
    after = act(state, 1, pointing("B2"))
    assert after.seatings == state.seatings and after.made == state.made
    assert TOYKO_TRAIN.describe(pointing("B2")) == "points at B2."
    assert refused(state, 1, pointing("C2")) == "Point at one of the compartment's seats, like B2."


# Cancel.


def test_a_cancel_restores_the_seating_before_the_last_exchange() -> None:
    state = swap(toyko(), 0, "A1", "B1")
    assert state.seatings[0] == ["orange", "red", *START[2:]]
    undone = cancel(state, 0)
    assert undone.seatings[0] == START
    assert undone.exchanges[0] == []


def test_a_cancel_undoes_only_its_own_teams_exchange() -> None:
    state = swap(toyko(3), 0, "A1", "B1")
    state = swap(state, 1, "A2", "A3")
    state = swap(state, 2, "B1", "B3")
    undone = cancel(state, 1)
    assert undone.seatings[1] == START
    assert undone.exchanges[1] == []
    assert (undone.seatings[0], undone.seatings[2]) == (state.seatings[0], state.seatings[2])
    assert (undone.exchanges[0], undone.exchanges[2]) == (state.exchanges[0], state.exchanges[2])


def test_a_cancel_said_again_undoes_the_exchange_before() -> None:
    first = swap(toyko(), 0, "A1", "B1")
    second = swap(first, 0, "B1", "B2")
    once = cancel(second, 0)
    assert once.seatings[0] == first.seatings[0]
    twice = cancel(once, 0)
    assert twice.seatings[0] == START


def test_a_cancel_is_not_offered_when_nothing_is_left_to_undo() -> None:
    state = toyko()
    assert "cancel" not in verbs_offered(state, 0)
    assert refused(state, 0, cancelling(state)) == "There's no exchange of your tourist to cancel this round."
    swapped = swap(state, 0, "A1", "A2")
    assert "cancel" in verbs_offered(swapped, 0)
    undone = cancel(swapped, 0)
    assert "cancel" not in verbs_offered(undone, 0)
    assert refused(undone, 0, cancelling(undone)) == "There's no exchange of your tourist to cancel this round."


def test_a_cancel_is_not_offered_for_the_other_teams_exchange() -> None:
    state = swap(toyko(), 1, "A1", "A2")
    assert "cancel" not in verbs_offered(state, 0)
    assert "cancel" in verbs_offered(state, 2)


def test_a_cancel_reaches_no_exchange_of_the_round_before() -> None:
    state = swap(toyko(), 0, "A1", "B1")
    state = call(swap(state, 0, "A3", "B3"), 0)
    assert state.round == 2
    assert "cancel" not in verbs_offered(state, 0)


def test_a_cancel_is_narrated_with_the_teams_cancel_word_and_the_seats() -> None:
    state = toyko(2)
    undone = cancel(swap(state, 1, "A1", "A2"), 1)
    [told] = undone.events
    assert f"«{cancel_word(state, 1)}!»" in told and "A1 and A2" in told
    assert not re.search(r"\b(" + "|".join(COLOURS) + r")\b", told.lower()), "a colour was named"


def test_a_cancelled_exchange_still_counts_as_made() -> None:
    undone = cancel(swap(toyko(), 0, "A1", "A2"), 0)
    assert undone.made[0] == 1


# Calls.


def test_a_right_call_wins_the_round_card_and_the_next_round_begins() -> None:
    state = solved(toyko(2), 0)
    after = call(state, 0)
    assert after.cards == [1, 0]
    assert after.round == 2
    summary = after.summaries[-1]
    assert (summary["round"], summary["winner"], summary["caller"], summary["right"]) == (1, 0, 0, True)
    assert "«Toyko Train!» — right! Team 1 wins round 1." in after.events
    assert "Round 2 begins: conductors, you have the new target." in after.events


def test_a_right_call_ends_the_round_for_every_team() -> None:
    state = swap(toyko(3, out=[2]), 1, "A1", "A2")
    after = call(solved(state, 0), 0)
    assert after.round == 2 and after.cards == [1, 0, 0]
    assert after.out == [False, False, False], "the team that was out plays the new round"
    assert after.exchanges == [[], [], []] and after.made == [0, 0, 0]
    assert after.seatings == [TARGET, TARGET, TARGET]
    assert TOYKO_TRAIN.to_act(after) == frozenset(range(6))


def test_a_wrong_call_with_two_teams_gives_the_card_to_the_opponents_at_once() -> None:
    after = call(toyko(2), 0)
    assert after.cards == [0, 1]
    assert after.round == 2
    summary = after.summaries[-1]
    assert (summary["winner"], summary["caller"], summary["right"]) == (1, 0, False)
    assert after.events[:2] == [
        "«Toyko Train!» — wrong: Team 1 is out of round 1.",
        "Team 2 noticed the error and wins round 1.",
    ]


def test_with_three_teams_a_wrong_call_puts_the_caller_out_and_the_round_goes_on() -> None:
    state = swap(toyko(3), 1, "A1", "A2")
    after = call(state, 0)
    assert after.round == 1 and after.cards == [0, 0, 0] and after.summaries == []
    assert after.out == [True, False, False]
    assert after.seatings == state.seatings


def test_an_out_team_has_no_legal_moves_and_is_not_to_act() -> None:
    state = call(toyko(3), 1)
    assert TOYKO_TRAIN.to_act(state) == frozenset({0, 1, 4, 5})
    assert TOYKO_TRAIN.legal_actions(state, 2) == [] and TOYKO_TRAIN.legal_actions(state, 3) == []
    assert TOYKO_TRAIN.default_action(state, 2) is None
    reason = "Team 2 called wrong and is out of this round: wait for the next one."
    assert refused(state, 2, calling(state)) == reason
    assert refused(state, 3, swapping(state, 1, "A1", "A2")) == reason


def test_when_one_team_is_left_in_the_round_it_wins_the_card() -> None:
    state = call(toyko(3), 0)
    after = call(state, 1)
    assert after.cards == [0, 0, 1]
    assert after.round == 2 and after.out == [False, False, False]
    summary = after.summaries[-1]
    assert (summary["winner"], summary["caller"], summary["right"]) == (2, 2, False)
    assert "Team 3 noticed the error and wins round 1." in after.events


def test_with_four_teams_the_round_goes_on_until_three_have_called_wrong() -> None:
    state = call(call(toyko(4), 3), 0)
    assert state.round == 1 and state.out == [True, False, False, True]
    after = call(state, 2)
    assert after.cards == [0, 1, 0, 0] and after.round == 2


def test_a_call_meant_for_an_earlier_round_is_refused() -> None:
    state = solved(toyko(round_number=2), 0)
    stale = Action("call", (1,))
    assert refused(state, 0, stale) == "That was meant for round 1; round 2 is on now."


# Roles.


@pytest.mark.parametrize("round_number", [1, 2, 3])
def test_the_first_of_each_pair_conducts_rounds_1_to_3(round_number: int) -> None:
    state = toyko(4, round_number=round_number)
    for team in range(4):
        assert conductor_of(team, round_number) == 2 * team
        assert state.conductor(team) == 2 * team and state.tourist(team) == 2 * team + 1
        assert "call" in verbs_offered(state, 2 * team) and "swap" not in verbs_offered(state, 2 * team)
        assert "swap" in verbs_offered(state, 2 * team + 1) and "call" not in verbs_offered(state, 2 * team + 1)


@pytest.mark.parametrize("round_number", [4, 5, 6, 7])
def test_the_second_of_each_pair_conducts_rounds_4_to_7(round_number: int) -> None:
    state = toyko(4, round_number=round_number)
    for team in range(4):
        assert conductor_of(team, round_number) == 2 * team + 1
        assert state.conductor(team) == 2 * team + 1 and state.tourist(team) == 2 * team
        assert "call" in verbs_offered(state, 2 * team + 1) and "swap" not in verbs_offered(state, 2 * team + 1)
        assert "swap" in verbs_offered(state, 2 * team) and "call" not in verbs_offered(state, 2 * team)


def test_partners_swap_roles_when_round_3_ends() -> None:
    after = call(solved(toyko(2, round_number=3), 1), 1)
    assert after.round == 4
    assert (after.conductor(0), after.conductor(1)) == (1, 3)
    assert "Partners swap roles: now conducting, <seat:1>, <seat:3>." in after.events
    assert refused(after, 0, calling(after)) == ONLY_CONDUCTOR
    assert "call" in verbs_offered(after, 1)


def test_a_tourist_offered_only_exchanges_and_pointing_a_conductor_only_signals_cancel_nods_and_calls() -> None:
    state = swap(toyko(), 0, "A1", "A2")
    assert verbs_offered(state, 1) == {"swap", "point"}
    assert verbs_offered(state, 0) == {"signal", "cancel", "nod", "shake", "call"}


@pytest.mark.parametrize("verb", ["signal", "cancel", "nod", "shake", "call"])
def test_only_the_conductor_may_signal_cancel_nod_shake_or_call(verb: str) -> None:
    state = swap(toyko(), 0, "A1", "A2")
    made = {
        "signal": signalling(word(state, 0, "red"), "small"),
        "cancel": cancelling(state),
        "nod": Action("nod"),
        "shake": Action("shake"),
        "call": calling(state),
    }[verb]
    assert made in TOYKO_TRAIN.legal_actions(state, 0), "the conductor may"
    assert refused(state, 1, made) == ONLY_CONDUCTOR


@pytest.mark.parametrize("verb", ["swap", "point"])
def test_only_the_tourist_may_swap_or_point(verb: str) -> None:
    state = toyko()
    made = swapping(state, 0, "A1", "A2") if verb == "swap" else pointing("A1")
    assert made in TOYKO_TRAIN.legal_actions(state, 1), "the tourist may"
    assert refused(state, 0, made) == ONLY_TOURIST


def test_after_the_swap_of_roles_the_first_of_the_pair_may_only_exchange() -> None:
    state = toyko(round_number=4)
    assert refused(state, 0, signalling(word(state, 0, "red"), "great")) == ONLY_CONDUCTOR
    assert refused(state, 1, pointing("A1")) == ONLY_TOURIST
    assert swap(state, 0, "A1", "A2").seatings[0][:3] == ["yellow", "orange", "red"]


def test_a_nod_and_a_shake_change_no_seating() -> None:
    state = swap(toyko(), 0, "A1", "A2")
    for verb in ("nod", "shake"):
        after = act(state, 0, Action(verb))
        assert after.seatings == state.seatings and after.exchanges == state.exchanges


# Signals.


def test_a_conductor_is_offered_each_own_colour_word_with_each_kind() -> None:
    state = toyko(2)
    signals = {a.args for a in TOYKO_TRAIN.legal_actions(state, 2) if a.verb == "signal"}
    assert signals == {(w, kind) for w in state.words[1][:6] for kind in KINDS}


def test_a_conductor_may_not_signal_another_teams_word_its_cancel_word_or_an_unknown_kind() -> None:
    state = toyko(2)
    reason = "Signal one of your own colour words with great, small or horizontal."
    assert refused(state, 0, signalling(word(state, 1, "red"), "small")) == reason
    assert refused(state, 0, signalling(cancel_word(state, 0), "small")) == reason
    assert refused(state, 0, signalling(word(state, 0, "red"), "diagonal")) == reason


def test_a_signal_moves_nobody_and_shows_on_the_table_as_word_and_gesture() -> None:
    state = toyko(2)
    spoken = word(state, 1, "blue")
    after = signal(state, 1, "blue", "small")
    assert after.seatings == state.seatings
    assert after.signals[1] == (spoken, "small")
    public = TOYKO_TRAIN.player_view(after, None)["public"]
    assert public["teams"][1]["signal"] == [spoken, SCHEMES["arms"]["small"]]
    assert public["teams"][0]["signal"] is None


@pytest.mark.parametrize(
    ("scheme", "kind"), [(scheme, kind) for scheme in SCHEMES for kind in KINDS], ids=lambda value: str(value)
)
def test_a_signal_is_narrated_with_the_schemes_gesture_and_the_word_never_the_colour(scheme: str, kind: str) -> None:
    state = toyko(2, scheme=scheme)
    for colour in COLOURS:
        spoken = word(state, 0, colour)
        action = signalling(spoken, kind)
        after = act(state, 0, action)
        line = move_line(TOYKO_TRAIN, Move(0, action, auto=False, said=TOYKO_TRAIN.narrate(after)), "Aiko")
        assert line.startswith("Aiko signals") and f"«{spoken}!»" in line
        assert SCHEMES[scheme][kind] in line, "the gesture is told in the scheme's own words"
        assert not re.search(r"\b(" + "|".join(COLOURS) + r")\b", line.lower()), "a colour was named"


# Starts, targets and words.


def rounds_of(seed: int, seats: int, nine: bool) -> Iterator[ToykoState]:
    """Each round's opening state of one game, every round won by team 1 at once."""
    state = TOYKO_TRAIN.setup(seed, seats, {"nine": nine})
    for number in range(1, 8):
        assert state.round == number
        yield state
        state = call(solved(state, 0), 0, step=number)


def test_round_1_starts_every_team_from_one_seating() -> None:
    for seed in range(20):
        state = TOYKO_TRAIN.setup(seed, 8, {})
        assert sorted(state.starts[0]) == sorted(COLOURS)
        assert all(start == state.starts[0] for start in state.starts)
        assert state.seatings == state.starts


def test_round_2_starts_from_round_1s_target() -> None:
    state = TOYKO_TRAIN.setup(3, 6, {})
    first_target = list(state.target)
    after = call(solved(state, 1), 1)
    assert after.starts == [first_target] * 3
    assert after.seatings == [first_target] * 3
    assert after.target != first_target


def test_every_later_round_of_six_starts_from_the_last_target() -> None:
    for seed in range(5):
        last: list[str] | None = None
        for state in rounds_of(seed, 4, nine=False):
            if last is not None:
                assert state.starts == [last, last]
            last = list(state.target)


def test_in_nine_each_team_starts_each_round_from_its_own_seating_of_three_doubled_colours() -> None:
    differ = 0
    doubled_sets = set()
    for seed in range(6):
        for state in rounds_of(seed, 8, nine=True):
            counts = Counter(state.target)
            assert set(counts) == set(COLOURS) and sorted(counts.values()) == [1, 1, 1, 2, 2, 2]
            doubled_sets.add(frozenset(c for c, n in counts.items() if n == 2))
            for start, seating in zip(state.starts, state.seatings, strict=True):
                assert Counter(start) == counts, "a start seats the round's own nine tourists"
                assert seating == start
                assert start != state.target
            differ += len({tuple(s) for s in state.starts}) > 1
    assert differ > 30, "the teams' starts are drawn each on its own"
    assert len(doubled_sets) > 3, "each round draws its own doubled colours"


@pytest.mark.parametrize("nine", [False, True], ids=["six", "nine"])
@pytest.mark.parametrize("seats", [4, 6, 8])
def test_the_target_never_equals_any_start(nine: bool, seats: int) -> None:
    for seed in range(8):
        for state in rounds_of(seed, seats, nine):
            assert all(start != state.target for start in state.starts)
            assert min(fewest_exchanges(state.compartment, tuple(s), tuple(state.target)) for s in state.starts) >= 1


def test_no_two_teams_share_a_word() -> None:
    for seed in range(30):
        words = TOYKO_TRAIN.setup(seed, 8, {}).words
        assert [len(team) for team in words] == [7, 7, 7, 7]
        spoken = [w.lower() for team in words for w in team]
        assert len(set(spoken)) == len(spoken) == 28


def test_team_1s_cancel_word_is_tukosishemu_and_no_other_teams() -> None:
    for seats in (4, 6, 8):
        for seed in range(10):
            words = TOYKO_TRAIN.setup(seed, seats, {}).words
            assert words[0][-1] == "Tukosishemu"
            assert all("Tukosishemu" not in team for team in words[1:])
            assert "Tukosishemu" not in words[0][:6]


# The end of the game.


def test_round_6_won_leads_to_round_7() -> None:
    after = call(solved(toyko(round_number=6), 0), 0)
    assert after.round == 7 and not after.finished
    assert TOYKO_TRAIN.outcome(after) is None


def test_the_game_ends_after_round_7() -> None:
    after = call(solved(toyko(round_number=7, cards=[3, 3]), 1), 1)
    assert after.finished and after.round == 7
    assert after.cards == [3, 4]
    assert "The seventh round is over: the game ends." in after.events
    assert TOYKO_TRAIN.to_act(after) == frozenset()
    assert all(TOYKO_TRAIN.legal_actions(after, seat) == [] for seat in range(4))
    assert all(TOYKO_TRAIN.default_action(after, seat) is None for seat in range(4))
    assert refused(after, 2, Action("nod")) == "The game is over."


def test_the_outcome_gives_both_partners_their_teams_cards_and_ranks_ties_together() -> None:
    after = call(solved(toyko(3, round_number=7, cards=[2, 3, 1]), 0), 0)
    outcome = TOYKO_TRAIN.outcome(after)
    assert outcome is not None
    assert outcome.scores == (3, 3, 3, 3, 1, 1)
    assert outcome.ranks == (1, 1, 1, 1, 5, 5)
    assert outcome.reason == "the seventh round is over"


def test_the_team_with_most_cards_ranks_first_alone() -> None:
    after = call(toyko(2, round_number=7, cards=[4, 2]), 0)
    outcome = TOYKO_TRAIN.outcome(after)
    assert outcome is not None
    assert outcome.scores == (4, 4, 3, 3) and outcome.ranks == (1, 1, 3, 3)


# Time stamps and the round summary.


def test_a_round_summarys_seconds_come_from_the_actions_time_stamps() -> None:
    state = swap(toyko(2), 0, "A1", "B1", at=4_000)
    state = swap(state, 0, "A3", "B3", at=9_000)
    after = call(state, 0, at=12_345)
    assert after.summaries[-1]["seconds"] == 12.3
    assert "Round 1 took 12.3 s" in after.events[1]
    assert after.began_ms == 12_345
    later = call(after, 1, at=20_345)
    assert later.summaries[-1]["seconds"] == 8.0


def test_a_round_summary_counts_each_teams_exchanges_against_the_optimum() -> None:
    state = swap(toyko(2), 0, "A1", "B1")
    state = swap(cancel(swap(state, 0, "A2", "A3"), 0), 0, "A3", "B3")
    state = swap(state, 1, "B2", "B3")
    after = call(state, 0)
    assert [{k: v for k, v in t.items() if k != "seconds"} for t in after.summaries[-1]["teams"]] == [
        {"made": 3, "standing": 2, "optimum": 2},
        {"made": 1, "standing": 1, "optimum": 2},
    ]
    assert after.summaries[-1]["target"] == TARGET


def test_a_round_summary_gives_each_team_its_own_time() -> None:
    state = swap(toyko(2, began_ms=1_000), 1, "B2", "B3", at=3_000)
    state = swap(state, 0, "A1", "B1", at=4_000)
    state = swap(state, 0, "A3", "B3", at=9_000)
    after = call(state, 0, at=12_000)
    teams = after.summaries[-1]["teams"]
    assert [t["seconds"] for t in teams] == [11.0, 2.0], "team 1 until its call, team 2 until its last move"
    assert [t["made"] for t in teams] == [2, 1]


# The conductor's hint (the timer's default move).


def test_the_hint_is_the_call_when_the_seating_is_the_target() -> None:
    state = solved(toyko(2), 1)
    assert TOYKO_TRAIN.default_action(state, 2) == calling(state)


def test_the_hint_signals_a_tourist_that_a_best_exchange_moves_with_that_exchanges_kind() -> None:
    for nine in (False, True):
        for seed in range(10):
            state = TOYKO_TRAIN.setup(seed, 4, {"nine": nine})
            hint = TOYKO_TRAIN.default_action(state, 0)
            assert hint is not None and hint.verb == "signal"
            assert best_exchanges(state, 0, hint), f"no best exchange fits {hint}"


def best_exchanges(state: ToykoState, team: int, hint: Action) -> list[tuple[int, int]]:
    """The exchanges the hint may mean (its colour moves, of its kind) that bring the target one exchange nearer."""
    colour, kind = colour_of(state, team, str(hint.args[0])), str(hint.args[1])
    compartment, seating = state.compartment, state.seatings[team]
    now = fewest_exchanges(compartment, tuple(seating), tuple(state.target))
    found = []
    for a, b in compartment.exchanges:
        if compartment.kind_of(a, b) != kind or colour not in (seating[a], seating[b]) or seating[a] == seating[b]:
            continue
        after = list(seating)
        after[a], after[b] = after[b], after[a]
        if fewest_exchanges(compartment, tuple(after), tuple(state.target)) == now - 1:
            found.append((a, b))
    return found


@pytest.mark.parametrize("nine", [False, True], ids=["six", "nine"])
def test_following_the_hints_reaches_the_target_in_the_fewest_exchanges(nine: bool) -> None:
    for seed in range(8):
        state = TOYKO_TRAIN.setup(seed, 4, {"nine": nine})
        team = seed % 2
        conductor = state.conductor(team)
        optimum = fewest_exchanges(state.compartment, tuple(state.starts[team]), tuple(state.target))
        exchanges = 0
        while True:
            hint = TOYKO_TRAIN.default_action(state, conductor)
            assert hint is not None
            if hint.verb == "call":
                break
            state = act(state, conductor, hint)
            a, b = best_exchanges(state, team, hint)[0]
            name = state.compartment.name
            state = swap(state, team, name(a), name(b))
            exchanges += 1
            assert exchanges <= optimum
        assert exchanges == optimum
        after = act(state, conductor, hint)
        assert after.cards[team] == 1 and after.summaries[-1]["right"]


def test_a_tourists_timer_move_follows_the_signal_never_the_hidden_target() -> None:
    state = toyko(2)
    other_target = toyko(2, target=["red", "orange", "green", "yellow", "blue", "purple"])
    assert TOYKO_TRAIN.default_action(state, 1) is None, "no signal yet: nothing a tourist could follow"
    for target_kept_secret in (state, other_target):
        signalled = signal(target_kept_secret, 0, "blue", "horizontal")
        move = TOYKO_TRAIN.default_action(signalled, 1)
        assert move == Action("swap", ("A3", "B3", signalled.serial(0))), (
            "the signal's one exchange, whatever the target"
        )
        assert TOYKO_TRAIN.default_action(act(signalled, 1, move), 1) is None, "a signal is followed once"


def test_a_signal_naming_several_exchanges_gives_the_tourist_no_timer_move() -> None:
    state = signal(toyko(2), 0, "yellow", "small")  # yellow sits on A2: A1-A2 or A2-A3
    assert TOYKO_TRAIN.default_action(state, 1) is None


def test_in_six_places_the_timers_alone_bring_a_quiet_team_to_the_target() -> None:
    for seed in range(6):
        state = TOYKO_TRAIN.setup(seed, 4, {})
        for _ in range(40):
            if state.round > 1:
                break
            state = act(state, 0, TOYKO_TRAIN.default_action(state, 0) or Action("nod"))
            tourist_move = TOYKO_TRAIN.default_action(state, 1)
            if tourist_move is not None:
                state = act(state, 1, tourist_move)
        assert state.round == 2 and state.cards == [1, 0], f"seed {seed}"


def test_a_hint_from_the_sixth_seat_uses_its_own_teams_words() -> None:
    state = toyko(3, round_number=5)
    hint = TOYKO_TRAIN.default_action(state, 5)
    assert hint is not None and hint.verb == "signal"
    assert hint.args[0] in state.words[2][:6]
    assert hint in TOYKO_TRAIN.legal_actions(state, 5)


# Setting up.


def test_the_game_is_played_by_teams_of_two() -> None:
    for seats in (4, 6, 8):
        assert TOYKO_TRAIN.setup(1, seats, {}).teams == seats // 2
    for seats in (3, 5, 7, 9):
        with pytest.raises(IllegalAction) as caught:
            TOYKO_TRAIN.setup(1, seats, {})
        assert caught.value.message == f"Toyko Train is played by teams of two: 4, 6 or 8 players, not {seats}."


def test_the_nine_variant_seats_nine_tourists_in_three_columns() -> None:
    state = TOYKO_TRAIN.setup(1, 6, {"nine": True, "scheme": "face"})
    assert state.nine and state.scheme == "face" and state.compartment.columns == 3
    assert len(state.target) == 9 and all(len(s) == 9 for s in state.seatings)


def test_seats_named_out_of_order_are_refused_with_the_order_to_use() -> None:
    state = TOYKO_TRAIN.setup(5, 4, {})
    reversed_pair = Action("swap", ("A2", "A1", state.serial(0)))
    with pytest.raises(IllegalAction, match="Name the seats as the compartment lists them: A1, then A2"):
        TOYKO_TRAIN.apply(state, 1, reversed_pair, GameRandom(5, 1))
