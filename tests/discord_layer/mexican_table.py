"""A test table for Mexican Train: the real game in a lobby, moves through real commands, read-only engine peeks.

Test modules import the fixtures from here (the `*_fixture` functions): `simcord_bot` (a bot with Mexican Train,
overriding conftest's relay-only bot), `mexican` (the table), `images` when a test looks at pictures, and
`text_only` for long games whose tests look at text only (pictures left out to keep them quick).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

import rendering
from bot.client import TetsudoBot
from bot.engine import Update
from bot.games.mexican_train import MEXICAN_TRAIN
from tests.discord_layer import conftest
from tests.discord_layer.table import Table, menu_options, text_of
from tests.support.relay import RELAY

GAME = "mexican_train"
MENU_TIMEOUT_S = 15 * 60
"""discord.py gives an ephemeral message's menu a 15-minute life; we let that pass now and then in long games."""


def make_mexican_bot(database: Path) -> TetsudoBot:
    """A bot offering Mexican Train (and the relay test game), on the given database (closed after the test)."""
    return conftest.make_bot(database, {GAME: MEXICAN_TRAIN, "relay": RELAY})


def mexican_renderer() -> Any | None:
    """The Mexican Train renderer, when rendering/mexican_train/pictures.py exists (importing it registers it)."""
    if importlib.util.find_spec("rendering.mexican_train.pictures") is None:
        return None
    module = importlib.import_module("rendering.mexican_train.pictures")
    return rendering.RENDERERS.get(GAME) or getattr(module, "render_mexican_train", None)


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return make_mexican_bot(database)


@pytest.fixture(name="mexican")
def mexican_fixture(simcord_env: simcord.Env, database: Path) -> MexicanTable:
    """alice, bob and carol in #games, with the bot as it runs (pictures included)."""
    return MexicanTable(simcord_env, database)


@pytest.fixture(name="text_only")
def text_only_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    """No Mexican Train pictures, for long games whose tests look at text only (each picture costs ~15 ms)."""
    monkeypatch.delitem(rendering.RENDERERS, GAME, raising=False)


@pytest.fixture(name="images")
def images_fixture(mexican: MexicanTable, monkeypatch: pytest.MonkeyPatch) -> Any | None:
    """The Mexican Train renderer, registered as the bot has it; None while rendering/mexican_train/pictures.py
    is missing."""
    renderer = mexican_renderer()
    if renderer is not None:
        monkeypatch.setitem(rendering.RENDERERS, GAME, renderer)
    return renderer


def need_renderer(renderer: Any | None) -> None:
    """Skip an image assertion (only that one) while rendering/mexican_train/pictures.py does not exist."""
    if renderer is None:
        pytest.skip("rendering/mexican_train/pictures.py is not written yet: no Mexican Train pictures to check")


def tile_text(pair: list[int]) -> str:
    """A tile as the bot writes it ("12-5")."""
    return f"{pair[0]}-{pair[1]}"


def hand_text(hand: list[list[int]]) -> str:
    """A hand as the private embed lists it."""
    return " · ".join(tile_text(t) for t in hand)


def shows_tile(text: str, pair: list[int]) -> bool:
    """Whether `text` writes this tile ("5-4" but not inside "5-40" or "15-4"), either way round."""
    a, b = pair
    return any(re.search(rf"(?<![\d]){x}-{y}(?![\d])", text) for x, y in ((a, b), (b, a)))


def token_of(view: dict[str, Any], verb: str) -> str | None:
    return next((m["token"] for m in view["legal"] if json.loads(m["token"])[0] == verb), None)


def plays_of(view: dict[str, Any]) -> list[tuple[str, Any]]:
    """(tile, where) of every legal play in a seat's view."""
    found = []
    for move in view["legal"]:
        data = json.loads(move["token"])
        if data[0] == "play":
            found.append((data[1], data[2]))
    return found


def verbs_of(view: dict[str, Any]) -> list[str]:
    return [json.loads(move["token"])[0] for move in view["legal"]]


def is_double(tile: str) -> bool:
    a, b = tile.split("-")
    return a == b


def prefer_double(view: dict[str, Any]) -> str | None:
    """A `prefer` for `step`: the first legal play of a double, if any."""
    for move in view["legal"]:
        data = json.loads(move["token"])
        if data[0] == "play" and is_double(str(data[1])):
            return str(move["token"])
    return None


def message_with_button(channel: simcord.ChannelHandle, label: str) -> discord.Message:
    """The newest public message in `channel` carrying a button with this label."""
    for message in reversed(channel.history()):
        if label in button_labels(message):
            return message
    raise AssertionError(f"no message with a {label!r} button")


def latest_lines(messages: list[discord.Message]) -> list[str]:
    """The public log lines (plain messages) among these messages."""
    return [m.content for m in messages if m.content and not m.embeds]


