"""Concurrent moves are serialised per channel: no lost update, and other channels carry on."""

from __future__ import annotations

import asyncio
import random

from bot.engine import GameManager, StaleClick, Update
from bot.games.base import Action, IllegalAction
from bot.storage import Storage
from tests.engine.harness import (
    CHANNEL,
    assert_stored_equals_replay,
    legal,
    random_move,
    snapshot,
    start_game,
    stored_state,
    uid,
)

SEATS = 6


async def reach_bid_step(manager: GameManager, storage: Storage) -> Update:
    """A six-seat game where every seat must bid at once."""
    update = await start_game(manager, SEATS, "hand=5")
    for seat in range(SEATS):
        update = await manager.act(CHANNEL, uid(seat), (await legal(manager, uid(seat)))[0])
    state = await stored_state(storage, update.game_id)
    assert state.phase == "bid" and len(update.to_ping) == SEATS
    return update


async def test_fifty_concurrent_bids_keep_exactly_one_per_seat(manager: GameManager, storage: Storage) -> None:
    update = await reach_bid_step(manager, storage)
    before = await snapshot(storage, update.game_id)
    hands = (await stored_state(storage, update.game_id)).hands
    attempts = [(i % SEATS, hands[i % SEATS][(i // SEATS) % len(hands[i % SEATS])]) for i in range(50)]
    results = await asyncio.gather(
        *(manager.act(CHANNEL, uid(seat), Action("bid", (card,))) for seat, card in attempts),
        return_exceptions=True,
    )
    won = [attempt for attempt, result in zip(attempts, results, strict=True) if isinstance(result, Update)]
    refused = [r for r in results if not isinstance(r, Update)]
    assert all(isinstance(r, IllegalAction) for r in refused), refused
    assert sorted(seat for seat, _ in won) == list(range(SEATS))
    after = await snapshot(storage, update.game_id)
    assert len(after.actions) == len(before.actions) + SEATS
    assert after.version == before.version + SEATS
    assert (await stored_state(storage, update.game_id)).last_bids == dict(won)
    await assert_stored_equals_replay(manager, update.game_id)


async def test_fifty_concurrent_clicks_on_one_version_let_exactly_one_through(
    manager: GameManager, storage: Storage
) -> None:
    update = await start_game(manager, 2, "hand=5")
    before = await snapshot(storage, update.game_id)
    options = await legal(manager, uid(0))
    results = await asyncio.gather(
        *(manager.act(CHANNEL, uid(0), options[i % len(options)], update.version) for i in range(50)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Update) for r in results) == 1
    assert sum(isinstance(r, StaleClick) for r in results) == 49
    after = await snapshot(storage, update.game_id)
    assert len(after.actions) == len(before.actions) + 1 and after.version == before.version + 1
    await assert_stored_equals_replay(manager, update.game_id)


async def play_to_the_end(manager: GameManager, channel: int, seed: int) -> int:
    update = await start_game(manager, 1 + seed % 4, channel=channel)
    rnd = random.Random(seed)
    while (await random_move(manager, rnd, channel))[2].running:
        await asyncio.sleep(0)
    return update.game_id


async def test_concurrent_games_in_different_channels_all_finish_intact(manager: GameManager, storage: Storage) -> None:
    game_ids = await asyncio.gather(*(play_to_the_end(manager, 1_000 + i, i) for i in range(20)))
    assert len(set(game_ids)) == 20
    for i, game_id in enumerate(game_ids):
        row = await storage.game(game_id)
        assert row is not None and row.status == "finished" and row.channel_id == 1_000 + i
        assert len(await storage.results(game_id)) == 1 + i % 4
        await assert_stored_equals_replay(manager, game_id)
