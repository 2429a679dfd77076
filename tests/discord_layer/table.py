"""A test table: a simulated server with players, and short-hands for the common steps of a game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.client import TetsudoBot
from bot.engine import Update


class Table:
    """Users alice, bob and carol in #games, plus helpers that click the real buttons."""

    def __init__(self, env: simcord.Env, database: Path) -> None:
        self.env = env
        self.database = database
        self.guild = env.create_guild("Test Server")
        self.channel = self.guild.create_text_channel("games")
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.carol = self.guild.add_member(env.create_user("carol"))
        self.game_channel: simcord.ChannelHandle = self.channel

    @property
    def bot(self) -> TetsudoBot:
        bot = self.env.bot
        assert isinstance(bot, TetsudoBot)
        return bot

    async def open_lobby(self, options: str = "rounds=1") -> simcord.InteractionResult:
        """alice opens a relay lobby; the game then lives in the new thread."""
        result = await self.alice.slash(self.channel, "game new", game="relay", options=options)
        threads = self.channel.threads
        if threads:
            self.game_channel = threads[-1]
        return result

    def lobby_message(self) -> discord.Message:
        return self.with_button("Join")

    def with_button(self, label: str, viewer: simcord.MemberActor | None = None) -> discord.Message:
        """The newest message in the game channel carrying a button with this label."""
        for message in reversed(self.game_channel.history(viewer=viewer)):
            for row in message.components:
                for item in getattr(row, "children", []):
                    if isinstance(item, discord.Button) and item.label == label:
                        return message
        raise AssertionError(f"no message with a {label!r} button")

    async def started(self, *players: simcord.MemberActor, options: str = "rounds=1") -> Update:
        """A running relay game with alice (host) and the given extra players."""
        await self.open_lobby(options)
        for player in players:
            await player.click(self.lobby_message(), label="Join")
        await self.alice.click(self.lobby_message(), label="Start")
        return await self.current()

    async def current(self, user: simcord.MemberActor | None = None) -> Update:
        """The engine's own view of the game (read through the real manager)."""
        return await self.bot.manager.current(self.game_channel.id, user.id if user else None)

    async def board_state(self) -> dict[str, Any]:
        """The public part of the game's view, read through the real manager."""
        return dict((await self.current()).public["public"])

    async def running(self) -> bool:
        """Whether the game in the game channel is still being played (read from storage)."""
        assert self.bot.storage is not None
        row = await self.bot.storage.active_game(self.game_channel.id)
        return row is not None and row.status == "running"

    def actor_for(self, user_id: int) -> simcord.MemberActor:
        return next(a for a in (self.alice, self.bob, self.carol) if a.id == user_id)

    async def open_hand(self, actor: simcord.MemberActor) -> simcord.InteractionResult:
        return await actor.click(self.with_button("My hand"), label="My hand")

    async def play(self, actor: simcord.MemberActor, label: str | None = None) -> simcord.InteractionResult:
        """Open the hand and pick a move (the first one unless a label is given)."""
        hand = await self.open_hand(actor)
        assert hand.response is not None
        options = menu_options(hand.response.message)
        value = options[0][1] if label is None else dict(options)[label]
        return await actor.select(hand.response, [value])

    async def play_to_the_end(self) -> Update:
        update = await self.current()
        while update.running and update.to_ping:
            await self.play(self.actor_for(update.to_ping[0]))
            try:
                update = await self.current()
            except Exception:
                break
        return update

    def public_messages(self) -> list[discord.Message]:
        """Everything anyone in the channel and its threads can see, ephemerals excluded."""
        messages = list(self.channel.history())
        for thread in self.channel.threads:
            messages.extend(thread.history())
        return messages


class GameTable(Table):
    """alice, bob, carol and dave in #games, playing the game named by `game` (a thread if the bot opens one)."""

    game = ""

    def __init__(self, env: simcord.Env, database: Path) -> None:
        super().__init__(env, database)
        self.dave = self.guild.add_member(env.create_user("dave"))

    def actor_for(self, user_id: int) -> simcord.MemberActor:
        return next(a for a in (self.alice, self.bob, self.carol, self.dave) if a.id == user_id)

    async def started(self, *players: simcord.MemberActor, options: str = "") -> Update:
        """A running game with alice (host, first seat) and the given players."""
        extra = {"options": options} if options else {}
        await self.alice.slash(self.channel, "game new", game=self.game, **extra)
        if self.channel.threads:
            self.game_channel = self.channel.threads[-1]
        for player in players:
            await player.click(self.lobby_message(), label="Join")
        await self.alice.click(self.lobby_message(), label="Start")
        return await self.current()


def menu_options(message: discord.Message) -> list[tuple[str, str]]:
    """(label, value) of every option of every menu on a message."""
    return [
        (option.label, option.value)
        for row in message.components
        for item in getattr(row, "children", [])
        if isinstance(item, discord.SelectMenu)
        for option in item.options
    ]


def text_of(message: discord.Message | Any) -> str:
    """All readable text of a message: content, embeds and component labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict()
        parts.append(str(data.get("title", "")) + str(data.get("description", "")))
        parts.extend(f"{f['name']}: {f['value']}" for f in data.get("fields", []))
        parts.append(str(data.get("footer", {}).get("text", "")))
    return "\n".join(parts)


def labels(message: object) -> list[str]:
    """The labels of every button on a message, in order."""
    return [
        str(item.label)
        for row in message.components  # type: ignore[attr-defined]
        for item in getattr(row, "children", [])
        if getattr(item, "label", None)
    ]


def hand_shown(message: object) -> str | None:
    """The "Hand: …" line of a private view message, if it carries one."""
    match = re.search(r"^Hand: (.*)$", text_of(message), re.MULTILINE)
    return match.group(1) if match else None


def response_text(result: simcord.InteractionResult) -> str:
    """The text of an interaction's reply (the deferred reply's follow-ups included)."""
    parts = [text_of(result.response.message)] if result.response is not None else []
    parts.extend(text_of(f.message) for f in result.followups)
    return "\n".join(parts)


def replies_ephemeral(result: simcord.InteractionResult) -> bool:
    """Whether everything the bot answered to this interaction was for the user's eyes only."""
    answers = ([result.response] if result.response is not None else []) + result.followups
    return bool(answers) and all(a.ephemeral for a in answers)


def custom_id_of(message: discord.Message, label: str) -> str:
    """The custom_id of the message's button with this label."""
    return next(
        str(item.custom_id)
        for row in message.components
        for item in getattr(row, "children", [])
        if isinstance(item, discord.Button) and item.label == label
    )
