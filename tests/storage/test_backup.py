"""Backups of a live database: a complete, consistent copy while games keep moving; and `python -m bot backup`."""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import pytest

from bot.__main__ import main
from bot.engine import GameManager
from bot.storage import SqliteStorage, Storage
from bot.storage.backup import backup_database
from bot.storage.postgresql import PostgresStorage
from tests.engine.harness import make_manager, random_move, start_game
from tests.support import postgresql

GAMES = 8


@pytest.fixture
def storage(sqlite_storage: SqliteStorage) -> SqliteStorage:
    """A backup here copies SQLite's file: on PostgreSQL, `python -m bot backup` runs pg_dump (tests below)."""
    return sqlite_storage


@pytest.fixture
def manager(storage: Storage) -> GameManager:
    return make_manager(storage)


async def moves_so_far(storage: Storage, game_ids: list[int]) -> int:
    return sum([await storage.action_count(g) for g in game_ids])


def committed_moves(database: Path, game_ids: list[int]) -> int:
    """The moves committed to the file, as another connection reads them.

    The bot's own connection also counts a move whose transaction is still open (not yet acknowledged): counted that
    way, a backup could seem to miss a move it was never owed.
    """
    with closing(sqlite3.connect(database)) as db:
        return sum(db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (g,)).fetchone()[0] for g in game_ids)


async def test_a_backup_taken_while_games_move_is_a_complete_consistent_copy(
    manager: GameManager, storage: Storage, tmp_path: Path
) -> None:
    game_ids = [(await start_game(manager, 3, "rounds=6", channel=900 + i)).game_id for i in range(GAMES)]
    rnd = random.Random(5)
    for _ in range(40):
        await random_move(manager, rnd, 900 + rnd.randrange(GAMES))
    stop, moving = asyncio.Event(), asyncio.Event()

    async def keep_moving() -> None:
        moved = 0
        while not stop.is_set():
            channel = 900 + rnd.randrange(GAMES)
            row = await storage.active_game(channel)  # a finished game has left its channel: skip it
            if row is not None and row.status == "running":
                await random_move(manager, rnd, channel)
                moved += 1
            if moved >= 5:
                moving.set()
            await asyncio.sleep(0)

    mover = asyncio.create_task(keep_moving())
    try:
        await moving.wait()
        before = await asyncio.to_thread(committed_moves, tmp_path / "tetsudo.db", game_ids)
        report = await asyncio.to_thread(
            backup_database, tmp_path / "tetsudo.db", tmp_path / "copies" / "backup.sqlite3"
        )
    finally:
        stop.set()
        await mover
    after = await moves_so_far(storage, game_ids)
    assert report.integrity == "ok" and report.games == GAMES
    assert not (tmp_path / "copies" / "backup.sqlite3.partial").exists()

    copy = await SqliteStorage.open(report.path)
    try:
        assert await copy.integrity_check() == "ok"
        copied = await moves_so_far(copy, game_ids)
        assert before <= copied <= after  # every move acknowledged before the backup began is in it
        replaying = make_manager(copy)
        for game_id in game_ids:
            stored, replayed = await replaying.replayed_state(game_id)
            assert stored == replayed  # each game's state matches its own log: no half-written move
    finally:
        await copy.close()


