"""/ttr claim autocomplete once the Bullet Trains are gone: the routes they ran on read as plain gray routes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.client import TetsudoBot
from bot.engine.replay import state_text
from bot.games.ttr_japan import TTR_JAPAN
from tests.discord_layer import conftest
from tests.discord_layer.japan_table import GAME, JapanTable, japan_fixture, text_only_fixture  # noqa: F401
from tests.games.ttr_japan.position import set_hand


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    # No cache of running games: the position below is written to the game's row, as a restart would read it.
    return conftest.make_bot(database, {GAME: TTR_JAPAN}, cache_games=0)


async def with_no_bullet_trains_left(japan: JapanTable) -> None:
    """alice's turn, her hand able to pay Aomori – Hakodate's gray track, and the supply empty."""
    assert japan.bot.storage is not None
    row = await japan.bot.storage.active_game(japan.game_channel.id)
    assert row is not None
    state = set_hand(TTR_JAPAN.from_json(json.loads(str(row.state))), 0, {"red": 2})
    state.supply = 0
    async with japan.bot.storage.transaction() as tx:
        await tx.save_state(row.id, state_text(TTR_JAPAN, state), row.version, row.version, row.undo_floor)


@pytest.mark.usefixtures("text_only")
async def test_claim_autocomplete_stops_saying_bullet_train_once_the_bullet_trains_run_out(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    await with_no_bullet_trains_left(japan)
    offered = await japan.alice.autocomplete(japan.game_channel, "ttr claim", "route", "Hakodate")
    assert [c["name"] for c in offered] == ["Aomori – Hakodate · 2 · gray"]
    everything = await japan.alice.autocomplete(japan.game_channel, "ttr claim", "route", "")
    assert everything and not any("bullet" in c["name"] for c in everything)
