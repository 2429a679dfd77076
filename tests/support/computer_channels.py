"""Channels where only computers play, opened beside a simcord test or bench: they think and move without end."""

from __future__ import annotations

import asyncio
import contextvars

import simcord

from bot.client import TetsudoBot
from bot.engine.update import Player
from bot.ui.delivery import deliver

IN_COMPUTER_CHANNELS = contextvars.ContextVar("in_computer_channels", default=False)
"""True in the task that opens the channels, and so in every task it starts (they inherit it)."""


async def open_computer_channels(
    bot: TetsudoBot, guild: simcord.GuildHandle, host: simcord.MemberActor, count: int, game: str, level: str
) -> list[int]:
    """Open `count` channels of `game` between two computers at `level`, already moving; returns their ids.

    Opened from a task of the caller's, not from an event of the bot: simcord then does not wait for their endless
    thinking after each interaction it delivers, and the people's interactions can be timed meanwhile."""
    armed = bot.manager.timers_armed

    def people_wake_timers(due_ms: int) -> None:
        # A computer's move arms a reminder like anyone's; waking the scheduler from outside the bot's own tasks
        # would leave simcord unable to tell that it sleeps. Their timers are still stored (and scanned hourly).
        if not IN_COMPUTER_CHANNELS.get():
            armed(due_ms)

    bot.manager.timers_armed = people_wake_timers
    marked = contextvars.copy_context()
    marked.run(IN_COMPUTER_CHANNELS.set, True)
    return await asyncio.create_task(_open(bot, guild, host, count, game, level), context=marked)


async def _open(
    bot: TetsudoBot, guild: simcord.GuildHandle, host: simcord.MemberActor, count: int, game: str, level: str
) -> list[int]:
    """A host seats a computer, starts, and a moderator gives the host's seat to another: nobody waits for a person."""
    player = Player(host.id, host.user.name)
    channels = []
    for n in range(count):
        channel = guild.create_text_channel(f"computers-{n}")
        channels.append(channel.id)
        await bot.manager.open_lobby(guild.id, channel.id, game, player)
        await bot.manager.add_computer(channel.id, host.id, level)
        await deliver(bot, await bot.manager.start(channel.id, host.id), new_board=True)
        await deliver(
            bot, await bot.manager.replace_player(channel.id, host.id, None, player, moderator=True, computer=level)
        )
        bot.computers.poke(channel.id)
    return channels
