"""The computer-player contract: a computer decides from what its seat may see, never from the game's state.

The engine hands a computer a `Seen`: the seat's own `player_view` (public part, its private part, its legal moves)
and the game's options. A player that searches builds its own guesses of the hidden parts from that view (each
game's `sample`), so no secret of another seat can reach its code: it is never given one.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from bot.games.base import JSON, Action

LEVELS = ("easy", "normal", "strong")
"""From weakest to strongest: random among sensible moves, each game's greedy heuristics, search over the engine."""


@dataclass(frozen=True)
class Seen:
    """Everything a computer may know when it decides: its seat, its view and the game's options."""

    game: str
    seat: int
    seats: int
    view: Mapping[str, JSON]
    """`player_view(state, seat)`: "public", "private" (this seat's secrets) and "legal" (its moves, as tokens)."""
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> Any:
        return self.view["public"]

    @property
    def private(self) -> Any:
        return self.view["private"]

    @property
    def legal(self) -> list[Action]:
        """The seat's legal moves, in the engine's order."""
        return [Action.from_token(str(move["token"])) for move in self.view["legal"]]


@dataclass(frozen=True)
class Budget:
    """How long a decision may think: a number of playouts, a wall-clock limit, or both (whichever ends first).

    Tests and benches give playouts alone, so a decision is the same on every machine; the bot gives seconds."""

    playouts: int | None = None
    seconds: float | None = None
    cpu: bool = False
    """Count `seconds` in this process's CPU time, not the wall clock: a bench then measures what a quiet core would
    do even on a busy machine."""

    def now(self) -> float:
        return time.process_time() if self.cpu else time.monotonic()

    def after(self, started: float) -> Budget:
        """What is left of this budget for thinking begun at `started` (a `now()`): its seconds less those spent."""
        if self.seconds is None:
            return self
        return replace(self, seconds=max(0.0, self.seconds - (self.now() - started)))

    def clock(self) -> Clock:
        """A clock started now for this budget."""
        return Clock(self, self.now())


@dataclass
class Clock:
    """A running budget: `spend()` counts one playout and says whether another one fits."""

    budget: Budget
    started: float
    spent: int = 0

    def more(self) -> bool:
        """Whether another playout fits (always at least one)."""
        if self.spent == 0:
            return True
        if self.budget.playouts is not None and self.spent >= self.budget.playouts:
            return False
        if self.budget.seconds is not None and self.budget.now() - self.started >= self.budget.seconds:
            return False
        return self.budget.playouts is not None or self.budget.seconds is not None

    def spend(self) -> None:
        self.spent += 1


class Player(Protocol):
    """A computer player of one game at one level."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        """One of `seen.legal`; `rng` is its only randomness (so a decision is reproducible)."""
        ...


def decision_random(game_seed: int, step: int, seat: int) -> random.Random:
    """The randomness of one decision: fixed by the game, its step and the seat, so a restart decides alike."""
    digest = hashlib.sha256(f"computer:{game_seed}:{step}:{seat}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class Uniform:
    """Any legal move, uniformly: the floor every level must beat (and a game's easy player until it has better)."""

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        legal = seen.legal
        return legal[rng.randrange(len(legal))]
