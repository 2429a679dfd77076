"""`python -m bot` as a self-hoster runs it: without a token it explains itself and touches nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 60


def clean_environment(**extra: str) -> dict[str, str]:
    """The current environment without a token or any Tetsudō setting, plus `extra`."""
    kept = {
        key: value
        for key, value in os.environ.items()
        if key != "DISCORD_TOKEN" and not key.startswith("TETSUDO_") and not key.startswith("PYTEST_")
    }
    return {**kept, **extra}


def run_bot(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


@pytest.mark.parametrize("token", [None, "", "   "])
def test_without_a_token_it_explains_and_creates_nothing(tmp_path: Path, token: str | None) -> None:
    database = tmp_path / "data" / "tetsudo.sqlite3"
    env = clean_environment(TETSUDO_DATABASE=str(database))
    if token is not None:
        env["DISCORD_TOKEN"] = token
    result = run_bot(env=env)
    assert result.returncode != 0, result
    assert "DISCORD_TOKEN" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert not database.exists(), "the database was created although the bot could not start"
    assert not database.parent.exists(), "the database folder was created although the bot could not start"


def test_help_lists_the_sandbox() -> None:
    result = run_bot("--help", env=clean_environment())
    assert result.returncode == 0, result.stderr
    assert "sandbox" in result.stdout
    assert "Traceback" not in result.stderr, result.stderr
