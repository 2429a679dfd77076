"""Next Station Tokyo's scoring on hand-drawn sheets: lines, interchanges, outer districts, misses, objectives."""

from __future__ import annotations

import pytest

from bot.games.next_station_tokyo import NEXT_STATION_TOKYO, scoring
from bot.games.next_station_tokyo.data import Sheet, TokyoMap, tokyo_map
from tests.games.next_station_tokyo.scenarios import Section, sheet, tokyo

FIVE_DISTRICTS = [("D2", "D3"), ("D3", "E4"), ("E4", "F4"), ("F4", "F5"), ("F5", "G5"), ("G5", "J5")]
"""D2 (n), D3 E4 F4 (cn), F5 (c), G5 (ce), J5 (e): the rules text's example, 5 districts and 3 stations in one."""
SEVEN_DISTRICTS = [
    ("A1", "B2"), ("B2", "D2"), ("D2", "D3"), ("D3", "E4"), ("E4", "F5"), ("F5", "G5"), ("G5", "J5"), ("J5", "J7"),
    ("J7", "I8"),
]  # fmt: skip
"""nw, n, cn, c, ce, e, se: seven districts, at most two stations in each."""
ALL_LOOP = sheet(
    blue=[("D3", "E4"), ("E4", "C4")],
    orange=[("G3", "G5"), ("G5", "H4")],
    purple=[("H7", "G7"), ("G7", "G8")],
    pink=[("D8", "D6"), ("D6", "C7")],
)
"""Every green-loop station on one coloured line: 8 interchanges of two lines."""
FIVE_LOOP = sheet(blue=[("D3", "E4"), ("E4", "C4")], orange=[("G3", "G5"), ("G5", "H4")], purple=[("H7", "G7")])
"""Five green-loop stations on a coloured line: 5 interchanges."""
ALL_DISTRICTS = sheet(
    blue=[("A1", "B2"), ("B2", "E5"), ("E5", "D6"), ("D6", "B6")],
    orange=[("H1", "I2"), ("I2", "I4"), ("I4", "H4")],
    purple=[("C9", "F9"), ("F9", "F7"), ("F7", "G7"), ("G7", "I9")],
    pink=[("D2", "D3")],
)
"""nw c cw w, ne e ce, sw s cs se, n cn: all 13 districts between the four lines."""
SPLIT_SEVEN = sheet(
    blue=[("A1", "B2"), ("B2", "D2"), ("D2", "D3")], orange=[("F5", "G5"), ("G5", "J5"), ("J5", "J7"), ("J7", "I8")]
)
"""Seven districts between two lines (nw n cn, c ce e se), neither line through more than four."""


@pytest.fixture(scope="module")
def board() -> TokyoMap:
    """The real map."""
    return tokyo_map()


def on_d3(*colours: str) -> Sheet:
    """A sheet where each given colour visits D3 (a loop station) from a different neighbour."""
    neighbours = iter(["E4", "D2", "D6", "A3"])
    return sheet(**{c: [(next(neighbours), "D3")] for c in colours})


def test_the_rules_example_five_districts_and_three_stations_in_one_score_15(board: TokyoMap) -> None:
    score = scoring.line_score(FIVE_DISTRICTS, board)
    assert (score.districts, score.most, score.points) == (5, 3, 15)


def test_a_line_with_no_section_scores_nothing(board: TokyoMap) -> None:
    assert scoring.line_score([], board) == scoring.LineScore(0, 0)
    assert scoring.line_score([], board).points == 0


def test_a_lines_score_counts_each_station_once(board: TokyoMap) -> None:
    branched: list[Section] = [("E4", "F4"), ("F4", "F5"), ("F4", "G5")]
    assert scoring.line_score(branched, board) == scoring.LineScore(3, 2), "cn: E4 F4; c: F5; ce: G5"


@pytest.mark.parametrize(
    ("colours", "size", "points"),
    [
        (("blue",), 2, 0),
        (("blue", "orange"), 3, 5),
        (("blue", "orange", "purple"), 4, 15),
        (("blue", "orange", "purple", "pink"), 5, 30),
    ],
)
def test_interchange_points_count_the_green_loop_as_a_line(
    board: TokyoMap, colours: tuple[str, ...], size: int, points: int
) -> None:
    score = scoring.sheet_score(on_d3(*colours), board, [])
    assert score.interchanges == {size: 1}
    assert score.interchange_points == points


def test_two_coloured_lines_off_the_loop_make_a_two_line_interchange(board: TokyoMap) -> None:
    score = scoring.sheet_score(sheet(blue=[("E4", "E5")], orange=[("G5", "F6"), ("F6", "E5")]), board, [])
    assert score.interchanges == {2: 1} and score.interchange_points == 0


