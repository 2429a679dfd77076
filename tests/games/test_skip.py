"""Issue 17, item 33: a timeout's `skip` exists only where a game's rules have a pass, and is that pass.

Mexican Train: draw once and pass, opening your train (mid fast start: end it). Next Station Tokyo: pass the card.
Fast Train to Miyajima (every player must load when they can), Ticket to Ride: Japan and Toyko Train have none.
"""

from __future__ import annotations

import pytest

from bot.engine.timers import can_skip
from bot.games import REGISTRY
from bot.games.base import Action, Game
from bot.games.mexican_train.state import MexicanState
from bot.games.rng import GameRandom
from tests.games.laws import SCRAMBLE
from tests.games.test_contract import GAMES, Playout, label, on_playouts

SKIPPING = [g for g in GAMES if g.name in REGISTRY and can_skip(g)]
SKIP_PLAYOUTS = 5
"""The first five of each game's contract playouts (tests/games/test_contract.py)."""


def test_item33_skip_exists_exactly_where_the_rules_have_a_pass() -> None:
    assert {name for name, game in REGISTRY.items() if can_skip(game)} == {"mexican_train", "next_station_tokyo"}


def train_tiles(state: MexicanState) -> int:
    return sum(len(train) for train in state.trains) + len(state.mexican or [])


@pytest.mark.parametrize("game", SKIPPING, ids=[label(g) for g in SKIPPING])
@on_playouts(SKIP_PLAYOUTS)
def test_item33_a_skip_is_a_pass_and_uses_only_what_its_seat_may_see(game: Game, play: Playout) -> None:
    rnd = play.chooser("skip scramble")
    skip_action = game.skip_action  # type: ignore[attr-defined]
    for n, state in enumerate(play.states, start=1):
        for seat in sorted(game.to_act(state)):
            skip: Action | None = skip_action(state, seat)
            if game.default_action(state, seat) is None:
                assert skip is None, "a seat that need not act has nothing to skip"
                continue
            assert skip is not None
            scramble = SCRAMBLE.get(game.name)
            if scramble is not None:
                assert skip_action(scramble(state, seat, rnd), seat) == skip, "the skip followed a hidden secret"
            after = game.apply(state, seat, skip, GameRandom(play.seed, n))
            if game.name == "next_station_tokyo":
                assert skip == game.default_action(state, seat) and skip.verb == "pass"
            elif len(after.history) == len(state.history):  # (a skip that blocks the round deals the next one)
                assert train_tiles(after) == train_tiles(state), "a skipped Mexican Train turn places no tile"
                assert len(after.hands[seat]) <= len(state.hands[seat]) + 1
                if skip.verb == "skip":
                    assert after.markers[seat] and after.turn != seat, "the train opens and the turn passes"


def test_item33_a_mexican_skip_draws_and_passes_even_with_a_tile_that_fits() -> None:
    game = REGISTRY["mexican_train"]
    state = game.setup(11, 3, {})
    seat = state.turn
    assert any(a.verb == "play" for a in game.legal_actions(state, seat)), "the seed deals a playable first hand"
    skip = game.skip_action(state, seat)  # type: ignore[attr-defined]
    assert skip == Action("skip") and skip not in game.legal_actions(state, seat), "never a player's choice"
    after = game.apply(state, seat, skip, GameRandom(11, 1))
    assert len(after.hands[seat]) == len(state.hands[seat]) + 1 and len(after.boneyard) == len(state.boneyard) - 1
    assert after.markers[seat] and after.turn == (seat + 1) % 3 and train_tiles(after) == train_tiles(state)
    assert "passes and their train is open" in " ".join(game.narrate(after))
