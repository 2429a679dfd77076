"""The deployment files do what the docs say: restart on failure, the token from a file, no root."""

from __future__ import annotations

import configparser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "config" / "deploy" / "tetsudo.service"
SHARD_UNIT = ROOT / "config" / "deploy" / "tetsudo@.service"


def unit(path: Path = UNIT) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser


def test_the_systemd_unit_restarts_on_failure_as_an_unprivileged_user_with_the_token_from_a_file() -> None:
    service = unit()["Service"]
    assert service["Restart"] == "on-failure"
    assert service["User"] not in ("", "root") and service["Group"] not in ("", "root")
    assert service["EnvironmentFile"].startswith("/etc/")
    assert service["ExecStart"].endswith("python -m bot")
    assert "DISCORD_TOKEN" not in UNIT.read_text(encoding="utf-8").split("[Unit]")[1]  # never the token itself
    data = service["ReadWritePaths"]
    assert service["ExecStart"].startswith(service["WorkingDirectory"]) and data.startswith(service["WorkingDirectory"])
    assert unit()["Install"]["WantedBy"] == "multi-user.target"


def test_the_procfile_runs_the_bot_as_a_worker() -> None:
    assert (ROOT / "Procfile").read_text(encoding="utf-8").strip() == "worker: python -m bot"


def documented() -> str:
    """The README and every docs page, as one text."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def test_the_docs_explain_the_unit_and_updates() -> None:
    docs = documented()
    assert "config/deploy/tetsudo.service" in docs and "before-migration-" in docs
    assert "python -m bot backup PATH" in docs


def test_the_shard_template_runs_the_instance_s_shards_like_the_single_unit_otherwise() -> None:
    single, shard = unit()["Service"], unit(SHARD_UNIT)["Service"]
    assert shard["ExecStart"] == single["ExecStart"] + " --shards %i"
    for key in ("User", "Group", "WorkingDirectory", "EnvironmentFile", "Restart", "TimeoutStopSec", "ProtectSystem"):
        assert shard[key] == single[key], key
    assert "DISCORD_TOKEN" not in SHARD_UNIT.read_text(encoding="utf-8").split("[Unit]")[1]
    docs = documented()
    assert "config/deploy/tetsudo@.service" in docs and "## When one machine is not enough" in docs
