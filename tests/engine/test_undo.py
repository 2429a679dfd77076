"""Undo: the last mover takes back their move exactly, never across a draw, a reveal or a turn change."""

from __future__ import annotations

import pytest

from bot.engine import GameManager
from bot.games.base import Action, IllegalAction
from bot.storage import Storage
from tests.engine.harness import (
    CHANNEL,
    PLAYERS,
    assert_stored_equals_replay,
    legal,
    snapshot,
    start_game,
    stored_state,
    uid,
)


async def first_play(manager: GameManager, seat: int) -> Action:
    return next(a for a in await legal(manager, uid(seat)) if a.verb == "play")


async def refused(manager: GameManager, storage: Storage, game_id: int, seat: int, match: str) -> None:
    before = await snapshot(storage, game_id)
    with pytest.raises(IllegalAction, match=match):
        await manager.undo(CHANNEL, uid(seat))
    assert await snapshot(storage, game_id) == before


async def test_undo_restores_the_previous_state_exactly(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 1)
    before = await snapshot(storage, started.game_id)
    view_before = await manager.current(CHANNEL, uid(0))
    await manager.act(CHANNEL, uid(0), await first_play(manager, 0))
    undone = await manager.undo(CHANNEL, uid(0))
    after = await snapshot(storage, started.game_id)
    assert (after.state, after.actions, after.undo_floor) == (before.state, before.actions, before.undo_floor)
    assert after.version == undone.version == before.version + 2
    assert (undone.public, undone.actor_view) == (view_before.public, view_before.actor_view)
    assert undone.lines == ("Aiko takes back their last move.",)
    await assert_stored_equals_replay(manager, started.game_id)
    # The game goes on from the restored state, with a different move this time.
    other = [a for a in await legal(manager, uid(0)) if a.verb == "play"][-1]
    await manager.act(CHANNEL, uid(0), other)
    assert (await stored_state(storage, started.game_id)).played[0] == [other.args[0]]
    await assert_stored_equals_replay(manager, started.game_id)


async def test_a_draw_raises_the_floor(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 1)
    await manager.act(CHANNEL, uid(0), Action("draw"))
    await refused(manager, storage, started.game_id, 0, "drew something at random")


async def test_a_change_of_turn_raises_the_floor(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2)
    await manager.act(CHANNEL, uid(0), await first_play(manager, 0))
    await refused(manager, storage, started.game_id, 0, "The turn has passed to Botan")


async def test_undo_never_goes_below_the_floor(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 1, "hand=4")
    await manager.act(CHANNEL, uid(0), Action("draw"))  # randomness: the floor rises to move 1
    await manager.act(CHANNEL, uid(0), (await legal(manager, uid(0)))[0])  # the bid is revealed: 2
    await manager.act(CHANNEL, uid(0), await first_play(manager, 0))  # round 2: nothing to protect
    assert (await snapshot(storage, started.game_id)).undo_floor == 2
    await manager.undo(CHANNEL, uid(0))
    await refused(manager, storage, started.game_id, 0, "revealed hidden information")
    await assert_stored_equals_replay(manager, started.game_id)


async def test_the_round_ending_bid_reveals_every_bid_and_cannot_be_taken_back(
    manager: GameManager, storage: Storage
) -> None:
    started = await start_game(manager, 2, "hand=5")
    # Round 1: both play and bid. Round 2 starts with seat 1; seat 0 bids last, and round 3
    # starts with seat 0 again, so only the reveal of the bids protects that last bid.
    for seat in (0, 1, 0, 1, 1, 0, 1, 0):
        await manager.act(CHANNEL, uid(seat), (await legal(manager, uid(seat)))[0])
    state = await stored_state(storage, started.game_id)
    assert state.round == 3 and state.turn == 0 and set(state.last_bids) == {0, 1}
    await refused(manager, storage, started.game_id, 0, "revealed hidden information")


async def test_only_the_last_mover_may_take_back(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2, "hand=5", game="relay_doubles")
    even = [a for a in await legal(manager, uid(0)) if a.verb == "play" and int(a.args[0]) % 2 == 0]
    assert even, "the fixed seed deals seat 0 an even card"
    moved = await manager.act(CHANNEL, uid(0), even[0])
    assert moved.to_ping == (uid(0),)
    await refused(manager, storage, started.game_id, 1, "the last move was Aiko's")
    await manager.undo(CHANNEL, uid(0))
    assert (await stored_state(storage, started.game_id)).played == [[], []]
    await assert_stored_equals_replay(manager, started.game_id)


async def test_item19_each_refusal_of_undo_names_its_real_reason(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2, "hand=5", game="relay_doubles")
    await refused(manager, storage, started.game_id, 0, "nobody has moved yet")
    odd = next(a for a in await legal(manager, uid(0)) if a.verb == "play" and int(a.args[0]) % 2)
    await manager.act(CHANNEL, uid(0), odd)  # an odd card passes the turn to Botan
    for asker, reason in ((0, "The turn has passed to Botan, so your last move stands."), (1, "was Aiko's")):
        await refused(manager, storage, started.game_id, asker, reason)
    await manager.skip(CHANNEL, PLAYERS[2], moderator=True)  # the timeout plays Botan's default move
    await refused(manager, storage, started.game_id, 1, "played for you by the bot")
