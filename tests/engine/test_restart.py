"""A restart (new storage connection, new manager, same database) resumes the game exactly."""

from __future__ import annotations

import random

from bot.storage import open_storage
from tests.engine.harness import (
    CHANNEL,
    assert_stored_equals_replay,
    make_manager,
    random_move,
    snapshot,
    start_game,
    uid,
)


async def test_restart_resumes_exactly_and_plays_on(database: str) -> None:
    rnd = random.Random(8)
    storage = await open_storage(database)
    try:
        manager = make_manager(storage)
        started = await start_game(manager, 3)
        for _ in range(7):
            await random_move(manager, rnd)
        before = await snapshot(storage, started.game_id)
        views_before = [await manager.current(CHANNEL, uid(s)) for s in range(3)]
    finally:
        await storage.close()

    storage = await open_storage(database)
    try:
        manager = make_manager(storage)
        assert await snapshot(storage, started.game_id) == before
        for seat, old in enumerate(views_before):
            new = await manager.current(CHANNEL, uid(seat))
            assert (new.version, new.public, new.actor_view, new.to_ping) == (
                old.version,
                old.public,
                old.actor_view,
                old.to_ping,
            )
        running = True
        while running:
            running = (await random_move(manager, rnd))[2].running
            await assert_stored_equals_replay(manager, started.game_id)
        assert len(await storage.results(started.game_id)) == 3
    finally:
        await storage.close()
