"""A bot process that runs some shards of several: it plays its servers' games and finds only their work."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import TetsudoBot
from bot.storage.shards import Shards
from tests.discord_layer.conftest import make_bot
from tests.support.relay import RELAY


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    """Shards 1 and 3 of 4, as `python -m bot --shards 1,3 --shard-count 4` runs them."""
    return make_bot(database, {"relay": RELAY}, shards="1,3", shard_count=4)


async def test_a_process_running_some_shards_plays_its_servers_games_and_scopes_its_work(simcord_env) -> None:  # type: ignore[no-untyped-def]
    bot = simcord_env.bot
    assert isinstance(bot, TetsudoBot) and bot.shard_ids == [1, 3] and bot.shard_count == 4
    assert bot.storage is not None and bot.storage._shards == Shards((1, 3), 4)
    guild = simcord_env.create_guild("Shard three", shard_id=3)
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob"))
    await alice.slash(channel, "game new", game="relay")
    thread = channel.threads[-1]
    lobby = next(m for m in reversed(thread.history()) if m.components)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    update = await bot.manager.current(thread.id, None)
    assert update.running and Shards((1, 3), 4).of(guild.id) == 3
    assert await bot.storage.channels_with_computers() == []
    assert [r.game_id for r in await bot.storage.owed()] == []  # its start was delivered
