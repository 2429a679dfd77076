"""The strong Mexican Train player's reading of the other hands: the decisions it reads back from the round's public
moves are the ones those seats faced, and a normal player's true hand explains them."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from bot.computers import Budget, Seen, players
from bot.computers.mexican_train.read import RECENT, Reading, decisions, explained
from bot.computers.mexican_train.sample import known_state
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.mexican_train.state import CHAINED, DRAWN, TOOK, MexicanState
from bot.games.rng import GameRandom

Decided = dict[int, MexicanState]
"""The state each public move of the round was decided in, by its index in the round's moves."""

NORMAL = players("mexican_train")["normal"]


def normal_round(seed: int, seats: int, options: dict[str, object]) -> Iterator[tuple[MexicanState, Decided]]:
    """A round of normal players: each state before a move, with the state each public move was decided in (a play
    of a drawn tile was decided before the draw), by its index in the round's moves."""
    state, step, pick = MEXICAN_TRAIN.setup(seed, seats, options), 0, random.Random(seed)
    decided: Decided = {}
    before_draw: MexicanState | None = None
    while MEXICAN_TRAIN.outcome(state) is None and state.round == 1:
        yield state, decided
        step += 1
        seat = pick.choice(sorted(MEXICAN_TRAIN.to_act(state)))
        seen = Seen("mexican_train", seat, seats, MEXICAN_TRAIN.player_view(state, seat))
        move = NORMAL.choose(seen, random.Random(step), Budget(playouts=1))
        new = MEXICAN_TRAIN.apply(state, seat, move, GameRandom(seed, step))
        if move.verb == "draw":
            before_draw = state
        if len(new.moves) > len(state.moves):
            index = len(state.moves)
            decided[index] = before_draw if new.moves[index].how == DRAWN and before_draw else state
        state = new


def expected(state: MexicanState, decided: Decided, seat: int) -> list[tuple[int, MexicanState]]:
    """The seat's decisions `decisions` should find, latest first: (index of its move, the state it decided in)."""
    found: list[tuple[int, MexicanState]] = []
    for index in range(len(state.moves) - 1, -1, -1):
        move = state.moves[index]
        if move.seat != seat or move.how == CHAINED:
            continue
        if move.how == TOOK or len(found) == RECENT:
            break
        found.append((index, decided[index]))
    return found


@pytest.mark.parametrize(
    ("seats", "options"), [(2, {}), (4, {}), (3, {"fast_start": True, "last_tile": "manual"})], ids=str
)
def test_each_decision_read_back_is_the_table_and_hand_that_seat_had(seats: int, options: dict[str, object]) -> None:
    checked = 0
    for seed in range(1, 6):
        for state, decided in normal_round(seed, seats, options):
            seen = Seen("mexican_train", state.turn, seats, MEXICAN_TRAIN.player_view(state, state.turn))
            table, counts = known_state(seen)
            for other in range(seats):
                if other == seen.seat:
                    continue
                read = decisions(table, counts, other, state.turn if state.drawn is not None else None)
                assert len(read) == len(expected(state, decided, other))
                for decision, (index, then) in zip(read, expected(state, decided, other), strict=True):
                    assert decision.table.trains == then.trains
                    assert decision.table.mexican == then.mexican
                    assert decision.table.markers == then.markers
                    assert decision.table.double_train == then.double_train
                    assert decision.counts == [len(h) for h in then.hands]
                    assert sorted(state.hands[other] + decision.played_since) == then.hands[other]
                    move = state.moves[index]
                    assert decision.chose == (None if move.how == DRAWN else (move.tile, move.train))
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("seats", [2, 4])
def test_a_normal_players_own_hand_explains_its_decisions(seats: int) -> None:
    """The reading checks a guess with a shorter look for the line than the normal player's: nearly always the same."""
    total = unexplained = 0
    for seed in range(1, 6):
        for state, _ in normal_round(seed, seats, {}):
            seen = Seen("mexican_train", state.turn, seats, MEXICAN_TRAIN.player_view(state, state.turn))
            table, counts = known_state(seen)
            for other in range(seats):
                if other != seen.seat:
                    for decision in decisions(table, counts, other, state.turn if state.drawn is not None else None):
                        total += 1
                        unexplained += not explained(decision, list(state.hands[other]), other)
    assert total > 200
    assert unexplained <= total // 100


def test_the_reading_weighs_the_true_hand_s_tiles_above_a_random_guess() -> None:
    """Over a round, the weighed guesses hold more of each other hand's real tiles than unweighed ones."""
    weighed = unweighed = 0.0
    for state, _ in normal_round(3, 2, {}):
        seen = Seen("mexican_train", state.turn, 2, MEXICAN_TRAIN.player_view(state, state.turn))
        reading = Reading.of(seen, random.Random(1), Budget(playouts=1))
        other = 1 - seen.seat
        if other not in reading.guesses:
            continue
        hands, weights = reading.guesses[other]
        real = set(state.hands[other])
        shares = [len(real.intersection(h)) / len(h) for h in hands]
        weighed += sum(s * w for s, w in zip(shares, weights, strict=True)) / sum(weights)
        unweighed += sum(shares) / len(shares)
    assert weighed > unweighed * 1.1


def test_a_strong_decision_keeps_to_its_budget_reading_included() -> None:
    """Well into a round, with decisions to read: the playouts get only what the reading leaves."""
    for state, _ in normal_round(2, 2, {}):
        if len(state.moves) >= 16 and state.drawn is None:
            break
    seen = Seen("mexican_train", state.turn, 2, MEXICAN_TRAIN.player_view(state, state.turn))
    assert Reading.of(seen, random.Random(1), Budget(playouts=1)).guesses
    started = time.process_time()
    players("mexican_train")["strong"].choose(seen, random.Random(1), Budget(seconds=0.2, cpu=True))
    assert time.process_time() - started < 0.23  # the reading alone may take up to a quarter of it


def test_at_a_bigger_table_the_other_hands_are_dealt_at_random() -> None:
    for state, _ in normal_round(2, 4, {}):
        if len(state.moves) >= 16:
            break
    seen = Seen("mexican_train", state.turn, 4, MEXICAN_TRAIN.player_view(state, state.turn))
    assert Reading.of(seen, random.Random(1), Budget(playouts=1)).guesses == {}
