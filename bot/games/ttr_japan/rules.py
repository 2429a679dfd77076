"""Which moves are legal, and what each one does: draw cards, claim a route, draw and keep tickets."""

from __future__ import annotations

from itertools import combinations

from bot.games.base import Action, IllegalAction, seat_mark
from bot.games.rng import GameRandom
from bot.games.ttr_japan import cards, scoring, words
from bot.games.ttr_japan.claiming import (
    add_claim,
    can_claim,
    claim_actions,
    claim_refusal,
    is_bullet_now,
    is_open,
    pays,
)
from bot.games.ttr_japan.data import Route, japan
from bot.games.ttr_japan.state import LOCOMOTIVE, START, TURNS, JapanState
from bot.games.ttr_japan.words import say
from bot.i18n import _, pgettext

DECK = "deck"
"""The `draw` argument for a blind card (face-up cards are drawn by slot, 1 to 5)."""
TICKET_DRAW = 3
START_TICKETS, START_KEEP = 4, 2
ENDGAME_TRAINS, ENDGAME_SUPPLY = 2, 2
"""RULINGS: the final round starts when a player ends a turn with 0–2 trains AND the supply holds 0–2."""


BLIND_DRAW = Action("draw", (DECK,))
FACE_UP_DRAWS = tuple(Action("draw", (slot,)) for slot in range(1, cards.MARKET_SIZE + 1))
TICKETS = Action("tickets")
"""The other moves, built once: Actions are immutable."""


def draws(state: JapanState) -> list[Action]:
    """The card draws open now; the second card of a turn can't be a face-up locomotive."""
    found = [BLIND_DRAW] if state.deck or state.discard else []
    if state.first_card is None:
        return found + list(FACE_UP_DRAWS[: len(state.market)])
    found += [FACE_UP_DRAWS[slot] for slot, card in enumerate(state.market) if card != LOCOMOTIVE]
    return found


def _can_draw(state: JapanState) -> bool:
    """Whether `draws(state)` lists anything (without listing)."""
    if state.deck or state.discard or (state.market and state.first_card is None):
        return True
    return any(card != LOCOMOTIVE for card in state.market)


def keeps(state: JapanState, seat: int) -> list[Action]:
    """Every choice of tickets to keep from the seat's offer."""
    offer = sorted(state.offer[seat])
    least = min(state.keep_at_least[seat], len(offer))
    return [Action("keep", kept) for size in range(least, len(offer) + 1) for kept in combinations(offer, size)]


def _may_claim(state: JapanState, seat: int) -> bool:
    """Whether it is the part of `seat`'s turn where a route could be claimed."""
    return (
        not state.finished
        and state.phase == TURNS
        and seat == state.turn
        and not state.offer[seat]
        and (state.first_card is None)
    )


def legal_actions(state: JapanState, seat: int) -> list[Action]:
    """Everything `seat` may do now: ticket choices, or card draws, tickets and then claims (in that order)."""
    if state.finished:
        return []
    if state.offer[seat]:
        return keeps(state, seat)
    if state.phase != TURNS or seat != state.turn:
        return []
    if state.first_card is not None:
        return draws(state)
    found = [BLIND_DRAW, *FACE_UP_DRAWS[: len(state.market)]] if state.deck or state.discard else []
    if not found:
        found = list(FACE_UP_DRAWS[: len(state.market)])
    if state.ticket_deck:
        found.append(TICKETS)
    return found + claim_actions(state, seat)


def is_legal(state: JapanState, seat: int, action: Action) -> bool:
    """Whether `action` is one of `legal_actions(state, seat)`, without listing every claim."""
    verb = action.verb
    if verb == "draw" or verb == "tickets":
        if state.finished or state.offer[seat] or state.phase != TURNS or seat != state.turn:
            return False
        if verb == "tickets":
            return not action.args and state.first_card is None and bool(state.ticket_deck)
        if len(action.args) != 1:
            return False
        where = action.args[0]
        if where == DECK:
            return bool(state.deck or state.discard)
        # `in` compares as the listed Actions would (a slot is an int from 1 to the market's size).
        if where not in range(1, len(state.market) + 1):
            return False
        return state.first_card is None or state.market[int(where) - 1] != LOCOMOTIVE
    if verb == "keep":
        offer = state.offer[seat]
        if state.finished or not offer:
            return False
        # The offered tickets named, in order: equal to the move exactly when it is one of `keeps`' choices.
        named = tuple(t for t in sorted(offer) if t in action.args)
        return named == action.args and len(named) >= min(state.keep_at_least[seat], len(offer))
    if verb != "claim":
        return False
    if not _may_claim(state, seat) or len(action.args) != 3:
        return False
    route_id, colour, locomotives = action.args
    route = japan().routes.get(route_id) if isinstance(route_id, int) else None
    if route is None or not is_open(state, seat, route):
        return False
    return pays(route, state.hands[seat], colour, locomotives)


