"""Mexican Train computers: the line planner, doubles played early, guesses that read open markers, and what a
playout is worth in a match."""

from __future__ import annotations

import random

from bot.computers import Budget, Seen, players
from bot.computers.mexican_train.plan import longest_chain
from bot.computers.mexican_train.players import WIN, planned, round_value
from bot.computers.mexican_train.read import Reading
from bot.computers.search import policy_playout
from bot.games.base import Action, resolve_options
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


def played_out(round_number: int, totals: list[int]) -> tuple[MexicanState, list[int]]:
    """Round `round_number` of a 13-round match played out as a search does (that round only), after `totals`: the
    finished state and the round's pips."""
    state = MEXICAN_TRAIN.setup(7, 2, resolve_options(MEXICAN_TRAIN.options, {"mode": "rounds"}))
    state.round = state.rounds = round_number
    state.totals = list(totals)
    end = policy_playout("mexican_train", planned)(state, 7, random.Random(7), 10_000)
    assert end.finished
    return end, end.history[-1].scores


def test_before_a_match_s_last_round_a_playout_is_worth_its_pip_margin_only() -> None:
    end, pips = played_out(5, [30, 0])
    assert pips[0] != pips[1]
    totals = [30 + pips[0], pips[1]]
    for seat in (0, 1):
        assert round_value(end, seat) == totals[1 - seat] - totals[seat]  # no bonus for the round's winner


def test_in_a_match_s_last_round_the_totals_decide_the_bonus() -> None:
    _, pips = played_out(13, [0, 0])
    winner = pips.index(min(pips))
    behind = [0, 0]
    behind[winner] = abs(pips[0] - pips[1]) + 1  # it wins the round and still loses the match by a pip
    end, _ = played_out(13, behind)
    assert round_value(end, winner) < 0 < WIN <= round_value(end, 1 - winner)
