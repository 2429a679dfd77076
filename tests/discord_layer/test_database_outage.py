"""PostgreSQL out of reach for a moment: a move is refused with "try again", never acknowledged and lost."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.discord_layer.table import Table, text_of
from tests.support import postgresql
from tests.support.outage import Outage

MINUTE = 60


@pytest.fixture
async def outage() -> AsyncIterator[Outage]:
    """A fresh PostgreSQL database, reached through a relay the test can cut."""
    url = await postgresql.fresh_database()
    try:
        async with Outage(url) as server:
            yield server
    finally:
        await postgresql.drop_database(url)


@pytest.fixture
def database(outage: Outage) -> str:
    """The bot's `database` setting: the PostgreSQL database, through the relay."""
    return outage.url


async def test_while_the_database_is_away_moves_are_refused_and_play_resumes_when_it_is_back(
    table: Table, outage: Outage
) -> None:
    started = await table.started(table.bob)
    mover = table.actor_for(started.to_ping[0])
    await outage.down()
    refused = await table.play(mover)
    (said,) = refused.followups
    assert said.ephemeral
    assert "not answering right now, so nothing was changed. Try again in a moment." in text_of(said)
    await outage.up()
    assert (await table.current()).version == started.version  # nothing was written while it was away
    await table.play(mover)  # the same move, once the database is back: no restart needed
    moved = await table.current()
    assert moved.version == started.version + 1
    row = await table.bot.storage.game(moved.game_id) if table.bot.storage else None
    assert row is not None and row.version == moved.version  # acknowledged, so stored


async def test_a_timeout_due_while_the_database_is_away_fires_once_soon_after_it_is_back(
    table: Table, outage: Outage
) -> None:
    await table.open_lobby()
    await table.alice.slash(table.game_channel, "game timers", timeout="1h", on_timeout="auto")
    await table.bob.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Start")
    before = await table.current()
    await table.env.advance_time(50 * MINUTE)
    await outage.down()
    await table.env.advance_time(20 * MINUTE)  # the timeout fell due 10 minutes ago, with no database to write to
    await outage.up()
    await table.env.advance_time(30)  # the scheduler tries again within seconds, not at its hourly scan
    timed_out = [m for m in table.game_channel.history() if "Time is up" in (m.content or "")]
    assert len(timed_out) == 1
    after = await table.current()
    assert after.version == before.version + 1
    assert [a.auto for a in await table.bot.storage.actions(after.game_id)] == [True]  # type: ignore[union-attr]
