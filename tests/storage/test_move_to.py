"""`python -m bot move-to`: a lived-in SQLite database moved into an empty PostgreSQL one, whole, and playable there."""

from __future__ import annotations

import asyncio
import itertools
import random
import sqlite3
import sys
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.client import TetsudoBot
from bot.engine import GameManager, GameTimers, Player, ServerSettings, TimerDefaults
from bot.engine.tournament_plan import TournamentSpec
from bot.engine.tournaments import TournamentDesk
from bot.games import REGISTRY
from bot.settings import Settings
from bot.storage import SqliteStorage, Storage
from bot.storage.move import rows_held
from bot.storage.postgresql import PostgresStorage
from bot.storage.serving import DatabaseInUse, moving
from tests.engine.harness import GUILD, PLAYERS, counting_clock, random_move, start_game, uid
from tests.support import postgresql
from tests.support.processes import READY, Child
from tests.test_main import clean_environment, run_bot

RUNNING = {600: "mexican_train", 601: "ttr_japan", 602: "miyajima", 603: "next_station_tokyo", 604: "toyko_train"}
FINISHED, ABANDONED, LOBBY, HALL = 610, 611, 612, 700
MOD = Player(900, "Mod")


def manager_on(storage: Storage) -> GameManager:
    """The real games, a counting clock, predictable seeds and default reminders (so timers are armed)."""
    seeds = itertools.count(77)
    return GameManager(
        storage, REGISTRY, clock=counting_clock(), seeds=lambda: next(seeds), timer_defaults=TimerDefaults()
    )


async def fill(path: Path) -> None:
    """A database as months of play leave it: every status, timers, results and ratings, a tournament, settings."""
    storage = await SqliteStorage.open(path)
    try:
        manager = manager_on(storage)
        rnd = random.Random(22)
        await manager.servers.save(GUILD, ServerSettings(reminder_turn_s=3600, language="fr"), moderator=True)
        for channel, name in RUNNING.items():
            await start_game(manager, 4, game=name, channel=channel)
            for _ in range(5):
                await random_move(manager, rnd, channel)
        timers = GameTimers(remind_s=1800, timeout_s=7200, on_timeout="auto")
        await manager.set_timers(600, uid(0), timers, moderator=False)
        await start_game(manager, 2, game="mexican_train", channel=FINISHED)
        await random_move(manager, rnd, FINISHED)
        finished = await manager.resign(FINISHED, uid(1))  # the other player wins: results and ratings
        assert not finished.running
        await start_game(manager, 3, game="miyajima", channel=ABANDONED)
        await manager.abandon(ABANDONED, PLAYERS[0], moderator=False)
        await manager.open_lobby(GUILD, LOBBY, "ttr_japan", PLAYERS[0])
        desk = TournamentDesk(manager)
        spec = TournamentSpec("Cup", "mexican_train", "swiss", 2, 2, {}, None, "score", GameTimers())
        await desk.create(GUILD, HALL, MOD, spec, moderator=True)
        for player in PLAYERS[:3]:  # three at tables of two: one rests (a bye)
            await desk.join(HALL, player)
        news = await desk.start(HALL, MOD, moderator=True)
        (table,) = news.tables
        await desk.open_table(news.tournament.id, table, 720)
        first, second = (player.user_id for player in table.players)
        await desk.report(HALL, MOD, 1, table.table_no, {first: (1, 10), second: (2, 4)}, moderator=True)
        delivered = (await storage.owed())[-3:]  # the newest deliveries were made: SQLite never reuses their ids
        await manager.settle(row.id for row in delivered)
        await storage.mark_dms_closed(uid(2))
        await storage.set_meta("commands", "synced")
        await storage.claim_shards(
            "vps-1:4242", [0], 1, now_ms=5_000
        )  # a bot on SQLite claims none; copied all the same
    finally:
        await storage.close()


def sqlite_tables(path: Path) -> dict[str, list[str]]:
    """Every table of the SQLite file and its columns, read straight from its schema."""
    with closing(sqlite3.connect(path)) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            name: [column[1] for column in db.execute(f"PRAGMA table_info({name})")]
            for name in names
            if not name.startswith("sqlite_")
        }


async def every_row(storage: Storage, table: str, columns: list[str]) -> list[tuple[Any, ...]]:
    return sorted(await storage._db.fetchall(f"SELECT {', '.join(columns)} FROM {table}"), key=repr)


async def dump(storage: Storage, tables: dict[str, list[str]]) -> dict[str, list[tuple[Any, ...]]]:
    return {table: await every_row(storage, table, columns) for table, columns in tables.items()}


