"""Lobbies: open, join, leave, host hand-over, options by the host, and the start."""

from __future__ import annotations

import pytest

from bot.engine import GameManager, NotModerator
from bot.games.base import IllegalAction
from bot.storage import Storage
from tests.engine.harness import CHANNEL, GUILD, PLAYERS, STRANGER, start_game, stored_state

AIKO, BOTAN, CHIE, DAIKI = PLAYERS[:4]


async def test_open_seats_the_host(manager: GameManager) -> None:
    lobby = await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    assert lobby.host_id == AIKO.user_id and lobby.players == (AIKO,)
    assert lobby.options == {"rounds": 3, "hand": 3} and lobby.can_start
    assert await manager.lobby(CHANNEL) == lobby


async def test_second_lobby_in_a_channel_is_refused(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    with pytest.raises(IllegalAction, match="already has a game"):
        await manager.open_lobby(GUILD, CHANNEL, "relay", BOTAN)
    lobby = await manager.lobby(CHANNEL)
    assert lobby is not None and lobby.host_id == AIKO.user_id


async def test_unknown_game_and_bad_options_open_nothing(manager: GameManager) -> None:
    with pytest.raises(IllegalAction, match="no game called"):
        await manager.open_lobby(GUILD, CHANNEL, "chess", AIKO)
    for text in ("rounds=99", "colour=red", "rounds"):
        with pytest.raises(IllegalAction):
            await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO, text)
    assert await manager.lobby(CHANNEL) is None


async def test_join_takes_the_next_seat_and_bumps_the_version(manager: GameManager) -> None:
    opened = await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    joined = await manager.join(CHANNEL, BOTAN)
    assert joined.players == (AIKO, BOTAN) and joined.version == opened.version + 1


async def test_duplicate_join_is_refused(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    await manager.join(CHANNEL, BOTAN)
    for player in (AIKO, BOTAN):
        with pytest.raises(IllegalAction, match="already in"):
            await manager.join(CHANNEL, player)
    lobby = await manager.lobby(CHANNEL)
    assert lobby is not None and lobby.players == (AIKO, BOTAN)


async def test_full_lobby_is_refused(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    for player in PLAYERS[1:]:
        await manager.join(CHANNEL, player)
    with pytest.raises(IllegalAction, match="full"):
        await manager.join(CHANNEL, STRANGER)
    lobby = await manager.lobby(CHANNEL)
    assert lobby is not None and lobby.players == PLAYERS


async def test_host_leaving_hands_the_lobby_to_the_next_player(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    await manager.join(CHANNEL, BOTAN)
    await manager.join(CHANNEL, CHIE)
    lobby = await manager.leave(CHANNEL, AIKO.user_id)
    assert lobby is not None and lobby.host_id == BOTAN.user_id and lobby.players == (BOTAN, CHIE)
    with pytest.raises(IllegalAction, match="not in this game"):
        await manager.leave(CHANNEL, AIKO.user_id)


async def test_empty_lobby_closes_and_frees_the_channel(manager: GameManager, storage: Storage) -> None:
    opened = await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    assert await manager.leave(CHANNEL, AIKO.user_id) is None
    assert await manager.lobby(CHANNEL) is None
    closed = await storage.game(opened.game_id)
    assert closed is not None and closed.status == "abandoned"
    reopened = await manager.open_lobby(GUILD, CHANNEL, "relay", BOTAN)
    assert reopened.game_id != opened.game_id


async def test_only_the_host_sets_options(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    await manager.join(CHANNEL, BOTAN)
    with pytest.raises(NotModerator):
        await manager.configure(CHANNEL, BOTAN.user_id, "rounds=1")
    lobby = await manager.configure(CHANNEL, AIKO.user_id, "rounds=1")
    assert lobby.options == {"rounds": 1, "hand": 3}
    lobby = await manager.configure(CHANNEL, AIKO.user_id, "hand=5")
    assert lobby.options == {"rounds": 1, "hand": 5}
    with pytest.raises(IllegalAction):
        await manager.configure(CHANNEL, AIKO.user_id, "hand=9")
    after = await manager.lobby(CHANNEL)
    assert after is not None and after.options == {"rounds": 1, "hand": 5}


async def test_only_the_host_starts(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    await manager.join(CHANNEL, BOTAN)
    with pytest.raises(NotModerator):
        await manager.start(CHANNEL, BOTAN.user_id)
    assert await manager.lobby(CHANNEL) is not None


async def test_too_few_players_cannot_start(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay_pair", AIKO)
    with pytest.raises(IllegalAction, match="needs 2–6 players; 1 joined"):
        await manager.start(CHANNEL, AIKO.user_id)
    assert await manager.lobby(CHANNEL) is not None
    await manager.join(CHANNEL, BOTAN)
    assert (await manager.start(CHANNEL, AIKO.user_id)).running


async def test_seats_follow_join_order_after_leaves(manager: GameManager) -> None:
    await manager.open_lobby(GUILD, CHANNEL, "relay", AIKO)
    for player in (BOTAN, CHIE):
        await manager.join(CHANNEL, player)
    await manager.leave(CHANNEL, BOTAN.user_id)
    await manager.join(CHANNEL, DAIKI)
    update = await manager.start(CHANNEL, AIKO.user_id)
    assert [(s.seat, s.user_id) for s in update.seats] == [
        (0, AIKO.user_id),
        (1, CHIE.user_id),
        (2, DAIKI.user_id),
    ]
    with pytest.raises(IllegalAction, match="already started"):
        await manager.join(CHANNEL, BOTAN)


async def test_lobby_options_reach_the_setup(manager: GameManager, storage: Storage) -> None:
    update = await start_game(manager, 2, "rounds=1 hand=5")
    state = await stored_state(storage, update.game_id)
    assert state.rounds == 1 and [len(h) for h in state.hands] == [5, 5]
