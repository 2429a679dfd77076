"""The tournament desk over real SQLite and the Relay test game: entries, rounds, closing early, reports."""

from __future__ import annotations

import csv
import io
import random

import pytest

from bot.engine import GameManager, NotModerator, Player
from bot.engine.timers import GameTimers
from bot.engine.tournament_plan import TournamentSpec
from bot.engine.tournaments import RoundNews, TournamentDesk
from bot.games.base import IllegalAction
from bot.storage import Storage
from tests.engine.harness import GUILD, random_move

HALL = 700
MOD = Player(1, "Mod")
ENTRANTS = [Player(200 + i, f"Player {chr(65 + i)}") for i in range(12)]
THREADS = iter(range(10_000, 20_000))


def spec(**changes: object) -> TournamentSpec:
    base = dict(
        name="Cup", game="relay_pair", format="swiss", rounds=0, table_size=4, options={"rounds": 1, "hand": 1},
        points=None, unfinished="score", timers=GameTimers(),
    )  # fmt: skip
    base.update(changes)
    return TournamentSpec(**base)  # type: ignore[arg-type]


async def open_with(desk: TournamentDesk, players: int, **changes: object) -> None:
    await desk.create(GUILD, HALL, MOD, spec(**changes), moderator=True)
    for player in ENTRANTS[:players]:
        await desk.join(HALL, player)


async def open_tables(desk: TournamentDesk, news: RoundNews) -> dict[int, int]:
    """Start every table of the round in its own channel; table number → channel."""
    channels = {}
    for table in news.tables:
        channels[table.table_no] = next(THREADS)
        assert await desk.open_table(news.tournament.id, table, channels[table.table_no]) is not None
    return channels


async def play_out(manager: GameManager, channel: int, rnd: random.Random) -> None:
    while (await random_move(manager, rnd, channel))[2].running:
        pass


async def run_round(desk: TournamentDesk, manager: GameManager, news: RoundNews, rnd: random.Random) -> RoundNews:
    """Play every table of the round to its end; the last game's end closes the round."""
    channels = await open_tables(desk, news)
    after = None
    for channel in channels.values():
        await play_out(manager, channel, rnd)
        after = await desk.round_check(news.tournament.id)
    assert after is not None
    return after


@pytest.fixture
def desk(manager: GameManager) -> TournamentDesk:
    return TournamentDesk(manager)


@pytest.mark.parametrize("players", [4, 7, 12])
async def test_swiss_runs_to_the_end_with_everyone_seated_or_resting(
    desk: TournamentDesk, manager: GameManager, players: int
) -> None:
    await open_with(desk, players)
    news = await desk.start(HALL, MOD, moderator=True)
    rnd = random.Random(players)
    rounds = news.tournament.rounds
    assert rounds >= 2
    for round_no in range(1, rounds + 1):
        assert news.tournament.round == round_no
        seated = [p.user_id for t in news.tables for p in t.players] + [p.user_id for p in news.byes]
        assert sorted(seated) == sorted(p.user_id for p in ENTRANTS[:players])
        assert all(2 <= len(t.players) <= 4 for t in news.tables)
        news = await run_round(desk, manager, news, rnd)
    assert news.finished
    lines = news.standings
    assert [line.place for line in lines] == sorted(line.place for line in lines)
    games = sum(line.games for line in lines) + sum(line.byes for line in lines)
    assert games == players * rounds  # every player played or rested in every round
    points = [line.points for line in lines]
    assert points == sorted(points, reverse=True)


async def test_round_robin_of_four_at_two_seat_tables_meets_everyone(
    desk: TournamentDesk, manager: GameManager
) -> None:
    await open_with(desk, 4, format="round_robin", table_size=2)
    news = await desk.start(HALL, MOD, moderator=True)
    assert news.tournament.rounds == 3
    pairs = set()
    rnd = random.Random(1)
    while not news.finished:
        pairs |= {frozenset(p.user_id for p in t.players) for t in news.tables}
        news = await run_round(desk, manager, news, rnd)
    assert len(pairs) == 6


async def test_only_moderators_run_it_and_entries_close_at_the_start(desk: TournamentDesk) -> None:
    with pytest.raises(NotModerator):
        await desk.create(GUILD, HALL, ENTRANTS[0], spec(), moderator=False)
    await open_with(desk, 1)
    with pytest.raises(IllegalAction, match="already in"):
        await desk.join(HALL, ENTRANTS[0])
    with pytest.raises(IllegalAction, match="At least 2"):
        await desk.start(HALL, MOD, moderator=True)
    await desk.join(HALL, ENTRANTS[1])
    with pytest.raises(NotModerator):
        await desk.start(HALL, ENTRANTS[0], moderator=False)
    await desk.start(HALL, MOD, moderator=True)
    with pytest.raises(IllegalAction, match="entries are closed"):
        await desk.join(HALL, ENTRANTS[2])
    with pytest.raises(IllegalAction, match="already has a tournament"):
        await desk.create(GUILD, HALL, MOD, spec(), moderator=True)


