"""A test table for Ticket to Ride: Japan: five players, moves through the real commands, buttons and menus.

Test modules import the fixtures from here: `simcord_bot` (a bot with Ticket to Ride: Japan), `japan` (the
table) and `text_only` for long games whose tests look at text only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

import rendering
from bot.client import TetsudoBot
from bot.engine import Update
from bot.games.ttr_japan import TTR_JAPAN
from tests.discord_layer import conftest
from tests.discord_layer.table import Table, menu_options

GAME = "ttr_japan"
MENU_TIMEOUT_S = 15 * 60


def make_japan_bot(database: Path) -> TetsudoBot:
    """A bot offering Ticket to Ride: Japan on the given database (closed after the test)."""
    return conftest.make_bot(database, {GAME: TTR_JAPAN})


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return make_japan_bot(database)


@pytest.fixture(name="japan")
def japan_fixture(simcord_env: simcord.Env, database: Path) -> JapanTable:
    """alice, bob, carol, dave and erin in #games, with the bot as it runs."""
    return JapanTable(simcord_env, database)


@pytest.fixture(name="text_only")
def text_only_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    """No map pictures, for long games whose tests look at text only."""
    monkeypatch.delitem(rendering.RENDERERS, GAME, raising=False)


def select_menu(message: discord.Message) -> discord.SelectMenu:
    """The (only) menu on a message."""
    return next(
        item
        for row in message.components
        for item in getattr(row, "children", [])
        if isinstance(item, discord.SelectMenu)
    )


class JapanTable(Table):
    """Five players in #games, playing Ticket to Ride: Japan through the real commands and buttons."""

    def __init__(self, env: simcord.Env, database: Path) -> None:
        super().__init__(env, database)
        self.dave = self.guild.add_member(env.create_user("dave"))
        self.erin = self.guild.add_member(env.create_user("erin"))

    @property
    def everyone(self) -> list[simcord.MemberActor]:
        return [self.alice, self.bob, self.carol, self.dave, self.erin]

    def actor_for(self, user_id: int) -> simcord.MemberActor:
        return next(a for a in self.everyone if a.id == user_id)

    async def open_lobby(self, options: str = "") -> simcord.InteractionResult:
        result = await self.alice.slash(self.channel, "game new", game=GAME)
        if self.channel.threads:
            self.game_channel = self.channel.threads[-1]
        return result

    async def started(self, *players: simcord.MemberActor, options: str = "") -> Update:
        """A running game with alice (host, seat 0) and the given players, still choosing first tickets."""
        await self.open_lobby()
        for player in players:
            await player.click(self.lobby_message(), label="Join")
        await self.alice.click(self.lobby_message(), label="Start")
        return await self.current()

    async def keep_first_tickets(self) -> None:
        """Every player opens My hand and keeps the first two tickets offered, through the menu."""
        update = await self.current()
        for seat in update.seats:
            actor = self.actor_for(seat.user_id)
            hand = await self.open_hand(actor)
            assert hand.response is not None
            values = [value for _, value in menu_options(hand.response.message)][:2]
            await actor.select(hand.response, values)

    async def view(self, actor: simcord.MemberActor) -> dict[str, Any]:
        view = (await self.current(actor)).actor_view
        assert view is not None
        return view

    async def turn_actor(self) -> simcord.MemberActor:
        update = await self.current()
        return self.actor_for(update.seats[update.public["public"]["turn"]].user_id)

    def board(self) -> discord.Message:
        return self.with_button("My hand")

    async def ttr(self, actor: simcord.MemberActor, command: str, **options: Any) -> simcord.InteractionResult:
        """`/ttr <command>` in the game's channel."""
        return await actor.slash(self.game_channel, f"ttr {command}", **options)

    async def move(self, actor: simcord.MemberActor, token: str) -> simcord.InteractionResult:
        """Make a move the way a player types it: /ttr draw, /ttr claim, /ttr tickets, or the ticket menu."""
        data = json.loads(token)
        if data[0] == "draw":
            return await self.ttr(actor, "draw", card=str(data[1]))
        if data[0] == "claim":
            return await self.ttr(actor, "claim", route=str(data[1]), colour=data[2], locomotives=data[3])
        if data[0] == "tickets":
            return await self.ttr(actor, "tickets")
        hand = await self.open_hand(actor)
        assert hand.response is not None
        return await actor.select(hand.response, [str(t) for t in data[1:]])

    async def play_out(self, limit: int = 2000) -> int:
        """Whoever must act makes their timer's default move, typed as a player would, to the end."""
        for moves in range(limit):
            update = await self.current()
            assert update.to_ping, "a running game pings nobody"
            actor = self.actor_for(update.to_ping[0])
            seat = next(s.seat for s in update.seats if s.user_id == actor.id)
            state = TTR_JAPAN.from_json(json.loads(await self._state_text()))
            action = TTR_JAPAN.default_action(state, seat)
            assert action is not None
            await self.move(actor, action.token())
            if moves % 25 == 24:
                await self.env.advance_time(MENU_TIMEOUT_S)
            if not await self.running():
                return moves + 1
        raise AssertionError(f"the game did not end in {limit} moves")

    async def _state_text(self) -> str:
        """The stored state (read only: to choose moves as a timer would)."""
        assert self.bot.storage is not None
        row = await self.bot.storage.active_game(self.game_channel.id)
        assert row is not None
        return str(row.state)
