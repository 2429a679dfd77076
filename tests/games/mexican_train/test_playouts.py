"""Random playouts in both modes: games end, tiles are conserved, every listed move applies, replays agree."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.mexican_train import MEXICAN_TRAIN, tiles
from bot.games.rng import GameRandom
from tests.games.laws import mexican_tiles
from tests.games.mexican_train.playout import MOVES_PER_ROUND, random_playout

SET = Counter(tiles.ALL_TILES)
seeds = st.integers(0, 2**32)
seat_counts = st.integers(2, 8)
last_tile = st.sampled_from(["auto", "manual"])


def check_playout(seed: int, seats: int, options: dict[str, object]) -> None:
    play = random_playout(seed, seats, options)
    final = play.states[-1]
    assert final.finished, f"no end after {len(play.moves)} moves"
    assert MEXICAN_TRAIN.outcome(final) is not None
    assert len(play.moves) <= final.rounds * MOVES_PER_ROUND
    assert len(final.history) == final.rounds
    for n, state in enumerate(play.states[:-1], start=1):
        assert mexican_tiles(state) == SET, f"tiles not conserved before move {n}"
        for seat in MEXICAN_TRAIN.to_act(state):
            for action in MEXICAN_TRAIN.legal_actions(state, seat):
                after = MEXICAN_TRAIN.apply(state, seat, action, GameRandom(seed, n))
                assert mexican_tiles(after) == SET, f"{action} by seat {seat} lost or made a tile"
    assert mexican_tiles(final) == SET
    assert MEXICAN_TRAIN.to_json(play.replayed()) == MEXICAN_TRAIN.to_json(final)


@settings(max_examples=20, deadline=None)
@given(seed=seeds, seats=seat_counts, fast_start=st.booleans(), last=last_tile)
def test_single_mode_random_playouts(seed: int, seats: int, fast_start: bool, last: str) -> None:
    check_playout(seed, seats, {"mode": "single", "fast_start": fast_start, "last_tile": last})


@settings(max_examples=3, deadline=None)
@given(seed=seeds, seats=seat_counts, fast_start=st.booleans(), last=last_tile)
def test_rounds_mode_random_playouts(seed: int, seats: int, fast_start: bool, last: str) -> None:
    check_playout(seed, seats, {"mode": "rounds", "fast_start": fast_start, "last_tile": last})
