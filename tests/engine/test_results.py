"""A finished game: every stored state was its replay, and the results are recorded once."""

from __future__ import annotations

import random

import pytest

from bot.engine import GameManager
from bot.games.base import Action, IllegalAction
from bot.storage import Storage
from tests.engine.harness import (
    CHANNEL,
    GUILD,
    PLAYERS,
    assert_stored_equals_replay,
    random_move,
    snapshot,
    start_game,
    uid,
)


@pytest.mark.parametrize("seats", [1, 3, 6])
async def test_full_game_replays_at_every_step_and_records_results(
    manager: GameManager, storage: Storage, seats: int
) -> None:
    started = await start_game(manager, seats)
    await assert_stored_equals_replay(manager, started.game_id)
    rnd, update, moves = random.Random(seats), started, 0
    while update.running:
        _, _, update = await random_move(manager, rnd)
        moves += 1
        await assert_stored_equals_replay(manager, started.game_id)
        assert (await snapshot(storage, started.game_id)).version == started.version + moves
    assert update.outcome is not None and update.ended == "all rounds played" and update.to_ping == ()
    row = await storage.game(started.game_id)
    assert row is not None and row.status == "finished" and row.end_reason == "all rounds played"
    assert row.finished_ms is not None and row.started_ms is not None
    results = await storage.results(started.game_id)
    assert [(r.seat, r.user_id, r.score, r.rank) for r in results] == [
        (s, uid(s), update.outcome.scores[s], update.outcome.ranks[s]) for s in range(seats)
    ]
    assert {(r.game, r.guild_id, r.seat_count, r.finished_ms) for r in results} == {
        ("relay", GUILD, seats, results[0].finished_ms)
    }
    assert all(r.duration_s == (r.finished_ms - row.started_ms) // 1000 for r in results)
    assert len(await storage.actions(started.game_id)) == moves
    with pytest.raises(IllegalAction):
        await manager.act(CHANNEL, uid(0), Action("draw"))
    assert (await manager.open_lobby(GUILD, CHANNEL, "relay", PLAYERS[0])).game_id != started.game_id
