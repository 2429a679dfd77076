"""`python -m bot doctor`: each check finds what is broken, says how to fix it, and never prints the token."""

from __future__ import annotations

import base64
import io
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import asyncpg
import discord
import pytest

from bot.doctor import check_servers, migration_numbers, run_doctor
from bot.storage import SqliteStorage, open_storage
from bot.ui.permissions import NEEDED, REQUIRED_PERMISSIONS
from rendering import canvas
from tests.support import postgresql

ROOT = Path(__file__).resolve().parent.parent
# Shaped like a real bot token (user id . timestamp . signature) but never issued by Discord.
GOOD_TOKEN = (
    base64.urlsafe_b64encode(b"112233445566778899").decode().rstrip("=") + ".Gq7xYw.Zk3vT9sLq0pWm2RbNc8HdJf4yUa6EiXo_-w"
)


def environment(tmp_path: Path, settings: str = "", token: str | None = GOOD_TOKEN) -> dict[str, str]:
    """A settings file with `settings` and the database in tmp_path; the real environment is not consulted."""
    (tmp_path / "settings.toml").write_text(settings, encoding="utf-8")
    env = {"TETSUDO_SETTINGS": str(tmp_path / "settings.toml"), "TETSUDO_DATABASE": str(tmp_path / "tetsudo.sqlite3")}
    if token is not None:
        env["DISCORD_TOKEN"] = token
    return env


def doctor(env: dict[str, str]) -> tuple[int, str]:
    """Run the offline checks; the exit code and everything printed."""
    out = io.StringIO()
    code = run_doctor(offline=True, environ=env, out=out)
    return code, out.getvalue()


def lines_of(output: str, check: str) -> list[str]:
    return [line for line in output.splitlines() if f" {check}: " in line]


async def migrated_database(path: Path) -> None:
    storage = await SqliteStorage.open(path)
    await storage.close()


def test_a_broken_setting_is_a_problem_from_the_command_line(tmp_path: Path) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if key != "DISCORD_TOKEN" and not key.startswith(("TETSUDO_", "PYTEST_"))
    }
    env.update(environment(tmp_path, 'log_level = "loud"\n'))
    result = subprocess.run(
        [sys.executable, "-m", "bot", "doctor", "--offline"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1, result
    [line] = lines_of(result.stdout, "settings")
    assert line.startswith("PROBLEM") and "log_level" in line and "'loud'" in line, line
    assert "fix:" in line and "settings.toml" in line, line
    assert "Traceback" not in result.stderr, result.stderr


def test_a_setting_that_does_not_load_is_a_problem_and_the_database_is_not_checked(tmp_path: Path) -> None:
    code, output = doctor(environment(tmp_path, 'log_lines = "many"\n'))
    assert code == 1
    [line] = lines_of(output, "settings")
    assert line.startswith("PROBLEM") and "log_lines" in line and "whole number" in line, output
    assert lines_of(output, "database")[0].startswith("note"), output


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ('reminder_turn = "soon"\n', "reminder_turn"),
        ('reminder_simultaneous = "5s"\n', "reminder_simultaneous"),
        ("timer_scan_seconds = 0\n", "timer_scan_seconds"),
        ("cache_games = -1\n", "cache_games"),
    ],
)
def test_values_that_load_but_the_bot_cannot_use_are_problems(tmp_path: Path, settings: str, named: str) -> None:
    code, output = doctor(environment(tmp_path, settings))
    assert code == 1
    [line] = lines_of(output, "settings")
    assert line.startswith("PROBLEM") and named in line, output


@pytest.mark.parametrize(
    "token",
    [
        "not-a-real-token-s3cretvalue",  # one part
        "aGVsbG8gd29ybGQ.Gq7xYw.Zk3vT9sLq0pWm2RbNc8HdJf4yUa6EiXo",  # first part is not a user id
        f'"{GOOD_TOKEN}"',  # pasted with its quotes
        f"Bot {GOOD_TOKEN}",  # pasted with the Authorization prefix
    ],
)
def test_a_malformed_token_is_a_problem_and_never_printed(tmp_path: Path, token: str) -> None:
    code, output = doctor(environment(tmp_path, token=token))
    assert code == 1
    [line] = lines_of(output, "token")
    assert line.startswith("PROBLEM") and "not a bot token" in line, output
    for part in token.replace('"', "").replace("Bot ", "").split("."):
        assert part not in output


