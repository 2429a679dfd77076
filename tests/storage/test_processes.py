"""Several bot processes on one database: each write commits once, each timer fires once, each serves its shards."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.storage import Owing, StaleVersion, Storage, TimerPlan
from bot.storage.shards import Shards, clashes
from bot.storage.tournaments import TournamentRow
from tests.storage.test_transactions import draw, running_game
from tests.support.opened import opened

SHARD_1 = 1 << 22
"""A server id on shard 1 of 2 (server 1 and direct messages are on shard 0)."""


def cup(guild_id: int, channel_id: int) -> TournamentRow:
    """A running 3-round Swiss tournament of the relay game, in its first round."""
    return TournamentRow(
        0, guild_id, channel_id, "Cup", "relay", "swiss", 3, 2, "{}", None, "score", None, None, "auto", "running", 1,
        10, 1_000, None,
    )  # fmt: skip


@pytest.fixture
async def other(database: str) -> AsyncIterator[Storage]:
    """A second process's connection to the same database."""
    async with opened(database) as store:
        yield store


async def test_two_processes_moving_one_game_at_once_commit_exactly_one_move(storage: Storage, other: Storage) -> None:
    game_id = await running_game(storage)
    for version in range(1, 6):
        results = await asyncio.gather(
            storage.commit_moves(draw(game_id, f'{{"by":"a{version}"}}', version, version + 1, n=version)),
            other.commit_moves(draw(game_id, f'{{"by":"b{version}"}}', version, version + 1, n=version)),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "dict"]
    row = await other.game(game_id)
    assert row is not None and row.version == 6
    assert [a.n for a in await storage.actions(game_id)] == [1, 2, 3, 4, 5]


async def test_a_due_timer_is_claimed_by_exactly_one_process(storage: Storage, other: Storage) -> None:
    game_id = await running_game(storage)
    await storage.plan_timers(game_id, TimerPlan(1, (("remind", 5_000), ("timeout", 9_000))))
    due = await other.due_timers(10_000)
    assert [t.kind for t in due] == ["remind", "timeout"]
    for timer in due:
        claimed = await asyncio.gather(storage.claim_timer(timer), other.claim_timer(timer), storage.claim_timer(timer))
        assert sorted(claimed) == [False, False, True]
    assert await storage.due_timers(10_000) == []


async def test_a_tournament_round_closes_once_whoever_closes_it(storage: Storage, other: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await tx.create_tournament(cup(1, 50))

    async def close_round(store: Storage) -> str:
        try:
            async with store.transaction() as tx:
                await tx.set_tournament_round(tournament_id, "running", 2, 3)
                await tx.add_table(tournament_id, 2, 1, (10, 11))
        except StaleVersion:
            return "already closed"
        return "closed"

    assert sorted(await asyncio.gather(close_round(storage), close_round(other))) == ["already closed", "closed"]
    assert [t.round for t in await storage.tables(tournament_id)] == [2]
    async with storage.transaction() as tx:
        await tx.finish_tournament(tournament_id, 2_000)
    with pytest.raises(StaleVersion):
        async with other.transaction() as tx:
            await tx.finish_tournament(tournament_id, 3_000)


async def test_a_sharded_process_finds_only_its_own_servers_work(storage: Storage) -> None:
    games = {}
    for channel, guild in ((1, 1), (2, SHARD_1), (3, None)):
        async with storage.transaction() as tx:
            game_id = await tx.create_game(guild, channel, "relay", 10, "{}", 5, 1_000)
            await tx.add_seat(game_id, 10, "Aiko")
            await tx.add_seat(game_id, -1, "Tetsu", computer="easy")
            await tx.start_game(game_id, "{}", 1, 2_000)
            await tx.owe(game_id, 1, [Owing(None, ("started",))])
            await tx.create_tournament(cup(guild or 0, 100 + channel))
        await storage.plan_timers(game_id, TimerPlan(1, (("remind", 5_000 + channel),)))
        games[channel] = game_id

    def found() -> object:
        return (
            [t.channel_id for t in due],
            [r.game_id for r in owed],
            [t.channel_id for t in tournaments],
            computers,
            next_due,
        )

    due, owed = await storage.due_timers(10_000), await storage.owed()
    tournaments, computers = await storage.running_tournaments(), await storage.channels_with_computers()
    next_due = await storage.next_due()
    assert found() == ([1, 2, 3], [games[1], games[2], games[3]], [101, 102, 103], [1, 2, 3], 5_001)

    storage.serve(Shards((1,), 2))
    due, owed = await storage.due_timers(10_000), await storage.owed()
    tournaments, computers = await storage.running_tournaments(), await storage.channels_with_computers()
    next_due = await storage.next_due()
    assert found() == ([2], [games[2]], [102], [2], 5_002)
    assert await storage.last_owed() == owed[-1].id

    storage.serve(Shards((0,), 2))  # direct messages (no server) are shard 0's, as Discord sends them
    due, owed = await storage.due_timers(10_000), await storage.owed()
    tournaments, computers = await storage.running_tournaments(), await storage.channels_with_computers()
    next_due = await storage.next_due()
    assert found() == ([1, 3], [games[1], games[3]], [101, 103], [1, 3], 5_001)


async def test_two_live_processes_claiming_one_shard_are_reported(storage: Storage, other: Storage) -> None:
    await storage.claim_shards("host-a:1", [0, 1], 4, now_ms=100_000)
    await other.claim_shards("host-b:2", [2, 3], 4, now_ms=100_000)
    assert clashes(await storage.shard_claims(since_ms=0)) == []
    await other.claim_shards("host-b:2", [1, 2, 3], 4, now_ms=110_000)
    assert clashes(await storage.shard_claims(since_ms=0)) == [
        "shard 1 of 4 is claimed by 2 processes: host-a:1, host-b:2"
    ]
    assert clashes(await storage.shard_claims(since_ms=105_000)) == []  # host-a's claim is too old to be alive
    await other.claim_shards("host-c:3", [0], 8, now_ms=110_000)
    assert clashes(await storage.shard_claims(since_ms=105_000)) == [
        "live processes disagree on the shard count (4, 8)"
    ]
    await storage.release_shards("host-a:1")
    assert {c.process for c in await other.shard_claims(since_ms=0)} == {"host-b:2", "host-c:3"}


def test_a_server_is_on_the_shard_discord_sends_it_to() -> None:
    shards = Shards((1, 3), 4)
    assert [shards.of(g) for g in (None, 1, SHARD_1, 3 << 22, 5 << 22, 175928847299117063)] == [0, 0, 1, 3, 1, 0]
    assert shards.serves(SHARD_1) and not shards.serves(None)
