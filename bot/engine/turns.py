"""Applying moves in memory: numbering, the undo floor, and default play for resigned seats."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.engine.replay import step_random
from bot.games.base import Action, Game, Outcome, State
from bot.i18n import _

if TYPE_CHECKING:
    from bot.engine.loaded import Loaded

log = logging.getLogger(__name__)

AUTO_MOVE_LIMIT = 10_000
"""Guards against a game whose default moves never hand the turn back to a person."""


@dataclass(frozen=True, slots=True)
class Move:
    """A seat's action on its way into the log; `n` is its log number once applied."""

    seat: int
    action: Action
    auto: bool
    n: int = 0
    said: tuple[str, ...] = ()
    """What the game narrated after applying it (a forced pass, a round's end)."""


@dataclass(frozen=True, slots=True)
class Step:
    """The in-memory result of one engine change, before it is committed."""

    state: State
    moves: tuple[Move, ...]
    undo_floor: int
    outcome: Outcome | None


def play_out(
    loaded: Loaded, moves: Sequence[Move], at_ms: int, *, forced: frozenset[int] = frozenset(), skip: bool = False
) -> Step:
    """Apply `moves`, then default moves for resigned seats that must act, until a person must act.

    `forced` seats (a timeout) are played once each, by their default move or, with `skip`, the game's skip.
    """
    game, state = loaded.game, loaded.state
    n, floor = loaded.moves, loaded.undo_floor
    resigned = loaded.resigned()
    pending = set(forced)
    queue = list(moves)
    applied: list[Move] = []
    for _step in range(AUTO_MOVE_LIMIT):
        if queue:
            move = queue.pop(0)
        else:
            automatic = sorted(game.to_act(state) & (resigned | pending)) if game.outcome(state) is None else []
            defaults = ((seat, _forced_move(game, state, seat, skip and seat in pending)) for seat in automatic)
            # Seats that merely may act (say, to catch someone out) have no default and are left alone.
            seat, action = next(((s, a) for s, a in defaults if a is not None), (-1, None))
            if action is None:
                break
            pending.discard(seat)
            move = Move(seat, action.stamped(at_ms), auto=True)
        n += 1
        before = game.to_act(state)
        rng = step_random(loaded.seed, n)
        state = game.apply(state, move.seat, move.action, rng)
        # DESIGN §3: no undo across randomness, revealed secrets or a change of who acts.
        if rng.irreversible or game.to_act(state) != before:
            floor = n
        applied.append(replace(move, n=n, said=game.narrate(state)))
    return Step(state, tuple(applied), floor, game.outcome(state))


def _forced_move(game: Game, state: State, seat: int, skip: bool) -> Action | None:
    """A seat's move when nobody plays it: the game's skip if asked for and offered, else its default."""
    skip_action = getattr(game, "skip_action", None) if skip else None
    return skip_action(state, seat) if callable(skip_action) else game.default_action(state, seat)


def move_line(game: Game, move: Move, name: str, left: bool = False) -> str:
    """One public log line for an applied move: who, what, and what followed from it (`left`: the seat's player has
    left the game)."""
    said = " ".join(move.said)
    return f"{who(name, move.auto, left)} {game.describe(move.action)}{' ' + said if said else ''}"


def who(name: str, auto: bool, left: bool = False) -> str:
    """A log line's player: "Aiko"; "Aiko (auto)" when the engine played a turn for them; "Aiko's seat (played
    automatically)" once they have left the game (resigned, forfeited, removed), as they no longer play."""
    if not auto:
        return name
    if left:
        return _("{player}'s seat (played automatically)").format(player=name)
    return _("{player} (auto)").format(player=name)


def resigned_last(outcome: Outcome, resigned: frozenset[int]) -> Outcome:
    """The one final ranking, resigned seats last: the results message, stats and tournaments all use it."""
    return replace(outcome, ranks=final_ranks(outcome, resigned))


def final_ranks(outcome: Outcome, resigned: frozenset[int]) -> tuple[int, ...]:
    """The game's ranks, with every resigned seat placed after every seat that played on."""
    ranks = []
    for seat, rank in enumerate(outcome.ranks):
        group = [s for s in range(len(outcome.ranks)) if (s in resigned) == (seat in resigned)]
        better = sum(1 for s in group if outcome.ranks[s] < rank)
        offset = len(outcome.ranks) - len(resigned) if seat in resigned else 0
        ranks.append(1 + offset + better)
    return tuple(ranks)
