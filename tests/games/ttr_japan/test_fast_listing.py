"""The fast claim listing and payment check agree with the plain rules they stand for (`is_open` and `ways`)."""

from __future__ import annotations

import random

from bot.games.base import Action
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.cards import CARDS
from bot.games.ttr_japan.claiming import claim_actions, is_open, pays, ways
from bot.games.ttr_japan.data import GRAY, japan
from bot.games.ttr_japan.state import JapanState


def plain_claims(state: JapanState, seat: int) -> list[Action]:
    """Every claim, listed the slow and obvious way: each open route, once per way of paying, in route order."""
    hand = state.hands[seat]
    return [
        Action("claim", (r.id, c, n))
        for r in japan().routes.values()
        if is_open(state, seat, r)
        for c, n in ways(r, hand)
    ]


def test_the_claims_listed_are_the_plain_ones_in_random_games() -> None:
    for seats in (2, 3, 4, 5):
        for seed in range(6):
            state, rnd, step = TTR_JAPAN.setup(seed, seats, {}), random.Random(seed), 0
            while TTR_JAPAN.outcome(state) is None:
                seat = rnd.choice(sorted(TTR_JAPAN.to_act(state)))
                for anyone in range(seats):
                    assert claim_actions(state, anyone) == plain_claims(state, anyone)
                step += 1
                action = rnd.choice(TTR_JAPAN.legal_actions(state, seat))
                state = TTR_JAPAN.apply(state, seat, action, GameRandom(seed, step))


def test_the_payment_check_agrees_with_the_ways_listed() -> None:
    rnd = random.Random(7)
    routes = list(japan().routes.values())
    for _ in range(3000):
        hand = dict.fromkeys(CARDS, 0)
        for _card in range(rnd.randint(0, 14)):
            hand[rnd.choice(CARDS)] += 1
        route = rnd.choice(routes)
        listed = ways(route, hand)
        for colour in (*CARDS, GRAY, 3):
            for locomotives in (*range(-1, 8), "1", True, 2.0):
                assert pays(route, hand, colour, locomotives) == ((colour, locomotives) in listed)
