"""Issue 17: every change stores what it owes Discord in its own transaction; after a crash it is rebuilt from storage.

A row owes the channel a change's announcement (its lines and pings) or one user their own private view: the view
itself is never stored, only whose it is, and it is drawn again from the stored game when delivered.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import GameManager, GameTimers, Player, Update
from bot.engine.update import Owed, owings
from bot.games import REGISTRY
from bot.storage import Storage
from tests.engine.harness import (
    CHANNEL,
    PLAYERS,
    counting_clock,
    legal,
    make_manager,
    random_move,
    start_game,
    uid,
)
from tests.engine.test_timers import Clock, fire_all, manager_at

MODERATOR = Player(900, "Mod")


async def owed_now(manager: GameManager, update: Update) -> None:
    """The rows the change wrote are exactly what its Update says it owes; then delivery settles them."""
    rows = await manager.storage.owed()
    assert [(r.user_id, r.lines, r.pings, r.new_board) for r in rows] == [
        (o.user_id, o.lines, o.pings, o.new_board) for o in owings(update, new_board=rows[0].new_board)
    ]
    public = tuple(r.id for r in rows if r.user_id is None)
    assert update.owed == Owed(public, {r.user_id: (r.id,) for r in rows if r.user_id is not None})
    await manager.settle(r.id for r in rows)


@pytest.mark.parametrize("name", sorted(REGISTRY))
async def test_a_start_owes_its_announcement_and_each_secret_to_its_owner_only(storage: Storage, name: str) -> None:
    manager = GameManager(storage, REGISTRY, clock=counting_clock(), seeds=lambda: 7)
    update = await start_game(manager, 4, game=name)
    rows = await storage.owed()
    (public,) = [r for r in rows if r.user_id is None]
    assert public.lines == update.lines and public.pings == update.newly_awaited and public.new_board
    assert sorted(r.user_id for r in rows if r.user_id is not None) == sorted(update.dm_views)
    # A private row names its owner and nothing else: no text of any view is stored.
    stored = await storage._db.fetchall("SELECT lines, pings FROM outbox WHERE user_id IS NOT NULL")
    assert all(lines is None and pings is None for lines, pings in stored)
    # The crash came before any delivery: a restarted manager rebuilds the same announcement and views.
    restarted = GameManager(storage, REGISTRY, clock=counting_clock())
    (owed,) = [o async for o in restarted.owed_updates(await restarted.last_owed())]
    assert owed.announce and owed.new_board
    assert owed.update.lines == update.lines and owed.update.newly_awaited == update.newly_awaited
    assert owed.update.dm_views == update.dm_views  # each user's own view, as the start dealt it
    assert owed.update.owed == update.owed


async def test_moves_and_moderator_actions_owe_their_line_and_pings(storage: Storage) -> None:
    manager = make_manager(storage)
    await owed_now(manager, await start_game(manager, 3, "rounds=2"))
    _user, _action, moved = await random_move(manager, random.Random(1))
    await owed_now(manager, moved)
    await owed_now(manager, await manager.skip(CHANNEL, MODERATOR, moderator=True))
    await owed_now(manager, await manager.kick(CHANNEL, MODERATOR, uid(2), moderator=True))
    taken = await manager.take_seat(CHANNEL, PLAYERS[4])
    assert list(taken.dm_views) == [PLAYERS[4].user_id]  # the seat's view goes to its new player only
    await owed_now(manager, taken)
    await owed_now(manager, await manager.resign(CHANNEL, uid(1)))
    await owed_now(manager, await manager.abandon(CHANNEL, PLAYERS[0], moderator=True))
    assert await storage.owed() == []


async def test_a_timeout_and_an_undo_owe_their_line(storage: Storage) -> None:
    clock = Clock()
    manager = manager_at(storage, clock)
    await manager.open_lobby(1, CHANNEL, "relay_doubles", PLAYERS[0], "rounds=2")
    await manager.join(CHANNEL, PLAYERS[1])
    await manager.set_timers(CHANNEL, uid(0), GameTimers(timeout_s=60), moderator=False)
    await owed_now(manager, await manager.start(CHANNEL, uid(0)))
    clock.now += 61_000
    (timed_out,) = [u for u in await fire_all(manager) if isinstance(u, Update)]
    await owed_now(manager, timed_out)
    mover = (await manager.current(CHANNEL)).to_ping[0]
    # An even card keeps the turn in relay_doubles, so the move can be taken back.
    even = next(a for a in await legal(manager, mover) if a.verb == "play" and int(a.args[0]) % 2 == 0)
    await owed_now(manager, await manager.act(CHANNEL, mover, even))
    await owed_now(manager, await manager.undo(CHANNEL, mover))


async def test_an_owed_view_is_not_sent_to_whoever_took_the_seat_since(storage: Storage) -> None:
    manager = make_manager(storage)
    await start_game(manager, 3)
    await manager.kick(CHANNEL, MODERATOR, uid(1), moderator=True)
    await manager.take_seat(CHANNEL, PLAYERS[4])
    owed = [o async for o in manager.owed_updates(await manager.last_owed())]
    assert {user for o in owed for user in o.update.dm_views} == {uid(0), uid(2), PLAYERS[4].user_id}
    assert await storage.owed() != [] and uid(1) not in {r.user_id for r in await storage.owed()}


async def test_a_new_round_owes_each_newly_dealt_hand_to_its_owner(storage: Storage) -> None:
    manager = GameManager(storage, REGISTRY, clock=counting_clock(), seeds=lambda: 7)
    await owed_now(manager, await start_game(manager, 4, "mode=rounds", game="mexican_train"))
    rnd = random.Random(3)
    while True:
        _user, _action, update = await random_move(manager, rnd)
        if update.public["public"]["round"] > 1:
            break
        await manager.settle(r.id for r in await storage.owed())
    # The round's new hands: every one dealt to someone other than the mover is owed to its owner, by reference.
    assert len(update.dm_views) >= 3
    await owed_now(manager, update)
