"""PostgreSQL out of reach for a moment: a move is refused with "try again", never acknowledged and lost."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.discord_layer.table import Table, text_of
from tests.support import postgresql
from tests.support.outage import Outage


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
