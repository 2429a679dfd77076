"""A game closed early stands on the route points claimed so far: public points only, never the secret tickets."""

from __future__ import annotations

from bot.games.base import Outcome
from bot.games.ttr_japan import TTR_JAPAN, scoring
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import LOCOMOTIVE
from tests.games.ttr_japan.position import claim, route, set_hand, started

CLOSED = "the game was closed early"


def test_a_route_claim_puts_its_claimer_ahead() -> None:
    state = started(4)
    assert TTR_JAPAN.standing(state) == Outcome((0, 0, 0, 0), (1, 1, 1, 1), CLOSED)
    osaka_takamatsu = route("Osaka", "Takamatsu")  # pink, 3: 4 points
    state = claim(set_hand(state, 0, {"pink": 2, LOCOMOTIVE: 1}), 0, osaka_takamatsu, "pink", 1)
    assert not state.finished
    assert TTR_JAPAN.standing(state) == Outcome((4, 0, 0, 0), (1, 2, 2, 2), CLOSED)


def test_a_bullet_train_claim_scores_nothing_until_the_end() -> None:
    state = claim(set_hand(started(4), 0, {"green": 3, LOCOMOTIVE: 1}), 0, route("Morioka", "Sendai"), "green", 1)
    assert state.track[0] == 4
    assert TTR_JAPAN.standing(state).scores == (0, 0, 0, 0), "the bonus for the track is only paid at the end"


def test_the_standing_never_depends_on_the_destination_tickets() -> None:
    board = japan()
    osaka_takamatsu = route("Osaka", "Takamatsu")
    state = claim(set_hand(started(3), 0, {"pink": 2, LOCOMOTIVE: 1}), 0, osaka_takamatsu, "pink", 1)
    other = state.copy()
    unclaimed = sorted(set(board.tickets) - {t for held in state.tickets for t in held})
    other.tickets = [unclaimed[:1], unclaimed[1:4], []]  # other tickets, another number of them
    other.ticket_deck = [t for t in other.ticket_deck if t not in unclaimed[:4]] + state.tickets[0]
    finals = [f.total for f in scoring.final_scores(state, board)]
    assert finals != [f.total for f in scoring.final_scores(other, board)], "the tickets would change the end"
    assert TTR_JAPAN.standing(other) == TTR_JAPAN.standing(state) == Outcome((4, 0, 0), (1, 2, 2), CLOSED)
