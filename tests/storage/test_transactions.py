"""Writes happen in one transaction: all or nothing, and never over a newer version."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import MoveWrite, StaleVersion, Storage


def draw(game_id: int, state: str, expected: int, version: int, n: int = 1) -> MoveWrite:
    """One logged "draw" by seat 0 with the state it leads to."""
    return MoveWrite(game_id, ((n, 0, '["draw"]', 5, False),), state, expected, version, n)


async def running_game(storage: Storage, channel: int = 9) -> int:
    async with storage.transaction() as tx:
        game_id = await tx.create_game(1, channel, "relay", 10, "{}", 5, 1_000)
        await tx.add_seat(game_id, 10, "Aiko")
        await tx.start_game(game_id, '{"s":0}', 1, 2_000)
    return game_id


async def test_a_failure_inside_rolls_back_every_write(storage: Storage) -> None:
    game_id = await running_game(storage)
    with pytest.raises(RuntimeError):
        async with storage.transaction() as tx:
            await tx.write_moves(draw(game_id, '{"s":1}', 1, 2))
            raise RuntimeError("crash before commit")
    row = await storage.game(game_id)
    assert row is not None and (row.state, row.version, row.undo_floor) == ('{"s":0}', 1, 0)
    assert await storage.actions(game_id) == []
    async with storage.transaction() as tx:  # the connection is usable again
        await tx.write_moves(draw(game_id, '{"s":1}', 1, 2))
    assert await storage.action_count(game_id) == 1


async def test_saving_over_a_newer_version_is_refused(storage: Storage) -> None:
    game_id = await running_game(storage)
    async with storage.transaction() as tx:
        await tx.save_state(game_id, '{"s":1}', 1, 2, 0)
    with pytest.raises(StaleVersion):
        async with storage.transaction() as tx:
            await tx.write_moves(draw(game_id, '{"s":"lost"}', 1, 2))
    row = await storage.game(game_id)
    assert row is not None and (row.state, row.version) == ('{"s":1}', 2)
    assert await storage.actions(game_id) == []


async def test_seats_renumber_in_join_order(storage: Storage) -> None:
    async with storage.transaction() as tx:
        game_id = await tx.create_game(1, 9, "relay", 10, "{}", 5, 1_000)
        for user_id, name in ((10, "Aiko"), (11, "Botan"), (12, "Chie")):
            await tx.add_seat(game_id, user_id, name)
        await tx.remove_seat(game_id, 11)
        await tx.renumber_seats(game_id)
    assert [(s.seat, s.user_id) for s in await storage.seats(game_id)] == [(0, 10), (1, 12)]


async def test_concurrent_moves_of_many_games_are_all_committed(storage: Storage) -> None:
    games = [await running_game(storage, channel) for channel in range(100, 140)]
    await asyncio.gather(*(storage.commit_moves(draw(g, f'{{"g":{g}}}', 1, 2)) for g in games))
    for game_id in games:
        row = await storage.game(game_id)
        assert row is not None and (row.state, row.version) == (f'{{"g":{game_id}}}', 2)
        assert await storage.action_count(game_id) == 1


async def test_a_stale_move_in_a_batch_fails_alone(storage: Storage) -> None:
    games = [await running_game(storage, channel) for channel in range(200, 210)]
    stale = games[3]
    writes = [draw(g, '{"s":"new"}', 0 if g == stale else 1, 2) for g in games]
    results = await asyncio.gather(*(storage.commit_moves(w) for w in writes), return_exceptions=True)
    assert [isinstance(r, StaleVersion) for r in results] == [g == stale for g in games]
    for game_id in games:
        row = await storage.game(game_id)
        assert row is not None
        assert row.version == (1 if game_id == stale else 2)
        assert await storage.action_count(game_id) == (0 if game_id == stale else 1)
