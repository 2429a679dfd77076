"""Mexican Train computers: the line planner, doubles played early, and guesses that read open markers."""

from __future__ import annotations

import random

from bot.computers import Budget, Seen, players
from bot.computers.mexican_train_plan import longest_chain
from bot.computers.mexican_train_read import Reading
from bot.games.base import Action
from bot.games.mexican_train import MEXICAN_TRAIN, tiles
from bot.games.mexican_train.state import MexicanState


def test_the_longest_line_and_its_first_tile() -> None:
    hand = [tiles.tile(12, 5), tiles.tile(5, 7), tiles.tile(7, 7), tiles.tile(3, 4), tiles.tile(12, 1)]
    line, first = longest_chain(hand, 12)
    assert line == {tiles.tile(12, 5), tiles.tile(5, 7), tiles.tile(7, 7)}
    assert first == tiles.tile(12, 5)
    assert longest_chain(hand, 9) == (set(), None)


def table(hand: list[int], markers: list[bool]) -> MexicanState:
    """Seat 0 to act on 12-12 with `hand`; seat 1 holds the rest of a fixed deal."""
    state = MEXICAN_TRAIN.setup(3, 2, {})
    rest = [t for t in tiles.ALL_TILES if t not in hand and t != tiles.tile(12, 12)]
    state.hands = [sorted(hand), rest[:10]]
    state.boneyard = rest[10:]
    state.engine, state.turn, state.leader = 12, 0, 0
    state.trains = [[], [tiles.oriented(12, 6)]]
    state.markers = markers
    state.fresh = [False, False]
    return state


def choice(state: MexicanState, level: str = "normal") -> Action:
    seen = Seen("mexican_train", 0, 2, MEXICAN_TRAIN.player_view(state, 0))
    return players("mexican_train")[level].choose(seen, random.Random(1), Budget(playouts=1))


def test_normal_plays_a_double_it_can_cover_before_a_plain_tile() -> None:
    state = table([tiles.tile(11, 11), tiles.tile(11, 3), tiles.tile(12, 4), tiles.tile(4, 9)], [False, False])
    state.trains = [[tiles.oriented(12, 11)], [tiles.oriented(12, 6)]]
    assert choice(state).args[:2] == ("11-11", 0)


def test_a_guess_deals_a_player_with_its_marker_out_no_tile_for_its_open_end() -> None:
    hand = [tiles.tile(12, 3), tiles.tile(2, 2)]
    for markers, lacking in (([False, True], True), ([False, False], False)):
        state = table(hand, markers)
        seen = Seen("mexican_train", 0, 2, MEXICAN_TRAIN.player_view(state, 0))
        reading = Reading.of(seen, random.Random(1), Budget(playouts=1))
        guesses = [reading.sample(seen, random.Random(seed)) for seed in range(20)]
        assert all(len(g.hands[1]) == 10 and g.hands[0] == sorted(hand) for g in guesses)
        fits = [any(tiles.fits(t, 6) for t in g.hands[1]) for g in guesses]
        assert not any(fits) if lacking else any(fits)
