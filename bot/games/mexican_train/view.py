"""What each seat may see of a Mexican Train game, and how its moves read."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import JSON, Action, make_view, seat_mark
from bot.games.mexican_train import rules, tiles
from bot.games.mexican_train.state import MEXICAN, MexicanState, RoundResult
from bot.i18n import _, pgettext


def _train(placed: list[int]) -> list[list[int]]:
    return [tiles.pair(t) for t in placed]


def _result(result: RoundResult) -> dict[str, JSON]:
    return {
        "round": result.round,
        "engine": result.engine,
        "hands": [[tiles.pair(t) for t in hand] for hand in result.hands],
        "scores": list(result.scores),
        "went_out": result.went_out,
    }


def public_view(state: MexicanState) -> dict[str, JSON]:
    """Trains, markers, hand counts, the boneyard count, this round's moves and finished rounds (hands revealed
    there)."""
    double = None
    if state.double_train is not None:
        value = rules.open_end(state, state.double_train)
        train: JSON = "mexican" if state.double_train == MEXICAN else state.double_train
        double = {"train": train, "value": value, "waiting": state.turn}
    return {
        "mode": state.mode,
        "round": state.round,
        "rounds": state.rounds,
        "engine": state.engine,
        "engine_from": state.engine_from,
        "leader": state.leader,
        "turn": None if state.finished else state.turn,
        "trains": [{"tiles": _train(t), "open": m} for t, m in zip(state.trains, state.markers, strict=True)],
        "mexican": None if state.mexican is None else _train(state.mexican),
        "double": double,
        "boneyard": len(state.boneyard),
        "hands": [len(h) for h in state.hands],
        "totals": list(state.totals),
        "rounds_played": [_result(r) for r in state.history],
        "knock": rules.catchable(state),
        "chain": state.turn if state.chain else None,
        "drew": state.drawn is not None,
        "events": list(state.events),
        "moves": [m.to_json() for m in state.moves],
        "new_cycle": state.new_cycle,
        "ended_round": state.ended_round,
        "finished": state.finished,
        "fast_start": state.fast_start,
        "last_tile": "manual" if state.manual_knock else "auto",
    }


def private_view(state: MexicanState, seat: int) -> dict[str, JSON]:
    """The seat's own tiles (never anyone else's), the tile it must play, and what it just received."""
    return {
        "seat": seat,
        "hand": [tiles.pair(t) for t in state.hands[seat]],
        "drawn": None if state.drawn is None or state.turn != seat else tiles.pair(state.drawn),
        "new_tiles": [tiles.pair(t) for t in state.new_tiles[seat]],
        "blocking_draw": _blocking_draw(state, seat),
    }


def _blocking_draw(state: MexicanState, seat: int) -> list[int] | None:
    """The tile `seat` drew with the move that just blocked the round (their own draw only)."""
    if state.blocking_draw is None or state.blocking_draw[0] != seat:
        return None
    return tiles.pair(state.blocking_draw[1])


def prompt(state: MexicanState, seat: int | None) -> str:
    """What the viewer is waiting for, in words."""
    if state.finished:
        return pgettext("mexican train", "The game is over.")
    turn = seat_mark(state.turn)
    if state.double_train is not None:
        value = rules.open_end(state, state.double_train)
        where = where_words("mexican" if state.double_train == MEXICAN else state.double_train)
        if seat == state.turn:
            waiting = _(
                "The double {value}-{value} on {where} is waiting: you must cover it with a tile that has a {value} "
                "(or draw once, then pass). No other play until it is covered."
            )
        else:
            waiting = _(
                "The double {value}-{value} on {where} is waiting: {player} must cover it with a tile that has a "
                "{value} (or draw once, then pass). No other play until it is covered."
            )
        return waiting.format(value=value, where=where, player=turn)
    if seat != state.turn:
        return _("{player} is playing.").format(player=turn)
    if state.chain:
        return _("Fast start: keep playing on your own train, or press done.")
    if state.drawn is not None:
        return _("You drew {tile} and it fits: play it.").format(tile=tiles.name(state.drawn))
    return _("Your turn: play a tile if you can, otherwise draw.")


def where_words(where: object, owner: int | None = None) -> str:
    """A play's train in words ("your train" when `owner` is the seat reading it)."""
    if where == rules.START:
        return _("a new Mexican Train")
    if where == "mexican":
        return _("the Mexican Train")
    if where == owner:
        return _("your train")
    return _("{seat}'s train").format(seat=seat_mark(int(str(where))))


def describe(action: Action) -> str:
    """The public log phrase of a move."""
    if action.verb == "play" and len(action.args) in (2, 3):
        tile, where = action.args[:2]
        knocking = rules.knocks(action)
        if where == rules.START:
            started = (
                _("starts the Mexican Train with {tile} and knocks.")
                if knocking
                else _("starts the Mexican Train with {tile}.")
            )
            return started.format(tile=tile)
        played = _("plays {tile} on {where} and knocks.") if knocking else _("plays {tile} on {where}.")
        return played.format(tile=tile, where=where_words(where))
    if action.verb == "draw":
        return _("draws a tile.")
    if action.verb == "pass":
        return _("can't play and the boneyard is empty.")
    if action.verb == "knock":
        return _("knocks.")
    if action.verb == "catch":
        return _("catches a player who didn't knock!")
    if action.verb == "done":
        return _("ends their fast start.")
    if action.verb == "skip":
        return _("is skipped: draws a tile if the boneyard has one, and passes.")
    return pgettext("mexican train", "does something unexpected.")


def labeller(seat: int) -> Callable[[Action], str]:
    """Menu labels for `seat`'s own moves."""

    def label(action: Action) -> str:
        if action.verb == "play":
            tile, where = action.args[:2]
            if rules.knocks(action):
                return _("{tile} → {where} and knock: one tile left").format(tile=tile, where=where_words(where, seat))
            return f"{tile} → {where_words(where, seat)}"
        labels = {
            "draw": _("Draw a tile"),
            "pass": _("Pass (the boneyard is empty)"),
            "knock": _("Knock: one tile left"),
            "catch": _("Catch: they didn't knock!"),
            "done": _("Done: end my fast start"),
        }
        return labels[action.verb]

    return label


def player_view(state: MexicanState, seat: int | None) -> dict[str, JSON]:
    """The contract's view: public part, the seat's own tiles, its prompt and legal moves."""
    legal = [] if seat is None else rules.legal_actions(state, seat)
    private = None if seat is None else private_view(state, seat)
    label = labeller(-2 if seat is None else seat)
    return make_view(public_view(state), private, prompt(state, seat), legal, label)
