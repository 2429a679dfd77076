"""Abandoning: only the host or a moderator, the channel is freed, and nothing counts for stats."""

from __future__ import annotations

import pytest

from bot.engine import GameManager, NotModerator
from bot.games.base import Action, IllegalAction
from bot.storage import Storage
from tests.engine.harness import CHANNEL, GUILD, PLAYERS, STRANGER, legal, snapshot, start_game, uid


async def test_host_abandons_a_running_game_and_nothing_is_recorded(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2)
    await manager.act(CHANNEL, uid(0), (await legal(manager, uid(0)))[0])
    update = await manager.abandon(CHANNEL, PLAYERS[0], moderator=False)
    assert update is not None and update.ended == "abandoned" and update.outcome is None
    assert update.to_ping == () and update.lines == ("Aiko abandoned the game.",)
    row = await storage.game(started.game_id)
    assert row is not None and row.status == "abandoned" and row.finished_ms is not None
    assert await storage.results(started.game_id) == []
    with pytest.raises(IllegalAction, match="is over: it was abandoned"):  # issue 32 item 4.2: not "no game here"
        await manager.act(CHANNEL, uid(1), Action("draw"))
    await manager.open_lobby(GUILD, CHANNEL, "relay", PLAYERS[1])


async def test_only_the_host_or_a_moderator_may_abandon(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 2)
    before = await snapshot(storage, started.game_id)
    for by in (PLAYERS[1], STRANGER):
        with pytest.raises(NotModerator):
            await manager.abandon(CHANNEL, by, moderator=False)
    assert await snapshot(storage, started.game_id) == before
    update = await manager.abandon(CHANNEL, STRANGER, moderator=True)
    assert update is not None and update.ended == "abandoned"
    assert (await snapshot(storage, started.game_id)).status == "abandoned"


async def test_abandoning_a_lobby_closes_it(manager: GameManager, storage: Storage) -> None:
    lobby = await manager.open_lobby(GUILD, CHANNEL, "relay", PLAYERS[0])
    assert await manager.abandon(CHANNEL, PLAYERS[0], moderator=False) is None
    assert await manager.lobby(CHANNEL) is None
    assert (await snapshot(storage, lobby.game_id)).status == "abandoned"
    with pytest.raises(IllegalAction, match="no game here"):
        await manager.abandon(CHANNEL, PLAYERS[0], moderator=True)
