"""What each seat may see of a Mexican Train game, and how its moves read."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import JSON, Action, make_view, seat_mark
from bot.games.mexican_train import rules, tiles
from bot.games.mexican_train.state import MEXICAN, MexicanState, RoundResult


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
    """Trains, markers, hand counts, the boneyard count and finished rounds (hands revealed there)."""
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
        "knock": state.knock,
        "chain": state.turn if state.chain else None,
        "drew": state.drawn is not None,
        "events": list(state.events),
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
    }


def prompt(state: MexicanState, seat: int | None) -> str:
    """What the viewer is waiting for, in words."""
    if state.finished:
        return "The game is over."
    turn = seat_mark(state.turn)
    if state.double_train is not None:
        value = rules.open_end(state, state.double_train)
        where = "the Mexican Train" if state.double_train == MEXICAN else f"{seat_mark(state.double_train)}'s train"
        waiting = "you must" if seat == state.turn else f"{turn} must"
        return (
            f"The double {value}-{value} on {where} is waiting: {waiting} cover it with a tile that has a {value} "
            "(or draw once, then pass). No other play until it is covered."
        )
    if seat != state.turn:
        return f"{turn} is playing."
    if state.chain:
        return "Fast start: keep playing on your own train, or press done."
    if state.drawn is not None:
        return f"You drew {tiles.name(state.drawn)} and it fits: play it."
    return "Your turn: play a tile if you can, otherwise draw."


def where_words(where: object, owner: int | None = None) -> str:
    """A play's train in words ("your train" when `owner` is the seat reading it)."""
    if where == rules.START:
        return "a new Mexican Train"
    if where == "mexican":
        return "the Mexican Train"
    if where == owner:
        return "your train"
    return f"{seat_mark(int(str(where)))}'s train"


def describe(action: Action) -> str:
    """The public log phrase of a move."""
    if action.verb == "play" and len(action.args) == 2:
        tile, where = action.args
        if where == rules.START:
            return f"starts the Mexican Train with {tile}."
        return f"plays {tile} on {where_words(where)}."
    return {
        "draw": "draws a tile.",
        "pass": "can't play and the boneyard is empty.",
        "knock": "knocks.",
        "catch": "catches a player who didn't knock!",
        "done": "ends their fast start.",
    }.get(action.verb, "does something unexpected.")


def labeller(seat: int) -> Callable[[Action], str]:
    """Menu labels for `seat`'s own moves."""

    def label(action: Action) -> str:
        if action.verb == "play":
            tile, where = action.args
            return f"{tile} → {where_words(where, seat)}"
        return {
            "draw": "Draw a tile",
            "pass": "Pass (the boneyard is empty)",
            "knock": "Knock: one tile left",
            "catch": "Catch: they didn't knock!",
            "done": "Done: end my fast start",
        }[action.verb]

    return label


def player_view(state: MexicanState, seat: int | None) -> dict[str, JSON]:
    """The contract's view: public part, the seat's own tiles, its prompt and legal moves."""
    legal = [] if seat is None else rules.legal_actions(state, seat)
    private = None if seat is None else private_view(state, seat)
    label = labeller(-2 if seat is None else seat)
    return make_view(public_view(state), private, prompt(state, seat), legal, label)
