"""The README's promises that code can check: its set-up commands match CI and its status line names every game;
the documentation it links to (docs/) names every command and setting (tests/test_docs.py checks the site in full)."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from bot.client import GAME_COGS  # noqa: F401  (imports each game's presenter, which registers itself)
from bot.games import REGISTRY
from bot.settings import Settings
from bot.ui.messages import COMMANDS_HELP, MODERATOR_HELP
from bot.ui.presenters import presenter_for

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
SETTINGS_PAGE = (DOCS / "self-hosting.md").read_text(encoding="utf-8")
ALL_DOCS = "\n".join(page.read_text(encoding="utf-8") for page in sorted(DOCS.rglob("*.md")))


def shell_blocks() -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", README, re.DOTALL)]


def test_the_readme_has_exactly_two_setup_commands() -> None:
    blocks = shell_blocks()
    assert len(blocks) == 2
    run, test = blocks
    assert run.endswith("python -m bot") and "pytest" in test


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert shell_blocks()[1] in ci


def test_every_setting_is_documented() -> None:
    for setting in fields(Settings):
        name = "DISCORD_TOKEN" if setting.name == "token" else setting.name
        assert f"| `{name}`" in SETTINGS_PAGE, name


def test_every_game_command_is_documented() -> None:
    for usage, _ in COMMANDS_HELP + MODERATOR_HELP:
        for command in re.findall(r"/(?:game|tetsudo|tournament) [\w-]+|/stats|/leaderboard", usage):
            assert f"`{command}" in ALL_DOCS, command
    for word in ("start", "advance", "report", "end", "join", "leave", "drop", "standings", "export"):
        assert f"`/tournament {word}" in ALL_DOCS, word


def test_every_game_has_its_commands_and_options_documented() -> None:
    for name, game in REGISTRY.items():
        page = (DOCS / "commands" / f"{name}.md").read_text(encoding="utf-8")
        assert f"(`{name}`" in page, name
        for option in game.options:
            assert f"| `{option.name}` |" in page, (name, option.name)
        for usage, _ in presenter_for(name).commands:
            for command in re.findall(r"/\w+ \w+", usage):
                assert f"`{command}" in page, command


def test_item35_the_status_line_says_every_game_is_playable() -> None:
    status = " ".join(line.lstrip("> ") for line in README.splitlines() if line.startswith(">"))
    assert status.startswith("Status:")
    assert "arrive" not in status and "playable" in status
    for game in REGISTRY.values():
        assert f"**{game.title}**" in status, game.title