async def test_python_m_bot_backup_copies_the_configured_database(
    manager: GameManager, storage: Storage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    await start_game(manager, 2)
    monkeypatch.setenv("TETSUDO_DATABASE", str(tmp_path / "tetsudo.db"))
    target = tmp_path / "nightly" / "tetsudo.sqlite3"
    assert await asyncio.to_thread(main, ["backup", str(target)]) == 0
    assert ": 1 game, " in capsys.readouterr().out and target.exists()
    monkeypatch.setenv("TETSUDO_DATABASE", str(tmp_path / "nowhere.sqlite3"))
    assert await asyncio.to_thread(main, ["backup", str(target)]) == 1
    assert "There is no database" in capsys.readouterr().err


async def test_an_update_backs_the_database_up_before_it_migrates(tmp_path: Path) -> None:
    path = tmp_path / "tetsudo.sqlite3"
    storage = await SqliteStorage.open(path)
    try:
        await start_game(make_manager(storage), 2)
        latest = await storage.schema_version()
    finally:
        await storage.close()
    assert not list(tmp_path.glob("*.before-migration-*"))  # a new database has nothing to keep
    # As if this database came from the version before the last migration:
    with closing(sqlite3.connect(path)) as db:
        db.execute("DROP TABLE shard_claims")  # what the last migration (0007) adds
        db.execute(f"PRAGMA user_version = {latest - 1}")
    storage = await SqliteStorage.open(path)
    try:
        assert await storage.schema_version() == latest
    finally:
        await storage.close()
    (kept,) = tmp_path.glob("*.before-migration-*")
    assert kept.name == f"tetsudo.sqlite3.before-migration-{latest:04d}"
    with closing(sqlite3.connect(kept)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == latest - 1
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


PASSWORD = "hunter:2\\x"
"""A password with both characters a password file escapes (a test server on trust auth accepts any)."""
IN_URL = quote(PASSWORD, safe="")


def with_password(url: str) -> str:
    """`url` as given when it has a password (a server that asks for one), else with `PASSWORD` added."""
    parts = urlsplit(url)
    if parts.password is not None:
        return url
    netloc = f"{parts.username}:{IN_URL}@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


RECORDING_PG_DUMP = """#!/bin/sh
# A stand-in pg_dump: what it was given (its argv, its environment, the password file), and an empty dump.
printf '%s\\n' "$@" > {record}/argv
env > {record}/env
cat "$PGPASSFILE" > {record}/passfile
stat -c %a "$PGPASSFILE" > {record}/mode
echo "$PGPASSFILE" > {record}/passfile-path
for arg; do case "$arg" in --file=*) : > "${{arg#--file=}}";; esac; done
"""


async def test_pg_dump_is_not_given_the_password_on_its_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32 item 4.11: `python -m bot backup` gave pg_dump the database URL, password included, on its command
    line, which any user of the machine can read (`ps`); it now goes in a password file only the bot's user reads."""
    record, tools = tmp_path / "record", tmp_path / "bin"
    record.mkdir()
    tools.mkdir()
    (tools / "pg_dump").write_text(RECORDING_PG_DUMP.format(record=record))
    (tools / "pg_dump").chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}:/usr/bin:/bin")
    monkeypatch.setenv("PGPASSWORD", "an older one")
    monkeypatch.setenv("TETSUDO_DATABASE", f"postgresql://tetsudo:{IN_URL}@db.example:5433/tetsudo?sslmode=require")
    target = tmp_path / "tetsudo.dump"
    assert await asyncio.to_thread(main, ["backup", str(target)]) == 0, capsys.readouterr().err
    argv = (record / "argv").read_text().splitlines()
    assert argv[-1] == "--dbname=postgresql://tetsudo@db.example:5433/tetsudo?sslmode=require"
    assert not any("hunter" in arg for arg in argv), argv
    assert (record / "passfile").read_text() == "*:*:*:*:hunter\\:2\\\\x\n"
    assert (record / "mode").read_text().strip() == "600"
    assert "PGPASSWORD=" not in (record / "env").read_text(), "the file's password is the one pg_dump uses"
    assert not Path((record / "passfile-path").read_text().strip()).exists(), "the password file is gone"
    assert target.exists()


async def test_on_postgresql_backup_runs_pg_dump_and_says_how_to_restore(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = await postgresql.fresh_database()
    try:
        if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
            pytest.skip("pg_dump and pg_restore (PostgreSQL's client tools) are not on the PATH")
        live = await PostgresStorage.open(url)
        try:
            await start_game(make_manager(live), 2)
        finally:
            await live.close()
        monkeypatch.setenv("TETSUDO_DATABASE", with_password(url))
        target = tmp_path / "nightly" / "tetsudo.dump"
        assert await asyncio.to_thread(main, ["backup", str(target)]) == 0
        assert "pg_restore" in capsys.readouterr().out and not target.with_name("tetsudo.dump.partial").exists()
        listed = subprocess.run(["pg_restore", "--list", str(target)], capture_output=True, text=True, check=True)
        assert "TABLE DATA public games" in listed.stdout and "TABLE DATA public actions" in listed.stdout
        # pg_dump's own failure (here: no such database) is reported, and no half-written dump is left behind.
        monkeypatch.setenv("TETSUDO_DATABASE", postgresql.with_database(url, "tetsudo_no_such_database"))
        again = tmp_path / "again.dump"
        assert await asyncio.to_thread(main, ["backup", str(again)]) == 1
        assert "backup failed" in capsys.readouterr().err and list(tmp_path.glob("again.dump*")) == []
    finally:
        await postgresql.drop_database(url)


async def test_on_postgresql_without_pg_dump_backup_says_how_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TETSUDO_DATABASE", "postgresql://tetsudo:secret@db.example/tetsudo")
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump there
    target = tmp_path / "tetsudo.dump"
    assert await asyncio.to_thread(main, ["backup", str(target)]) == 1
    err = capsys.readouterr().err
    assert f"pg_dump --format=custom --file={target} postgresql://tetsudo:***@db.example/tetsudo" in err
    assert "secret" not in err and not target.exists()
