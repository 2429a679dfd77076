"""A test table for Fast Train to Miyajima: up to four players, moves through the real commands and buttons."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import simcord

import rendering
from bot.client import TetsudoBot
from bot.games.miyajima import MIYAJIMA
from tests.discord_layer import conftest
from tests.discord_layer.table import GameTable

GAME = "miyajima"
MENU_TIMEOUT_S = 15 * 60


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return conftest.make_bot(database, {GAME: MIYAJIMA})


@pytest.fixture(name="miyajima")
def miyajima_fixture(simcord_env: simcord.Env, database: Path) -> MiyajimaTable:
    return MiyajimaTable(simcord_env, database)


@pytest.fixture(name="text_only")
def text_only_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    """No sheet pictures, for long games whose tests look at text only."""
    monkeypatch.delitem(rendering.RENDERERS, GAME, raising=False)


class MiyajimaTable(GameTable):
    """alice, bob, carol and dave in #games, playing Fast Train to Miyajima."""

    game = GAME

    async def miyajima(self, actor: simcord.MemberActor, command: str, **options: Any) -> simcord.InteractionResult:
        return await actor.slash(self.game_channel, f"miyajima {command}", **options)

    async def play_out(self, limit: int = 3000) -> int:
        """Whoever must act makes their timer's default move, typed as a player would, to the end."""
        for moves in range(limit):
            update = await self.current()
            assert update.to_ping, "a running game pings nobody"
            actor = self.actor_for(update.to_ping[0])
            view = (await self.current(actor)).actor_view
            assert view is not None
            seat = view["private"]["seat"]
            assert self.bot.storage is not None
            row = await self.bot.storage.active_game(self.game_channel.id)
            assert row is not None and row.state is not None
            action = MIYAJIMA.default_action(MIYAJIMA.from_json(json.loads(row.state)), seat)
            assert action is not None
            if action.verb == "roll":
                await self.miyajima(actor, "roll", die=str(action.args[0]))
            else:
                await self.miyajima(actor, "load", option=f"{action.args[0]} {action.args[1]}")
            if moves % 25 == 24:
                await self.env.advance_time(MENU_TIMEOUT_S)
            if not await self.running():
                return moves + 1
        raise AssertionError(f"the game did not end in {limit} moves")
