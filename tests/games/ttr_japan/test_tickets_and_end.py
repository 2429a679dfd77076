"""Tickets (the start choice, later draws), the end of the game, final scoring, the bonus and the tie-break."""

from __future__ import annotations

from bot.games.base import Action
from bot.games.ttr_japan import TTR_JAPAN, scoring
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import START, TURNS, Final, TicketResult
from tests.games.ttr_japan.position import act, claim, claimed, refusal, route, set_hand, started


def test_at_the_start_everyone_keeps_at_least_two_of_four_tickets_at_once() -> None:
    state = TTR_JAPAN.setup(5, 3, {})
    assert state.phase == START and TTR_JAPAN.to_act(state) == {0, 1, 2}
    assert all(len(o) == 4 for o in state.offer)
    assert {len(a.args) for a in TTR_JAPAN.legal_actions(state, 1)} == {2, 3, 4}
    assert "at least 2" in refusal(state, 1, "keep", state.offer[1][0])
    state = act(state, 1, "keep", *sorted(state.offer[1]))
    assert TTR_JAPAN.to_act(state) == {0, 2} and state.phase == START
    state = act(state, 2, "keep", *sorted(state.offer[2])[:2])
    state = act(state, 0, "keep", *sorted(state.offer[0])[:3])
    assert state.phase == TURNS and state.turn == 0 and [len(t) for t in state.tickets] == [3, 4, 2]
    assert len(state.ticket_deck) == 54 - 9, "returned start tickets go back under the deck"


def test_drawing_tickets_offers_three_and_keeps_at_least_one_returned_under_the_deck() -> None:
    state = act(started(), 0, "tickets")
    offer = list(state.offer[0])
    assert len(offer) == 3 and state.turn == 0 and TTR_JAPAN.to_act(state) == {0}
    assert refusal(state, 0, "draw", "deck") == "Choose which tickets to keep first."
    assert {len(a.args) for a in TTR_JAPAN.legal_actions(state, 0)} == {1, 2, 3}
    after = act(state, 0, "keep", offer[0])
    assert offer[0] in after.tickets[0] and after.ticket_deck[:2] == [t for t in offer if t != offer[0]]
    assert after.turn == 1


def test_with_fewer_than_three_tickets_left_you_draw_what_is_there() -> None:
    state = started()
    state.ticket_deck = state.ticket_deck[-2:]
    after = act(state, 0, "tickets")
    assert len(after.offer[0]) == 2 and not after.ticket_deck
    assert Action("tickets") not in TTR_JAPAN.legal_actions(act(after, 0, "keep", *sorted(after.offer[0])), 1)


def test_a_ticket_completed_through_another_players_bullet_train_route() -> None:
    board = japan()
    state = started(3)
    osaka_kyoto = route("Kyoto", "Osaka")
    ticket = next(t for t in board.tickets.values() if {t.a, t.b} == {"Masuda", "Kyoto"})
    state.tickets[0] = [ticket.id]
    hiroshima_masuda = route("Hiroshima", "Masuda", "red")
    okayama_hiroshima, okayama_osaka = route("Hiroshima", "Okayama"), route("Okayama", "Osaka")
    bullets = [osaka_kyoto.id, okayama_hiroshima.id, okayama_osaka.id]
    state = claimed(state, {hiroshima_masuda.id: 0, **dict.fromkeys(bullets, 1)}, bullets=bullets)
    [result] = scoring.ticket_results(state, 0, board)
    assert result.done, "Masuda–Hiroshima is seat 0's; the Bullet Train routes to Kyoto are seat 1's"
    state.bullet_claims.remove(okayama_osaka.id)  # the same route claimed as a plain route belongs to its owner
    assert not scoring.ticket_results(state, 0, board)[0].done


def test_the_final_round_starts_only_when_both_conditions_hold() -> None:
    kyoto_tsuruga = route("Kyoto", "Tsuruga")
    few_trains = set_hand(started(3), 0, {"black": 2})
    few_trains.trains[0] = 3
    after = claim(few_trains, 0, kyoto_tsuruga, "black")
    assert after.trains[0] == 2 and after.final_turns is None, "16 Bullet Trains left: no final round yet"
    few_trains.supply = 2
    after = claim(few_trains, 0, kyoto_tsuruga, "black")
    assert after.final_turns == 3 and any("Final round" in e for e in after.events)


def test_in_the_final_round_everyone_including_the_trigger_plays_once_more() -> None:
    kyoto_tsuruga = route("Kyoto", "Tsuruga")
    state = set_hand(started(3), 0, {"black": 2})
    state.trains[0], state.supply = 3, 0
    state = claim(state, 0, kyoto_tsuruga, "black")
    for step, seat in enumerate([1, 2, 0], start=2):
        assert not state.finished and state.turn == seat
        state = act(act(state, seat, "draw", "deck", step=step), seat, "draw", "deck", step=step + 10)
    assert state.finished and TTR_JAPAN.outcome(state) is not None


def test_a_player_with_no_move_passes_and_when_everyone_passes_in_succession_the_game_ends() -> None:
    state = started(2)
    # Nothing left to draw, no trains, every Bullet Train route taken: the last face-up card is all there is.
    state.claims = {r.id: 1 for r in japan().routes.values() if r.bullet}
    state.trains = [0, 0]
    state.hands = [dict.fromkeys(h, 0) for h in state.hands]
    state.deck, state.discard, state.market, state.ticket_deck = [], [], ["red"], []
    after = act(state, 0, "draw", 1)
    assert after.finished and after.reason == "nobody could move"
    assert after.events[-3:] == [
        "<seat:1> has no move and passes.",
        "<seat:0> has no move and passes.",
        "The game ends: nobody could move.",
    ]
    assert TTR_JAPAN.outcome(after) is not None


def test_the_bonus_table_example_two_tied_for_second_and_one_who_never_rode() -> None:
    assert scoring.bullet_bonus([10, 5, 5, 2, 0], japan()) == [25, 15, 15, -5, -20]


def test_the_bonus_for_two_players_and_ties_at_the_top() -> None:
    assert scoring.bullet_bonus([4, 1], japan()) == [10, -10]
    assert scoring.bullet_bonus([4, 4, 1, 0], japan()) == [20, 20, 0, -20]


def test_final_score_adds_routes_tickets_and_the_bonus_and_failed_tickets_cost_their_value() -> None:
    board = japan()
    state = started(2)
    done = next(t for t in board.tickets.values() if {t.a, t.b} == {"Odawara", "Narita"})  # 1 point
    failed = next(t for t in board.tickets.values() if {t.a, t.b} == {"Tokyo", "Sendai"})  # 3 points
    state.tickets = [[done.id, failed.id], []]
    odawara_tokyo, narita_tokyo = route("Odawara", "Tokyo"), route("Narita", "Tokyo", "pink")
    state = claimed(state, {odawara_tokyo.id: 1, narita_tokyo.id: 0}, bullets=[odawara_tokyo.id])
    [mine, theirs] = scoring.final_scores(state, board)
    assert mine.routes == 1 and mine.bonus == -20 and mine.total == 1 + 1 - 3 - 20 and mine.completed == 1
    assert theirs.bonus == 10 and theirs.total == 10


def test_ties_are_broken_by_completed_tickets_then_shared() -> None:
    finals = [
        Final(10, [TicketResult(1, True)], 0, 10, 1),
        Final(10, [], 0, 10, 0),
        Final(10, [TicketResult(2, True)], 0, 10, 1),
    ]
    assert scoring.outcome_of(finals, "x").ranks == (1, 3, 1)
