"""Mexican Train positions for scenario tests: a real setup, then chosen hands, trains and draws.

Tiles are written as players type them ("12-5"); a train lists its tiles from the hub outwards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

import pytest

from bot.games.base import Action, IllegalAction
from bot.games.mexican_train import MEXICAN_TRAIN, deal, tiles
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom

SEED = 7


def code(name: str) -> int:
    """The canonical code of a typed tile."""
    found = tiles.parse(name)
    assert found is not None, name
    return found


def names(codes: Iterable[int]) -> list[str]:
    """Codes as players write them."""
    return [tiles.name(c) for c in codes]


def laid(names_: Sequence[str], engine: int) -> list[int]:
    """A train's tiles, oriented from the engine outwards."""
    placed, end = [], engine
    for name in names_:
        a, b = tiles.halves(code(name))
        assert end in (a, b), f"{name} does not join {end}"
        leaves = b if a == end else a
        placed.append(tiles.oriented(end, leaves))
        end = leaves
    return placed


def arrange(
    seats: int = 3,
    *,
    hands: Mapping[int, Sequence[str]],
    turn: int = 0,
    engine: int = 12,
    trains: Mapping[int, Sequence[str]] | None = None,
    mexican: Sequence[str] | None = None,
    markers: Iterable[int] = (),
    draws: Sequence[str] = (),
    stock: bool = True,
    mode: str = "single",
    **options: object,
) -> MexicanState:
    """A position built from a real setup, every seat's tiles chosen or filled from the unused ones.

    `draws` are the next tiles drawn, in order; below them lie the unused tiles when `stock`,
    else nothing (tiles in no hand, train or boneyard are then simply out of this scenario).
    """
    state = MEXICAN_TRAIN.setup(SEED, seats, {"mode": mode, **options})
    trains = trains or {}
    chosen = [code(n) for hand in hands.values() for n in hand] + [code(n) for n in draws]
    chosen += [code(n) for train in trains.values() for n in train] + [code(n) for n in mexican or ()]
    chosen.append(tiles.tile(engine, engine))
    assert len(chosen) == len(set(chosen)), "a tile is placed twice"
    rest = [t for t in tiles.ALL_TILES if t not in chosen]
    random.Random(SEED).shuffle(rest)
    for seat in range(seats):
        if seat in hands:
            state.hands[seat] = sorted(code(n) for n in hands[seat])
        else:
            size = deal.hand_size(seats)
            state.hands[seat], rest = sorted(rest[:size]), rest[size:]
    state.boneyard = (rest if stock else []) + [code(n) for n in reversed(draws)]
    state.engine, state.engine_from = engine, None
    state.trains = [laid(trains.get(seat, ()), engine) for seat in range(seats)]
    state.mexican = None if mexican is None else laid(mexican, engine)
    state.markers = [seat in set(markers) for seat in range(seats)]
    state.turn = state.leader = turn
    state.events = []
    return state


def act(state: MexicanState, seat: int, verb: str, *args: str | int, step: int = 1) -> MexicanState:
    """`seat` makes a move (with step `step`'s random generator, which deals a new round)."""
    return MEXICAN_TRAIN.apply(state, seat, Action(verb, args), GameRandom(SEED, step))


def play(state: MexicanState, seat: int, tile: str, where: str | int) -> MexicanState:
    """`seat` plays `tile` on a train: a seat number, "mexican" or "start"."""
    return act(state, seat, "play", tile, where)


def refusal(state: MexicanState, seat: int, verb: str, *args: str | int) -> str:
    """The reason a move is refused (the test fails if it is allowed)."""
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, verb, *args)
    return refused.value.message


def legal(state: MexicanState, seat: int) -> list[tuple[object, ...]]:
    """`seat`'s legal moves as plain tuples: ("play", "12-5", 0), ("draw",), ..."""
    return [(a.verb, *a.args) for a in MEXICAN_TRAIN.legal_actions(state, seat)]


def plays(state: MexicanState, seat: int) -> set[tuple[str, str | int]]:
    """`seat`'s legal placements as (tile, train)."""
    return {(str(a.args[0]), a.args[1]) for a in MEXICAN_TRAIN.legal_actions(state, seat) if a.verb == "play"}


def narrated(state: MexicanState) -> str:
    """What the last move caused, as one line."""
    return " ".join(MEXICAN_TRAIN.narrate(state))
