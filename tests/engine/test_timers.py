"""Turn timers in the engine: armed when a wait begins, fired once, late timers do nothing, restarts keep them."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.engine import GameManager, GameTimers, Reminder, TimerDefaults, Update
from bot.games.base import IllegalAction
from bot.storage import Storage, open_storage
from tests.engine.harness import CHANNEL, GAMES, PLAYERS, assert_stored_equals_replay, legal, snapshot, uid

HOUR = 3_600_000
START = 1_700_000_000_000


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        return self.now


def manager_at(storage: Storage, clock: Clock) -> GameManager:
    seeds = itertools.count(4242)
    return GameManager(storage, GAMES, clock=clock, seeds=lambda: next(seeds), timer_defaults=TimerDefaults())


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def timed(storage: Storage, clock: Clock) -> GameManager:
    return manager_at(storage, clock)


async def started(manager: GameManager, players: int = 2, **timers: object) -> Update:
    await manager.open_lobby(1, CHANNEL, "relay", PLAYERS[0], "rounds=2")
    for player in PLAYERS[1:players]:
        await manager.join(CHANNEL, player)
    if timers:
        await manager.set_timers(CHANNEL, uid(0), GameTimers(**timers), moderator=False)  # type: ignore[arg-type]
    return await manager.start(CHANNEL, uid(0))


async def fire_all(manager: GameManager) -> list[Reminder | Update]:
    fired = []
    for timer in await manager.due_timers():
        result = await manager.fire(timer)
        if result is not None:
            fired.append(result)
    return fired


async def test_start_arms_a_turn_reminder_after_the_default_delay(timed: GameManager, clock: Clock) -> None:
    update = await started(timed)
    timers = await timed.storage.timers(update.game_id)
    assert [(t.kind, t.due_ms) for t in timers] == [("remind", START + 12 * HOUR)]


async def test_reminder_fires_once_and_pings_who_must_act(timed: GameManager, clock: Clock) -> None:
    update = await started(timed)
    clock.now += 12 * HOUR - 1
    assert await fire_all(timed) == []
    clock.now += 1
    fired = await fire_all(timed)
    assert len(fired) == 1 and isinstance(fired[0], Reminder)
    assert fired[0].user_ids == update.to_ping
    clock.now += 48 * HOUR
    assert await fire_all(timed) == []


async def test_a_move_rearms_the_reminder_for_the_next_player(timed: GameManager, clock: Clock) -> None:
    update = await started(timed)
    clock.now += HOUR
    actor = update.to_ping[0]
    moved = await timed.act(CHANNEL, actor, (await legal(timed, actor))[0])
    timers = await timed.storage.timers(update.game_id)
    assert [(t.kind, t.due_ms, t.armed_version) for t in timers] == [("remind", START + 13 * HOUR, moved.version)]


async def test_timeout_plays_the_default_move_and_is_logged_as_automatic(timed: GameManager, clock: Clock) -> None:
    update = await started(timed, timeout_s=3600, on_timeout="auto")
    waiting = update.to_ping
    clock.now += HOUR
    fired = [f for f in await fire_all(timed) if isinstance(f, Update)]
    assert len(fired) == 1 and "Time is up" in fired[0].lines[0]
    rows = (await snapshot(timed.storage, update.game_id)).actions
    assert rows[-1].auto and rows[-1].seat == [p.user_id for p in PLAYERS].index(waiting[0])
    assert fired[0].to_ping != waiting
    await assert_stored_equals_replay(timed, update.game_id)


async def test_a_move_just_before_the_timeout_wins_over_it(timed: GameManager, clock: Clock) -> None:
    update = await started(timed, timeout_s=3600, on_timeout="auto")
    due = [t for t in await timed.due_timers()]
    clock.now += HOUR
    late = [t for t in await timed.storage.timers(update.game_id) if t.kind == "timeout"]
    actor = update.to_ping[0]
    await timed.act(CHANNEL, actor, (await legal(timed, actor))[0])
    before = await snapshot(timed.storage, update.game_id)
    assert due == [] and await timed.fire(late[0]) is None
    assert await snapshot(timed.storage, update.game_id) == before


async def test_forfeit_drops_the_waiting_seat_out(timed: GameManager, clock: Clock) -> None:
    update = await started(timed, players=3, timeout_s=600, on_timeout="forfeit")
    waiting = update.to_ping[0]
    clock.now += 600_000
    await fire_all(timed)
    seats = await timed.storage.seats(update.game_id)
    assert [s.resigned for s in seats if s.user_id == waiting] == [True]
    assert sum(s.resigned for s in seats) == 1


async def test_skip_is_refused_for_a_game_without_a_skip_move(timed: GameManager) -> None:
    await timed.open_lobby(1, CHANNEL, "relay", PLAYERS[0])
    with pytest.raises(IllegalAction, match="rules have no pass"):
        await timed.set_timers(CHANNEL, uid(0), GameTimers(None, 600, "skip"), moderator=False)


async def test_only_the_host_or_a_moderator_sets_timers(timed: GameManager) -> None:
    await timed.open_lobby(1, CHANNEL, "relay", PLAYERS[0])
    await timed.join(CHANNEL, PLAYERS[1])
    with pytest.raises(IllegalAction, match="host or a moderator"):
        await timed.set_timers(CHANNEL, uid(1), GameTimers(3600), moderator=False)
    assert (await timed.game_timers(CHANNEL)).remind_s is None
    await timed.set_timers(CHANNEL, uid(1), GameTimers(3600), moderator=True)
    assert (await timed.game_timers(CHANNEL)).remind_s == 3600


async def test_a_simultaneous_step_gets_the_short_reminder_and_keeps_it_as_seats_answer(
    timed: GameManager, clock: Clock
) -> None:
    update = await started(timed, players=3)
    while len(update.to_ping) < 2:  # play the turns until the bid everyone makes at once
        actor = update.to_ping[0]
        update = await timed.act(CHANNEL, actor, (await legal(timed, actor))[0])
    armed = await timed.storage.timers(update.game_id)
    assert [(t.kind, t.due_ms - clock.now) for t in armed] == [("remind", 10 * 60_000)]
    actor = update.to_ping[0]
    await timed.act(CHANNEL, actor, (await legal(timed, actor))[0])
    assert await timed.storage.timers(update.game_id) == armed


async def test_timers_survive_a_restart_and_fire_once(storage: Storage, clock: Clock, database: str) -> None:
    first = manager_at(storage, clock)
    update = await started(first, timeout_s=3600)
    await storage.close()
    reopened = await open_storage(database)
    try:
        second = manager_at(reopened, clock)
        clock.now += 13 * HOUR
        fired = await fire_all(second)
        kinds = sorted(type(f).__name__ for f in fired)
        assert kinds == ["Update"]  # the timeout moved the game on, so the older reminder is no longer armed
        assert (await snapshot(reopened, update.game_id)).actions[-1].auto
        assert [f for f in await fire_all(second) if isinstance(f, Update)] == []
    finally:
        await reopened.close()


async def test_finished_and_abandoned_games_keep_no_timers(timed: GameManager) -> None:
    update = await started(timed)
    await timed.abandon(CHANNEL, PLAYERS[0], moderator=False)
    assert await timed.storage.timers(update.game_id) == []


async def test_a_timeout_whose_game_another_process_ends_meanwhile_does_nothing(
    storage: Storage, clock: Clock, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found under load (two processes on one database): the game ended by the other process between the timer's
    checks and its load made `fire` raise "That game is over", which the scheduler logs as a failed timer."""
    await started(manager_at(storage, clock), timeout_s=3600)
    first = manager_at(storage, clock)  # a process that has not loaded the game since it started
    other_storage = await open_storage(database)
    try:
        other = manager_at(other_storage, clock)  # another process: it loads the game from the database
        clock.now += 2 * HOUR
        [timer] = [t for t in await first.due_timers() if t.kind == "timeout"]
        read_timers = storage.timers

        async def then_the_other_ends_it(game_id: int) -> list[Any]:
            armed = await read_timers(game_id)
            await other.abandon(CHANNEL, PLAYERS[0], moderator=False)  # just after the checks read the game running
            return armed

        monkeypatch.setattr(storage, "timers", then_the_other_ends_it)
        assert await first.fire(timer) is None
        monkeypatch.undo()
        assert await first.due_timers() == []
    finally:
        await other_storage.close()
