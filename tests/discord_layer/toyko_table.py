"""A test table for Toyko Train: alice & bob are team 1, carol & dave team 2, through the real panels and commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import TetsudoBot
from bot.games.base import Action
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.state import ToykoState
from tests.discord_layer import conftest
from tests.discord_layer.table import GameTable
from tests.support.sandbox_script import racing_pair

GAME = "toyko_train"


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return conftest.make_bot(database, {GAME: TOYKO_TRAIN})


@pytest.fixture(name="toyko")
def toyko_fixture(simcord_env: simcord.Env, database: Path) -> ToykoTable:
    return ToykoTable(simcord_env, database)


class ToykoTable(GameTable):
    """alice (conducts) & bob (tourist) are team 1; carol (conducts) & dave (tourist) team 2."""

    game = GAME

    async def toyko(self, actor: simcord.MemberActor, command: str, **options: Any) -> simcord.InteractionResult:
        return await actor.slash(self.game_channel, f"toyko {command}", **options)

    async def state(self) -> ToykoState:
        """The stored state, straight from the database (tests may look at the target; players can't)."""
        assert self.bot.storage is not None
        row = await self.bot.storage.active_game(self.game_channel.id)
        assert row is not None and row.state is not None
        return TOYKO_TRAIN.from_json(json.loads(row.state))

    async def panel(self, actor: simcord.MemberActor) -> simcord.InteractionResult:
        """The actor's private panel, from the table message's My panel button."""
        return await actor.click(self.with_button("My panel"), label="My panel")

    async def play_out(self, limit: int = 2000) -> int:
        """Both teams race by the book (`racing_pair`: signal, exchange, call), typed as commands, to the end."""
        for moves in range(limit):
            state = await self.state()
            moves_now = [(s, a) for s in sorted(TOYKO_TRAIN.to_act(state)) if (a := racing_pair(state, s))]
            assert moves_now, "a running race where no team can move"
            seat, action = moves_now[0]
            update = await self.current()
            await self.typed(self.actor_for(update.seats[seat].user_id), action)
            if not await self.running():
                return moves + 1
        raise AssertionError(f"the game did not end in {limit} moves")

    async def typed(self, actor: simcord.MemberActor, action: Action) -> simcord.InteractionResult:
        """A move typed as a player types it: /toyko signal, /toyko swap, or the bare command of its verb."""
        if action.verb == "signal":
            return await self.toyko(actor, "signal", word=action.args[0], kind=action.args[1])
        if action.verb == "swap":
            return await self.toyko(actor, "swap", a=action.args[0], b=action.args[1])
        return await self.toyko(actor, action.verb)
