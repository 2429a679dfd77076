"""Next Station Tokyo's drawing rules, cards, effects and rounds, each pinned by a hand-built scenario."""

from __future__ import annotations

from bot.games.base import seat_mark
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO, rules
from bot.games.next_station_tokyo.data import COLOURS, SYMBOLS, tokyo_map
from bot.games.next_station_tokyo.lines import Draw
from bot.games.next_station_tokyo.state import DECK, TokyoState
from tests.games.next_station_tokyo.scenarios import (
    Deck,
    draw,
    drawing,
    pass_,
    passing,
    refused,
    sheet,
    targets,
    tokyo,
)

FOUR_GREENS = ["green circle", "green square", "pink circle", "green triangle", "green pentagon"]
"""Five cards of a round, four of them green: a green card up after these is the round's fifth."""
ORANGE_TO_E4 = sheet(orange=[("G5", "F5"), ("F5", "E4")])
"""A sheet whose orange line runs G5 → F5 → E4, so that blue's E4 → F5 would draw F5–E4 a second time."""
STUCK_ORANGE = sheet(orange=[("G5", "H4"), ("G5", "G7"), ("G7", "F7")])
"""An orange line with ends H4 and F7 and no circle to reach: G5 and G7 are on it, F7 → C10 crosses the loop."""
BLUE_BENT = sheet(blue=[("E4", "F4"), ("F4", "F5")])
"""A blue line E4 → F4 → F5: its ends are E4 and F5, F4 is in the middle."""


def labels(state: TokyoState, seat: int) -> list[str]:
    """The menu labels of `seat`'s moves."""
    legal = NEXT_STATION_TOKYO.player_view(state, seat)["legal"]
    assert isinstance(legal, list)
    return [str(entry["label"]) for entry in legal if isinstance(entry, dict)]


def test_a_section_may_not_cross_another_line_and_the_reason_names_it() -> None:
    state = tokyo("green circle", sheets=[sheet(orange=[("F4", "E5")])])
    reason = refused(state, 0, drawing(state, "E4", "F5"))
    assert reason == "E4 → F5 would cross the orange line (E5–F4); lines may only meet at stations."
    assert ("E4", "F5") not in targets(state, 0)


def test_lines_may_touch_at_a_shared_station() -> None:
    state = tokyo("green triangle", 2, [sheet(orange=[("F4", "E5")])])
    assert ("E4", "E5") in targets(state, 0)
    assert draw(state, 0, "E4", "E5").sheets[0]["blue"] == [("E4", "E5")]


def test_the_green_loop_blocks_crossing() -> None:
    state = tokyo("green pentagon")
    assert refused(state, 0, drawing(state, "E4", "E2")) == (
        "E4 → E2 would cross the green line (D3–G3); lines may only meet at stations."
    )


def test_a_line_never_visits_a_station_twice() -> None:
    state = tokyo("green pentagon", sheets=[BLUE_BENT])
    assert refused(state, 0, drawing(state, "F5", "E4")) == (
        "Your blue line already visits E4: a line never visits a station twice."
    )
    assert targets(state, 0) == {("F5", "H7"), ("E4", "D3")}, "E4 is no target, though a pentagon next to F5"


def test_a_section_already_drawn_is_refused_without_double_rail() -> None:
    state = tokyo("green circle", sheets=[ORANGE_TO_E4])
    assert refused(state, 0, drawing(state, "E4", "F5")) == (
        "E4 → F5 is already drawn (orange line): a section is drawn only once, except with Double Rail Track."
    )


def test_double_rail_reuses_another_colours_section_once() -> None:
    state = tokyo("pink joker", 2, [ORANGE_TO_E4])
    assert rules.check(state, 0, "E4", "F5") == Draw("E4", ("F5",), reuses="orange")
    after = draw(state, 0, "E4", "F5")
    assert after.sheets[0]["blue"] == [("E4", "F5")]
    assert after.answers[0] == "E4 → F5 (double rail on orange)"


