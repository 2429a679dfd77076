"""Fast Train to Miyajima's rules, each pinned by a scenario (the rules text's examples included)."""

from __future__ import annotations

import pytest

from bot.engine.replay import replay
from bot.games.base import Action, IllegalAction, StaleMove
from bot.games.miyajima import MIYAJIMA, rules, scoring
from bot.games.miyajima.data import sheet
from bot.games.miyajima.state import MiyajimaState
from bot.games.rng import GameRandom
from bot.storage import ActionRow


class Rigged(GameRandom):
    """An RNG whose die rolls come out as given (so the rules text's examples can be replayed exactly)."""

    __slots__ = ("queue",)

    def __init__(self, values: list[int]) -> None:
        super().__init__(1, 1)
        self.queue = list(values)

    def randint(self, low: int, high: int) -> int:
        self.draws += 1
        value = self.queue.pop(0)
        assert low <= value <= high
        return value


def rigged(values: list[int]) -> GameRandom:
    """An RNG that rolls `values` in turn."""
    return Rigged(values)


def roll(state: MiyajimaState, die: str, value: int) -> MiyajimaState:
    return MIYAJIMA.apply(state, state.active, Action("roll", (die,)), rigged([value]))


def load(state: MiyajimaState, seat: int, colour: str, kind: str) -> MiyajimaState:
    return MIYAJIMA.apply(state, seat, Action("load", (colour, kind, state.roll_number)), GameRandom(1, 1))


def options(state: MiyajimaState, seat: int) -> set[tuple[str, int, str]]:
    return {(c.colour, c.value, c.kind) for c in rules.cargoes(state, seat)}


def with_trains(state: MiyajimaState, seat: int, **trains: tuple[list[int], list[int]]) -> MiyajimaState:
    """Set some of a seat's trains (fast, heavy) directly; six cars mean the destination is reached."""
    new = state.copy()
    sheet_ = new.own_sheet(seat)
    for colour, (fast, heavy) in trains.items():
        sheet_[colour] = {"fast": list(fast), "heavy": list(heavy)}
        if 6 in (len(fast), len(heavy)):
            new.reached[seat].append(colour)
    return new


def test_annas_round_blue_4_heavy_purple_6_fast_green_9_heavy() -> None:
    state = MIYAJIMA.setup(1, 2, {})
    state = roll(state, "blue", 4)
    assert options(state, 0) == {("blue", 4, "fast"), ("blue", 4, "heavy")}
    state = load(load(state, 0, "blue", "heavy"), 1, "blue", "fast")
    state = roll(state, "red", 2)
    assert ("purple", 6, "fast") in options(state, 0) and ("red", 2, "heavy") in options(state, 0)
    state = load(load(state, 0, "purple", "fast"), 1, "red", "fast")
    state = roll(state, "yellow", 5)
    assert {o[:2] for o in options(state, 0)} == {("yellow", 5), ("green", 9), ("orange", 7)}
    state = load(load(state, 0, "green", "heavy"), 1, "yellow", "fast")
    anna = state.sheets[0]
    assert anna["blue"]["heavy"] == [4] and anna["purple"]["fast"] == [6] and anna["green"]["heavy"] == [9]
    assert state.round == 2 and state.active == 1 and state.rolled == []


def test_cargo_goes_in_the_leftmost_car_as_the_running_total() -> None:
    state = with_trains(MIYAJIMA.setup(1, 1, {}), 0, blue=([3, 7], []))
    state = load(roll(state, "blue", 5), 0, "blue", "fast")
    assert state.sheets[0]["blue"]["fast"] == [3, 7, 12]


def test_must_load_purple_when_blue_is_blocked_and_red_was_rolled() -> None:
    state = with_trains(MIYAJIMA.setup(1, 1, {}), 0, blue=([1, 2, 3, 4, 5, 6], []))
    state = roll(state, "blue", 3)
    assert state.waiting == [] and state.phase == "roll", "blue alone can't be loaded: skipped"
    state = roll(state, "red", 2)
    state = load(state, 0, "red", "fast")
    state = roll(state, "yellow", 1)
    state = load(state, 0, "yellow", "fast")
    fresh = with_trains(MIYAJIMA.setup(1, 1, {}), 0, blue=([1, 2, 3, 4, 5, 6], []))
    fresh = load(roll(fresh, "red", 2), 0, "red", "fast")
    fresh = roll(fresh, "blue", 4)
    assert options(fresh, 0) == {("purple", 6, "fast"), ("purple", 6, "heavy")}, "must load purple"


