"""Sandbox scripts that play whole Mexican Train games the way people type them, and the scores they must end on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.base import Action
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.rng import GameRandom

FRIENDS = ("alice", "bob", "carol", "dave")


@dataclass(frozen=True)
class Script:
    """Sandbox lines for a whole game, and what the pure rules say each player's total is at the end."""

    lines: list[str]
    totals: dict[str, int]
    moves: int


def train_words(where: object, seat: int, names: Sequence[str]) -> str:
    """How a player types the train of a play: mine, mexican, start mexican or @name's train."""
    if where == "start":
        return "start mexican"
    if where == "mexican":
        return "mexican"
    return "mine" if where == seat else f"@{names[int(str(where))]}'s train"


def typed(action: Action, seat: int, names: Sequence[str], step: int) -> str:
    """The line a player would use for a move: draws and passes alternate between the Draw button and the command."""
    who = f"as {names[seat]}:"
    if action.verb == "play":
        tile, where = action.args
        return f'{who} /mexican play tile:{tile} train:"{train_words(where, seat, names)}"'
    if action.verb in ("draw", "pass"):  # with the boneyard empty, Draw passes
        return f"{who} click Draw" if step % 2 else f"{who} /mexican draw"
    return f"{who} /mexican {action.verb}"


def whole_game(seed: int, options: str = "", names: Sequence[str] = FRIENDS) -> Script:
    """A lobby, a start, and every move until the end: each player plays their timer's default move."""
    parsed = dict(pair.split("=", 1) for pair in options.split())
    opening = f'as {names[0]}: /game new game:mexican_train options:"{options}"' if options else None
    lines = [opening or f"as {names[0]}: /game new game:mexican_train"]
    lines += [f"as {name}: click Join" for name in names[1:]]
    lines.append(f"as {names[0]}: click Start")
    state = MEXICAN_TRAIN.setup(seed, len(names), parsed)
    step = 0
    while not state.finished:
        seat = state.turn
        action = MEXICAN_TRAIN.default_action(state, seat)
        assert action is not None
        step += 1
        lines.append(typed(action, seat, names, step))
        state = MEXICAN_TRAIN.apply(state, seat, action, GameRandom(seed, step))
    return Script(lines, dict(zip(names, state.totals, strict=True)), step)
