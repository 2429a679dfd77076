"""Issue 21 in a simulated server: computers take seats, move by themselves, survive a restart, and keep secrets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.client import TetsudoBot
from bot.engine import Update
from bot.games.mexican_train import MEXICAN_TRAIN
from tests.discord_layer import conftest
from tests.discord_layer.table import Table, response_text, text_of
from tests.support.relay import RELAY

GAME = "mexican_train"


def make_bot(database: Path, pause: str = "0") -> TetsudoBot:
    """A bot with Mexican Train whose computers move at once (or after `pause` seconds), thinking briefly."""
    games = {GAME: MEXICAN_TRAIN, "relay": RELAY}
    return conftest.make_bot(database, games, computer_pause=pause, computer_think=0.05)


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return make_bot(database)


async def open_with_computers(table: Table, computers: int = 1, level: str = "easy") -> Any:
    result = await table.alice.slash(table.channel, "game new", game=GAME, computers=computers, level=level)
    if table.channel.threads:
        table.game_channel = table.channel.threads[-1]
    return result


async def settled(table: Table) -> Update | None:
    """The game once every computer the game waits for has moved (None once it ended)."""
    await table.bot.computers.idle()
    if not await table.running():
        return None
    return await table.current()


async def play_alice_to_the_end(table: Table, moves: int = 400) -> None:
    for _move in range(moves):
        update = await settled(table)
        if update is None:
            return
        assert table.alice.id in update.to_ping, "the game waits only for alice once the computers moved"
        await table.play(table.alice)
    raise AssertionError("the game did not end")


async def test_the_slash_option_seats_named_computers(table: Table) -> None:
    await open_with_computers(table, computers=2, level="easy")
    lobby = text_of(table.lobby_message())
    assert "🤖 Tetsu · easy" in lobby and "🤖 Hikari · easy" in lobby


async def test_a_mixed_game_plays_to_the_end_and_computers_keep_their_secrets(table: Table) -> None:
    await open_with_computers(table, computers=1, level="easy")
    await table.alice.click(table.lobby_message(), label="Start")
    await play_alice_to_the_end(table)
    assert "🤖 Tetsu · easy" in "\n".join(text_of(m) for m in table.public_messages())
    # Nobody is ever sent the computer's hand: no DM, no ephemeral, and no public line carries it.
    assert not any(m.author is not None and m.author.id < 0 for m in table.public_messages())
    row = await table.bot.storage.latest_game(table.game_channel.id)  # type: ignore[union-attr]
    assert row is not None and row.status == "finished"
    seats = await table.bot.storage.seats(row.id)  # type: ignore[union-attr]
    assert [s.computer for s in seats] == [None, "easy"] and seats[1].user_id < 0
    assert not await table.bot.storage.dms_closed(seats[1].user_id)  # type: ignore[union-attr]  # never DMed


async def test_a_restart_while_a_computer_thinks_loses_nothing(table: Table, database: Path) -> None:
    await table.env.restart_bot(make_bot(database, pause="30"))  # its computers wait long: the restart cuts in
    await open_with_computers(table, computers=1, level="easy")
    await table.alice.click(table.lobby_message(), label="Start")
    waiting_for_computer = None
    for _move in range(50):
        update = await table.current()
        if table.alice.id not in update.to_ping:
            waiting_for_computer = update
            break
        await table.play(table.alice)
    assert waiting_for_computer is not None, "the computer gets a turn"
    old = table.bot
    await table.env.restart_bot(make_bot(database))
    old.computers.stop()  # the old process is gone: its computer never moves
    await table.bot.computers.idle()
    after = await table.current()
    assert after.version > waiting_for_computer.version, "after the restart the computer moved"
    await play_alice_to_the_end(table)


async def test_the_lobby_menu_adds_a_computer_for_the_host_only(table: Table) -> None:
    await table.alice.slash(table.channel, "game new", game=GAME)
    table.game_channel = table.channel.threads[-1]
    refused = await table.bob.select(table.lobby_message(), ["easy"])
    assert refused.ephemeral and "Only the host" in response_text(refused)
    await table.alice.select(table.lobby_message(), ["easy"])
    assert "🤖 Tetsu · easy" in text_of(table.lobby_message())


async def test_a_full_table_and_an_unknown_level_are_refused(table: Table) -> None:
    unknown = await open_with_computers(table, computers=1, level="grandmaster")
    assert unknown.ephemeral and "grandmaster" in response_text(unknown)
    assert not table.channel.threads, "nothing was opened"
    full = await open_with_computers(table, computers=8, level="easy")
    assert full.ephemeral and "at most 8" in response_text(full)
    await open_with_computers(table, computers=7, level="easy")
    refused = await table.alice.select(table.lobby_message(), ["easy"])
    assert refused.ephemeral and "full" in response_text(refused)