def test_double_rail_reuses_a_green_loop_section() -> None:
    line = sheet(blue=[("E4", "D3")])
    assert rules.check(tokyo("pink joker", sheets=[line]), 0, "D3", "G3") == Draw("D3", ("G3",), reuses="green")
    plain = tokyo("green pentagon", sheets=[line])
    assert "already drawn (green line)" in refused(plain, 0, drawing(plain, "D3", "G3"))


def test_double_rail_never_reuses_the_own_lines_section() -> None:
    state = tokyo("pink joker", sheets=[BLUE_BENT])
    assert refused(state, 0, drawing(state, "F5", "F4")) == (
        "Your blue line already visits F4: a line never visits a station twice."
    )
    assert not {("F5", "F4"), ("E4", "F4")} & targets(state, 0)


def test_double_rail_never_draws_a_section_a_third_time() -> None:
    twice = sheet(orange=[("G5", "F5"), ("F5", "E4")], purple=[("E4", "F5")])
    state = tokyo("pink joker", sheets=[twice])
    never_third = "Double Rail Track lets a section be drawn a second time, never a third."
    assert (
        refused(state, 0, drawing(state, "E4", "F5"))
        == f"E4 → F5 is already drawn (orange, purple line): {never_third}"
    )
    on_loop = tokyo("pink joker", sheets=[sheet(blue=[("E4", "D3")], orange=[("G3", "D3")])])
    assert refused(on_loop, 0, drawing(on_loop, "D3", "G3")).endswith(never_third)


def test_a_railroad_switch_as_the_first_card_does_nothing() -> None:
    state = TokyoState(sheets=[sheet()], objectives=[])
    rules.start_round(state, Deck(["pink switch", "green circle"]))
    assert state.flipped == ["pink switch", "green circle"] and state.card == "green circle"
    assert not state.switch
    assert "Railroad Switch: the next card is flipped at once (no effect so early in the round)." in state.events


def test_a_railroad_switch_as_the_second_card_does_nothing() -> None:
    state = pass_(tokyo("pink square"), 0, Deck(["pink switch", "green circle"]))
    assert state.flipped == ["pink square", "pink switch", "green circle"] and state.card == "green circle"
    assert not state.switch and state.waiting == [0]


def test_a_railroad_switch_as_the_third_card_works_on_the_next_card() -> None:
    state = pass_(tokyo("pink square", before=["green square"]), 0, Deck(["pink switch", "green circle"]))
    assert state.flipped[2:] == ["pink switch", "green circle"] and state.card == "green circle"
    assert state.switch
    assert any("its sections may leave any station of your line" in e for e in state.events)


def test_after_a_switch_a_section_may_leave_any_station_of_the_line() -> None:
    state = tokyo("green circle", 2, [BLUE_BENT], switch=True)
    assert rules.check(state, 0, "F4", "G5") == Draw("F4", ("G5",), from_anywhere=True)
    assert "from F4 (switch) → G5" in labels(state, 0)
    after = draw(state, 0, "F4", "G5")
    assert after.answers[0] == "from F4 (switch) → G5"
    assert rules.line_ends(after, 0) == ["E4", "F5", "G5"], "the branch makes a third end"


def test_without_a_switch_a_section_leaves_an_end() -> None:
    state = tokyo("green circle", sheets=[BLUE_BENT])
    assert (
        refused(state, 0, drawing(state, "F4", "G5")) == "Your blue line is continued from an end of your line: E4, F5."
    )
    switched = tokyo("green circle", sheets=[BLUE_BENT], switch=True)
    assert refused(switched, 0, drawing(switched, "G5", "F5")) == (
        "Your blue line is continued from any station of your line."
    )


def test_the_fourth_green_card_does_not_end_the_round() -> None:
    state = pass_(tokyo("green joker", before=FOUR_GREENS[:4]), 0, Deck(["pink triangle"]))
    assert state.round == 1 and state.card == "pink triangle" and len(state.flipped) == 6