def test_a_missing_token_is_a_problem(tmp_path: Path) -> None:
    code, output = doctor(environment(tmp_path, token=None))
    assert code == 1
    [line] = lines_of(output, "token")
    assert line.startswith("PROBLEM") and "DISCORD_TOKEN is not set" in line and "sandbox" in line, output


async def test_a_good_configuration_with_a_migrated_database_is_ok(tmp_path: Path) -> None:
    env = environment(tmp_path)
    database = Path(env["TETSUDO_DATABASE"])
    await migrated_database(database)
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    code, output = doctor(env)
    assert code == 0, output
    for check in ("settings", "token", "database", "fonts"):
        [line] = lines_of(output, check)
        assert line.startswith("ok"), output
    assert "schema up to date" in lines_of(output, "database")[0]
    assert output.rstrip().endswith("Everything looks right.")
    for part in GOOD_TOKEN.split("."):
        assert part not in output
    after = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert after == before, "the doctor changed the database or left files beside it"


def test_a_missing_database_is_fine_and_is_not_created(tmp_path: Path) -> None:
    env = environment(tmp_path)
    env["TETSUDO_DATABASE"] = str(tmp_path / "data" / "tetsudo.sqlite3")
    code, output = doctor(env)
    assert code == 0, output
    [line] = lines_of(output, "database")
    assert line.startswith("ok") and "created on first start" in line
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("damage", ["garbage", "pages"])
async def test_a_corrupt_database_is_a_problem(tmp_path: Path, damage: str) -> None:
    env = environment(tmp_path)
    database = Path(env["TETSUDO_DATABASE"])
    if damage == "garbage":
        database.write_bytes(b"this is not a database " * 100)
    else:
        await migrated_database(database)
        data = bytearray(database.read_bytes())
        data[4096 + 8 : 3 * 4096 : 7] = b"\xab" * len(data[4096 + 8 : 3 * 4096 : 7])  # scribble over pages 2 and 3
        database.write_bytes(bytes(data))
    code, output = doctor(env)
    assert code == 1
    [line] = lines_of(output, "database")
    assert line.startswith("PROBLEM") and "python -m bot backup" in line, output


async def test_pending_migrations_are_reported_not_as_a_problem(tmp_path: Path) -> None:
    env = environment(tmp_path)
    database = Path(env["TETSUDO_DATABASE"])
    await migrated_database(database)
    with closing(sqlite3.connect(database)) as db:
        db.execute("PRAGMA user_version = 1")  # as a database left by the first version
    code, output = doctor(env)
    assert code == 0, output
    [line] = lines_of(output, "database")
    pending = len(migration_numbers()) - 1
    assert line.startswith("note"), line
    assert f"{pending} migration{'s' if pending != 1 else ''} will run on next start (a backup is taken first)" in line


def test_the_fonts_check_names_the_font_file_pictures_use(tmp_path: Path) -> None:
    _code, output = doctor(environment(tmp_path))
    [line] = lines_of(output, "fonts")
    assert line.startswith("ok") and line.endswith("SourceSansPro-Regular.ttf"), line


@pytest.fixture
def missing_font_package(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """rendering.canvas looks for its font in a package that is not installed (caches cleared either side)."""
    monkeypatch.setattr(canvas, "FONT_PACKAGE", "no_such_font_package")
    canvas._font.cache_clear()
    canvas.font_file.cache_clear()
    yield
    canvas._font.cache_clear()
    canvas.font_file.cache_clear()


@pytest.mark.usefixtures("missing_font_package")
def test_a_missing_font_file_is_a_warning_that_accents_will_not_draw(tmp_path: Path) -> None:
    code, output = doctor(environment(tmp_path))
    assert code == 0, output
    [line] = lines_of(output, "fonts")
    assert line.startswith("WARNING") and "no_such_font_package" in line and "accented letters" in line, line
    assert "pip install -e ." in line


def test_the_readme_invite_link_asks_for_every_needed_permission() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())  # lines rewrapped anywhere
    assert f"permissions={REQUIRED_PERMISSIONS.value}" in readme
    for label in NEEDED.values():
        assert label in readme, label
    assert "python -m bot doctor" in readme


