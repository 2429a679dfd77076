"""Resigning: the seat is played by default from then on and ranked last; alone left, you win."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import GameManager
from bot.engine.replay import logged_action, new_state, step_random
from bot.games.base import IllegalAction
from bot.storage import Storage
from tests.engine.harness import (
    CHANNEL,
    GUILD,
    PLAYERS,
    STRANGER,
    assert_stored_equals_replay,
    legal,
    random_move,
    snapshot,
    start_game,
    uid,
)
from tests.support.relay_game import RELAY


async def test_resigned_seat_is_played_by_default_and_ranked_last(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 3, "rounds=2")
    resigned = await manager.resign(CHANNEL, uid(1))
    assert resigned.running and resigned.lines == ("Botan resigns.",)
    update = await manager.act(CHANNEL, uid(0), (await legal(manager, uid(0)))[0])
    assert update.lines[1].startswith("Botan's seat (played automatically) ") and update.to_ping == (uid(2),)
    rnd = random.Random(3)
    while update.running:
        assert uid(1) not in update.to_ping
        _, _, update = await random_move(manager, rnd)
        await assert_stored_equals_replay(manager, started.game_id)
    row = await storage.game(started.game_id)
    assert row is not None
    state = new_state(RELAY, row.seed, 3, json.loads(row.options))
    autos = 0
    for entry in await storage.actions(started.game_id):
        action = logged_action(entry)
        if entry.auto:
            autos += 1
            assert entry.seat == 1 and action == RELAY.default_action(state, 1)
        state = RELAY.apply(state, entry.seat, action, step_random(row.seed, entry.n))
    assert autos >= 3
    ranks = {r.seat: r.rank for r in await storage.results(started.game_id)}
    assert ranks[1] == 3 and sorted(ranks[s] for s in (0, 2)) in ([1, 2], [1, 1])


async def test_resigning_on_your_own_turn_plays_it_at_once(manager: GameManager) -> None:
    await start_game(manager, 3)
    update = await manager.resign(CHANNEL, uid(0))
    assert update.lines[0] == "Aiko resigns." and update.lines[1].startswith("Aiko's seat (played automatically) ")
    assert update.to_ping == (uid(1),)


async def test_two_player_resign_ends_with_the_other_winning(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2)
    update = await manager.resign(CHANNEL, uid(0))
    assert update.ended == "everyone else resigned" and not update.running
    assert update.outcome is not None and update.outcome.winners() == (1,)
    row = await storage.game(started.game_id)
    assert row is not None and row.status == "finished" and row.end_reason == "everyone else resigned"
    results = await storage.results(started.game_id)
    assert [(r.seat, r.user_id, r.rank, r.seat_count) for r in results] == [
        (0, uid(0), 2, 2),
        (1, uid(1), 1, 2),
    ]
    assert (await manager.open_lobby(GUILD, CHANNEL, "relay", PLAYERS[1])).players == (PLAYERS[1],)


async def test_resigning_twice_or_without_a_seat_is_refused(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 3)
    await manager.resign(CHANNEL, uid(2))
    before = await snapshot(storage, started.game_id)
    with pytest.raises(IllegalAction, match="already resigned"):
        await manager.resign(CHANNEL, uid(2))
    with pytest.raises(IllegalAction, match="not playing"):
        await manager.resign(CHANNEL, STRANGER.user_id)
    assert await snapshot(storage, started.game_id) == before