@pytest.mark.parametrize(
    ("drawn", "districts", "points"),
    [
        (sheet(blue=[("A1", "C1")], orange=[("A1", "B2")]), ("nw",), 10),
        (sheet(blue=[("A1", "C1")], orange=[("A1", "B2"), ("B2", "C1")]), ("nw",), 10),
        (sheet(blue=[("D2", "E2")], orange=[("D2", "B4")]), ("n",), 5),
        (sheet(blue=[("A1", "C1")], orange=[("B2", "D2")]), (), 0),
        (sheet(blue=[("E4", "D3")]), (), 0),
        (sheet(blue=[("E4", "E5")], orange=[("G5", "F6"), ("F6", "E5")]), (), 0),
    ],
    ids=["corner", "corner-once-for-two", "edge", "outer-without-interchange", "inner-on-loop", "inner"],
)
def test_outer_districts_score_with_an_interchange_inside(
    board: TokyoMap, drawn: Sheet, districts: tuple[str, ...], points: int
) -> None:
    score = scoring.sheet_score(drawn, board, [])
    assert score.bonus_districts == districts
    assert score.bonus_points(board) == points


def test_each_loop_station_on_none_of_your_lines_costs_3(board: TokyoMap) -> None:
    assert scoring.sheet_score(sheet(), board, []).misses == 8
    assert scoring.sheet_score(sheet(), board, []).total(board) == -24
    touched = scoring.sheet_score(sheet(blue=[("E4", "D3")], orange=[("G5", "G3"), ("G5", "H4")]), board, [])
    assert touched.misses == 5
    assert touched.total(board) == 2 + 4 - 15, "blue 1×2, orange 2×2, 5 misses, no points for 2-line interchanges"


@pytest.mark.parametrize(
    ("index", "met", "unmet"),
    [
        (0, ALL_LOOP, FIVE_LOOP),
        (1, ALL_DISTRICTS, sheet(**{c: ALL_DISTRICTS[c] for c in ("blue", "orange", "purple")})),
        (2, ALL_LOOP, sheet(**{c: ALL_LOOP[c] for c in ("blue", "orange", "purple")})),
        (3, sheet(orange=SEVEN_DISTRICTS), SPLIT_SEVEN),
        (4, on_d3("blue", "orange", "purple"), on_d3("blue", "orange")),
    ],
    ids=["6 interchanges", "13 districts", "8 loop stations", "7 districts", "4-line interchange"],
)
def test_each_objective_met_or_not(board: TokyoMap, index: int, met: Sheet, unmet: Sheet) -> None:
    assert scoring.sheet_score(met, board, [index]).objectives == (True,)
    assert scoring.sheet_score(unmet, board, [index]).objectives == (False,)


def test_the_seven_district_line_is_one_line(board: TokyoMap) -> None:
    assert scoring.line_score(SEVEN_DISTRICTS, board) == scoring.LineScore(7, 2)


def test_objectives_add_10_each_only_when_in_play(board: TokyoMap) -> None:
    base = scoring.sheet_score(ALL_LOOP, board, []).total(board)
    assert scoring.sheet_score(ALL_LOOP, board, [1]).total(board) == base, "13 districts: not met"
    assert scoring.sheet_score(ALL_LOOP, board, [0]).total(board) == base + 10
    assert scoring.sheet_score(ALL_LOOP, board, [0, 2]).total(board) == base + 20
    assert scoring.sheet_score(ALL_LOOP, board, [1, 2]).objectives == (False, True)


def test_the_total_adds_every_part(board: TokyoMap) -> None:
    drawn = sheet(blue=[("E4", "D3")], orange=[("D2", "D3")], purple=[("D2", "E2")])
    score = scoring.sheet_score(drawn, board, [4])
    assert {c: s.points for c, s in score.lines.items()} == {"blue": 2, "orange": 2, "purple": 2, "pink": 0}
    assert score.interchanges == {3: 1, 2: 1} and score.interchange_points == 5
    assert score.bonus_districts == ("n",) and score.misses == 7 and score.objectives == (False,)
    assert score.total(board) == 6 + 5 + 5 - 21


def test_the_outcome_ranks_by_total_and_ties_share_a_place() -> None:
    state = tokyo("green joker", 3, [sheet(), sheet(blue=[("E4", "D3")], orange=[("D2", "D3")], purple=[("D2", "E2")])])
    assert NEXT_STATION_TOKYO.outcome(state) is None
    state.finished = True
    outcome = NEXT_STATION_TOKYO.outcome(state)
    assert outcome is not None
    assert outcome.scores == (-24, -5, -24) and outcome.ranks == (2, 1, 2)
    assert outcome.winners() == (1,)
