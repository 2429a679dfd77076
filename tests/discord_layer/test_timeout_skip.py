"""Issue 17, item 33: `on_timeout:skip` is offered, and accepted, only for games whose rules have a pass."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import simcord

from bot.client import TetsudoBot
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.games.miyajima import MIYAJIMA
from tests.discord_layer import conftest
from tests.discord_layer.table import Table


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return conftest.make_bot(database, {"mexican_train": MEXICAN_TRAIN, "miyajima": MIYAJIMA})


async def lobby(table: Table, game: str) -> simcord.ChannelHandle:
    """alice opens a lobby of `game`; the thread it lives in."""
    await table.alice.slash(table.channel, "game new", game=game)
    return table.channel.threads[-1]


async def test_item33_skip_is_offered_and_accepted_only_where_the_rules_have_a_pass(table: Table) -> None:
    miyajima, mexican = await lobby(table, "miyajima"), await lobby(table, "mexican_train")
    offered = {
        thread: [c["value"] for c in await table.alice.autocomplete(thread, "game timers", "on_timeout", "")]
        for thread in (miyajima, mexican)
    }
    assert offered == {miyajima: ["auto", "forfeit", "computer"], mexican: ["auto", "skip", "forfeit", "computer"]}
    refused = await table.alice.slash(miyajima, "game timers", timeout="1h", on_timeout="skip")
    assert refused.ephemeral
    assert "Fast Train to Miyajima's rules have no pass" in refused.response.content  # type: ignore[union-attr]
    assert (await table.bot.manager.game_timers(miyajima.id)).on_timeout == "auto"
    accepted = await table.alice.slash(mexican, "game timers", timeout="1h", on_timeout="skip")
    assert not accepted.ephemeral
    assert (await table.bot.manager.game_timers(mexican.id)).on_timeout == "skip"


async def test_item33_a_tournament_offers_skip_only_for_a_game_with_a_pass(table: Table) -> None:
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(table.env.create_user("mod"), roles=[mods])
    for game, wanted in (
        ("miyajima", ["auto", "forfeit", "computer"]),
        ("mexican_train", ["auto", "skip", "forfeit", "computer"]),
    ):
        choices = await mod.autocomplete(table.channel, "tournament create", "on_timeout", "", name="Cup", game=game)
        assert [c["value"] for c in choices] == wanted, game
    refused = await mod.slash(table.channel, "tournament create", name="Cup", game="miyajima", on_timeout="skip")
    assert refused.ephemeral and "rules have no pass" in refused.response.content  # type: ignore[union-attr]
    assert await table.bot.manager.storage.live_tournament(table.channel.id) is None