def test_load_nothing_when_both_purple_and_blue_are_reached() -> None:
    done = [1, 2, 3, 4, 5, 6]
    state = with_trains(MIYAJIMA.setup(1, 2, {}), 0, blue=(done, []), purple=(done, []))
    state = load(roll(state, "red", 2), 0, "red", "fast")
    state = load(state, 1, "red", "fast")
    state = roll(state, "blue", 4)
    assert state.waiting == [1] and options(state, 0) == set()
    with pytest.raises(IllegalAction, match="already loaded this roll"):
        load(state, 0, "purple", "fast")


def test_a_combination_uses_only_dice_rolled_this_round() -> None:
    state = MIYAJIMA.setup(1, 1, {})
    for die, value in (("red", 1), ("yellow", 2), ("blue", 3)):
        state = load(roll(state, die, value), 0, die, "fast")
    assert state.round == 2 and state.rolled == []
    state = roll(state, "blue", 5)
    assert {o[0] for o in options(state, 0)} == {"blue"}, "last round's red and yellow are gone"


def test_only_the_active_player_rolls_and_only_unrolled_dice() -> None:
    state = MIYAJIMA.setup(1, 2, {})
    with pytest.raises(IllegalAction, match="Only the active player rolls"):
        MIYAJIMA.apply(state, 1, Action("roll", ("red",)), rigged([3]))
    state = load(load(roll(state, "red", 3), 0, "red", "fast"), 1, "red", "fast")
    with pytest.raises(IllegalAction, match="rolled this round already"):
        MIYAJIMA.apply(state, 0, Action("roll", ("red",)), rigged([3]))


def test_a_roll_waits_for_everyone_to_load_and_loading_twice_is_refused() -> None:
    state = roll(MIYAJIMA.setup(1, 3, {}), "red", 3)
    assert MIYAJIMA.to_act(state) == {0, 1, 2}
    state = load(state, 1, "red", "heavy")
    with pytest.raises(IllegalAction, match="already loaded"):
        load(state, 1, "red", "fast")
    with pytest.raises(IllegalAction, match="Everyone is still loading"):
        MIYAJIMA.apply(state, 0, Action("roll", ("blue",)), rigged([1]))


def test_the_final_round_is_completed_after_the_trigger() -> None:
    five = [1, 2, 3, 4, 5]
    state = with_trains(MIYAJIMA.setup(1, 1, {}), 0, red=(five, []), blue=([1, 2, 3, 4, 5, 6], []))
    state = load(roll(state, "red", 1), 0, "red", "fast")  # the 2nd destination for a solo player
    assert state.last_round and not state.finished
    state = roll(state, "yellow", 2)
    state = load(state, 0, "yellow", "fast")
    assert not state.finished, "the round goes on to its third die"
    state = roll(state, "blue", 3)
    assert options(state, 0) == {("purple", 4, "fast"), ("purple", 4, "heavy"), ("green", 5, "fast"),
                                 ("green", 5, "heavy")}  # fmt: skip
    state = load(state, 0, "green", "fast")
    assert state.finished and MIYAJIMA.outcome(state) is not None


def test_the_end_trigger_counts_distinct_destinations_by_player_count() -> None:
    board = sheet()
    assert [board.destinations_to_end(n) for n in range(1, 9)] == [2, 3, 4, 5, 6, 6, 6, 6]
    state = with_trains(MIYAJIMA.setup(1, 2, {}), 0, red=([1, 2, 3, 4, 5, 6], []))
    state = with_trains(state, 1, red=([1, 2, 3, 4, 5, 6], []), blue=([1, 2, 3, 4, 5], []))
    state = roll(state, "blue", 1)
    state = load(state, 1, "blue", "fast")
    assert not state.last_round, "red twice and blue: two distinct destinations of the three needed"


