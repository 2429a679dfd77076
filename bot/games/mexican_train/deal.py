"""Dealing a round: hand sizes, the engine double, and who opens."""

from __future__ import annotations

from bot.games.mexican_train import tiles
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom

ROUNDS_MATCH = 13
"""rules/mexican_train.txt: rounds use engines 12-12 down to 0-0."""


def hand_size(seats: int) -> int:
    """RULINGS: 15 tiles for 2–4 players, 11 for 5–6, 8 for 7–8."""
    return 15 if seats <= 4 else 11 if seats <= 6 else 8


def _deal(pool: list[int], seats: int, rng: GameRandom) -> tuple[list[list[int]], list[int]]:
    """Shuffle `pool` and deal a hand to each seat; the rest is the boneyard."""
    rng.shuffle(pool)
    size = hand_size(seats)
    hands = [sorted(pool[s * size : (s + 1) * size]) for s in range(seats)]
    return hands, pool[seats * size :]


def round_engine(round_number: int) -> int:
    """Rounds mode: round 1 uses 12-12, round 13 uses 0-0."""
    return tiles.HIGH + 1 - round_number


def deal_rounds(state: MexicanState, round_number: int, rng: GameRandom) -> None:
    """Rounds mode: set the round's engine aside, deal the rest; seat (r−1) mod n opens."""
    engine = round_engine(round_number)
    engine_tile = tiles.tile(engine, engine)
    pool = [t for t in tiles.ALL_TILES if t != engine_tile]
    state.hands, state.boneyard = _deal(pool, state.seats, rng)
    state.round, state.engine, state.engine_from = round_number, engine, None
    _open_round(state, (round_number - 1) % state.seats)


def deal_single(state: MexicanState, rng: GameRandom) -> None:
    """Single mode: the highest double in any hand becomes the engine, and its holder opens."""
    while True:
        hands, boneyard = _deal(list(tiles.ALL_TILES), state.seats, rng)
        doubles = [(t, seat) for seat, hand in enumerate(hands) for t in hand if tiles.is_double(t)]
        if doubles:  # RULINGS: if no hand has a double, redeal
            break
    engine_tile, holder = max(doubles)
    hands[holder].remove(engine_tile)
    state.hands, state.boneyard = hands, boneyard
    state.engine, state.engine_from = tiles.halves(engine_tile)[0], holder
    _open_round(state, holder)


def _open_round(state: MexicanState, leader: int) -> None:
    """Empty trains, no markers, nobody has had a turn yet."""
    seats = state.seats
    state.trains = [[] for _ in range(seats)]
    state.markers = [False] * seats
    state.mexican = None
    state.leader = state.turn = leader
    state.double_train = state.drawn = state.knock = None
    state.chain = False
    state.fresh = [True] * seats
    state.new_tiles = [[] for _ in range(seats)]
    state.new_cycle = True
    state.moves = []
