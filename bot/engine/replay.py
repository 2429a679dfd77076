"""Rebuild a game's state from its seed, options and action log: the source of truth."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from bot.games.base import Action, Game, State
from bot.games.rng import GameRandom
from bot.storage import ActionRow, GameRow, Storage, Unavailable

SETUP_STEP = 0
"""The RNG step used by `setup`; action n of the log uses step n (n starts at 1)."""


def new_state(game: Game, seed: int, seats: int, options: Mapping[str, Any]) -> State:
    """The state right after setup."""
    return game.setup(seed, seats, options)


def step_random(seed: int, n: int) -> GameRandom:
    """The RNG for log entry n."""
    return GameRandom(seed, n)


def logged_action(row: ActionRow) -> Action:
    """The action of a log row, with its time stamp."""
    return Action.from_json(json.loads(row.action), at=row.at_ms)


def replay(game: Game, seed: int, seats: int, options: Mapping[str, Any], rows: Iterable[ActionRow]) -> State:
    """Setup, then every logged action in order, each with its own step's RNG."""
    state = new_state(game, seed, seats, options)
    for row in rows:
        state = apply_logged(game, state, row, seed)
    return state


def apply_logged(game: Game, state: State, row: ActionRow, seed: int) -> State:
    """`state` after the logged move of `row`, with its own step's RNG."""
    action = logged_action(row)
    # A game whose moves changed shape reads its older log entries (optional: most games never needed it).
    from_log = getattr(game, "from_log", None)
    if from_log is not None:
        action = from_log(state, row.seat, action)
    return game.apply(state, row.seat, action, step_random(seed, row.n))


def state_text(game: Game, state: State) -> str:
    """The state as the text stored in the games row (stable key order, so replays compare equal)."""
    return json.dumps(game.to_json(state), separators=(",", ":"), sort_keys=True)


async def replayed_text(storage: Storage, game: Game, row: GameRow) -> str:
    """A stored game's state rebuilt from its stored seed, options, seats and log, as the state row's text."""
    seats = await storage.seats(row.id)
    return state_text(game, replay(game, row.seed, len(seats), json.loads(row.options), await storage.actions(row.id)))


async def not_replaying(storage: Storage, games: Mapping[str, Game], game_ids: Iterable[int]) -> dict[int, str]:
    """Of these games, those whose log does not rebuild exactly their stored state, each with the reason."""
    found = {}
    for game_id in game_ids:
        row = await storage.game(game_id)
        if row is None or row.state is None:
            found[game_id] = "no stored state"
            continue
        game = games.get(row.game)
        if game is None:
            found[game_id] = f"unknown game {row.game!r}"
            continue
        try:
            replayed = await replayed_text(storage, game, row)
        except Unavailable:
            raise  # the database went away: that says nothing about the game
        except Exception as error:  # the rules refuse the log itself: that game does not replay, say why
            found[game_id] = f"its log does not replay ({type(error).__name__}: {error})"
            continue
        if replayed != row.state:
            found[game_id] = "its log replays to another state than the stored one"
    return found