def test_the_round_ends_on_the_fifth_green_card_and_colours_rotate() -> None:
    state = tokyo("green joker", 4, [sheet(blue=[("E4", "F5")])], before=FOUR_GREENS)
    for seat in range(3):
        state = pass_(state, seat)
    state = pass_(state, 3, Deck(["pink triangle"]))
    assert "Round 1 is over. Lines: <seat:0> blue 2×1 = 2;" in state.events[0]
    assert (
        state.round == 2
        and state.flipped == ["pink triangle"]
        and sorted(state.remaining) == sorted(c for c in DECK if c != "pink triangle")
    )
    board = tokyo_map()
    for seat in range(4):
        colour = COLOURS[(seat + 2 - 1) % 4]
        assert state.colour_of(seat) == colour
        assert {origin for origin, _ in targets(state, seat)} == {board.departures[colour]}


def test_the_first_section_leaves_the_departure_station() -> None:
    state = tokyo("green circle")
    assert refused(state, 0, drawing(state, "F4", "F5")) == "Your blue line is continued from an end of your line: E4."
    assert targets(state, 0) == {("E4", "F5")}


def test_the_symbol_must_match_the_card() -> None:
    state = tokyo("green circle")
    assert refused(state, 0, drawing(state, "E4", "E5")) == "The card shows a circle; E5 is a triangle."


def test_a_joker_allows_any_symbol() -> None:
    board = tokyo_map()
    reached = {board.stations[t].symbol for _, t in targets(tokyo("green joker"), 0)}
    assert reached == set(SYMBOLS)


def test_a_section_follows_one_guide_without_bending() -> None:
    state = tokyo("green circle")
    assert "isn't along a guide" in refused(state, 0, drawing(state, "E4", "G5"))


def test_a_section_never_passes_through_a_station() -> None:
    state = tokyo("green square")
    assert "isn't along a guide" in refused(state, 0, drawing(state, "E4", "E7")), "E5 is in the way"


def test_a_seat_with_no_legal_section_is_passed_at_once() -> None:
    state = pass_(tokyo("pink square", 2, [sheet(), STUCK_ORANGE]), 1)
    state = pass_(state, 0, Deck(["green circle"]))
    assert state.card == "green circle"
    assert state.waiting == [0] and state.answers[1] == "no section possible"
    assert f"No section possible for {seat_mark(1)}." in state.events
    assert NEXT_STATION_TOKYO.legal_actions(state, 1) == []


def test_a_solo_player_with_no_legal_section_sees_the_next_card_at_once() -> None:
    state = pass_(
        tokyo("pink square", sheets=[STUCK_ORANGE], round_number=2), 0, Deck(["green circle", "pink triangle"])
    )
    assert state.flipped[-2:] == ["green circle", "pink triangle"] and state.card == "pink triangle"
    assert state.waiting == [0]


def test_the_game_ends_after_round_four() -> None:
    state = pass_(tokyo("green joker", 2, before=FOUR_GREENS, round_number=4), 0)
    state = pass_(state, 1)
    assert state.finished and state.events[-1] == "The fourth line is drawn: the game is over."
    assert NEXT_STATION_TOKYO.outcome(state) is not None
    assert NEXT_STATION_TOKYO.to_act(state) == frozenset()
    assert NEXT_STATION_TOKYO.legal_actions(state, 0) == []
    assert NEXT_STATION_TOKYO.default_action(state, 0) is None


def test_round_three_is_not_the_last() -> None:
    state = pass_(tokyo("green joker", before=FOUR_GREENS, round_number=3), 0, Deck(["green triangle"]))
    assert not state.finished and state.round == 4 and state.colour_of(0) == "pink"


def test_passing_is_the_default_action() -> None:
    state = tokyo("green circle", 2)
    assert NEXT_STATION_TOKYO.default_action(state, 1) == passing(state)
    after = NEXT_STATION_TOKYO.apply(state, 1, NEXT_STATION_TOKYO.default_action(state, 1) or passing(state), Deck([]))
    assert after.waiting == [0] and after.answers[1] == "passed"
    assert NEXT_STATION_TOKYO.default_action(after, 1) is None


