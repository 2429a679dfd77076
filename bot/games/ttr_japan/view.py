"""What each seat may see of a Ticket to Ride: Japan game, and how its moves read."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import JSON, Action, make_view, seat_mark
from bot.games.ttr_japan import rules, scoring
from bot.games.ttr_japan.cards import CARDS
from bot.games.ttr_japan.data import JapanMap, Route, Ticket, japan
from bot.games.ttr_japan.state import START, JapanState
from bot.games.ttr_japan.words import card_colour, colour_name, payment_words
from bot.i18n import _, pgettext

LAST_CLAIMS = 4
"""Claims the public view lists in the order they were made (newest last): the board shows them in words."""


def ticket_json(ticket: Ticket, done: bool | None = None) -> dict[str, JSON]:
    """A ticket as views show it (with `done` once known)."""
    found: dict[str, JSON] = {"id": ticket.id, "from": ticket.a, "to": ticket.b, "points": ticket.points}
    if done is not None:
        found["done"] = done
    return found


def route_words(route: Route, supply: int) -> str:
    """A route as players read it: "Kyoto – Osaka · 1 · gray · bullet train" (while Bullet Trains are left)."""
    bullet = route.bullet and supply > 0  # rules: once the supply is out, Bullet Train routes are plain gray ones
    words = f"{route.name} · {route.length} · {colour_name(route.colour)}"
    return words + (" · " + _("bullet train") if bullet else "")


def public_view(state: JapanState) -> dict[str, JSON]:
    """The board, the market, counts of every hidden thing, and the final reckoning once it is over."""
    board = japan()
    players = [
        {
            "cards": sum(state.hands[s].values()),
            "tickets": len(state.tickets[s]),
            "choosing": bool(state.offer[s]),
            "trains": state.trains[s],
            "points": state.points[s],
            "track": state.track[s],
        }
        for s in range(state.seats)
    ]
    bullets = set(state.bullet_claims)
    results: list[JSON] = []
    for final in state.finals:
        tickets = [ticket_json(board.tickets[r.ticket], r.done) for r in final.tickets]
        results.append({"routes": final.routes, "tickets": tickets, "bonus": final.bonus, "total": final.total})
    return {
        "phase": state.phase,
        "turn": None if state.finished or state.phase == START else state.turn,
        "second_card": state.first_card is not None,
        "market": list(state.market),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "tickets_left": len(state.ticket_deck),
        "players": players,
        "claims": [[r, s, r in bullets] for r, s in sorted(state.claims.items())],
        "last_claims": [[r, state.claims[r], r in bullets] for r in state.claim_order if r in state.claims][
            -LAST_CLAIMS:
        ],
        "supply": state.supply,
        "final_turns": state.final_turns,
        "new_cycle": state.new_cycle,
        "events": list(state.events),
        "finished": state.finished,
        "reason": state.reason,
        "results": results,
    }


def private_view(state: JapanState, seat: int) -> dict[str, JSON]:
    """The seat's own cards and tickets (done or not yet), and the tickets it is choosing from."""
    board = japan()
    mine = [ticket_json(board.tickets[r.ticket], r.done) for r in scoring.ticket_results(state, seat, board)]
    return {
        "seat": seat,
        "hand": {card: state.hands[seat][card] for card in CARDS},  # stored JSON sorts keys; hands read in card order
        "tickets": mine,
        "offer": [ticket_json(board.tickets[t]) for t in state.offer[seat]],
        "keep_at_least": min(state.keep_at_least[seat], len(state.offer[seat])),
        "new_cards": list(state.new_cards[seat]),
    }


def prompt(state: JapanState, seat: int | None) -> str:
    """What the viewer is waiting for, in words."""
    if state.finished:
        return pgettext("ttr japan", "The game is over.")
    if seat is not None and state.offer[seat]:
        least = min(state.keep_at_least[seat], len(state.offer[seat]))
        return _("Choose the tickets to keep: at least {least} of {offered}.").format(
            least=least, offered=len(state.offer[seat])
        )
    if state.phase == START:
        return _("Everyone is choosing their first tickets.")
    if seat != state.turn:
        return _("{seat} is playing.").format(seat=seat_mark(state.turn))
    if state.first_card is not None:
        return _("Take your second card: from the deck, or a face-up card that isn't a locomotive.")
    return _("Your turn: draw two cards, claim a route, or draw tickets.")


def describe(action: Action) -> str:
    """The public log phrase of a move (the game's narration adds what came of it)."""
    board = japan()
    if action.verb == "claim" and action.args and isinstance(action.args[0], int) and action.args[0] in board.routes:
        return _("claims {route}").format(route=board.routes[action.args[0]].name)
    if action.verb == "keep":
        return _("keeps")
    if action.verb == "draw":
        return _("draws a card") if action.args == (rules.DECK,) else _("takes")
    if action.verb == "tickets":
        return _("draws destination tickets.")
    return pgettext("ttr japan", "does something unexpected.")


def move_label(action: Action, state: JapanState, board: JapanMap) -> str:
    """How a seat's own move reads in its menu."""
    if action.verb == "keep":
        kept = [board.tickets[int(t)] for t in action.args]
        return _("Keep {tickets}").format(tickets=", ".join(f"{t.name} ({t.points})" for t in kept))
    if action.verb == "draw":
        where = action.args[0]
        if where == rules.DECK:
            return _("Draw from the deck")
        return _("Take the face-up {card} (#{slot})").format(card=card_colour(state.market[int(where) - 1]), slot=where)
    if action.verb == "tickets":
        return _("Draw destination tickets")
    route_id, colour, locomotives = action.args
    route = board.routes[int(route_id)]
    payment = payment_words(str(colour), route.length, int(locomotives))
    return _("Claim {route} — pay {payment}").format(route=route_words(route, state.supply), payment=payment)


def labeller(state: JapanState) -> Callable[[Action], str]:
    """Menu labels for a seat's own moves in this state."""
    board = japan()
    return lambda action: move_label(action, state, board)


def player_view(state: JapanState, seat: int | None) -> dict[str, JSON]:
    """The contract's view: public part, the seat's own cards and tickets, its prompt and legal moves."""
    legal = [] if seat is None else rules.legal_actions(state, seat)
    private = None if seat is None else private_view(state, seat)
    return make_view(public_view(state), private, prompt(state, seat), legal, labeller(state))
