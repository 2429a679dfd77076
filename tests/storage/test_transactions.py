"""Writes happen in one transaction: all or nothing, and never over a newer version."""

from __future__ import annotations

import pytest

from bot.storage import SqliteStorage, StaleVersion


async def running_game(storage: SqliteStorage) -> int:
    async with storage.transaction() as tx:
        game_id = await tx.create_game(1, 9, "relay", 10, "{}", 5, 1_000)
        await tx.add_seat(game_id, 10, "Aiko")
        await tx.start_game(game_id, '{"s":0}', 1, 2_000)
    return game_id


async def test_a_failure_inside_rolls_back_every_write(storage: SqliteStorage) -> None:
    game_id = await running_game(storage)
    with pytest.raises(RuntimeError):
        async with storage.transaction() as tx:
            await tx.append_action(game_id, 1, 0, '["draw"]', 5, False)
            await tx.save_state(game_id, '{"s":1}', 1, 2, 1)
            raise RuntimeError("crash before commit")
    row = await storage.game(game_id)
    assert row is not None and (row.state, row.version, row.undo_floor) == ('{"s":0}', 1, 0)
    assert await storage.actions(game_id) == []
    async with storage.transaction() as tx:  # the connection is usable again
        await tx.append_action(game_id, 1, 0, '["draw"]', 5, False)
    assert await storage.action_count(game_id) == 1


async def test_saving_over_a_newer_version_is_refused(storage: SqliteStorage) -> None:
    game_id = await running_game(storage)
    async with storage.transaction() as tx:
        await tx.save_state(game_id, '{"s":1}', 1, 2, 0)
    with pytest.raises(StaleVersion):
        async with storage.transaction() as tx:
            await tx.append_action(game_id, 1, 0, '["draw"]', 5, False)
            await tx.save_state(game_id, '{"s":"lost"}', 1, 2, 0)
    row = await storage.game(game_id)
    assert row is not None and (row.state, row.version) == ('{"s":1}', 2)
    assert await storage.actions(game_id) == []


async def test_seats_renumber_in_join_order(storage: SqliteStorage) -> None:
    async with storage.transaction() as tx:
        game_id = await tx.create_game(1, 9, "relay", 10, "{}", 5, 1_000)
        for user_id, name in ((10, "Aiko"), (11, "Botan"), (12, "Chie")):
            await tx.add_seat(game_id, user_id, name)
        await tx.remove_seat(game_id, 11)
        await tx.renumber_seats(game_id)
    assert [(s.seat, s.user_id) for s in await storage.seats(game_id)] == [(0, 10), (1, 12)]