def test_a_seat_that_already_answered_is_refused() -> None:
    state = pass_(tokyo("green circle", 2), 0)
    assert (
        refused(state, 0, drawing(state, "E4", "F5")) == "You've already answered this card — wait for the next flip."
    )
    assert refused(state, 0, passing(state)) == "You've already answered this card — wait for the next flip."


def test_an_unknown_station_is_refused() -> None:
    state = tokyo("green circle")
    assert refused(state, 0, drawing(state, "E4", "Z9")) == "There's no station Z9 on the map."


def test_moves_after_the_game_are_refused() -> None:
    state = pass_(tokyo("green joker", before=FOUR_GREENS, round_number=4), 0)
    assert refused(state, 0, passing(state)) == "The game is over."
    assert refused(state, 0, drawing(state, "D6", "E5")) == "The game is over."


def test_express_draws_a_second_section_from_the_new_end() -> None:
    state = draw(tokyo("green circle", 2, effect="express"), 0, "E4", "F5")
    assert state.waiting == [0, 1] and state.express[0] == "F5"
    assert targets(state, 0) == {("F5", "G5")}, "from the new end, to the same symbol"
    assert refused(state, 0, drawing(state, "E4", "F5")) == "Your Express section leaves F5, the end you just drew."
    after = draw(state, 0, "F5", "G5")
    assert after.sheets[0]["blue"] == [("E4", "F5"), ("F5", "G5")]
    assert after.answers[0] == "E4 → F5, then F5 → G5" and after.waiting == [1]


def test_express_lets_the_second_section_go_by() -> None:
    state = pass_(draw(tokyo("green circle", 2, effect="express"), 0, "E4", "F5"), 0)
    assert state.sheets[0]["blue"] == [("E4", "F5")]
    assert state.answers[0] == "E4 → F5" and state.waiting == [1]


def test_express_ends_the_answer_when_no_second_section_fits() -> None:
    state = draw(tokyo("green square", 2, effect="express"), 0, "E4", "F4")
    assert state.waiting == [1] and state.express[0] is None, "F4 → F1, the only square, crosses the loop"


def test_straight_on_passes_stations_up_to_the_symbol() -> None:
    state = tokyo("green square", 2, round_number=2, effect="straight")
    assert rules.check(state, 0, "G5", "G8") == Draw("G5", ("G7", "G8"))
    after = draw(state, 0, "G5", "G8")
    assert after.sheets[0]["orange"] == [("G5", "G7"), ("G7", "G8")], "the passed station is on the line"
    assert after.answers[0] == "G5 → G8 via G7"
    plain = tokyo("green square", round_number=2)
    assert "isn't along a guide" in refused(plain, 0, drawing(plain, "G5", "G8"))


def test_straight_on_stops_at_the_first_station_with_the_symbol() -> None:
    state = tokyo("green circle", round_number=2, effect="straight")
    assert ("G5", "G7") in targets(state, 0)
    assert "isn't along a guide" in refused(state, 0, drawing(state, "G5", "G10")), "G7 is a circle already"


def test_the_double_rail_effect_reuses_another_colours_section() -> None:
    state = tokyo("green circle", sheets=[ORANGE_TO_E4], effect="double")
    assert rules.check(state, 0, "E4", "F5") == Draw("E4", ("F5",), reuses="orange")


def test_the_switch_effect_lets_a_section_leave_any_station() -> None:
    state = tokyo("green circle", sheets=[BLUE_BENT], effect="switch")
    assert rules.check(state, 0, "F4", "G5") == Draw("F4", ("G5",), from_anywhere=True)


def test_an_effect_comes_with_the_first_card_of_its_symbol_only() -> None:
    state = tokyo("pink square")
    state.effects_on, state.round_effect = True, ("circle", "express")
    state = pass_(state, 0, Deck(["pink circle"]))
    assert state.effect == "express" and state.effect_used
    assert "Card 2: pink circle — Express! (0 of 5 green)." in state.events
    state = pass_(state, 0, Deck(["green circle"]))
    assert state.card == "green circle" and state.effect is None
