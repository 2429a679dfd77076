"""A Full map button forged onto the board of a game that has no bigger picture is refused privately."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

import rendering
from bot.client import TetsudoBot
from bot.games import REGISTRY
from tests.discord_layer import conftest
from tests.discord_layer.table import response_text
from tests.discord_layer.test_forged_controls import Board, tiny_picture


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path, monkeypatch: pytest.MonkeyPatch) -> TetsudoBot:
    monkeypatch.setattr(rendering, "RENDERERS", dict.fromkeys(REGISTRY, tiny_picture))
    return conftest.make_bot(database, REGISTRY)


async def test_a_whole_picture_button_on_a_game_without_one_is_refused(
    simcord_env: simcord.Env, database: Path
) -> None:
    table = Board(simcord_env, database)
    table.game = "mexican_train"
    await table.started(table.bob)
    custom_id = f"tetsudo:whole:{table.game_channel.id}"
    board = await table.forge_on_board({"type": 2, "custom_id": custom_id})
    result = await table.carol.click(board, custom_id=custom_id)
    assert result.response is not None and result.ephemeral
    assert not [a for f in (result.response, *result.followups) for a in f.attachments]
    assert "isn't one I know" in response_text(result)
    assert (await table.board()).id == board.id
