"""Claiming routes: exact payment, gray routes, double routes by player count, and Bullet Train routes."""

from __future__ import annotations

from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.state import LOCOMOTIVE
from tests.games.ttr_japan.position import claim, claimed, refusal, route, set_hand, started


def claim_args(state: object, seat: int) -> set[tuple[object, ...]]:
    return {a.args for a in TTR_JAPAN.legal_actions(state, seat) if a.verb == "claim"}


def test_a_claim_pays_exactly_the_length_in_the_route_colour_with_locomotives_wild() -> None:
    osaka_takamatsu = route("Osaka", "Takamatsu")  # pink, 3
    state = set_hand(started(), 0, {"pink": 2, LOCOMOTIVE: 1, "red": 3})
    after = claim(state, 0, osaka_takamatsu, "pink", 1)
    assert after.claims[osaka_takamatsu.id] == 0 and after.hands[0] == {**state.hands[0], "pink": 0, LOCOMOTIVE: 0}
    assert after.trains[0] == 17 and after.points[0] == 4 and after.turn == 1
    assert sorted(after.discard[-3:]) == sorted(["pink", "pink", LOCOMOTIVE])
    assert "need 3 red" not in refusal(state, 0, "claim", osaka_takamatsu.id, "red", 0)
    assert "paid with pink cards" in refusal(state, 0, "claim", osaka_takamatsu.id, "red", 0)
    assert refusal(state, 0, "claim", osaka_takamatsu.id, "pink", 0) == "You need 3 pink cards and have 2."
    assert refusal(state, 0, "claim", osaka_takamatsu.id, "pink", 2) == "You have 1 locomotive, not 2."


def test_a_gray_route_needs_one_colour() -> None:
    kokura_matsuyama = route("Kokura", "Matsuyama")  # gray 4, not a Bullet Train route
    state = set_hand(started(), 0, {"red": 2, "blue": 2})
    assert not {a for a in claim_args(state, 0) if a[0] == kokura_matsuyama.id}, "two colours don't pay"
    state = set_hand(state, 0, {"red": 3, "blue": 2, LOCOMOTIVE: 1})
    ways = {a for a in claim_args(state, 0) if a[0] == kokura_matsuyama.id}
    assert ways == {(kokura_matsuyama.id, "red", 1)}


def test_all_locomotives_pay_for_any_route() -> None:
    kyoto_tsuruga = route("Kyoto", "Tsuruga")  # black 1
    state = set_hand(started(), 0, {LOCOMOTIVE: 1})
    assert (kyoto_tsuruga.id, LOCOMOTIVE, 1) in claim_args(state, 0)


def test_a_claimed_route_cannot_be_claimed_again() -> None:
    kyoto_tsuruga = route("Kyoto", "Tsuruga")
    state = set_hand(claimed(started(), {kyoto_tsuruga.id: 1}), 0, {"black": 1})
    assert "already claimed by <seat:1>" in refusal(state, 0, "claim", kyoto_tsuruga.id, "black", 0)


def test_a_double_route_closes_its_twin_with_3_players_but_not_with_4() -> None:
    pink, orange = route("Narita", "Tokyo", "pink"), route("Narita", "Tokyo", "orange")
    three = set_hand(claimed(started(3), {pink.id: 1}), 0, {"orange": 1})
    assert "only one track" in refusal(three, 0, "claim", orange.id, "orange", 0)
    four = set_hand(claimed(started(4), {pink.id: 1}), 0, {"orange": 1})
    assert claim(four, 0, orange, "orange").claims[orange.id] == 0


def test_one_player_never_claims_both_tracks_of_a_double_route() -> None:
    pink, orange = route("Narita", "Tokyo", "pink"), route("Narita", "Tokyo", "orange")
    state = set_hand(claimed(started(5), {pink.id: 0}), 0, {"orange": 1})
    assert "You already have the other track" in refusal(state, 0, "claim", orange.id, "orange", 0)


def test_aomori_hakodate_is_not_a_double_route() -> None:
    white, bullet = route("Aomori", "Hakodate", "white"), route("Aomori", "Hakodate", "gray")
    assert white.twin is None and bullet.twin is None and white.length != bullet.length
    state = set_hand(claimed(started(2), {white.id: 1}), 0, {"red": 2})
    assert claim(state, 0, bullet, "red").claims[bullet.id] == 0, "even with 2 players, both can be claimed"


def test_a_bullet_train_claim_moves_the_track_by_the_cards_paid_and_scores_nothing() -> None:
    morioka_sendai = route("Morioka", "Sendai")  # Bullet Train, 4
    state = set_hand(started(), 0, {"green": 3, LOCOMOTIVE: 1})
    after = claim(state, 0, morioka_sendai, "green", 1)
    assert after.track[0] == 4 and after.supply == 15 and morioka_sendai.id in after.bullet_claims
    assert after.points[0] == 0 and after.trains[0] == 20, "no points, none of your own trains"
    assert "— a Bullet Train: track 4, 15 left in the supply." in after.events


def test_a_bullet_train_claim_needs_no_trains_of_your_own() -> None:
    kyoto_osaka = route("Kyoto", "Osaka")
    state = set_hand(started(), 0, {"red": 1})
    state.trains[0] = 0
    assert (kyoto_osaka.id, "red", 0) in claim_args(state, 0)


def test_when_the_supply_is_empty_bullet_routes_become_gray_routes() -> None:
    kyoto_osaka = route("Kyoto", "Osaka")
    state = set_hand(started(), 0, {"red": 1})
    state.supply = 0
    after = claim(state, 0, kyoto_osaka, "red")
    assert kyoto_osaka.id not in after.bullet_claims and after.track[0] == 0
    assert after.trains[0] == 19 and after.points[0] == 1


def test_the_last_bullet_train_says_the_rest_turn_gray() -> None:
    kyoto_osaka = route("Kyoto", "Osaka")
    state = set_hand(started(), 0, {"red": 1})
    state.supply = 1
    after = claim(state, 0, kyoto_osaka, "red")
    assert after.supply == 0 and any("now gray routes" in e for e in after.events)
