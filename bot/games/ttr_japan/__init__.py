"""Ticket to Ride: Japan (2–5 players): the game object the registry holds.

Where RULINGS.md and rules/ttr_japan.txt are silent, we chose:
- Seat 1 (the first to join) takes the first turn once everyone has chosen their starting tickets.
- The start tickets each player sends back are shuffled together and put under the ticket deck.
- A player whose only card draw left is the first one (nothing left for a second) ends the turn there.
- The final round is also triggered by an automatic pass that leaves the conditions met.
- The timer's default move: a blind card (twice), else a face-up card, else the claim listed first,
  else destination tickets, keeping the lowest-valued ones it must.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import JSON, Action, IllegalAction, Outcome
from bot.games.rng import GameRandom
from bot.games.ttr_japan import cards, rules, scoring, view
from bot.games.ttr_japan.data import japan
from bot.games.ttr_japan.state import SCHEMA, START, JapanState
from bot.games.ttr_japan.typed import claim_meant, colour_choices, route_choices, typed_colour
from bot.games.ttr_japan.words import colour_name, counted, retold
from bot.i18n import _, pgettext


class TicketToRideJapan:
    """The Ticket to Ride: Japan rules, written against the game contract."""

    name = "ttr_japan"
    title = "Ticket to Ride: Japan"
    min_seats = 2
    max_seats = 5
    schema = SCHEMA
    options = ()

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> JapanState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(_("Ticket to Ride: Japan takes 2 to 5 players."))
        if options:
            raise IllegalAction(
                _("Ticket to Ride: Japan has no options (got `{option}`).").format(option=next(iter(options)))
            )
        board = japan()
        rng = GameRandom(seed, 0)
        deck = cards.full_deck()
        rng.shuffle(deck)
        tickets = sorted(board.tickets)
        rng.shuffle(tickets)
        hands = [cards.empty_hand() for _seat in range(seats)]
        for hand in hands:
            for _card in range(cards.HAND_SIZE):
                hand[deck.pop()] += 1
        offer = [[tickets.pop() for _ticket in range(rules.START_TICKETS)] for _seat in range(seats)]
        state = JapanState(
            phase=START,
            deck=deck,
            discard=[],
            market=[],
            hands=hands,
            ticket_deck=tickets,
            tickets=[[] for _seat in range(seats)],
            offer=offer,
            keep_at_least=[rules.START_KEEP] * seats,
            claims={},
            bullet_claims=[],
            claim_order=[],
            trains=[board.trains_per_player] * seats,
            points=[0] * seats,
            track=[0] * seats,
            supply=board.bullet_trains,
            new_cards=[[] for _seat in range(seats)],
        )
        cards.fill_market(state, rng)
        state.events = []
        return state

    def to_act(self, state: JapanState) -> frozenset[int]:
        if state.finished:
            return frozenset()
        if state.phase == START:
            return frozenset(s for s in range(state.seats) if state.offer[s])
        return _ONLY[state.turn]

    def legal_actions(self, state: JapanState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: JapanState, seat: int, action: Action, rng: GameRandom) -> JapanState:
        return rules.apply(state, seat, action, rng)

    def default_action(self, state: JapanState, seat: int) -> Action | None:
        legal = rules.legal_actions(state, seat)
        if not legal:
            return None
        if legal[0].verb == "keep":
            least = len(legal[0].args)
            board = japan()
            cheapest = sorted(state.offer[seat], key=lambda t: (board.tickets[t].points, t))[:least]
            return Action("keep", tuple(sorted(cheapest)))
        for verb in ("draw", "claim", "tickets"):
            found = next((a for a in legal if a.verb == verb), None)
            if found is not None:
                return found
        return legal[0]

    def player_view(self, state: JapanState, seat: int | None) -> dict[str, JSON]:
        return view.player_view(state, seat)

    def outcome(self, state: JapanState) -> Outcome | None:
        if not state.finished:
            return None
        return scoring.outcome_of(state.finals, _(state.reason))  # the state keeps it in English

    def standing(self, state: JapanState) -> Outcome:
        """Route points so far: the public score only (secret tickets and the end's Bullet Train bonus don't count)."""
        over = self.outcome(state)
        if over is not None:
            return over
        return Outcome.from_scores(state.points, pgettext("ttr japan", "the game was closed early"))

    def describe(self, action: Action) -> str:
        return view.describe(action)

    def narrate(self, state: JapanState) -> tuple[str, ...]:
        return tuple(retold(event) for event in state.events)

    def to_json(self, state: JapanState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> JapanState:
        return JapanState.from_json(data)


_ONLY = tuple(frozenset({seat}) for seat in range(TicketToRideJapan.max_seats))
"""The seat whose turn it is, as `to_act` answers it, made once."""

TTR_JAPAN = TicketToRideJapan()

__all__ = [
    "TTR_JAPAN",
    "claim_meant",
    "colour_choices",
    "colour_name",
    "counted",
    "japan",
    "retold",
    "route_choices",
    "typed_colour",
]
"""The Discord layer's only door into this game (tests/test_architecture.py): the game object and its view helpers."""