async def test_a_table_size_the_game_does_not_allow_is_refused(desk: TournamentDesk) -> None:
    with pytest.raises(IllegalAction, match="seat"):
        await desk.create(GUILD, HALL, MOD, spec(table_size=9), moderator=True)


async def test_advance_scores_unfinished_tables_as_they_stand(
    desk: TournamentDesk, manager: GameManager, storage: Storage
) -> None:
    await open_with(desk, 4, table_size=2, rounds=2)
    news = await desk.start(HALL, MOD, moderator=True)
    channels = await open_tables(desk, news)
    rnd = random.Random(3)
    await play_out(manager, channels[1], rnd)
    assert await desk.round_check(news.tournament.id) is None  # table 2 still plays
    with pytest.raises(NotModerator):
        await desk.advance(HALL, ENTRANTS[0], moderator=False)
    after = await desk.advance(HALL, MOD, moderator=True)
    assert after is not None and after.tournament.round == 2
    assert [u.channel_id for u in after.closed] == [channels[2]]
    row = await storage.active_game(channels[2])
    assert row is None  # the unfinished game was closed
    results = await storage.table_results(news.tournament.id)
    assert {(r.round, r.table_no) for r in results} == {(1, 1), (1, 2)}


async def test_forfeit_setting_ranks_an_unfinished_table_all_last(desk: TournamentDesk) -> None:
    await open_with(desk, 2, table_size=2, rounds=1, unfinished="forfeit")
    news = await desk.start(HALL, MOD, moderator=True)
    await open_tables(desk, news)
    after = await desk.advance(HALL, MOD, moderator=True)
    assert after is not None and after.finished
    assert {(line.points, line.score) for line in after.standings} == {(0.0, 0)}


async def test_a_report_corrects_a_result_and_standings_follow(desk: TournamentDesk, manager: GameManager) -> None:
    await open_with(desk, 2, table_size=2, rounds=1)
    news = await desk.start(HALL, MOD, moderator=True)
    await run_round(desk, manager, news, random.Random(5))
    a, b = (p.user_id for p in news.tables[0].players)
    with pytest.raises(IllegalAction, match="every player"):
        await desk.report(HALL, MOD, 1, 1, {a: (1, 10)}, moderator=True)
    with pytest.raises(IllegalAction, match="no table 3"):
        await desk.report(HALL, MOD, 1, 3, {a: (1, 10), b: (2, 0)}, moderator=True)
    await desk.report(HALL, MOD, 1, 1, {a: (2, 1), b: (1, 99)}, moderator=True)
    view = await desk.standings(HALL)
    assert [(line.user_id, line.points, line.score) for line in view.lines] == [(b, 1.0, 99), (a, 0.0, 1)]


async def test_dropped_players_are_not_seated_again(desk: TournamentDesk, manager: GameManager) -> None:
    await open_with(desk, 5, table_size=2, rounds=3)
    news = await desk.start(HALL, MOD, moderator=True)
    gone = ENTRANTS[0].user_id
    with pytest.raises(NotModerator):
        await desk.drop(HALL, ENTRANTS[1], gone, moderator=False)
    await desk.drop(HALL, ENTRANTS[0], gone, moderator=False)  # dropping yourself is allowed
    news = await run_round(desk, manager, news, random.Random(7))
    assert gone not in {p.user_id for t in news.tables for p in t.players} | {p.user_id for p in news.byes}
    view = await desk.standings(HALL)
    assert next(line for line in view.lines if line.user_id == gone).dropped


async def test_export_lists_every_seat_and_the_standings(desk: TournamentDesk, manager: GameManager) -> None:
    await open_with(desk, 3, table_size=2, rounds=1)
    news = await desk.start(HALL, MOD, moderator=True)
    await run_round(desk, manager, news, random.Random(9))
    _, files = await desk.export(HALL)
    games = list(csv.DictReader(io.StringIO(files["games.csv"])))
    assert sorted(row["source"] for row in games) == ["bye", "game", "game"]
    standings = list(csv.DictReader(io.StringIO(files["standings.csv"])))
    assert standings[0]["place"] == "1" and len(standings) == 3


async def test_a_new_desk_over_the_same_database_carries_on(
    desk: TournamentDesk, manager: GameManager, storage: Storage
) -> None:
    await open_with(desk, 4, table_size=2, rounds=2)
    news = await desk.start(HALL, MOD, moderator=True)
    channels = await open_tables(desk, news)
    rnd = random.Random(11)
    await play_out(manager, channels[1], rnd)
    fresh = TournamentDesk(manager)  # as after a restart: nothing in memory
    assert [t.id for t in await fresh.running()] == [news.tournament.id]
    assert await fresh.pending_tables(news.tournament.id) == []
    await play_out(manager, channels[2], rnd)
    after = await fresh.round_check(news.tournament.id)
    assert after is not None and after.tournament.round == 2
    assert len(await fresh.pending_tables(news.tournament.id)) == 2
