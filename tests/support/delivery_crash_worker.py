"""Run as a script: the real bot in a simulated server, killed with SIGKILL in the middle of delivering a change.

`python -m tests.support.delivery_crash_worker DB MOMENT`. Six players start a game of Mexican Train. MOMENT says
when the bot dies: `start_third_dm` — while the start's hands go out, as Discord receives the third player's DM;
`move_line` — after the first move is committed, as Discord receives its public line; `move_reply` — after the
first move is committed, as Discord receives the mover's own reply (their new hand, in place of the menu). The
kill comes from the simulated Discord itself the moment that message reaches it, so it is never delivered.

Before dying, the script prints every message Discord had by then, one JSON object a line: `{"to": user id or
null for the channel, "content": …, "embeds": […], "mentions": […]}`. tests/test_delivery_crash.py restarts the bot
on the same file in a simulated server built by `world` (the same order gives the same ids) and checks that what
was owed is delivered, each private view to its owner only.
"""

from __future__ import annotations

import asyncio
import fnmatch
import json
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.client import TetsudoBot
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.settings import Settings

PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank")
MOMENTS = ("start_third_dm", "move_line", "move_reply")
SEED = 7


@dataclass(frozen=True)
class World:
    """The simulated server: #games and six members."""

    channel: simcord.ChannelHandle
    players: tuple[simcord.MemberActor, ...]


def make_bot(database: Path | str) -> TetsudoBot:
    """The bot with Mexican Train, the game played in the channel itself (no thread: the ids must be rebuilt)."""
    # Pictures drawn in the bot's own thread: nothing is drawn ahead (a player's next hand), which simcord's settle
    # would wait for after every click, and on a starved CPU for longer than its 5 s.
    settings = Settings(database=str(database), open_threads=False, shard_count=1, picture_workers="0")
    # One deal every run: with a random one, now and then the first move leaves nobody newly to ping.
    return TetsudoBot(settings, {"mexican_train": MEXICAN_TRAIN}, seeds=lambda: SEED)


def world(env: simcord.Env) -> World:
    """Build the server before the bot attaches: its ids then depend on nothing the bot does."""
    guild = env.create_guild("Test Server")
    channel = guild.create_text_channel("games")
    return World(channel, tuple(guild.add_member(env.create_user(name)) for name in PLAYERS))


def received(world: World) -> list[dict[str, Any]]:
    """Every message Discord holds: the channel's, then each player's DMs."""
    places: list[tuple[int | None, list[discord.Message]]] = [(None, world.channel.history())]
    places += [(p.id, p.user.dm_channel.history()) for p in world.players if p.user.dm_channel is not None]
    return [
        {
            "to": to,
            "content": m.content,
            "embeds": [e.to_dict() for e in m.embeds],
            "mentions": [u.id for u in m.mentions],
        }
        for to, messages in places
        for m in messages
    ]


class DieOnMessage(list[Any]):
    """Discord's request log: when the armed count of posted messages is reached, the bot's process dies."""

    def __init__(self, world: World) -> None:
        super().__init__()
        self.world = world
        self.countdown: int | None = None
        self.watched = ("POST", "/channels/*/messages")
        """The requests counted down: (method, path pattern)."""

    def append(self, entry: Any) -> None:
        super().append(entry)
        method, path = self.watched
        if self.countdown is None or entry.method != method or not fnmatch.fnmatch(entry.path, path):
            return
        self.countdown -= 1
        if self.countdown == 0:
            for message in received(self.world):
                print(json.dumps(message), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)


def is_double_label(label: str) -> bool:
    """Whether a menu label plays a double ("6-6 → …")."""
    tile = label.split(" ", 1)[0].split("-")
    return len(tile) == 2 and tile[0] == tile[1]


def newest_with(world: World, label: str) -> discord.Message:
    """The newest message in #games with a button of that label."""
    return next(
        m
        for m in reversed(world.channel.history())
        for row in m.components
        for item in getattr(row, "children", [])
        if getattr(item, "label", None) == label
    )


async def main(database: str, moment: str) -> None:
    bot = make_bot(database)
    env = simcord.Env(bot)
    here = world(env)
    log = DieOnMessage(here)
    env.backend.http_requests = log
    await env.start()
    with env.time_context():
        host, *others = here.players
        await host.slash(here.channel, "game new", game="mexican_train")
        for player in others:
            await player.click(newest_with(here, "Join"), label="Join")
        # The start posts its line, then its board, then one DM per player.
        log.countdown = 2 + 3 if moment == "start_third_dm" else None
        await host.click(newest_with(here, "Start"), label="Start")
        update = await bot.manager.current(here.channel.id)
        mover = next(p for p in here.players if p.id == update.to_ping[0])
        hand = await mover.click(newest_with(here, "My hand"), label="My hand")
        assert hand.response is not None
        menu = hand.response.message.components[0].children[0]
        # Not a double: after a double the mover plays again, and the line would ping nobody.
        move = next(o for o in menu.options if not is_double_label(o.label))  # type: ignore[union-attr]
        log.countdown = 1  # the move's public line, or the mover's reply
        if moment == "move_reply":
            log.watched = ("PATCH", "/webhooks/*/messages/@original")
        await mover.select(hand.response, [move.value])
    raise SystemExit("the bot was not killed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
