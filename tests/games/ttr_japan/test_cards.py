"""Drawing train cards: two a turn, the face-up locomotive rules, refills, the market reset and reshuffles."""

from __future__ import annotations

from collections import Counter

from bot.games.rng import GameRandom
from bot.games.ttr_japan import TTR_JAPAN, cards
from bot.games.ttr_japan.state import LOCOMOTIVE, JapanState
from tests.games.ttr_japan.position import act, claim, refusal, route, set_hand, set_market, started

LOCO = LOCOMOTIVE


def all_cards(state: object) -> Counter[str]:
    """Every train card in the game: deck, discards, market and hands."""
    found = Counter(state.deck) + Counter(state.discard) + Counter(state.market)  # type: ignore[attr-defined]
    for hand in state.hands:  # type: ignore[attr-defined]
        found.update({c: n for c, n in hand.items() if n})
    return found


def test_the_deck_has_110_cards_and_each_player_gets_four() -> None:
    state = TTR_JAPAN.setup(1, 3, {})
    assert sum(all_cards(state).values()) == 110
    assert all_cards(state)[LOCO] == 14 and all(all_cards(state)[c] == 12 for c in cards.CARDS if c != LOCO)
    assert [sum(h.values()) for h in state.hands] == [4, 4, 4] and len(state.market) == 5


def test_two_cards_make_a_turn() -> None:
    state = set_market(started(), ["red", "blue", "green", "pink", "white"])
    after = act(state, 0, "draw", 1)
    assert after.turn == 0 and after.hands[0]["red"] == state.hands[0]["red"] + 1
    assert len(after.market) == 5, "the face-up gap is refilled at once"
    done = act(after, 0, "draw", "deck", step=2)
    assert done.turn == 1 and sum(done.hands[0].values()) == sum(state.hands[0].values()) + 2


def test_a_face_up_locomotive_ends_the_draw() -> None:
    state = set_market(started(), [LOCO, "blue", "green", "pink", "white"])
    after = act(state, 0, "draw", 1)
    assert after.turn == 1 and after.hands[0][LOCO] == state.hands[0][LOCO] + 1


def test_a_face_up_locomotive_cannot_be_the_second_card() -> None:
    state = set_market(started(), ["red", LOCO, "green", "pink", "white"], deck_top=["black"])
    after = act(state, 0, "draw", 1)
    assert ("draw", (2,)) not in [(a.verb, a.args) for a in TTR_JAPAN.legal_actions(after, 0)]
    assert refusal(after, 0, "draw", 2) == "You can't take a face-up locomotive as your second card."


def test_a_locomotive_drawn_blind_counts_as_one_card() -> None:
    state = set_market(started(), ["red", "blue", "green", "pink", "white"], deck_top=[LOCO])
    after = act(state, 0, "draw", "deck")
    assert after.turn == 0 and after.first_card == LOCO, "a second card follows"


def test_three_face_up_locomotives_reset_the_market() -> None:
    state = set_market(started(), ["red", LOCO, LOCO, "pink", "white"], deck_top=[LOCO, "black"])
    after = act(state, 0, "draw", 1)  # the refill is a third locomotive
    assert after.market.count(LOCO) < 3 and len(after.market) == 5
    assert Counter(after.discard)[LOCO] >= 3, "the five went to the discards"
    assert any("market is dealt again" in e for e in after.events)


def test_the_reset_stops_when_the_cards_left_cannot_fix_it() -> None:
    state = started()
    # Nearly every coloured card is in someone's hand: only locomotives and one red are left to deal.
    state.market, state.deck, state.discard = [LOCO] * 5, [LOCO] * 8 + ["red"], []
    cards.reset_if_needed(state, GameRandom(1, 1))
    assert state.market == [LOCO] * 5 and len(state.deck) == 9, "no reset: it could not help"
    state.deck += ["blue", "green"]
    cards.reset_if_needed(state, GameRandom(1, 1))
    assert state.market.count(LOCO) < 3, "with three colours left, the market is dealt until it works"


def test_an_empty_deck_is_reshuffled_from_the_discards() -> None:
    state = started()
    state.discard, state.deck = state.deck[:-1], state.deck[-1:]
    after = act(state, 0, "draw", "deck")
    assert after.first_card is not None
    again = act(after, 0, "draw", "deck", step=2)
    assert again.deck and not again.discard and any("shuffled into a new deck" in e for e in again.events)
    assert sum(all_cards(again).values()) == 110


def _dry(state: JapanState, market: list[str]) -> JapanState:
    """The deck and discards ran dry with `market` face up; every other card went to seat 1's hand (kept 110)."""
    new = state.copy()
    for card in new.deck + new.discard + new.market:
        new.hands[1][card] += 1
    for card in market:
        new.hands[1][card] -= 1
    new.deck, new.discard, new.market = [], [], list(market)
    return new


def test_a_short_face_up_row_is_refilled_when_a_claim_puts_cards_in_the_discards() -> None:
    state = _dry(set_hand(started(), 0, {"red": 2}), ["blue", "green", "pink"])
    after = claim(state, 0, route("Ikebukuro", "Yotsuya"), "red")
    assert sorted(after.market) == ["blue", "green", "pink", "red", "red"], "the paid cards refill the row"
    assert after.deck == [] and after.discard == [] and sum(all_cards(after).values()) == 110


def test_three_face_up_locomotives_are_reset_once_a_claim_brings_colours_back() -> None:
    state = _dry(set_hand(started(), 0, {"red": 3}), [LOCO, LOCO, LOCO])
    cards.fill_market(state, GameRandom(1, 1))
    assert state.market == [LOCO] * 3, "nothing could fix it yet"
    after = claim(state, 0, route("Akita", "Aomori"), "red")  # three reds: enough to deal a row without three
    assert after.market.count(LOCO) < 3, "the reset is applied again now that colours came back"
    assert any("market is dealt again" in e for e in after.events)
    assert sum(all_cards(after).values()) == 110


def test_a_claim_paid_in_locomotives_leaves_a_hopeless_row_as_it_is() -> None:
    state = _dry(set_hand(started(), 0, {LOCO: 2}), [LOCO, LOCO, LOCO])
    after = claim(state, 0, route("Ikebukuro", "Yotsuya"), LOCO, 2)  # only locomotives come back: no endless reset
    assert after.market.count(LOCO) >= 3 and len(after.market) == 5
    assert sum(all_cards(after).values()) == 110
