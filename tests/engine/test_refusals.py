"""Refused moves change nothing: stale buttons, not your turn, not seated, illegal or malformed moves."""

from __future__ import annotations

import pytest

from bot.engine import GameManager, StaleClick, Update
from bot.games.base import Action, IllegalAction
from bot.storage import Storage
from tests.engine.harness import (
    CHANNEL,
    GUILD,
    PLAYERS,
    STRANGER,
    legal,
    snapshot,
    start_game,
    stored_state,
    uid,
)


async def refused_without_change(
    manager: GameManager, storage: Storage, update: Update, user_id: int, action: Action, **kw: int
) -> IllegalAction:
    before = await snapshot(storage, update.game_id)
    view_before = await manager.current(CHANNEL, user_id)
    with pytest.raises(IllegalAction) as refused:
        await manager.act(CHANNEL, user_id, action, **kw)
    assert await snapshot(storage, update.game_id) == before
    view_after = await manager.current(CHANNEL, user_id)
    assert (view_after.version, view_after.public, view_after.actor_view) == (
        view_before.version,
        view_before.public,
        view_before.actor_view,
    )
    return refused.value


async def test_stale_version_is_refused_and_changes_nothing(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2)
    first = (await legal(manager, uid(0)))[0]
    moved = await manager.act(CHANNEL, uid(0), first, version=started.version)
    assert moved.version == started.version + 1
    second = (await legal(manager, uid(1)))[0]
    error = await refused_without_change(manager, storage, moved, uid(1), second, version=started.version)
    assert isinstance(error, StaleClick)
    assert (await manager.act(CHANNEL, uid(1), second, version=moved.version)).version == moved.version + 1


async def test_not_your_turn_is_refused_and_changes_nothing(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 3)
    state = await stored_state(storage, started.game_id)
    assert state.turn == 0
    error = await refused_without_change(manager, storage, started, uid(1), Action("draw"))
    assert "not your turn" in error.message and "Aiko" in error.message


async def test_not_seated_is_refused_and_changes_nothing(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2)
    error = await refused_without_change(manager, storage, started, STRANGER.user_id, Action("draw"))
    assert "not playing" in error.message


@pytest.mark.parametrize(
    "action",
    [
        Action("play", (10_000,)),
        Action("bid", (1,)),
        Action("castle"),
        Action("draw", (5,)),
        Action("play", ()),
        Action("play", ("1",)),
    ],
    ids=["card not in hand", "wrong phase", "made-up verb", "extra arg", "missing arg", "wrong arg type"],
)
async def test_illegal_or_malformed_move_is_refused_and_changes_nothing(
    manager: GameManager, storage: Storage, action: Action
) -> None:
    started = await start_game(manager, 2)
    await refused_without_change(manager, storage, started, uid(0), action)


async def test_acting_without_a_running_game_is_refused(manager: GameManager) -> None:
    with pytest.raises(IllegalAction, match="no game running"):
        await manager.act(CHANNEL, uid(0), Action("draw"))
    await manager.open_lobby(GUILD, CHANNEL, "relay", PLAYERS[0])
    with pytest.raises(IllegalAction, match="hasn't started"):
        await manager.act(CHANNEL, uid(0), Action("draw"))
