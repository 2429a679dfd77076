"""Computer players for every game and level: `choose` is the one way the rest of the bot asks for a move."""

from __future__ import annotations

import importlib
import logging
import random
from types import ModuleType

from bot.computers.base import LEVELS, Budget, Player, Seen, decision_random
from bot.games.base import Action, IllegalAction
from bot.lifeline import start_worker

__all__ = [
    "LEVELS",
    "Budget",
    "Player",
    "Seen",
    "choose",
    "choose_easy",
    "decision_random",
    "has_computers",
    "players",
    "waiting",
    "worker_start",
]

log = logging.getLogger(__name__)

FALLBACK_LEVEL = "easy"
"""The level whose move a computer plays when its own level failed to decide: quick, and enough to keep a game going."""

GAMES = ("ttr_japan", "mexican_train", "miyajima", "next_station_tokyo", "toyko_train")
"""Each has a module `bot.computers.<game>.players` exporting `PLAYERS: dict[level, Player]`."""


def _module(game: str) -> ModuleType:
    if game not in GAMES:
        raise IllegalAction(f"No computer players for {game}.")
    return importlib.import_module(f"bot.computers.{game}.players")


def has_computers(game: str) -> bool:
    """Whether a game has computer players (every real game does; test games don't)."""
    return game in GAMES


def players(game: str) -> dict[str, Player]:
    """The levels a game's computers play at, by name."""
    found: dict[str, Player] = _module(game).PLAYERS
    return found


def waiting(seen: Seen) -> bool:
    """Whether the seat has nothing useful to do until someone else moves (a game module's own `waiting`, if any):
    the bot then does not ask it, rather than have it make an empty gesture."""
    if not seen.legal:
        return True
    waits = getattr(_module(seen.game), "waiting", None)
    return bool(waits(seen)) if waits is not None else False


def choose(seen: Seen, level: str, rng: random.Random, budget: Budget) -> Action:
    """The move a computer at `level` makes from what its seat sees (always one of `seen.legal`)."""
    legal = seen.legal
    if not legal:
        raise IllegalAction("A computer was asked to move with no legal move.")
    move = players(seen.game)[level].choose(seen, rng, budget)
    if move not in legal:  # a player's bug must never become an illegal move: fall back to a legal one
        return legal[0]
    return move


def choose_easy(seen: Seen, rng: random.Random, budget: Budget) -> Action:
    """The move of a computer whose own level failed: the easy level's, or the first legal move if even that fails."""
    try:
        return choose(seen, FALLBACK_LEVEL, rng, budget)
    except Exception:
        legal = seen.legal
        if not legal:
            raise
        log.exception("easy computer failed too game=%s seat=%d: it plays its first legal move", seen.game, seen.seat)
        return legal[0]


def worker_start() -> None:
    """A computer worker process's start: yield the CPU to the bot whenever both want it, and end with the bot."""
    start_worker()
