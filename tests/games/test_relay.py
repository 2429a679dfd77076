"""The test-only Relay game and its laws: the facts the contract suite and engine tests rely on."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.base import Action
from bot.games.rng import GameRandom
from tests.games.laws import relay_components, relay_scramble
from tests.support.relay_game import RELAY


@pytest.mark.parametrize("seats", range(RELAY.min_seats, RELAY.max_seats + 1))
def test_relay_cards_are_exactly_one_to_8n_plus_8(seats: int) -> None:
    state = RELAY.setup(11, seats, {})
    assert relay_components(state) == Counter(range(1, 8 * seats + 9))


def test_bid_description_does_not_reveal_the_card() -> None:
    for card in range(1, 57):
        text = RELAY.describe(Action("bid", (card,)))
        assert str(card) not in text
    assert RELAY.describe(Action("bid", (7,))) == RELAY.describe(Action("bid", (42,)))


def test_scramble_keeps_the_seats_own_secrets_and_moves_the_others() -> None:
    state = RELAY.setup(5, 4, {"hand": 5})
    for n, seat in enumerate(range(4), start=1):
        state = RELAY.apply(state, seat, Action("draw"), GameRandom(5, n))
    state = RELAY.apply(state, 1, Action("bid", (state.hands[1][0],)), GameRandom(5, 5))
    state = RELAY.apply(state, 2, Action("bid", (state.hands[2][0],)), GameRandom(5, 6))
    scrambled = relay_scramble(state, 1, random.Random(3))
    assert scrambled.hands[1] == state.hands[1] and scrambled.bids[1] == state.bids[1]
    assert [len(h) for h in scrambled.hands] == [len(h) for h in state.hands]
    assert sorted(scrambled.bids) == sorted(state.bids)
    assert scrambled.hands != state.hands or scrambled.bids != state.bids
    assert relay_components(scrambled) == relay_components(state)