def test_adhering_trains_score_fast_cargo_and_heavy_cars_squared() -> None:
    trains = {"red": {"fast": [2, 5, 9], "heavy": [6, 12]}}
    score = scoring.colour_score(trains, "red", sheet())  # type: ignore[arg-type]
    assert (score.fast, score.heavy, score.adhered) == (9, 4, True)


def test_a_fast_train_not_closer_scores_cars_only() -> None:
    trains = {"red": {"fast": [2, 5], "heavy": [6, 12]}}
    score = scoring.colour_score(trains, "red", sheet())  # type: ignore[arg-type]
    assert (score.fast, score.heavy, score.adhered, score.why) == (2, 2, False, "fast not closer")


def test_a_heavy_train_not_heavier_scores_cars_only_and_a_tie_is_not_heavier() -> None:
    trains = {"blue": {"fast": [4, 8, 12], "heavy": [12]}}
    score = scoring.colour_score(trains, "blue", sheet())  # type: ignore[arg-type]
    assert (score.fast, score.heavy, score.adhered, score.why) == (3, 1, False, "heavy not heavier")


def test_the_purple_closeness_example_two_heavy_cars_beat_three_fast_ones() -> None:
    trains = {"purple": {"fast": [1, 2, 3], "heavy": [10, 20]}}
    score = scoring.colour_score(trains, "purple", sheet())  # type: ignore[arg-type]
    assert not score.adhered and score.why == "fast not closer"
    trains = {"purple": {"fast": [1, 2, 3, 4], "heavy": [10, 20]}}
    assert scoring.colour_score(trains, "purple", sheet()).adhered  # type: ignore[arg-type]


def test_equal_distance_is_a_tie_and_does_not_adhere() -> None:
    trains = {"yellow": {"fast": [1, 2], "heavy": [10, 20]}}
    assert scoring.colour_score(trains, "yellow", sheet()).why == "fast not closer"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("score", "title"),
    [(0, "Gandy Dancer"), (150, "Gandy Dancer"), (151, "Boilerman"), (180, "Boilerman"), (181, "Engineer"),
     (210, "Engineer"), (211, "Inspector"), (230, "Inspector"), (231, "Conductor"), (250, "Conductor"),
     (251, "Tycoon")],
)  # fmt: skip
def test_the_solo_rank_table_boundaries(score: int, title: str) -> None:
    assert sheet().rank(score) == title


def test_solo_goals() -> None:
    def scores(points: dict[str, int]) -> list[scoring.ColourScore]:
        return [scoring.ColourScore(c, p, 0, True, "") for c, p in points.items()]

    base = {"red": 20, "orange": 20, "yellow": 80, "green": 20, "blue": 20, "purple": 60}
    assert scoring.solo_goals(scores(base), []) == [True, False, False, False, False]
    rich = {c: 45 for c in base}
    assert scoring.solo_goals(scores(rich), ["red", "orange", "yellow", "green"]) == [False, True, True, False, True]


def test_the_timer_loads_the_fast_train_of_the_dies_own_colour() -> None:
    state = roll(MIYAJIMA.setup(1, 2, {}), "blue", 4)
    assert MIYAJIMA.default_action(state, 1) == Action("load", ("blue", "fast", 1))
    assert MIYAJIMA.default_action(MIYAJIMA.setup(1, 2, {}), 0) == Action("roll", ("red",))


def test_the_fast_legality_check_agrees_with_the_list_of_legal_moves() -> None:
    import random

    rnd = random.Random(5)
    for seed in range(5):
        state = MIYAJIMA.setup(seed, 3, {})
        for step in range(1, 200):
            if state.finished:
                break
            seat = rnd.choice(sorted(MIYAJIMA.to_act(state)))
            for other in range(3):
                legal = MIYAJIMA.legal_actions(state, other)
                candidates = [
                    *legal,
                    Action("roll", ("red",)),
                    Action("load", ("purple", "fast", state.roll_number)),
                    Action("x"),
                ]
                for action in candidates:
                    assert rules.is_legal(state, other, action) == (action in legal), (other, action)
            state = MIYAJIMA.apply(state, seat, rnd.choice(MIYAJIMA.legal_actions(state, seat)), GameRandom(seed, step))


