"""The timer's default move, a market that runs dry, and the fast legality check agreeing with the full list."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN, rules
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import LOCOMOTIVE
from tests.games.ttr_japan.position import act, set_market, started


def test_the_default_move_draws_two_blind_cards() -> None:
    state = started()
    first = TTR_JAPAN.default_action(state, 0)
    assert first == Action("draw", ("deck",))
    state = act(state, 0, "draw", "deck")
    assert TTR_JAPAN.default_action(state, 0) == Action("draw", ("deck",)), "the second card is blind too"
    assert TTR_JAPAN.default_action(state, 1) is None, "nothing for a seat whose turn it isn't"


def test_the_default_ticket_choice_keeps_the_cheapest_it_must() -> None:
    state = TTR_JAPAN.setup(2, 3, {})
    board = japan()
    cheapest = sorted(state.offer[1], key=lambda t: (board.tickets[t].points, t))[:2]
    assert TTR_JAPAN.default_action(state, 1) == Action("keep", tuple(sorted(cheapest)))


def test_with_the_deck_and_discards_empty_fewer_cards_show() -> None:
    state = set_market(started(), ["red", "blue", "green", "pink", "white"])
    state.deck, state.discard = [], []
    after = act(state, 0, "draw", 1)
    assert len(after.market) == 4 and after.first_card is not None
    assert ("deck",) not in [a.args for a in TTR_JAPAN.legal_actions(after, 0)]


def candidates(state: object, seat: int, rnd: random.Random) -> list[Action]:
    """The seat's legal moves and claims near them that may or may not be legal (other payments, other routes)."""
    legal = TTR_JAPAN.legal_actions(state, seat)
    found = list(legal)
    for _ in range(20):
        route = rnd.choice(list(japan().routes))
        colour = rnd.choice(["red", "blue", "black", "pink", LOCOMOTIVE])
        found.append(Action("claim", (route, colour, rnd.randint(0, 3))))
    found += [Action("draw", (rnd.randint(0, 6),)), Action("tickets"), Action("keep", (1, 2))]
    return found


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 5))
def test_the_fast_legality_check_agrees_with_the_list_of_legal_moves(seed: int, seats: int) -> None:
    rnd = random.Random(seed)
    state = TTR_JAPAN.setup(seed, seats, {})
    for step in range(1, 120):
        if state.finished:
            break
        seat = rnd.choice(sorted(TTR_JAPAN.to_act(state)))
        legal = TTR_JAPAN.legal_actions(state, seat)
        for action in candidates(state, seat, rnd):
            assert rules.is_legal(state, seat, action) == (action in legal), action
        state = TTR_JAPAN.apply(state, seat, rnd.choice(legal), GameRandom(seed, step))
