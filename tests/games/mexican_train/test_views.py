"""What each seat sees: its own tiles only, never another hand; and the state's JSON round trip."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import pytest

from bot.games.base import JSON
from bot.games.mexican_train import MEXICAN_TRAIN, tiles
from bot.games.mexican_train.state import TOOK, MexicanState
from tests.games.laws import mexican_scramble, mexican_tiles
from tests.games.mexican_train.playout import random_playout
from tests.games.mexican_train.position import act, arrange

GAMES = [
    (11, 2, {"mode": "single", "last_tile": "manual"}),
    (12, 5, {"mode": "single", "fast_start": True}),
    (13, 8, {"mode": "single", "fast_start": True, "last_tile": "manual"}),
    (14, 3, {"mode": "rounds", "last_tile": "manual"}),
]
"""(seed, seats, options) of the random games whose every state is looked at."""


def pairs_and_texts(value: JSON, inside_list: bool = False) -> Iterator[tuple[int, ...] | str]:
    """Every tile-shaped pair (two ints in a list of things) and every string in a view.

    Finished rounds are skipped: their hands are revealed to everyone on purpose.
    """
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "rounds_played":
                yield from pairs_and_texts(item)
    elif isinstance(value, list):
        if inside_list and len(value) == 2 and all(type(v) is int for v in value):
            yield tuple(value)
        for item in value:
            yield from pairs_and_texts(item, inside_list=True)


def leaked(view: JSON, secret: list[int]) -> list[str]:
    """The secret tiles that show up in a view, as pairs or written in any text."""
    found = list(pairs_and_texts(view))
    pairs = {f for f in found if isinstance(f, tuple)}
    text = "\n".join(f for f in found if isinstance(f, str))
    shown = []
    for t in secret:
        a, b = tiles.halves(t)
        if (a, b) in pairs or (b, a) in pairs or re.search(rf"(?<!\d)({a}-{b}|{b}-{a})(?!\d)", text):
            shown.append(tiles.name(t))
    return shown


def states() -> Iterator[MexicanState]:
    for seed, seats, options in GAMES:
        yield from random_playout(seed, seats, options, limit=400).states


@pytest.mark.parametrize(("seed", "seats", "options"), GAMES)
def test_no_view_shows_another_seats_hand(seed: int, seats: int, options: dict[str, object]) -> None:
    for state in random_playout(seed, seats, options, limit=400).states:
        spectator = MEXICAN_TRAIN.player_view(state, None)
        assert spectator["private"] is None and spectator["legal"] == []
        assert spectator["public"]["hands"] == [len(h) for h in state.hands]
        assert spectator["public"]["boneyard"] == len(state.boneyard)
        assert leaked(spectator, [t for hand in state.hands for t in hand] + state.boneyard) == []
        for seat in range(seats):
            view = MEXICAN_TRAIN.player_view(state, seat)
            assert view["private"]["hand"] == [tiles.pair(t) for t in state.hands[seat]]
            others = [t for s in range(seats) if s != seat for t in state.hands[s]]
            assert leaked(view, others + state.boneyard) == [], f"seat {seat} sees others' tiles"


def test_the_leak_check_finds_a_hand_tile() -> None:
    state = arrange(2, hands={0: ["12-5", "3-1"], 1: ["7-7"]})
    assert leaked(MEXICAN_TRAIN.player_view(state, 0), [tiles.tile(5, 12)]) == ["12-5"]
    assert leaked(MEXICAN_TRAIN.player_view(state, 1), [tiles.tile(5, 12)]) == []


def test_a_drawn_tile_is_shown_to_its_drawer_only() -> None:
    state = arrange(3, hands={0: ["3-1", "4-2"], 1: ["6-6"], 2: ["8-8"]}, draws=["12-11"])
    drew = act(state, 0, "draw")
    assert MEXICAN_TRAIN.player_view(drew, 0)["private"]["drawn"] == [12, 11]
    for viewer in (None, 1, 2):
        view = MEXICAN_TRAIN.player_view(drew, viewer)
        assert view["public"]["drew"] is True
        assert leaked(view, [tiles.tile(12, 11)]) == []


def test_the_rounds_public_moves_name_only_tiles_on_the_table() -> None:
    """A computer reads the other hands from these moves: a tile taken unseen is never named in them."""
    took = 0
    for state in states():
        placed = {tiles.tile(*tiles.halves(t)) for train in (*state.trains, state.mexican or []) for t in train}
        moves = MEXICAN_TRAIN.player_view(state, None)["public"]["moves"]
        assert {m[2] for m in moves if m[1] != TOOK} <= placed
        assert all(m[2] == -1 for m in moves if m[1] == TOOK)
        took += sum(m[1] == TOOK for m in moves)
    assert took


def test_state_json_round_trip_is_exact() -> None:
    for state in states():
        data = json.loads(json.dumps(MEXICAN_TRAIN.to_json(state)))
        back = MEXICAN_TRAIN.from_json(data)
        assert back == state
        assert MEXICAN_TRAIN.to_json(back) == data


def test_the_scramble_law_keeps_the_seats_own_tiles_and_every_count() -> None:
    state = arrange(3, hands={0: ["3-1", "4-2"], 1: ["6-6", "6-1"], 2: ["8-8"]}, draws=["12-11"])
    drew = act(state, 0, "draw")  # seat 0 must play 12-11: it stays put even for other viewers
    for viewer in (None, 0, 1):
        scrambled = mexican_scramble(drew, viewer, random.Random(5))
        assert mexican_tiles(scrambled) == mexican_tiles(drew)
        assert [len(h) for h in scrambled.hands] == [len(h) for h in drew.hands]
        assert tiles.tile(12, 11) in scrambled.hands[0] and scrambled.drawn == drew.drawn
        assert scrambled.new_tiles[0] == drew.new_tiles[0] and scrambled.new_tiles[0][0] in scrambled.hands[0]
        assert scrambled.boneyard != drew.boneyard
        if viewer is not None:
            assert scrambled.hands[viewer] == drew.hands[viewer]
        assert MEXICAN_TRAIN.player_view(scrambled, viewer) == MEXICAN_TRAIN.player_view(drew, viewer)