def test_issue17_14_a_load_names_its_roll_and_a_load_of_an_earlier_roll_is_refused() -> None:
    state = roll(MIYAJIMA.setup(1, 2, {}), "blue", 4)
    assert MIYAJIMA.legal_actions(state, 1) == [
        Action("load", ("blue", "fast", 1)),
        Action("load", ("blue", "heavy", 1)),
    ]
    state = load(load(state, 0, "blue", "fast"), 1, "blue", "heavy")
    state = roll(state, "red", 2)
    with pytest.raises(
        IllegalAction, match=r"That load was for an earlier roll, which is over\. The red 2 is up now\."
    ):
        MIYAJIMA.apply(state, 0, Action("load", ("purple", "fast", 1)), GameRandom(1, 1))
    with pytest.raises(IllegalAction, match="before loads named their roll"):
        MIYAJIMA.apply(state, 0, Action("load", ("purple", "fast")), GameRandom(1, 1))


def test_item_4_9_only_a_load_from_an_old_menu_is_refused_as_stale() -> None:
    """Issue 32 item 4.9: a load of a roll that is over is a StaleMove (so the menu of now is sent); others are not."""
    state = roll(MIYAJIMA.setup(1, 2, {}), "blue", 4)
    state = roll(load(load(state, 0, "blue", "fast"), 1, "blue", "heavy"), "red", 2)
    for old in (Action("load", ("purple", "fast", 1)), Action("load", ("purple", "fast"))):
        with pytest.raises(StaleMove):
            MIYAJIMA.apply(state, 0, old, GameRandom(1, 1))
    for wrong in (Action("load", ("blue", "fast", 2)), Action("load", ("red", "fast", 3)), Action("roll", ("blue",))):
        with pytest.raises(IllegalAction) as refused:
            MIYAJIMA.apply(state, 0, wrong, GameRandom(1, 1))
        assert not isinstance(refused.value, StaleMove), wrong


def test_issue17_14_loads_logged_before_they_named_their_roll_still_replay() -> None:
    rows = [ActionRow(1, 1, 0, '["roll","blue"]', 10, False), ActionRow(1, 2, 0, '["load","blue","heavy"]', 20, False)]
    state = replay(MIYAJIMA, 7, 1, {}, rows)
    assert len(state.sheets[0]["blue"]["heavy"]) == 1 and state.phase == "roll"


def test_issue17_27_a_refused_load_names_its_reason() -> None:
    state = with_trains(MIYAJIMA.setup(1, 2, {}), 1, blue=([1, 2, 3, 4, 5, 6], []))
    state = roll(load(load(roll(state, "red", 3), 0, "red", "fast"), 1, "red", "fast"), "blue", 2)
    refusals = {
        ("blue", "fast"): "You've reached Paris: neither blue train takes cargo any more.",
        ("green", "fast"): "The blue 2 can't make green: it loads purple.",
        ("purple", "slow"): "Load the fast or the heavy train.",
        ("pink", "fast"): "There's no pink on the sheet.",
    }
    for (colour, kind), reason in refusals.items():
        with pytest.raises(IllegalAction) as refused:
            MIYAJIMA.apply(state, 1, Action("load", (colour, kind, state.roll_number)), GameRandom(1, 1))
        assert refused.value.message == reason
    with pytest.raises(IllegalAction) as blank:
        MIYAJIMA.apply(MIYAJIMA.setup(1, 2, {}), 0, Action("roll", (" ",)), GameRandom(1, 1))
    assert blank.value.message == "Name the die to roll: red, yellow or blue."


def test_issue17_27_a_colour_never_loaded_is_explained_as_nothing_loaded() -> None:
    trains = MIYAJIMA.setup(1, 1, {}).sheets[0]
    assert scoring.colour_score(trains, "red", sheet()).why == "nothing loaded"
    trains["red"]["heavy"] = [1]
    assert scoring.colour_score(trains, "red", sheet()).why == "fast not closer"
