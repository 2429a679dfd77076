"""Issue 17 in a simulated server: a restart delivers what the outbox still owes, once, each view to its owner only.

Changes are committed here through the engine alone, as if the bot died before delivering them; the restarted bot
delivers them when it connects. A change delivered as usual is never delivered again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

import rendering
from bot.client import TetsudoBot
from bot.engine import Player
from bot.games import REGISTRY
from bot.ui.presenters import presenter_for
from tests.discord_layer import conftest
from tests.discord_layer.table import Table, hand_shown
from tests.support.relay import RELAY

GAMES = {**REGISTRY, "relay": RELAY}


def make_bot(database: Path) -> TetsudoBot:
    return conftest.make_bot(database, GAMES)


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return make_bot(database)


@pytest.fixture(autouse=True)
def text_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pictures: these tests read who got which text (each game's pictures have their own tests)."""
    for name in GAMES:
        monkeypatch.delitem(rendering.RENDERERS, name, raising=False)


async def start_undelivered(table: Table, game: str, players: list[simcord.MemberActor]) -> None:
    """Open and start a game in #games through the engine only: committed, never delivered (the bot "died")."""
    manager = table.bot.manager
    manager.timers_armed = lambda due_ms: None  # outside any interaction: the bot about to "die" sleeps on
    host, *others = players
    await manager.open_lobby(table.guild.id, table.channel.id, game, Player(host.id, host.user.name), "")
    for player in others:
        await manager.join(table.channel.id, Player(player.id, player.user.name))
    await manager.start(table.channel.id, host.id)


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_a_restart_delivers_each_owed_view_to_its_owner_and_the_line_with_its_pings(
    table: Table, database: Path, game: str
) -> None:
    dave = table.guild.add_member(table.env.create_user("dave"))
    players = [table.alice, table.bob, table.carol, dave]
    await start_undelivered(table, game, players)
    await table.env.restart_bot(make_bot(database))
    start = await table.bot.manager.current(table.channel.id)
    line = next(m for m in table.channel.history() if "begins with" in m.content)
    assert {u.id for u in line.mentions} == set(start.to_ping)
    for player in players:
        own = await table.bot.manager.current(table.channel.id, player.id)
        assert own.actor_view is not None
        expected = presenter_for(game).hand_embed(own, own.actor_view).to_dict()
        sent = [[e.to_dict() for e in m.embeds] for m in player.user.dm_channel.history()]
        holds_secrets = set(own.actor_view.get("private") or {}) - {"seat"}
        assert sent == ([[expected]] if holds_secrets else []), player.user.name
    assert await table.bot.manager.storage.owed() == []


async def test_closed_dms_fall_back_to_my_hand_when_a_restart_delivers_what_was_owed(
    table: Table, database: Path
) -> None:
    dm = table.bob.user.dm_channel
    table.env.inject_error(
        "POST", f"/channels/{dm.id}/messages", status=403, code=50007, message="Cannot send messages to this user",
        times=None,
    )  # fmt: skip
    await start_undelivered(table, "relay", [table.alice, table.bob])
    await table.env.restart_bot(make_bot(database))
    (notice,) = [m for m in table.channel.history() if "can't send **bob** direct messages" in m.content]
    assert hand_shown(notice) is None and "My hand" in notice.content
    assert await table.bot.manager.dms_closed(table.bob.id)
    assert len(table.alice.user.dm_channel.history()) == 1
    own = await table.bob.click(table.with_button("My hand"), label="My hand")
    assert own.ephemeral and hand_shown(own.response.message) is not None  # type: ignore[union-attr]
    assert await table.bot.manager.storage.owed() == []


async def test_a_delivered_change_is_not_delivered_again_after_a_restart(table: Table, database: Path) -> None:
    await table.started(table.bob)
    update = await table.current()
    await table.play(table.actor_for(update.to_ping[0]))
    assert await table.bot.manager.storage.owed() == []
    places = [table.game_channel, table.alice.user.dm_channel, table.bob.user.dm_channel]
    seen = [len(place.history()) for place in places]
    await table.env.restart_bot(make_bot(database))
    assert [len(place.history()) for place in places] == seen
