"""A test table for Next Station Tokyo: up to four players, moves through the real commands, buttons and menus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

import rendering
from bot.client import TetsudoBot
from bot.games.base import Action
from bot.games.next_station_tokyo import NEXT_STATION_TOKYO
from tests.discord_layer import conftest
from tests.discord_layer.table import GameTable

GAME = "next_station_tokyo"
MENU_TIMEOUT_S = 15 * 60


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return conftest.make_bot(database, {GAME: NEXT_STATION_TOKYO})


@pytest.fixture(name="tokyo")
def tokyo_fixture(simcord_env: simcord.Env, database: Path) -> TokyoTable:
    return TokyoTable(simcord_env, database)


@pytest.fixture(name="text_only")
def text_only_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    """No sheet pictures, for long games whose tests look at text only."""
    monkeypatch.delitem(rendering.RENDERERS, GAME, raising=False)


class TokyoTable(GameTable):
    """alice, bob, carol and dave in #games, playing Next Station Tokyo."""

    game = GAME

    async def nst(self, actor: simcord.MemberActor, command: str, **options: Any) -> simcord.InteractionResult:
        return await actor.slash(self.game_channel, f"nst {command}", **options)

    async def moves_of(self, actor: simcord.MemberActor) -> list[Action]:
        """The actor's legal moves now, read through the real manager."""
        view = (await self.current(actor)).actor_view
        assert view is not None
        return [Action.from_token(str(move["token"])) for move in view["legal"]]

    async def play_out(self, limit: int = 2000) -> int:
        """Everyone still choosing draws their first legal section (or passes), typed as a player would, to the end."""
        for moves in range(limit):
            update = await self.current()
            assert update.to_ping, "a running game pings nobody"
            actor = self.actor_for(update.to_ping[0])
            first = (await self.moves_of(actor))[0]
            if first.verb == "draw":
                await self.nst(actor, "draw", to=str(first.args[1]), **{"from": str(first.args[0])})
            else:
                await self.nst(actor, "pass")
            if moves % 25 == 24:
                await self.env.advance_time(MENU_TIMEOUT_S)
            if not await self.running():
                return moves + 1
        raise AssertionError(f"the game did not end in {limit} moves")