@pytest.fixture
def simcord_bot() -> discord.Client:
    """The doctor checks servers with a plain client: no commands, no database."""
    return discord.Client(intents=discord.Intents.default())


async def test_a_server_where_the_bot_lacks_permissions_is_reported(simcord_env) -> None:  # type: ignore[no-untyped-def]
    simcord_env.create_guild("Good Server")
    locked = simcord_env.create_guild("Locked Server")
    await simcord_env.settle()
    taken = discord.Permissions(create_public_threads=True, attach_files=True)
    me = simcord_env.bot.get_guild(locked.id).me
    for role in me.roles:  # the bot's own role and @everyone both grant them by default
        simcord_env.backend.edit_role(locked.id, role.id, {"permissions": role.permissions.value & ~taken.value})
    await simcord_env.settle()

    findings = list(check_servers(simcord_env.bot))

    by_server = {finding.message.split(" (id")[0]: finding for finding in findings}
    assert set(by_server) == {"Good Server", "Locked Server"}, findings
    assert by_server["Good Server"].level == "ok"
    bad = by_server["Locked Server"]
    assert bad.level == "problem"
    assert "missing Create Public Threads, Attach Files" in bad.message
    assert "Send Messages" not in bad.message
    assert f"permissions={REQUIRED_PERMISSIONS.value}" in bad.fix
    assert bad.line().startswith("PROBLEM servers: Locked Server")


async def test_syncing_commands_to_a_server_the_bot_is_not_in_is_a_problem(simcord_env) -> None:  # type: ignore[no-untyped-def]
    here = simcord_env.create_guild("Here")
    await simcord_env.settle()
    assert [f.level for f in check_servers(simcord_env.bot, sync_guild=here.id)] == ["ok"]
    elsewhere = [f for f in check_servers(simcord_env.bot, sync_guild=here.id + 1) if f.level == "problem"]
    assert len(elsewhere) == 1 and f"`guild` is {here.id + 1}" in elsewhere[0].message, elsewhere


async def test_on_postgresql_the_doctor_checks_the_server_the_schema_and_the_shards(tmp_path: Path) -> None:
    url = await postgresql.fresh_database(migrated=False)
    try:
        env = {**environment(tmp_path), "TETSUDO_DATABASE": url}
        code, output = doctor(env)
        assert code == 0 and [line.split(": ", 1)[1] for line in lines_of(output, "database")] == [
            f"PostgreSQL {(await server_version(url))} answers at {url}",
            f"{url} has no tables yet; they are made on first start",
        ], output
        storage = await open_storage(url)
        try:
            now = int(time.time() * 1000)
            await storage.claim_shards("vps-1:10", [0, 1], 4, now)
            await storage.claim_shards("vps-2:20", [2, 3], 4, now)
            await storage.claim_shards("vps-3:30", [3], 4, now - 10 * 60_000)  # gone ten minutes ago: not a clash
            code, output = doctor(env)
            assert code == 0 and "schema up to date" in lines_of(output, "database")[1], output
            [line] = lines_of(output, "shards")
            assert " ".join(line.split()) == "ok shards: 4 of 4 shards claimed by 2 bot processes alive, none twice"
            await storage.claim_shards("vps-3:30", [3], 4, now)
            code, output = doctor(env)
            [clash] = lines_of(output, "shards")
            assert code == 1 and clash.startswith("PROBLEM"), output
            assert "shard 3 of 4 is claimed by 2 processes: vps-2:20, vps-3:30" in clash
        finally:
            await storage.close()
    finally:
        await postgresql.drop_database(url)


def test_an_unreachable_postgresql_server_is_a_problem_that_says_what_to_check(tmp_path: Path) -> None:
    env = {**environment(tmp_path), "TETSUDO_DATABASE": "postgresql://tetsudo:secret@127.0.0.1:9/tetsudo"}
    code, output = doctor(env)
    [line] = lines_of(output, "database")
    assert code == 1 and line.startswith("PROBLEM") and "pg_hba.conf" in line, output
    assert "secret" not in output and "tetsudo:***@127.0.0.1:9" in line


async def server_version(url: str) -> str:
    connection = await asyncpg.connect(url)
    try:
        return str(await connection.fetchval("SHOW server_version"))
    finally:
        await connection.close()
