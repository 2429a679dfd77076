"""Dealing: hand sizes, the engine double, who opens, redeals, and the 13-round match."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.mexican_train import MEXICAN_TRAIN, deal, tiles
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom
from tests.games.laws import mexican_tiles
from tests.games.mexican_train.position import SEED, arrange, play

SIZES = {2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8}
"""RULINGS: 15 tiles for 2–4 players, 11 for 5–6, 8 for 7–8."""


@pytest.mark.parametrize("seats", range(2, 9))
def test_single_mode_deals_by_player_count_and_the_engine_comes_from_its_holders_hand(seats: int) -> None:
    for seed in range(20):
        state = MEXICAN_TRAIN.setup(seed, seats, {})
        holder = state.engine_from
        assert holder is not None
        expected = [SIZES[seats] - (seat == holder) for seat in range(seats)]
        assert [len(h) for h in state.hands] == expected
        assert len(state.boneyard) == 91 - seats * SIZES[seats]
        assert mexican_tiles(state) == Counter(tiles.ALL_TILES)


@pytest.mark.parametrize("seats", range(2, 9))
def test_rounds_mode_deals_by_player_count_with_the_engine_set_aside(seats: int) -> None:
    state = MEXICAN_TRAIN.setup(SEED, seats, {"mode": "rounds"})
    assert [len(h) for h in state.hands] == [SIZES[seats]] * seats
    assert len(state.boneyard) == 90 - seats * SIZES[seats]
    assert state.engine == 12 and state.engine_from is None
    engine = tiles.tile(12, 12)
    assert all(engine not in hand for hand in state.hands) and engine not in state.boneyard
    assert mexican_tiles(state) == Counter(tiles.ALL_TILES)


@pytest.mark.parametrize("seats", range(2, 9))
def test_single_mode_engine_is_the_highest_double_dealt_and_its_holder_opens(seats: int) -> None:
    for seed in range(50):
        state = MEXICAN_TRAIN.setup(seed, seats, {})
        holder = state.engine_from
        doubles = [tiles.halves(t)[0] for hand in state.hands for t in hand if tiles.is_double(t)]
        assert all(d < state.engine for d in doubles), "a higher double than the engine was dealt"
        assert holder is not None and state.turn == state.leader == holder
        assert all(tiles.tile(state.engine, state.engine) not in hand for hand in state.hands)
        assert not any(state.trains) and state.mexican is None and not any(state.markers)


class ScriptedShuffle:
    """Stands in for the game's random generator: each shuffle puts the pool in the next scripted order."""

    def __init__(self, *orders: list[int]) -> None:
        self.orders = list(orders)
        self.shuffles = 0

    def shuffle(self, items: list[int]) -> None:
        assert sorted(items) == sorted(self.orders[0])
        items[:] = self.orders.pop(0)
        self.shuffles += 1


def test_single_mode_redeals_when_no_hand_holds_a_double() -> None:
    state = MEXICAN_TRAIN.setup(SEED, 2, {})
    singles = [t for t in tiles.ALL_TILES if not tiles.is_double(t)]
    doubles = [t for t in tiles.ALL_TILES if tiles.is_double(t)]
    no_double = singles + doubles  # 30 singles dealt, every double left in the boneyard
    five_five, nine_nine = tiles.tile(5, 5), tiles.tile(9, 9)
    rest = [t for t in singles if t not in no_double[:28]]
    rest += [t for t in doubles if t not in (five_five, nine_nine)]
    second = [*no_double[:14], five_five, *no_double[14:28], nine_nine, *rest]
    rng = ScriptedShuffle(no_double, second)
    deal.deal_single(state, rng)  # type: ignore[arg-type]
    assert rng.shuffles == 2, "the deal without doubles was kept"
    assert state.engine == 9 and state.engine_from == 1 and state.turn == 1
    assert nine_nine not in state.hands[1] and five_five in state.hands[0]
    assert mexican_tiles(state) == Counter(tiles.ALL_TILES)


def test_the_engine_holder_starts_with_a_free_engine_then_plays_one_tile() -> None:
    state = MEXICAN_TRAIN.setup(SEED, 3, {})
    holder = state.turn
    starters = [t for t in state.hands[holder] if tiles.fits(t, state.engine)]
    assert starters, "pick a seed whose engine holder can start a train"
    after = play(state, holder, tiles.name(starters[0]), holder)
    assert after.turn == (holder + 1) % 3
    assert len(after.trains[holder]) == 1


def test_rounds_mode_round_r_uses_engine_13_minus_r() -> None:
    assert [deal.round_engine(r) for r in range(1, 14)] == list(range(12, -1, -1))


def play_match(state: MexicanState, seed: int) -> tuple[MexicanState, list[tuple[int, int, int]]]:
    """Play to the end with every seat's default move; note (round, engine, leader) at each round's start."""
    starts = [(state.round, state.engine, state.turn)]
    step = 0
    while not state.finished:
        step += 1
        action = MEXICAN_TRAIN.default_action(state, state.turn)
        assert action is not None
        before = state.round
        state = MEXICAN_TRAIN.apply(state, state.turn, action, GameRandom(seed, step))
        if state.round != before and not state.finished:
            starts.append((state.round, state.engine, state.turn))
            assert state.leader == state.turn and not any(state.trains) and state.mexican is None
    return state, starts


@pytest.mark.parametrize("seats", [2, 3, 5, 8])
def test_rounds_mode_plays_13_rounds_each_led_by_seat_r_minus_1_and_lowest_total_wins(seats: int) -> None:
    state = MEXICAN_TRAIN.setup(SEED, seats, {"mode": "rounds"})
    final, starts = play_match(state, SEED)
    assert starts == [(r, 13 - r, (r - 1) % seats) for r in range(1, 14)]
    assert [r.round for r in final.history] == list(range(1, 14))
    assert [r.engine for r in final.history] == list(range(12, -1, -1))
    assert final.totals == [sum(r.scores[s] for r in final.history) for s in range(seats)]
    outcome = MEXICAN_TRAIN.outcome(final)
    assert outcome is not None and outcome.reason == "all 13 rounds played"
    assert outcome.scores == tuple(final.totals)
    assert set(outcome.winners()) == {s for s in range(seats) if final.totals[s] == min(final.totals)}


def test_rounds_mode_going_out_scores_the_round_and_deals_the_next() -> None:
    state = arrange(3, mode="rounds", hands={0: ["12-3"], 1: ["5-5", "0-7"], 2: ["9-8"]})
    state.totals = [10, 20, 30]
    after = play(state, 0, "12-3", 0)
    assert not after.finished and MEXICAN_TRAIN.outcome(after) is None
    assert after.history[-1].scores == [0, 10 + 32, 17] and after.history[-1].went_out == 0
    assert after.totals == [10, 62, 47]
    assert (after.round, after.engine, after.turn, after.leader) == (2, 11, 1, 1)
    assert [len(h) for h in after.hands] == [15, 15, 15]
    assert mexican_tiles(after) == Counter(tiles.ALL_TILES)
    assert "Round 2 begins with the 11-11 engine." in MEXICAN_TRAIN.narrate(after)


def test_the_last_round_uses_the_double_blank_and_ends_the_match() -> None:
    state = arrange(2, mode="rounds", engine=0, hands={0: ["3-0"], 1: ["12-12", "6-6"]})
    state.round, state.totals = 13, [100, 90]
    after = play(state, 0, "3-0", 0)
    assert after.finished and after.totals == [100, 90 + 36]
    outcome = MEXICAN_TRAIN.outcome(after)
    assert outcome is not None and outcome.winners() == (0,) and outcome.ranks == (1, 2)
