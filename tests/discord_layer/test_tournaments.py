"""Tournaments in a simulated server: threads per table, games started and reported, rounds, standings, restarts."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import discord
import pytest
import simcord

from bot.engine import Player, Update
from tests.discord_layer.conftest import make_bot
from tests.discord_layer.table import Table, hand_shown, text_of


class Hall(Table):
    """#games with a moderator and `size` entrants (alice, bob and carol among them)."""

    def __init__(self, env: simcord.Env, database: Path, size: int) -> None:
        super().__init__(env, database)
        mods = self.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
        self.mod = self.guild.add_member(env.create_user("mod"), roles=[mods])
        extra = [self.guild.add_member(env.create_user(f"player{i}")) for i in range(size - 3)]
        self.players = [self.alice, self.bob, self.carol, *extra][:size]

    def actor_for(self, user_id: int) -> simcord.MemberActor:
        return next(a for a in self.players if a.id == user_id)

    async def open(self, **options: object) -> None:
        """The moderator creates a relay tournament of one-round games; everyone joins."""
        done = await self.mod.slash(self.channel, "tournament create", name="Spring Cup", game="relay",
                                    options="rounds=1 hand=1", **options)  # fmt: skip
        assert not done.ephemeral, text_of(done.response.message)  # type: ignore[union-attr]
        for player in self.players:
            joined = await player.slash(self.channel, "tournament join")
            assert not joined.ephemeral

    def table_threads(self) -> list[simcord.ChannelHandle]:
        return list(self.channel.threads)

    async def play_table(self, thread: simcord.ChannelHandle) -> Update:
        """Play the game in one table's thread to its end, through the real buttons."""
        self.game_channel = thread
        return await self.play_to_the_end()

    async def play_open_tables(self) -> None:
        """Play every thread whose game still runs."""
        for thread in self.table_threads():
            self.game_channel = thread
            if await self.running():
                await self.play_table(thread)


def hall_messages(hall: Hall) -> list[str]:
    return [text_of(m) for m in hall.channel.history()]


@pytest.mark.parametrize("size", [4, 7, 12])
async def test_a_swiss_tournament_runs_from_entries_to_the_final_standings(
    simcord_env: simcord.Env, database: Path, size: int
) -> None:
    hall = Hall(simcord_env, database, size)
    await hall.open(table_size=4)
    started = await hall.mod.slash(hall.channel, "tournament start")
    assert not started.ephemeral
    tournament = await hall.bot.tournament_desk.standings(hall.channel.id)
    rounds = tournament.tournament.rounds
    desk = hall.bot.tournament_desk
    everyone = sorted(p.id for p in hall.players)
    for round_no in range(1, rounds + 1):
        seating = [t for t in hall_messages(hall) if f"round {round_no} of {rounds}" in t]
        assert len(seating) == 1
        tables = [t for t in await hall.bot.storage.tables(1) if t.round == round_no]  # type: ignore[union-attr]
        resting = [p.user_id for p in await desk.round_byes(1, round_no)]
        assert sorted([u for t in tables for u in t.seats] + resting) == everyone
        assert all(f"<@{u}>" in seating[0] for t in tables for u in t.seats)
        threads_now = [t for t in hall.table_threads() if f"round {round_no} ·" in t.name]
        assert sorted(t.id for t in threads_now) == sorted(t.channel_id for t in tables)  # type: ignore[misc]
        for thread in threads_now:
            assert any(m.embeds for m in thread.history()), f"no board in {thread.name}"
        await hall.play_open_tables()
    final = [t for t in hall_messages(hall) if "is over" in t]
    assert len(final) == 1
    view = await hall.bot.tournament_desk.standings(hall.channel.id)
    assert view.tournament.status == "finished"
    assert sum(s.games + s.byes for s in view.lines) == size * rounds
    assert view.lines[0].place == 1
    picture = await hall.alice.slash(hall.channel, "tournament standings")
    assert picture.response is not None and picture.response.message.attachments


async def test_odd_players_rest_in_turn_at_two_seat_tables(simcord_env: simcord.Env, database: Path) -> None:
    hall = Hall(simcord_env, database, 5)
    await hall.open(table_size=2, rounds=3)
    await hall.mod.slash(hall.channel, "tournament start")
    rested = []
    for _ in range(3):
        seating = [t for t in hall_messages(hall) if "Sitting this round out" in t]
        rested.append(seating[-1].split("Sitting this round out: ")[1])
        await hall.play_open_tables()
    assert len(set(rested)) == 3  # nobody rests twice while others have not rested


async def test_players_cannot_run_the_tournament(simcord_env: simcord.Env, database: Path) -> None:
    hall = Hall(simcord_env, database, 4)
    refused = await hall.alice.slash(hall.channel, "tournament create", name="Mine", game="relay")
    assert refused.ephemeral and "moderator" in refused.response.content  # type: ignore[union-attr]
    await hall.open()
    for command in ("tournament start", "tournament advance", "tournament end"):
        refused = await hall.bob.slash(hall.channel, command)
        assert refused.ephemeral and "moderator" in refused.response.content, command  # type: ignore[union-attr]
    assert hall.table_threads() == []


