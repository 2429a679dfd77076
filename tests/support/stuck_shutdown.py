"""Run as a script: the real bot in a simulated server, with a move stuck in flight (its game's lock is held).

tests/discord_layer/test_shutdown.py signals it: the first SIGTERM waits for the stuck move, the second
must end the process at once. Prints READY once the move is in flight.
"""

from __future__ import annotations

import asyncio
import sys

import discord
import simcord

from bot.client import TetsudoBot
from bot.lifecycle import Lifecycle
from bot.settings import Settings
from tests.support.relay import RELAY


async def main(database: str) -> None:
    bot = TetsudoBot(Settings(database=database, shard_count=1), {"relay": RELAY}, seeds=lambda: 7)
    # A long settle timeout: simcord would otherwise give up on the stuck click and cancel it.
    async with simcord.run(bot, check_errors=False, settle_timeout=3600) as env:
        guild = env.create_guild("Test Server")
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        await alice.slash(channel, "game new", game="relay", options="rounds=1")
        thread = channel.threads[-1]

        def newest(label: str) -> discord.Message:
            return next(
                m
                for m in reversed(thread.history())
                for row in m.components
                for item in getattr(row, "children", [])
                if getattr(item, "label", None) == label
            )

        await bob.click(newest("Join"), label="Join")
        await alice.click(newest("Start"), label="Start")
        hand = await alice.click(newest("My hand"), label="My hand")
        assert hand.response is not None
        move = hand.response.message.components[0].children[0].options[0].value  # type: ignore[union-attr]
        lock = bot.manager.locks(thread.id)  # kept referenced: the engine holds its locks weakly
        await lock.acquire()  # never released: alice's move stays in flight
        lifecycle = Lifecycle(bot, grace_s=600)
        lifecycle.install()

        async def announce_when_stuck() -> None:
            while bot.gate.in_flight == 0:
                await asyncio.sleep(0.01)
            print("READY", flush=True)

        announcing = asyncio.create_task(announce_when_stuck())
        await alice.select(hand.response, [move])  # never answered: the signals end the process first
        await announcing


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
