"""The schema itself allows one lobby or running game per channel, and a new one once it ended."""

from __future__ import annotations

import pytest

from bot.storage import ChannelBusy, Storage

CHANNEL = 77


async def new_game(storage: Storage, channel: int = CHANNEL) -> int:
    async with storage.transaction() as tx:
        return await tx.create_game(1, channel, "relay", 10, "{}", 5, 1_000)


@pytest.mark.parametrize("status", ["lobby", "running"])
async def test_second_active_game_in_a_channel_is_refused(storage: Storage, status: str) -> None:
    first = await new_game(storage)
    if status == "running":
        async with storage.transaction() as tx:
            await tx.start_game(first, "{}", 1, 2_000)
    with pytest.raises(ChannelBusy):
        await new_game(storage)
    row = await storage.active_game(CHANNEL)
    assert row is not None and row.id == first and row.status == status


@pytest.mark.parametrize("status", ["finished", "abandoned"])
async def test_a_new_game_may_open_after_the_last_one_ended(storage: Storage, status: str) -> None:
    first = await new_game(storage)
    async with storage.transaction() as tx:
        await tx.end_game(first, status, "done", 3_000)
    second = await new_game(storage)
    assert second != first
    active = await storage.active_game(CHANNEL)
    latest = await storage.latest_game(CHANNEL)
    assert active is not None and latest is not None and active.id == latest.id == second


async def test_other_channels_are_independent(storage: Storage) -> None:
    ids = {await new_game(storage, channel) for channel in (1, 2, 3)}
    assert len(ids) == 3
    assert [row.channel_id for row in await storage.active_games_in_guild(1)] == [1, 2, 3]