async def test_advance_closes_a_round_and_report_corrects_it(simcord_env: simcord.Env, database: Path) -> None:
    hall = Hall(simcord_env, database, 4)
    await hall.open(table_size=2, rounds=2)
    await hall.mod.slash(hall.channel, "tournament start")
    first, second = hall.table_threads()
    await hall.play_table(first)
    closed = await hall.mod.slash(hall.channel, "tournament advance")
    assert not closed.ephemeral and "Round 2 is next" in closed.response.content  # type: ignore[union-attr]
    assert any("closed round 1" in text_of(m) for m in second.history())
    assert len(hall.table_threads()) == 4
    seats = (await hall.bot.storage.tables(1))[1].seats  # type: ignore[union-attr]
    result = f"<@{seats[1]}> 1 50 <@{seats[0]}> 2 10"
    await hall.mod.slash(hall.channel, "tournament report", round=1, table=2, result=result)
    view = await hall.bot.tournament_desk.standings(hall.channel.id)
    line = next(s for s in view.lines if s.user_id == seats[1])
    assert line.score >= 50 and line.wins >= 1
    bad = await hall.mod.slash(hall.channel, "tournament report", round=1, table=2, result="first place to bob")
    assert bad.ephemeral and "@player rank score" in bad.response.content  # type: ignore[union-attr]


async def test_a_tournament_survives_a_restart_mid_round(simcord_env: simcord.Env, database: Path) -> None:
    hall = Hall(simcord_env, database, 4)
    await hall.open(table_size=2, rounds=2)
    await hall.mod.slash(hall.channel, "tournament start")
    first, second = hall.table_threads()
    await hall.play_table(first)
    await simcord_env.restart_bot(make_bot(database))
    await hall.play_table(second)
    assert len(hall.table_threads()) == 4  # round 2 opened after the restart
    await hall.play_open_tables()
    assert any("is over" in t for t in hall_messages(hall))


async def test_export_sends_the_games_and_standings_as_csv(simcord_env: simcord.Env, database: Path) -> None:
    hall = Hall(simcord_env, database, 3)
    await hall.open(table_size=2, rounds=1)
    await hall.mod.slash(hall.channel, "tournament start")
    await hall.play_open_tables()
    exported = await hall.mod.slash(hall.channel, "tournament export")
    assert exported.ephemeral and exported.response is not None
    files = {a.filename: a for a in exported.response.message.attachments}
    assert set(files) == {"games.csv", "standings.csv"}
    rows = list(csv.DictReader(io.StringIO((await files["standings.csv"].read()).decode())))
    assert len(rows) == 3 and rows[0]["place"] == "1"


async def test_tables_seated_but_not_opened_before_a_crash_open_after_the_restart(
    simcord_env: simcord.Env, database: Path
) -> None:
    hall = Hall(simcord_env, database, 4)
    await hall.open(table_size=2, rounds=1)
    # The round is seated in the database, as if the bot died before creating the threads.
    mod = Player(hall.mod.id, "mod")
    await hall.bot.tournament_desk.start(hall.channel.id, mod, moderator=True)
    assert hall.table_threads() == []
    await simcord_env.restart_bot(make_bot(database))
    assert len(hall.table_threads()) == 2
    await hall.play_open_tables()
    assert any("is over" in t for t in hall_messages(hall))


async def test_tournament_tables_deal_hands_only_to_their_owners(simcord_env: simcord.Env, database: Path) -> None:
    hall = Hall(simcord_env, database, 4)
    await hall.open(table_size=2, rounds=1)
    await hall.mod.slash(hall.channel, "tournament start")
    for thread in hall.table_threads():
        hall.game_channel = thread
        update = await hall.current()
        for seat in update.seats:
            view = (await hall.current(hall.actor_for(seat.user_id))).actor_view
            assert view is not None
            dms = hall.actor_for(seat.user_id).user.dm_channel.history()
            assert any(hand_shown(m) == ", ".join(str(c) for c in view["private"]["hand"]) for m in dms)
    assert hall.mod.user.dm_channel.history() == []
    await hall.play_open_tables()
    for message in hall.public_messages():
        assert hand_shown(message) is None, text_of(message)


async def test_item32_tournament_points_are_whole_numbers_within_a_sane_range(
    simcord_env: simcord.Env, database: Path
) -> None:
    hall = Hall(simcord_env, database, 4)
    for points in ("nan,inf", "1e39", "3.5,1", "-1,0", "1001,0", "3,2,1,1,1,1,1,1,0", "3,,x"):
        refused = await hall.mod.slash(hall.channel, "tournament create", name="Cup", game="relay", points=points)
        said = refused.response.content  # type: ignore[union-attr]
        assert refused.ephemeral and ("whole numbers from 0 to 1000" in said or "places at most" in said), points
        assert await hall.bot.manager.storage.live_tournament(hall.channel.id) is None, points
    await hall.open(points="1000, 10,0")
    tournament = await hall.bot.manager.storage.live_tournament(hall.channel.id)
    assert tournament is not None and tournament.points == "[1000, 10, 0]"