class MexicanTable(Table):
    """alice, bob and carol in #games, playing Mexican Train through the real commands and buttons."""

    async def open_lobby(self, options: str = "") -> simcord.InteractionResult:
        """alice opens a Mexican Train lobby; the game then lives in the new thread."""
        result = await self.alice.slash(self.channel, "game new", game=GAME, options=options)
        threads = self.channel.threads
        if threads:
            self.game_channel = threads[-1]
        return result

    async def started(self, *players: simcord.MemberActor, options: str = "") -> Update:
        """A running Mexican Train game with alice (host, seat 0) and the given players."""
        await self.open_lobby(options)
        for player in players:
            await player.click(self.lobby_message(), label="Join")
        await self.alice.click(self.lobby_message(), label="Start")
        return await self.current()

    # ------------------------------------------------------------------ reading the engine (never writing)

    async def view(self, actor: simcord.MemberActor) -> dict[str, Any]:
        view = (await self.current(actor)).actor_view
        assert view is not None
        return view

    async def hand(self, actor: simcord.MemberActor) -> list[list[int]]:
        return list((await self.view(actor))["private"]["hand"])

    async def turn_actor(self) -> simcord.MemberActor:
        update = await self.current()
        return self.actor_for(update.seats[update.public["public"]["turn"]].user_id)

    # ------------------------------------------------------------------ acting like a user

    def board(self) -> discord.Message:
        """The live board message (the newest one with the "My hand" button)."""
        return self.with_button("My hand")

    def board_text(self) -> str:
        return text_of(self.board())

    def boards(self) -> list[discord.Message]:
        """Every public board message still in the channel (messages with the board's buttons)."""
        return [m for m in self.game_channel.history() if any(label == "My hand" for label in button_labels(m))]

    async def mexican(self, actor: simcord.MemberActor, command: str, **options: Any) -> simcord.InteractionResult:
        """`/mexican <command>` in the game's channel."""
        return await actor.slash(self.game_channel, f"mexican {command}", **options)

    async def train_value(self, actor: simcord.MemberActor, where: Any) -> str:
        """What a player types for a train: mine, mexican, start mexican or @name's train."""
        update = await self.current(actor)
        assert update.actor_view is not None
        if where == update.actor_view["private"]["seat"]:
            return "mine"
        if where == "start":
            return "start mexican"
        if where == "mexican":
            return "mexican"
        return f"@{update.seats[int(where)].name}'s train"

    async def command(self, actor: simcord.MemberActor, token: str) -> simcord.InteractionResult:
        """Make a move the way a player types it; a pass has no /mexican command: `/game hand` and its menu."""
        data = json.loads(token)
        if data[0] == "play":
            return await self.mexican(actor, "play", tile=data[1], train=await self.train_value(actor, data[2]))
        if data[0] == "pass":
            hand = await actor.slash(self.game_channel, "game hand")
            assert hand.response is not None and hand.ephemeral
            return await actor.select(hand.response, [token])
        return await self.mexican(actor, data[0])

    async def choose(
        self, actor: simcord.MemberActor, pick: Callable[[list[tuple[str, str]]], str]
    ) -> simcord.InteractionResult:
        """Open the hand with the board button and choose the menu option whose value `pick` returns."""
        hand = await self.open_hand(actor)
        assert hand.response is not None and hand.ephemeral
        options = menu_options(hand.response.message)
        assert options, f"{actor.user.name} has no move menu"
        return await actor.select(hand.response, [pick(options)])

    async def step(
        self, prefer: Callable[[dict[str, Any]], str | None] | None = None, *, menu: bool = False
    ) -> simcord.MemberActor:
        """The player whose turn it is makes a move (their first legal one unless `prefer` picks a token).

        By slash command, or with `menu` through the board's My hand button and the hand's menu.
        """
        mover = await self.turn_actor()
        view = await self.view(mover)
        token = (prefer(view) if prefer else None) or view["legal"][0]["token"]
        if menu:
            await self.choose(mover, lambda options: token)
        else:
            await self.command(mover, token)
        return mover

    async def play_until(
        self,
        done: Callable[[dict[str, Any]], bool],
        prefer: Callable[[dict[str, Any]], str | None] | None = None,
        *,
        limit: int = 400,
        menu: bool = False,
    ) -> dict[str, Any]:
        """Move (as `step`) until `done(public board)` holds; returns that board. Fails if the game ends first."""
        for moves in range(limit):
            board = await self.board_state()
            if done(board):
                return board
            await self.step(prefer, menu=menu)
            if moves % 25 == 24:
                await self.env.advance_time(MENU_TIMEOUT_S)
            assert await self.running(), "the game ended before the position was reached"
        raise AssertionError(f"position not reached in {limit} moves")

    async def play_out(self, *, menu: bool = True, limit: int = 3000) -> int:
        """Whoever is pinged opens their hand and chooses the first option (or types it), to the end."""
        for moves in range(limit):
            update = await self.current()
            if not update.to_ping:
                raise AssertionError("a running game pings nobody")
            actor = self.actor_for(update.to_ping[0])
            if menu:
                await self.choose(actor, lambda options: options[0][1])
            else:
                view = await self.view(actor)
                await self.command(actor, view["legal"][0]["token"])
            if moves % 25 == 24:
                await self.env.advance_time(MENU_TIMEOUT_S)
            if not await self.running():
                return moves + 1
        raise AssertionError(f"the game did not end in {limit} moves")

    def public_with_files(self) -> list[discord.Message]:
        return [m for m in self.public_messages() if m.attachments]

    def seen(self) -> set[int]:
        """The ids of every public message now in the channel and its threads."""
        return {m.id for m in self.public_messages()}

    def since(self, seen: set[int]) -> list[discord.Message]:
        """Public messages posted after `seen` was taken (oldest first)."""
        return [m for m in self.public_messages() if m.id not in seen]


def button_labels(message: discord.Message) -> list[str]:
    return [
        str(item.label)
        for row in message.components
        for item in getattr(row, "children", [])
        if isinstance(item, discord.Button)
    ]
