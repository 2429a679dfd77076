"""Mexican Train as a seat sees it: the table and its own hand, the other hands and the boneyard left empty."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.computers.base import Seen
from bot.games.mexican_train import tiles
from bot.games.mexican_train.state import MEXICAN, MexicanState, Move


def _code(pair: Sequence[int], *, oriented: bool = False) -> int:
    """A view's [a, b] pair as a code (canonical for a hand tile, oriented for a placed one)."""
    a, b = int(pair[0]), int(pair[1])
    return a * tiles.BASE + b if oriented else tiles.tile(a, b)


def _train(pairs: Any) -> list[int]:
    return [_code(p, oriented=True) for p in pairs]


def known_state(seen: Seen) -> tuple[MexicanState, list[int]]:
    """The game as the seat sees it (its own hand and the table; other hands and the boneyard empty), and the
    number of tiles each hand holds."""
    public, private = seen.public, seen.private
    seats, seat = seen.seats, seen.seat
    counts = [int(n) for n in public["hands"]]
    hands: list[list[int]] = [[] for _ in range(seats)]
    hands[seat] = sorted(_code(p) for p in private["hand"])
    trains = [_train(t["tiles"]) for t in public["trains"]]
    markers = [bool(t["open"]) for t in public["trains"]]
    double = public["double"]
    drawn = private["drawn"]
    turn = public["turn"]
    leader = int(public["leader"])
    turn_seat = leader if turn is None else int(turn)
    state = MexicanState(
        mode=public["mode"],
        fast_start=bool(public["fast_start"]),
        manual_knock=public["last_tile"] == "manual",
        rounds=int(public["round"]),  # a guess plays out this round only: its pips are what the search scores
        round=int(public["round"]),
        engine=int(public["engine"]),
        engine_from=public["engine_from"],
        leader=leader,
        hands=hands,
        boneyard=[],
        trains=trains,
        markers=markers,
        mexican=None if public["mexican"] is None else _train(public["mexican"]),
        turn=turn_seat,
        double_train=None if double is None else MEXICAN if double["train"] == "mexican" else int(double["train"]),
        drawn=None if drawn is None else _code(drawn),
        chain=public["chain"] is not None,
        fresh=_fresh(trains, markers, leader, turn_seat, bool(public["new_cycle"])),
        knock=public["knock"],
        new_tiles=[[] for _ in range(seats)],
        totals=[int(t) for t in public["totals"]],
        finished=bool(public["finished"]),
        moves=[Move.from_json(m) for m in public["moves"]],
    )
    state.new_tiles[seat] = [_code(p) for p in private["new_tiles"]]
    return state, counts


def _fresh(trains: list[list[int]], markers: list[bool], leader: int, turn: int, new_cycle: bool) -> list[bool]:
    """A guess at who has not had a first turn this round (fast start only): the view does not say.

    Seats from the one to act round to the leader, with an empty train and no marker, while the table is young."""
    seats = len(trains)
    placed = sum(len(t) for t in trains)
    fresh = [False] * seats
    if placed > seats * 3 or (new_cycle and placed):
        return fresh
    for step in range(seats):
        s = (turn + step) % seats
        if step and s == leader:
            break
        fresh[s] = not trains[s] and not markers[s]
    return fresh


def unseen(state: MexicanState, seat: int) -> list[int]:
    """The tiles the seat cannot see, in set order: the set minus the engine, its hand and every train."""
    seen = {tiles.tile(state.engine, state.engine), *state.hands[seat]}
    for train in (*state.trains, state.mexican or []):
        seen.update(tiles.tile(*tiles.halves(placed)) for placed in train)
    return [t for t in tiles.ALL_TILES if t not in seen]
