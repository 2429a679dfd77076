"""The engine speaks for the game: its refusal reasons and narration, with seats named, and pings only for
seats that must act."""

from __future__ import annotations

import pytest

from bot.engine import GameManager
from bot.games.base import Action, IllegalAction
from bot.storage import Storage
from tests.engine.harness import CHANNEL, PLAYERS, legal, snapshot, start_game, uid


async def test_a_refused_move_carries_the_games_own_reason_with_names(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, 3, "rounds=1", game="relay_cheers")
    before = await snapshot(storage, started.game_id)
    with pytest.raises(IllegalAction) as refused:
        await manager.act(CHANNEL, uid(1), Action("play", (999,)))
    assert refused.value.message == f"Only {PLAYERS[0].name} may do that now."
    assert await snapshot(storage, started.game_id) == before


async def test_a_forged_move_the_game_cannot_parse_is_refused_plainly(manager: GameManager) -> None:
    await start_game(manager, 2, "rounds=1", game="relay")
    with pytest.raises(IllegalAction) as refused:
        await manager.act(CHANNEL, uid(0), Action("play", ("not a number",)))
    assert refused.value.message == "That move isn't allowed now."


async def test_narration_follows_each_move_in_the_log_line_with_names(manager: GameManager) -> None:
    await start_game(manager, 3, "rounds=1", game="relay_cheers")
    move = (await legal(manager, uid(0)))[0]
    update = await manager.act(CHANNEL, uid(0), move)
    assert update.lines[-1].endswith(f"Over to {PLAYERS[1].name}.")
    assert "<seat:" not in "".join(update.lines)
    assert "<seat:" not in "".join(await manager.recent_log(CHANNEL))


async def test_only_seats_that_must_act_are_pinged(manager: GameManager) -> None:
    started = await start_game(manager, 3, "rounds=1", game="relay_cheers")
    assert started.to_ping == (uid(0),)  # the others may cheer, but nobody waits for them
    cheered = await manager.act(CHANNEL, uid(2), Action("cheer"))
    assert cheered.to_ping == (uid(0),)


async def test_a_resigned_seat_that_merely_may_act_does_not_stop_default_play(manager: GameManager) -> None:
    await start_game(manager, 4, "rounds=1", game="relay_cheers")
    await manager.resign(CHANNEL, uid(1))
    await manager.resign(CHANNEL, uid(2))
    update = await manager.act(CHANNEL, uid(0), (await legal(manager, uid(0)))[0])
    # Chie's turn is played by default although Botan, resigned too and first in seat order, may cheer.
    assert [line.split("'s seat (played automatically)")[0] for line in update.lines if "automatically" in line] == [
        "Botan",
        "Chie",
    ]
    assert update.to_ping == (uid(3),)