@pytest.fixture
async def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The configured SQLite database, lived in."""
    path = tmp_path / "tetsudo.sqlite3"
    await fill(path)
    monkeypatch.setenv("TETSUDO_DATABASE", str(path))
    return path


@pytest.fixture
async def target() -> AsyncIterator[str]:
    """A new, empty PostgreSQL database, not even migrated (move-to migrates it)."""
    url = await postgresql.fresh_database(migrated=False)
    try:
        yield url
    finally:
        await postgresql.drop_database(url)


async def move_to(*args: str) -> int:
    return await asyncio.to_thread(main, ["move-to", *args])


async def test_every_row_moves_and_the_games_go_on_on_postgresql(
    source: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await move_to(target) == 0
    out = capsys.readouterr().out
    assert "Replayed 6 running and finished games" in out and "TETSUDO_DATABASE" in out
    tables = sqlite_tables(source)
    old, new = await SqliteStorage.open(source), await PostgresStorage.open(target)
    try:
        before = await dump(old, tables)
        assert all(before.values()), [t for t, rows in before.items() if not rows]  # every table has something
        assert await dump(new, tables) == before
        for table, rows in before.items():
            assert f"  {table} " in out and out.split(f"  {table} ", 1)[1].split()[0] == str(len(rows))

        manager = manager_on(new)
        for channel in RUNNING:  # each running game takes its next move on PostgreSQL, from where it was
            game_id = (await new.active_game(channel)).id  # type: ignore[union-attr]
            moves = await new.action_count(game_id)
            await random_move(manager, random.Random(channel), channel)
            assert await new.action_count(game_id) > moves
            stored, replayed = await manager.replayed_state(game_id)
            assert stored == replayed
        # New rows take new ids: PostgreSQL's counters continue past the copied ones (and past SQLite's own
        # AUTOINCREMENT counter, which outlives delivered outbox rows).
        lobby = await manager.open_lobby(GUILD, 800, "miyajima", PLAYERS[0])
        assert lobby.game_id > max(row[0] for row in before["games"])
        with closing(sqlite3.connect(source)) as db:
            (outbox_counter,) = db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").fetchone()
        copied = {row[0] for row in before["outbox"]}
        assert outbox_counter > max(copied)
        assert min(row.id for row in await new.owed() if row.id not in copied) > outbox_counter
    finally:
        await old.close()
        await new.close()


async def test_a_database_that_is_not_empty_is_left_as_it_was(
    source: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await move_to(target) == 0
    tables = sqlite_tables(source)
    new = await PostgresStorage.open(target)
    try:
        before = await dump(new, tables)
        capsys.readouterr()
        assert await move_to(target) == 1
        assert "is not empty" in capsys.readouterr().err
        assert await dump(new, tables) == before
    finally:
        await new.close()


async def test_a_game_that_does_not_replay_stops_the_move_and_nothing_is_written(
    source: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with closing(sqlite3.connect(source)) as db, db:
        (game_id,) = db.execute("SELECT id FROM games WHERE channel_id = 601").fetchone()
        db.execute("DELETE FROM actions WHERE game_id = ? AND n = (SELECT MAX(n) FROM actions WHERE game_id = ?)",
                   (game_id, game_id))  # fmt: skip
    assert await move_to(target) == 1
    err = capsys.readouterr().err
    assert f"game {game_id}: " in err and "nothing was copied" in err
    assert await rows_held(target) == {}


async def test_a_table_postgresql_does_not_have_stops_the_move(
    source: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with closing(sqlite3.connect(source)) as db, db:
        db.execute("CREATE TABLE later_feature (id INTEGER PRIMARY KEY, note TEXT)")
        db.execute("INSERT INTO later_feature (note) VALUES ('would be lost')")
    assert await move_to(target) == 1
    assert "table later_feature exists only in SQLite" in capsys.readouterr().err
    assert await rows_held(target) == {}


async def test_refusals_without_touching_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.sqlite3"
    monkeypatch.setenv("TETSUDO_DATABASE", str(missing))
    assert await move_to("postgresql://tetsudo@127.0.0.1:1/none") == 1
    assert "There is no SQLite database" in capsys.readouterr().err and not missing.exists()
    assert await move_to(str(tmp_path / "other.sqlite3")) == 1
    assert "is not a PostgreSQL database URL" in capsys.readouterr().err
    monkeypatch.setenv("TETSUDO_DATABASE", "postgresql://tetsudo:secret@127.0.0.1:1/live")
    assert await move_to("postgresql://tetsudo@127.0.0.1:1/none") == 1
    err = capsys.readouterr().err
    assert "already PostgreSQL" in err and "secret" not in err


async def test_move_to_refuses_while_a_bot_runs_on_the_database(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32 item 4.12: move-to copied a SQLite file a bot was still writing to (its moves meanwhile lost); it now
    refuses while a bot runs on it, and only then: a bot killed with SIGKILL holds it no more."""
    nowhere = "postgresql://tetsudo@127.0.0.1:1/none"  # the refusal comes before any connection
    bot = Child("bot", [sys.executable, "-m", "tests.support.bot_process", str(source)])
    try:
        bot.wait_for(READY)
        assert await move_to(nowhere) == 1
        err = capsys.readouterr().err
        assert f"A bot is running on {source}" in err and "stop it first" in err, err
    finally:
        bot.kill()
    assert await move_to(nowhere) == 1  # now it goes on, as far as PostgreSQL, which is not there
    assert "A bot is running" not in capsys.readouterr().err


async def test_a_bot_does_not_start_on_a_database_being_moved(source: Path) -> None:
    """Issue 32 item 4.12: while move-to copies the file (and holds it), a bot refuses to start on it."""
    bot = TetsudoBot(Settings(database=str(source), shard_count=1, picture_workers="0"), {})
    with moving(source), pytest.raises(DatabaseInUse, match="being copied by `python -m bot move-to`"):
        await bot.setup_hook()
    assert bot.storage is None, "nothing was opened"


def test_the_help_says_to_stop_the_bot_first(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["move-to", "--help"])
    assert exited.value.code == 0
    assert "Stop the bot first" in " ".join(capsys.readouterr().out.split())


async def test_a_damaged_sqlite_file_is_refused_and_the_command_exits(tmp_path: Path, target: str) -> None:
    junk = tmp_path / "tetsudo.sqlite3"
    junk.write_text("not a database")
    env = clean_environment(TETSUDO_DATABASE=str(junk))
    done = await asyncio.to_thread(run_bot, "move-to", target, env=env)  # a hang would time out
    assert done.returncode == 1 and "tetsudo: move-to: file is not a database" in done.stderr, done.stderr
    assert await rows_held(target) == {}
