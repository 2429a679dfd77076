"""Issue 34: an ended game's replay, step by step, rebuilt from its log (every game, public and seat views)."""

from __future__ import annotations

import asyncio
import itertools
import json
import random

import pytest

from bot.engine import GameManager
from bot.engine.replay import replay
from bot.engine.replays import CHECKPOINT_EVERY, Replays
from bot.games import REGISTRY
from bot.games.base import IllegalAction
from bot.storage import Storage
from tests.engine.harness import CHANNEL, GUILD, PLAYERS, counting_clock, random_move, start_game

MOVES = 40
SEATS = 4
"""Every game can be played by four (Toyko Train by 4, 6 or 8)."""


def real_games_manager(storage: Storage) -> GameManager:
    """A manager with the five shipped games, a counting clock and predictable seeds."""
    seeds = itertools.count(7)
    return GameManager(storage, REGISTRY, clock=counting_clock(), seeds=lambda: next(seeds))


async def played_then_abandoned(manager: GameManager, game: str, players: int, moves: int) -> int:
    """A game of `game` with `moves` random moves, then abandoned by its host; its id."""
    started = await start_game(manager, players, game=game)
    rnd = random.Random(players)
    for _ in range(moves):
        update = await manager.current(CHANNEL)
        if not update.running:
            break
        await random_move(manager, rnd)
    await manager.abandon(CHANNEL, PLAYERS[0], moderator=True)
    return started.game_id


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_every_step_of_an_ended_game_is_its_log_replayed_that_far(storage: Storage, game: str) -> None:
    manager = real_games_manager(storage)
    game_id = await played_then_abandoned(manager, game, SEATS, MOVES)
    replays = Replays(storage, REGISTRY)
    rows = await storage.actions(game_id)
    row = await storage.game(game_id)
    assert row is not None and len(rows) >= MOVES // 2
    rules = REGISTRY[game]
    options = json.loads(row.options)
    order = list(range(len(rows) + 1))
    random.Random(1).shuffle(order)  # back and forth, as a player steps: each from the states kept so far
    for step in order:
        shown = await replays.step(game_id, step, seat=step % SEATS)
        expected = replay(rules, row.seed, SEATS, options, rows[:step])
        assert shown.view == rules.player_view(expected, step % SEATS)
        assert (shown.step, shown.steps) == (step, len(rows))
        assert shown.mover == (rows[step - 1].seat if step else None)
        assert bool(shown.line) == bool(step) and "<seat:" not in shown.line
    last = await replays.step(game_id, len(rows) + 5)
    final = replay(rules, row.seed, SEATS, options, rows)
    assert last.step == len(rows) and last.view == rules.player_view(final, None)
    assert (await replays.step(game_id, -3)).step == 0


async def test_a_steps_line_names_its_mover(storage: Storage) -> None:
    manager = real_games_manager(storage)
    game_id = await played_then_abandoned(manager, "mexican_train", 2, 6)
    shown = await Replays(storage, REGISTRY).step(game_id, 1)
    assert shown.mover is not None and shown.line.startswith(PLAYERS[shown.mover].name)


async def test_a_running_game_has_no_replay(storage: Storage) -> None:
    manager = real_games_manager(storage)
    started = await start_game(manager, 2, game="mexican_train")
    with pytest.raises(IllegalAction, match="still running"):
        await Replays(storage, REGISTRY).step(started.game_id, 0)
    with pytest.raises(IllegalAction, match="no such game"):
        await Replays(storage, REGISTRY).step(started.game_id + 1_000, 0)


async def test_a_lobby_never_started_has_no_replay(storage: Storage) -> None:
    manager = real_games_manager(storage)
    lobby = await manager.open_lobby(GUILD, CHANNEL, "miyajima", PLAYERS[0], "")
    await manager.abandon(CHANNEL, PLAYERS[0], moderator=True)
    with pytest.raises(IllegalAction, match="no such game"):
        await Replays(storage, REGISTRY).step(lobby.game_id, 0)


async def test_no_seat_beyond_the_games_seats(storage: Storage) -> None:
    manager = real_games_manager(storage)
    game_id = await played_then_abandoned(manager, "toyko_train", SEATS, 4)
    with pytest.raises(IllegalAction, match="no such seat"):
        await Replays(storage, REGISTRY).step(game_id, 1, seat=SEATS)


async def test_states_are_kept_along_the_log_and_only_for_a_few_games(storage: Storage) -> None:
    manager = real_games_manager(storage)
    game_id = await played_then_abandoned(manager, "mexican_train", 2, CHECKPOINT_EVERY * 2 + 3)
    replays = Replays(storage, REGISTRY, kept=1)
    last = (await replays.step(game_id, 10_000)).step
    kept = replays._rebuilt[game_id].states
    assert sorted(kept) == list(range(0, last + 1, CHECKPOINT_EVERY))[: len(kept)] and len(kept) >= 3


async def test_many_steps_asked_at_once_each_get_their_own_step(storage: Storage) -> None:
    """Players stepping through one game together: asked concurrently of a fresh Replays, each step is right."""
    manager = real_games_manager(storage)
    game_id = await played_then_abandoned(manager, "miyajima", SEATS, MOVES)
    rows = await storage.actions(game_id)
    row = await storage.game(game_id)
    assert row is not None
    replays = Replays(storage, REGISTRY)
    seats = [None, *range(SEATS)]
    asked = [(step, seats[step % len(seats)]) for step in reversed(range(len(rows) + 1))] * 2
    shown = await asyncio.gather(*(replays.step(game_id, step, seat) for step, seat in asked))
    rules, options = REGISTRY["miyajima"], json.loads(row.options)
    for (step, seat), got in zip(asked, shown, strict=True):
        expected = replay(rules, row.seed, SEATS, options, rows[:step])
        assert got.step == step and got.view == rules.player_view(expected, seat)
