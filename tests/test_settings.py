"""Settings: settings.toml, TETSUDO_<KEY> overrides and DISCORD_TOKEN, refused loudly when malformed."""

from __future__ import annotations

import dataclasses
import os
import tomllib
from pathlib import Path

import pytest

from bot.settings import DEFAULT_FILE, Settings, SettingsError, load_settings

REPO_SETTINGS = Path(__file__).resolve().parent.parent / "config" / "settings.toml"
FILE_KEYS = {field.name for field in dataclasses.fields(Settings)} - {"token"}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_empty_file_and_environment_give_the_defaults(tmp_path: Path) -> None:
    assert load_settings(write(tmp_path, ""), {}) == Settings()


def test_a_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "absent.toml", {}) == Settings()


def test_the_file_sets_values(tmp_path: Path) -> None:
    path = write(tmp_path, 'database = "/srv/t.db"\nopen_threads = false\nguild = 42\nlog_lines = 3\n')
    settings = load_settings(path, {})
    assert (settings.database, settings.open_threads, settings.guild, settings.log_lines) == ("/srv/t.db", False, 42, 3)


def test_environment_overrides_the_file_with_types(tmp_path: Path) -> None:
    path = write(tmp_path, 'database = "file.db"\nopen_threads = true\nguild = 1\n')
    environ = {
        "TETSUDO_DATABASE": "env.db",
        "TETSUDO_OPEN_THREADS": "false",
        "TETSUDO_GUILD": "123456789012345678",
        "TETSUDO_CACHE_GAMES": " 64 ",
        "TETSUDO_LOG_LEVEL": "debug",
        "TETSUDO_MODERATOR_ROLE": "Conductor",
    }
    settings = load_settings(path, environ)
    assert settings.database == "env.db"
    assert settings.open_threads is False
    assert settings.guild == 123456789012345678
    assert settings.cache_games == 64
    assert settings.log_level == "debug"
    assert settings.moderator_role == "Conductor"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("YES", True), ("on", True), ("0", False), ("False", False), ("no", False)],
)
def test_booleans_from_the_environment(tmp_path: Path, raw: str, expected: bool) -> None:
    settings = load_settings(write(tmp_path, ""), {"TETSUDO_OPEN_THREADS": raw})
    assert settings.open_threads is expected


def test_the_token_comes_from_discord_token(tmp_path: Path) -> None:
    settings = load_settings(write(tmp_path, ""), {"DISCORD_TOKEN": "  abc.def  "})
    assert settings.token == "  abc.def  "
    assert settings.require_token() == "abc.def"


def test_tetsudo_settings_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "log_lines = 7\n")
    assert load_settings(environ={"TETSUDO_SETTINGS": str(path)}).log_lines == 7


def test_an_unknown_key_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="datbase"):
        load_settings(write(tmp_path, 'datbase = "typo.db"\n'), {})


def test_the_token_may_not_be_written_in_the_file(tmp_path: Path) -> None:
    """Secrets only from the environment (DESIGN §8)."""
    with pytest.raises(SettingsError, match="token"):
        load_settings(write(tmp_path, 'token = "secret"\n'), {})


def test_malformed_toml_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="not valid TOML"):
        load_settings(write(tmp_path, "database = \n"), {})


@pytest.mark.parametrize(
    ("environ", "name"),
    [
        ({"TETSUDO_GUILD": "my-server"}, "guild"),
        ({"TETSUDO_LOG_LINES": ""}, "log_lines"),
        ({"TETSUDO_CACHE_GAMES": "2k"}, "cache_games"),
        ({"TETSUDO_OPEN_THREADS": "maybe"}, "open_threads"),
        ({"TETSUDO_OPEN_THREADS": ""}, "open_threads"),
    ],
)
def test_bad_values_from_the_environment_are_refused(tmp_path: Path, environ: dict[str, str], name: str) -> None:
    with pytest.raises(SettingsError, match=name):
        load_settings(write(tmp_path, ""), environ)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('guild = "twelve"\n', "guild"),
        ('open_threads = "sometimes"\n', "open_threads"),
        ("log_lines = 1.5\n", "log_lines"),
        ("cache_games = true\n", "cache_games"),
        ('picture_workers = "many"\n', "picture_workers"),
        ('picture_workers = "-1"\n', "picture_workers"),
        ("web_port = 70000\n", "web_port"),
        ("web_port = -1\n", "web_port"),
        ('public_url = "tetsudo.example.org"\n', "public_url"),
        ("web_requests_per_minute = -5\n", "web_requests_per_minute"),
    ],
)
def test_bad_values_in_the_file_are_refused(tmp_path: Path, text: str, name: str) -> None:
    """A float or a boolean is not a whole number: silently using int(1.5) or int(True) would hide a typo."""
    with pytest.raises(SettingsError, match=name):
        load_settings(write(tmp_path, text), {})


@pytest.mark.parametrize("token", ["", "   "])
def test_require_token_explains_what_to_do(token: str) -> None:
    with pytest.raises(SettingsError) as refused:
        Settings(token=token).require_token()
    message = str(refused.value)
    assert "DISCORD_TOKEN" in message
    assert "sandbox" in message


def test_settings_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Settings().database = "elsewhere"  # type: ignore[misc]


def test_the_repository_settings_file_loads_and_names_every_setting() -> None:
    assert DEFAULT_FILE == REPO_SETTINGS
    keys = set(tomllib.loads(REPO_SETTINGS.read_text(encoding="utf-8")))
    assert keys == FILE_KEYS, f"missing from the file: {FILE_KEYS - keys}; unknown: {keys - FILE_KEYS}"
    assert load_settings(REPO_SETTINGS, {}).token == ""


def test_the_repository_file_agrees_with_the_built_in_defaults() -> None:
    """Two sources of defaults must not drift: a missing file would otherwise change the bot's behaviour."""
    assert load_settings(REPO_SETTINGS, {}) == Settings()


@pytest.mark.parametrize(("value", "workers"), [("auto", os.cpu_count() or 1), ("0", 0), (" 3 ", 3), ("AUTO", None)])
def test_picture_workers_is_auto_or_a_number_of_processes(tmp_path: Path, value: str, workers: int | None) -> None:
    settings = load_settings(write(tmp_path, ""), {"TETSUDO_PICTURE_WORKERS": value})
    assert settings.picture_worker_count() == (workers if workers is not None else os.cpu_count() or 1)


def test_shards_are_ranges_and_numbers_of_the_shard_count() -> None:
    assert Settings().shard_ids() is None  # every shard, as many as Discord recommends
    assert Settings(shards="0-3", shard_count=8).shard_ids() == (0, 1, 2, 3)
    assert Settings(shards=" 6, 0-1 ,3", shard_count=8).shard_ids() == (0, 1, 3, 6)
    for shards, count, says in (
        ("0-3", 0, "needs `shard_count`"),
        ("0-8", 8, "from 0 to 7"),
        ("3-1", 8, "numbers and ranges"),
        ("one", 8, "numbers and ranges"),
    ):
        with pytest.raises(SettingsError, match=says):
            Settings(shards=shards, shard_count=count)


def test_tetsudo_shards_as_the_command_line_sets_it_wins_over_the_settings_file(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text('shards = "0-1"\nshard_count = 4\n', encoding="utf-8")
    environ = {"TETSUDO_SETTINGS": str(tmp_path / "settings.toml"), "TETSUDO_SHARDS": "2-3"}
    assert load_settings(environ=environ).shard_ids() == (2, 3)
