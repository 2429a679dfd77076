"""Turn timers in a simulated server: reminders, timeouts, moves that beat them, restarts, DM reminders."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.discord_layer.conftest import make_bot
from tests.discord_layer.table import Table

MINUTE = 60.0
HOUR = 3600.0


def reminders(table: Table) -> list[discord.Message]:
    return [m for m in table.game_channel.history() if "a reminder" in (m.content or "")]


def timeouts(table: Table) -> list[discord.Message]:
    return [m for m in table.game_channel.history() if "Time is up" in (m.content or "")]


async def set_timers(table: Table, **options: str) -> None:
    await table.open_lobby()
    await table.alice.slash(table.game_channel, "game timers", **options)
    await table.bob.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Start")


async def test_a_reminder_pings_the_player_to_move_once(table: Table) -> None:
    await table.started(table.bob)
    waiting = (await table.current()).to_ping
    await table.env.advance_time(12 * HOUR - MINUTE)
    assert reminders(table) == []
    await table.env.advance_time(2 * MINUTE)
    sent = reminders(table)
    assert len(sent) == 1 and sent[0].content.startswith("⏰ <@")
    assert {u.id for u in sent[0].mentions} == set(waiting)
    await table.env.advance_time(13 * HOUR)
    assert len(reminders(table)) == 1


async def test_a_timeout_plays_the_default_move_for_the_waiting_player(table: Table) -> None:
    await set_timers(table, reminder="30m", timeout="1h", on_timeout="auto")
    before = await table.current()
    await table.env.advance_time(HOUR + MINUTE)
    assert len(timeouts(table)) == 1 and "alice plays their default move" in timeouts(table)[0].content
    after = await table.current()
    assert after.version > before.version and after.to_ping != before.to_ping
    assert len(reminders(table)) == 1  # the reminder at 30 minutes came first


async def test_a_move_just_before_the_timeout_wins_over_it(table: Table) -> None:
    await set_timers(table, timeout="1h")
    await table.env.advance_time(HOUR - MINUTE)
    await table.play(table.alice)
    version = (await table.current()).version
    await table.env.advance_time(2 * MINUTE)
    assert timeouts(table) == []
    assert (await table.current()).version == version


async def test_a_timeout_fires_once_across_a_restart(table: Table, database: Path) -> None:
    await set_timers(table, timeout="1h")
    await table.env.advance_time(30 * MINUTE)
    await table.env.restart_bot(make_bot(database))
    await table.env.advance_time(31 * MINUTE)
    assert len(timeouts(table)) == 1
    await table.env.restart_bot(make_bot(database))
    await table.env.advance_time(5 * MINUTE)
    assert len(timeouts(table)) == 1


async def test_timers_are_refused_to_other_players_and_bad_durations(table: Table) -> None:
    await table.open_lobby()
    await table.bob.click(table.lobby_message(), label="Join")
    refused = await table.bob.slash(table.game_channel, "game timers", timeout="1h")
    assert refused.ephemeral and "host or a moderator" in refused.response.content  # type: ignore[union-attr]
    typo = await table.alice.slash(table.game_channel, "game timers", timeout="an hour")
    assert typo.ephemeral and "isn't a duration" in typo.response.content  # type: ignore[union-attr]
    shown = await table.alice.slash(table.game_channel, "game timers")
    assert "timeout off" in shown.response.content  # type: ignore[union-attr]


async def test_dm_reminders_reach_only_those_who_opted_in(table: Table) -> None:
    await table.started(table.bob)
    first = (await table.current()).to_ping[0]
    mover = table.actor_for(first)
    done = await mover.slash(table.channel, "tetsudo notify", dms=True)
    assert done.ephemeral
    await table.env.advance_time(12 * HOUR + MINUTE)
    dms = [m for m in mover.user.dm_channel.history() if "your move" in (m.content or "")]
    assert len(dms) == 1 and "discord.com/channels/" in dms[0].content
    other = table.bob if mover is table.alice else table.alice
    assert [m for m in other.user.dm_channel.history() if "your move" in (m.content or "")] == []


async def test_game_turns_lists_the_games_waiting_for_you_with_a_link(table: Table) -> None:
    await table.started(table.bob)
    first = table.actor_for((await table.current()).to_ping[0])
    other = table.bob if first is table.alice else table.alice
    mine = await first.slash(table.channel, "game turns")
    assert mine.ephemeral and f"/{table.game_channel.id}" in mine.response.content  # type: ignore[union-attr]
    theirs = await other.slash(table.channel, "game turns")
    assert "not your move" in theirs.response.content  # type: ignore[union-attr]


async def test_a_consequence_chosen_without_a_timeout_is_announced(table: Table) -> None:
    """Issue 32 item 4.3: `/game timers on_timeout:skip` with no timeout said "timeout off" and hid the skip."""
    await table.open_lobby()
    said = await table.alice.slash(table.game_channel, "game timers", on_timeout="forfeit")
    content = said.response.content  # type: ignore[union-attr]
    assert not said.ephemeral and "timeout off, then forfeit once a timeout is set" in content
    shown = await table.alice.slash(table.game_channel, "game timers")
    assert "timeout off, then forfeit once a timeout is set" in shown.response.content  # type: ignore[union-attr]
    await table.alice.slash(table.game_channel, "game timers", timeout="1h")
    shown = await table.alice.slash(table.game_channel, "game timers")
    assert "timeout 1h, then forfeit." in shown.response.content  # type: ignore[union-attr]


async def test_a_forfeited_seat_plays_on_as_a_seat_not_as_its_player(table: Table) -> None:
    """Issue 32 item 4.4: after "drops out of the game", the log said "<player> (auto) plays …" as if they played on."""
    await table.open_lobby()
    await table.alice.slash(table.game_channel, "game timers", timeout="1h", on_timeout="forfeit")
    for player in (table.bob, table.carol):
        await player.click(table.lobby_message(), label="Join")
    await table.alice.click(table.lobby_message(), label="Start")
    dropped = table.actor_for((await table.current()).to_ping[0]).user.name
    await table.env.advance_time(HOUR + MINUTE)
    [timeout] = timeouts(table)
    assert f"{dropped} drops out of the game" in timeout.content
    assert f"{dropped}'s seat (played automatically) " in timeout.content
    assert f"{dropped} (auto)" not in timeout.content
    log = await table.alice.slash(table.game_channel, "game log")
    assert f"{dropped}'s seat (played automatically) " in log.response.content  # type: ignore[union-attr]