def refusal(state: JapanState, seat: int, action: Action) -> str:
    """Why `action` is not allowed for `seat` now (only called for moves that are not legal)."""
    if state.finished:
        return pgettext("ttr japan", "The game is over.")
    if state.offer[seat] and action.verb != "keep":
        return _("Choose which tickets to keep first.")
    if action.verb == "keep":
        if not state.offer[seat]:
            return _("You have no tickets to choose from right now.")
        least = min(state.keep_at_least[seat], len(state.offer[seat]))
        return _("Keep at least {least} of the tickets you were offered, and only those.").format(least=least)
    if state.phase == START:
        return _("Everyone is still choosing their first tickets.")
    if seat != state.turn:
        return pgettext("ttr japan", "It's not your turn — waiting for {seat}.").format(seat=seat_mark(state.turn))
    if action.verb == "draw":
        return _draw_refusal(state, action)
    if state.first_card is not None:
        return _("You've taken one card: take your second card to finish the turn.")
    if action.verb == "tickets":
        return _("There are no tickets left to draw.")
    if action.verb == "claim":
        return claim_refusal(state, seat, action, japan())
    return _("That move isn't part of Ticket to Ride.")


def _draw_refusal(state: JapanState, action: Action) -> str:
    where = action.args[0] if len(action.args) == 1 else None
    if where == DECK:
        return _("The deck and the discards are empty — take a face-up card instead.")
    if not isinstance(where, int) or not 1 <= where <= len(state.market):
        return _("Choose a face-up card from 1 to {last}, or the deck.").format(last=len(state.market))
    return _("You can't take a face-up locomotive as your second card.")


def apply(state: JapanState, seat: int, action: Action, rng: GameRandom) -> JapanState:
    """The state after a legal move (refusals carry their reason)."""
    if not is_legal(state, seat, action):
        raise IllegalAction(lambda: refusal(state, seat, action))
    new = state.fork()  # below, a seat's hand or list is replaced before it changes, never changed in place
    if state.first_card is None:
        new.new_cards[seat] = []  # what the seat saw arrive last time is old news now
    if action.verb == "keep":
        _keep(new, seat, [int(t) for t in action.args], rng)
    elif action.verb == "draw":
        _draw(new, seat, action.args[0], rng)
    elif action.verb == "tickets":
        _draw_tickets(new, seat, rng)
    else:
        route_id, colour, locomotives = action.args
        _claim(new, seat, japan().routes[int(route_id)], str(colour), int(locomotives))
        cards.fill_market(new, rng)  # the paid cards may refill a row the dry deck left short, or fix its locomotives
        _end_turn(new, rng)
    return new


def _keep(state: JapanState, seat: int, kept: list[int], rng: GameRandom) -> None:
    returned = [t for t in state.offer[seat] if t not in kept]
    state.tickets[seat] = state.tickets[seat] + kept
    state.offer[seat] = []
    state.events.append(say(words.KEPT, n=len(kept)))
    if state.phase == START:
        state.returned = state.returned + returned
        if not any(state.offer):  # rules: the returned start tickets are shuffled and put under the deck
            rng.shuffle(state.returned)
            state.ticket_deck = state.returned + state.ticket_deck
            state.returned = []
            state.phase = TURNS
            state.turn = 0
            _skip_stuck_seats(state, rng)
        return
    state.ticket_deck = returned + state.ticket_deck  # rules: returned tickets go under the deck
    _end_turn(state, rng)


