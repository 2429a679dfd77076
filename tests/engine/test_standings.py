"""Tournament standings: points per finish, byes, the score and head-to-head tiebreaks, shared places."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.standings import Standing, TableResult, standings, table_points


def result(round_: int, table: int, ranks: Mapping[int, int], scores: Mapping[int, int] | None = None) -> TableResult:
    """A table result; scores default to 0 for everyone seated."""
    return TableResult(round=round_, table=table, ranks=ranks, scores=scores or dict.fromkeys(ranks, 0))


def by_user(lines: list[Standing]) -> dict[int, Standing]:
    return {line.user_id: line for line in lines}


# --- table_points -----------------------------------------------------------------------------------------


def test_default_points_are_seats_minus_rank() -> None:
    assert [table_points(rank, 4, None) for rank in (1, 2, 3, 4)] == [3, 2, 1, 0]
    assert [table_points(rank, 2, None) for rank in (1, 2)] == [1, 0]


def test_custom_scheme_and_zero_beyond_its_end() -> None:
    scheme = (10, 6, 3)
    assert [table_points(rank, 5, scheme) for rank in range(1, 6)] == [10, 6, 3, 0, 0]
    assert table_points(1, 2, (2.5,)) == 2.5


@pytest.mark.parametrize(("rank", "seats"), [(0, 4), (5, 4), (-1, 3)])
def test_a_rank_outside_the_table_is_refused(rank: int, seats: int) -> None:
    with pytest.raises(ValueError):
        table_points(rank, seats, None)


# --- standings --------------------------------------------------------------------------------------------


def test_points_follow_the_finish_at_a_four_seat_table() -> None:
    lines = standings([1, 2, 3, 4], [result(1, 1, {1: 2, 2: 1, 3: 4, 4: 3})], [], bye_points=1)
    assert [(line.user_id, line.points, line.place) for line in lines] == [(2, 3, 1), (1, 2, 2), (4, 1, 3), (3, 0, 4)]
    assert [line.games for line in lines] == [1, 1, 1, 1]
    assert [line.wins for line in lines] == [1, 0, 0, 0]


def test_custom_scheme_is_used_for_every_table() -> None:
    results = [result(1, 1, {1: 1, 2: 2, 3: 3}), result(2, 1, {1: 3, 2: 1, 3: 2})]
    lines = by_user(standings([1, 2, 3], results, [], scheme=(5, 2), bye_points=0))
    assert (lines[1].points, lines[2].points, lines[3].points) == (5, 7, 2)


def test_players_sharing_a_rank_get_equal_points() -> None:
    lines = by_user(standings([1, 2, 3, 4], [result(1, 1, {1: 1, 2: 1, 3: 3, 4: 4})], [], bye_points=0))
    assert lines[1].points == lines[2].points == 3
    assert lines[1].wins == lines[2].wins == 1
    assert (lines[3].points, lines[4].points) == (1, 0)
    # Equal on points and score and never above one another: a shared place.
    assert lines[1].place == lines[2].place == 1 and lines[3].place == 3


@pytest.mark.parametrize("lower_scores_win", [False, True])
def test_total_score_breaks_a_points_tie_either_way(lower_scores_win: bool) -> None:
    # Players 1 and 2 each win once at separate tables, so they tie on points and never met.
    results = [
        result(1, 1, {1: 1, 3: 2}, {1: 40, 3: 10}),
        result(1, 2, {2: 1, 4: 2}, {2: 25, 4: 5}),
    ]
    lines = standings([1, 2, 3, 4], results, [], bye_points=0, lower_scores_win=lower_scores_win)
    top_two = [line.user_id for line in lines[:2]]
    assert top_two == ([2, 1] if lower_scores_win else [1, 2])
    assert [line.place for line in lines[:2]] == [1, 2]
    assert by_user(lines)[1].score == 40


def test_head_to_head_decides_a_tie_on_points_and_score() -> None:
    def order(first_round: Mapping[int, int]) -> list[int]:
        results = [
            result(1, 1, first_round),
            result(2, 1, {2: 1, 3: 2} if first_round[1] == 1 else {1: 1, 3: 2}),
            result(2, 2, {1: 2, 4: 1} if first_round[1] == 1 else {2: 2, 4: 1}, {4: 50}),
        ]
        lines = standings([1, 2, 3, 4], results, [], bye_points=0)
        tied = [line for line in lines if line.points == 1 and line.score == 0]
        assert len(tied) == 2 and tied[0].place < tied[1].place
        return [line.user_id for line in tied]

    # 1 and 2 both end on one point and score 0 (4 also has a point but a higher score);
    # whoever won their meeting in round one comes first.
    assert order({1: 1, 2: 2}) == [1, 2]
    assert order({1: 2, 2: 1}) == [2, 1]


def test_head_to_head_counts_only_players_in_the_tied_group() -> None:
    # 1 and 2 end level on two points. 2 beat 1 in their one meeting. Counting everyone met would
    # favour 1 instead (two wins over 3, against 2's loss to 4), so only the tied group may count.
    results = [
        result(1, 1, {1: 1, 3: 2}),
        result(2, 1, {1: 1, 3: 2}),
        result(2, 2, {4: 1, 2: 2}),
        result(3, 1, {2: 1, 1: 2}),
    ]
    byes = [(1, 2), (1, 4), (3, 3), (3, 4)]
    lines = standings([1, 2, 3, 4], results, byes, bye_points=1)
    assert [(line.user_id, line.points, line.place) for line in lines] == [(4, 3, 1), (2, 2, 2), (1, 2, 3), (3, 1, 4)]


def test_a_full_tie_shares_a_place_and_is_listed_by_user_id() -> None:
    results = [result(1, 1, {9: 1, 5: 2}, {9: 7, 5: 3}), result(1, 2, {3: 1, 8: 2}, {3: 7, 8: 1})]
    lines = standings([8, 5, 9, 3], results, [], bye_points=0)
    assert [(line.user_id, line.place) for line in lines] == [(3, 1), (9, 1), (5, 3), (8, 4)]


def test_byes_give_points_but_are_not_games() -> None:
    results = [result(1, 1, {1: 1, 2: 2}), result(2, 1, {1: 1, 3: 2})]
    lines = by_user(standings([1, 2, 3], results, [(1, 3), (2, 2)], bye_points=0.5))
    assert (lines[3].points, lines[3].byes, lines[3].games) == (0.5, 1, 1)
    assert (lines[2].points, lines[2].byes, lines[2].games) == (0.5, 1, 1)
    assert (lines[1].points, lines[1].byes, lines[1].games) == (2, 0, 2)


def test_a_bye_can_lift_a_player_above_one_who_played() -> None:
    results = [result(1, 1, {1: 1, 2: 2}, {1: 5, 2: 9})]
    # Without bye points, 3 ties 2 on zero points and loses on score; with them, 3 ties 1 instead.
    assert [line.user_id for line in standings([1, 2, 3], results, [(1, 3)], bye_points=0)] == [1, 2, 3]
    assert [line.user_id for line in standings([1, 2, 3], results, [(1, 3)], bye_points=1)] == [1, 3, 2]


def test_dropped_players_stay_listed_with_their_results() -> None:
    results = [result(1, 1, {1: 1, 2: 2}, {1: 30, 2: 10})]
    lines = by_user(standings([1, 2, 3], results, [(1, 3)], bye_points=1, dropped={1}))
    assert lines[1].dropped and not lines[2].dropped and not lines[3].dropped
    assert (lines[1].points, lines[1].score, lines[1].wins, lines[1].place) == (1, 30, 1, 1)


def test_players_without_results_still_appear() -> None:
    lines = standings([4, 2], [], [], bye_points=1)
    assert [(line.user_id, line.place, line.points, line.games) for line in lines] == [(2, 1, 0, 0), (4, 1, 0, 0)]


def test_points_that_add_up_differently_still_tie() -> None:
    # 2 earns 0.1 + 0.2, which is not exactly 0.3 in floating point; 1 and 4 earn 0.3 outright.
    results = [result(1, 1, {1: 1, 3: 2}), result(1, 2, {4: 1, 2: 2})]
    lines = standings([1, 2, 3, 4], results, [(2, 2)], scheme=(0.3, 0.1), bye_points=0.2)
    # All three tie on points and score, so head-to-head (4 beat 2) orders them.
    assert [(line.user_id, line.place) for line in lines] == [(4, 1), (1, 2), (2, 3), (3, 4)]


@settings(max_examples=150, deadline=None)
@given(
    tables=st.lists(
        st.lists(st.integers(1, 8), min_size=2, max_size=4, unique=True).flatmap(
            lambda seats: st.tuples(
                st.just(seats),
                st.lists(st.integers(1, len(seats)), min_size=len(seats), max_size=len(seats)),
                st.lists(st.integers(-5, 50), min_size=len(seats), max_size=len(seats)),
            )
        ),
        max_size=8,
    ),
    bye_users=st.lists(st.integers(1, 8), max_size=4),
    lower=st.booleans(),
)
def test_standings_are_consistently_ordered(
    tables: list[tuple[list[int], list[int], list[int]]], bye_users: list[int], lower: bool
) -> None:
    results = [
        result(i, 1, dict(zip(seats, ranks, strict=True)), dict(zip(seats, scores, strict=True)))
        for i, (seats, ranks, scores) in enumerate(tables)
    ]
    byes = [(i, user) for i, user in enumerate(bye_users)]
    lines = standings(list(range(1, 9)), results, byes, bye_points=1.5, lower_scores_win=lower)
    assert sorted(line.user_id for line in lines) == list(range(1, 9))
    for index, line in enumerate(lines):
        assert line.games == sum(line.user_id in r.ranks for r in results)
        assert line.byes == bye_users.count(line.user_id)
        assert line.points == pytest.approx(
            sum(table_points(r.ranks[line.user_id], len(r.ranks), None) for r in results if line.user_id in r.ranks)
            + 1.5 * line.byes
        )
        if index == 0:
            assert line.place == 1
            continue
        before = lines[index - 1]
        assert before.points >= line.points - 1e-9
        if before.points == pytest.approx(line.points):
            assert (before.score <= line.score) if lower else (before.score >= line.score)
        # Competition ranking: a place is either shared with the line above or equals the position.
        assert line.place in (before.place, index + 1)
        if line.place == before.place:
            assert before.user_id < line.user_id