def _draw(state: JapanState, seat: int, where: object, rng: GameRandom) -> None:
    if where == DECK:
        state.events.append(words.from_deck())
        card = cards.draw_blind(state, rng)
        assert card is not None
        face_up_locomotive = False
    else:
        slot = int(str(where)) - 1
        state.events.append(words.face_up(state.market[slot]))
        card = cards.take_face_up(state, slot, rng)
        face_up_locomotive = card == LOCOMOTIVE
    hand = state.hands[seat] = state.hands[seat].copy()
    hand[card] += 1
    state.new_cards[seat] = [*state.new_cards[seat], card]
    if state.first_card is None and not face_up_locomotive:
        state.first_card = card
        if _can_draw(state):
            return  # the second card comes next
    _end_turn(state, rng)


def _draw_tickets(state: JapanState, seat: int, rng: GameRandom) -> None:
    count = min(TICKET_DRAW, len(state.ticket_deck))
    left = len(state.ticket_deck) - count
    state.offer[seat], state.ticket_deck = state.ticket_deck[left:], state.ticket_deck[:left]
    state.keep_at_least = state.keep_at_least[:]
    state.keep_at_least[seat] = 1
    rng.mark_revealed()


def _claim(state: JapanState, seat: int, route: Route, colour: str, locomotives: int) -> None:
    hand = state.hands[seat] = state.hands[seat].copy()
    coloured = route.length - locomotives
    if coloured:
        hand[colour] -= coloured
    hand[LOCOMOTIVE] -= locomotives
    state.discard += [colour] * coloured + [LOCOMOTIVE] * locomotives
    state.events.append(words.paid(colour, route.length, locomotives))
    add_claim(state, route.id, seat)
    state.claim_order = [*state.claim_order, route.id]
    if is_bullet_now(state, route):
        state.supply -= 1
        state.bullet_claims = [*state.bullet_claims, route.id]
        state.track = state.track[:]
        state.track[seat] += route.length  # rules: the marker moves by the cards paid; no points, no trains
        state.events.append(say(words.BULLET, track=state.track[seat], supply=state.supply))
        if state.supply == 0:
            state.events.append(say(words.BULLETS_GONE))
        return
    state.trains, state.points = state.trains[:], state.points[:]
    state.trains[seat] -= route.length
    gained = japan().route_points[route.length]
    state.points[seat] += gained
    state.events.append(words.scored(gained, state.trains[seat]))


def _end_turn(state: JapanState, rng: GameRandom) -> None:
    """Close the turn: the final round's countdown or trigger, then the next seat (skipping those who can't move)."""
    state.passes = 0
    _close_turn(state)
    _skip_stuck_seats(state, rng)


def _close_turn(state: JapanState) -> None:
    seat = state.turn
    state.first_card = None
    if state.final_turns is not None:
        state.final_turns -= 1
        if state.final_turns == 0:
            _finish(state, words.FINAL_ROUND_OVER)
            return
    elif state.trains[seat] <= ENDGAME_TRAINS and state.supply <= ENDGAME_SUPPLY:
        state.final_turns = state.seats  # every player, this one included, gets one more turn
        state.events.append(say(words.FINAL_ROUND, seat=seat_mark(seat)))
    state.turn = (seat + 1) % state.seats
    state.new_cycle = state.turn == 0


def _skip_stuck_seats(state: JapanState, rng: GameRandom) -> None:
    """RULINGS: a player with no legal action passes automatically; if all pass in succession, the game ends."""
    while not state.finished and not _has_a_move(state, state.turn):
        state.events.append(say(words.STUCK, seat=seat_mark(state.turn)))
        state.passes += 1
        if state.passes >= state.seats:
            _finish(state, words.NOBODY_CAN_MOVE)
            return
        _close_turn(state)


def _has_a_move(state: JapanState, seat: int) -> bool:
    """Whether `seat` has any legal move (cheaper than listing them)."""
    if state.finished:
        return False
    if state.offer[seat]:
        return True  # keeping every ticket offered is always allowed
    if state.phase != TURNS or seat != state.turn:
        return False
    if _can_draw(state) or (state.first_card is None and state.ticket_deck):
        return True
    return _may_claim(state, seat) and can_claim(state, seat)


def _finish(state: JapanState, why: str) -> None:
    state.finished = True
    state.reason = why
    state.first_card = None
    state.finals = scoring.final_scores(state, japan())
    state.events.append(say(words.GAME_ENDS, why=why))
