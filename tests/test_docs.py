"""The documentation's promises that code can check: README.md and the site built from docs/ (mkdocs.yml).

Every command the pages name is in the bot's real command tree, every command, setting, game and option is
documented, every page is in the site's nav, and every link, picture, file path and module they name exists.
"""

from __future__ import annotations

import asyncio
import fnmatch
import functools
import re
import tempfile
import unicodedata
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import simcord
import yaml

from bot.client import TetsudoBot
from bot.games import REGISTRY
from bot.settings import Settings
from bot.ui.presenters import presenter_for

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.rglob("*.md"))
WRITINGS = [README, *PAGES]
"""Every file a reader reads: the README on GitHub, the pages on the site (and on GitHub)."""

CHAT_INPUT, SUBCOMMAND, SUBCOMMAND_GROUP = 1, 1, 2

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.DOTALL | re.MULTILINE)
CODE_SPAN = re.compile(r"(`+)([^`]+?)\1")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6}) +(.+?) *#*$", re.MULTILINE)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def shown(path: Path) -> str:
    """The text of a page outside its fenced code blocks (where links are links)."""
    return FENCE.sub("", read(path))


def spans(path: Path) -> list[str]:
    """Every inline code span of a page, outside fenced blocks (a span may run over a line break)."""
    return [" ".join(span.split()) for _, span in CODE_SPAN.findall(shown(path))]


def blocks(path: Path) -> list[str]:
    """The contents of a page's fenced code blocks."""
    return FENCE.findall(read(path))


def where(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def all_docs() -> str:
    return "\n".join(read(page) for page in PAGES)


# --- the bot's real command tree -------------------------------------------------------------------------------


@functools.cache
def command_tree() -> tuple[dict[str, Any], ...]:
    """The payload the bot syncs to Discord at start, with its translations, built as the bot builds it."""

    async def synced(folder: str) -> list[dict[str, Any]]:
        settings = Settings(database=f"{folder}/t.sqlite3", shard_count=1, picture_workers="0", computer_workers=0)
        bot = TetsudoBot(settings)
        try:
            async with simcord.run(bot):
                assert bot.tree.translator is not None
                return [
                    await command.get_translated_payload(bot.tree, bot.tree.translator)
                    for command in bot.tree.get_commands()
                ]
        finally:
            await bot.close()  # simcord detaches without closing the bot; an open database would hang the run

    with tempfile.TemporaryDirectory() as folder:
        return tuple(asyncio.run(synced(folder)))


def names(item: dict[str, Any]) -> set[str]:
    """An item's name in every language (French clients see `/partie …`)."""
    return {item["name"], *(item.get("name_localizations") or {}).values()}


def children(item: dict[str, Any]) -> list[dict[str, Any]]:
    return [option for option in item.get("options") or [] if option["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP)]


def leaves(item: dict[str, Any], path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every command a user can run under `item`, with its full name (`("game", "new")`)."""
    path = (*path, item["name"])
    below = children(item)
    if not below:
        yield path, item
    for child in below:
        yield from leaves(child, path)


def chat_commands() -> list[dict[str, Any]]:
    return [command for command in command_tree() if command.get("type", CHAT_INPUT) == CHAT_INPUT]


def resolve(usage: str) -> tuple[str, dict[str, Any] | None, str]:
    """The command a usage like `/game new game:<game> [computers:<n>]` names: its full name, its payload (None when
    there is no such command) and the rest of the usage (its options)."""
    words = usage[1:].split(" ")
    found = [command for command in chat_commands() if words[0] in names(command)]
    if not found:
        return words[0], None, ""
    item, taken = found[0], 1
    while children(item) and taken < len(words):
        below = [child for child in children(item) if words[taken] in names(child)]
        if not below:
            if words[taken] == "…":  # `/game …`: the group itself
                return " ".join(words[:taken]), item, ""
            return " ".join(words[: taken + 1]), None, ""
        item, taken = below[0], taken + 1
    return " ".join(words[:taken]), item, " ".join(words[taken:])


def named_options(rest: str) -> set[str]:
    """The options a usage names: `name:value` and `[name]`, outside quoted values."""
    rest = re.sub(r'"[^"]*"', '""', rest)
    return set(re.findall(r"(?:^|[\s\[|])([a-z_]+):", rest)) | set(re.findall(r"\[([a-z_]+)\]", rest))


def usages(path: Path) -> list[str]:
    """The commands a page names: code spans that start with a slash command, and sandbox lines that run one."""
    found = [span for span in spans(path) if re.match(r"/[a-z][\w-]*(?: |$)", span)]
    for block in blocks(path):
        found += re.findall(r"\bas \w+: (/[a-z][^\n]*)", block)
    return found


def test_every_command_the_docs_name_exists_with_the_options_they_name() -> None:
    problems = []
    for path in WRITINGS:
        for usage in usages(path):
            name, command, rest = resolve(usage)
            if command is None:
                problems.append(f"{where(path)}: `{usage}`: no command /{name}")
                continue
            options = {option["name"] for option in command.get("options") or [] if option["type"] > SUBCOMMAND_GROUP}
            unknown = sorted(named_options(rest) - options)
            if unknown:
                problems.append(f"{where(path)}: `{usage}`: /{name} has no option {unknown} (it has {sorted(options)})")
    assert not problems, "\n".join(problems)


def test_every_command_of_the_bot_is_documented() -> None:
    text = all_docs()
    missing = [
        "/" + " ".join(path)
        for command in chat_commands()
        for path, _ in leaves(command)
        if f"`/{' '.join(path)}" not in text
    ]
    assert not missing, f"no page names {missing}"


def test_the_command_tree_is_built() -> None:
    """The checks above see the real tree: every game's group and the commands everyone uses."""
    tops = {command["name"] for command in chat_commands()}
    assert {"game", "tetsudo", "tournament", "stats", "leaderboard"} <= tops, tops
    for name in REGISTRY:
        assert game_groups(name) <= tops, name


# --- settings, games and options ------------------------------------------------------------------------------


def table_names(text: str) -> list[str]:
    """The names in the first column of a page's tables: rows `| `name` |` and `| `name` · `other` |` (commands,
    `/…`, left out)."""
    cells = re.findall(r"^\| (`[^|]*?) \|", text, re.MULTILINE)
    return [name for cell in cells for name in re.findall(r"`([\w-]+)`", cell)]


def section(text: str, heading: str) -> str:
    """A page's text from `heading` to the next heading of the same level or higher."""
    level = heading.split(" ")[0]
    start = text.index(f"\n{heading}\n")
    end = re.search(rf"^#{{1,{len(level)}}} ", text[start + len(heading) + 2 :], re.MULTILINE)
    return text[start : start + len(heading) + 2 + end.start()] if end else text[start:]


def test_every_setting_is_documented_and_every_row_is_a_setting() -> None:
    table = section(read(DOCS / "self-hosting.md"), "## Settings")
    expected = {"DISCORD_TOKEN" if setting.name == "token" else setting.name for setting in fields(Settings)}
    documented = table_names(table)
    assert sorted(expected - set(documented)) == [], "settings missing from docs/self-hosting.md"
    assert sorted(set(documented) - expected) == [], "rows of docs/self-hosting.md that are no setting"


def test_every_server_setting_is_documented_and_every_row_is_one() -> None:
    _, settings, _ = resolve("/tetsudo settings")
    assert settings is not None
    options = {option["name"] for option in settings["options"]}
    documented = set(table_names(section(read(DOCS / "moderators.md"), "## Server settings")))
    assert documented == options


def test_the_moderators_page_lists_every_moderator_command_as_the_commands_page_does() -> None:
    commands, moderators = read(DOCS / "commands" / "index.md"), read(DOCS / "moderators.md")
    rows = [line for line in commands.splitlines() if line.startswith("| `/")]
    theirs = [row for row in rows if "moderator" in re.split(r"(?<!\\)\|", row)[2]]
    assert len(theirs) >= 6, theirs  # /game abandon, timers, kick, replace, skip, /tetsudo settings
    missing = [row for row in theirs if row not in moderators.splitlines()]
    assert not missing, "rows of docs/commands/index.md missing from docs/moderators.md, or changed on one side only"


def game_page(name: str) -> Path:
    return DOCS / "commands" / f"{name}.md"


def game_groups(name: str) -> set[str]:
    """The command groups of a game's own commands (`ttr` for ttr_japan), as its help lists them."""
    return {usage.split(" ")[0][1:] for usage, _ in presenter_for(name).commands}


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_game_has_its_page_with_its_commands_options_picture_and_rules_notes(name: str) -> None:
    game, page = REGISTRY[name], game_page(name)
    assert page.exists(), f"no page docs/commands/{name}.md"
    text = read(page)
    title = HEADING.search(text)
    assert title is not None and title[1] == "#", "the page starts with its title"
    assert title[2].startswith(f"{game.title} (`{name}`"), title[2]
    options, rows = {option.name for option in game.options}, set(table_names(text))
    assert rows == options, f"option rows {sorted(rows)}, options {sorted(options)}"
    groups = game_groups(name)
    assert groups, "the game's help lists its own commands"
    for command in chat_commands():
        if command["name"] in groups:
            for path, _ in leaves(command):
                assert f"`/{' '.join(path)}" in text, f"/{' '.join(path)} is not on its game's page"
    assert f"](../../rendering/samples/{name}.png)" in text, "the page shows the game's picture"
    assert "\n## Rules notes\n" in text
    assert f"`bot/games/{name}/__init__.py`" in text


def test_every_game_page_is_linked_from_the_commands_page_and_the_readme() -> None:
    commands, readme = read(DOCS / "commands" / "index.md"), read(README)
    for name, game in REGISTRY.items():
        assert f"[{game.title}]({name}.md)" in commands, name
        assert f"[{game.title}](docs/commands/{name}.md)" in readme, name


# --- the site's nav --------------------------------------------------------------------------------------------


def nav_pages(entry: object) -> Iterator[str]:
    if isinstance(entry, str):
        yield entry
    elif isinstance(entry, list):
        for item in entry:
            yield from nav_pages(item)
    elif isinstance(entry, dict):
        for value in entry.values():
            yield from nav_pages(value)


def mkdocs_config() -> dict[str, Any]:
    config: dict[str, Any] = yaml.safe_load(read(ROOT / "mkdocs.yml"))
    return config


def test_every_page_is_in_the_nav_once_and_every_nav_entry_is_a_page() -> None:
    config = mkdocs_config()
    assert config["docs_dir"] == "docs" and config["theme"]["name"] == "material"
    listed = list(nav_pages(config["nav"]))
    assert sorted(listed) == sorted(set(listed)), "a page is in the nav twice"
    assert sorted(listed) == sorted(page.relative_to(DOCS).as_posix() for page in PAGES)


def test_the_home_page_gives_the_readme_set_up_and_status() -> None:
    readme, home = read(README), read(DOCS / "index.md")
    commands = re.findall(r"```sh\n(.*?)```", readme, re.DOTALL)
    assert commands and commands == re.findall(r"```sh\n(.*?)```", home, re.DOTALL)
    status = [line for line in readme.splitlines() if line.startswith(">")]
    assert status and status == [line for line in home.splitlines() if line.startswith(">")]


# --- links, pictures, paths and modules ------------------------------------------------------------------------


def markdown_slug(heading: str) -> str:
    """The id Python-Markdown's table of contents (MkDocs) gives a heading."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def github_slug(heading: str) -> str:
    """The id GitHub gives a heading when it shows a Markdown file."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The ids of a page's headings that both MkDocs and GitHub give (links must work in both)."""
    found = set()
    for _, heading in HEADING.findall(shown(path)):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").replace("*", "")
        if markdown_slug(text) == github_slug(text):
            found.add(markdown_slug(text))
    return found


def links(path: Path) -> Iterator[str]:
    for target in LINK.findall(shown(path)):
        if not re.match(r"[a-z][a-z+.-]*:", target):  # not https:, mailto:…
            yield target


def test_every_relative_link_and_picture_points_at_a_file_and_heading_that_exist() -> None:
    problems = []
    for path in WRITINGS:
        for target in links(path):
            file, _, anchor = target.partition("#")
            goal = (path.parent / file).resolve() if file else path
            if not goal.exists():
                problems.append(f"{where(path)}: ({target}): no file {file}")
            elif not goal.is_relative_to(ROOT):
                problems.append(f"{where(path)}: ({target}): outside the repository")
            elif anchor and (goal.suffix != ".md" or anchor not in anchors(goal)):
                problems.append(f"{where(path)}: ({target}): no heading #{anchor} in {where(goal)}")
    assert not problems, "\n".join(problems)


def test_no_picture_or_other_file_is_copied_under_docs() -> None:
    """Pictures stay in rendering/samples/ (docs/hooks.py adds them to the site): nothing binary is copied here."""
    stray = [where(path) for path in DOCS.rglob("*") if path.is_file() and path.suffix not in (".md", ".py")]
    assert not stray


def ignored() -> list[str]:
    return [
        line.strip()
        for line in read(ROOT / ".gitignore").splitlines()
        if line.strip() and not line.startswith("#") and not line.startswith("!")
    ]


def is_ignored(path: str) -> bool:
    """Whether git ignores `path` (what the bot or the tests make at run time: data/, sandbox-images/…)."""
    for pattern in ignored():
        bare = pattern.strip("/")
        if "/" in bare:
            if fnmatch.fnmatch(path, bare) or path.startswith(bare + "/") or fnmatch.fnmatch(path, bare + "/*"):
                return True
        elif any(fnmatch.fnmatch(part, bare) for part in path.split("/")):
            return True
    return False


FILE_SUFFIXES = (".py", ".toml", ".conf", ".md", ".png", ".sql", ".service", ".po", ".html", ".yml", ".json")
TOP_LEVEL = {entry.name for entry in ROOT.iterdir()} - {".git"}


def repository_path(token: str) -> str | None:
    """`token` when it names a file or folder of the repository (`bot/engine/replays.py`, `bench/remote/`)."""
    token = token.strip("\"'(),;:").removesuffix(".")
    if "/" not in token or "://" in token or re.search(r"[<>…=$~\\]", token) or token.startswith("/"):
        return None
    first = token.split("/")[0]
    if first in TOP_LEVEL or token.endswith(FILE_SUFFIXES):
        return token
    return None


def named_paths(path: Path) -> Iterator[str]:
    for text in [*spans(path), *blocks(path)]:
        for token in text.split():
            found = repository_path(token)
            if found is not None:
                yield found


def test_every_file_path_the_docs_name_exists() -> None:
    """Paths in code (`bot/engine/replays.py`, `python bench/engine.py`, `config/nginx.conf`) name real files."""
    missing = set()
    for path in WRITINGS:
        for named in named_paths(path):
            exists = any(ROOT.glob(named.rstrip("/"))) if "*" in named else (ROOT / named).exists()
            if not exists and not is_ignored(named):
                missing.add(f"{where(path)}: {named}")
    assert not missing, "paths that are not in the repository:\n" + "\n".join(sorted(missing))


def test_every_module_the_docs_run_exists() -> None:
    """`python -m rendering.samples`, `python -m bot.i18n.update`… name modules of the repository."""
    missing = set()
    for path in WRITINGS:
        for text in [*spans(path), *blocks(path)]:
            for module in re.findall(r"python3? -m ([\w.]+)", text):
                parts = module.split(".")
                if parts[0] not in TOP_LEVEL:
                    continue  # venv, pytest: not ours
                base = ROOT.joinpath(*parts)
                if not (base.with_suffix(".py").exists() or (base / "__init__.py").exists()):
                    missing.add(f"{where(path)}: python -m {module}")
    assert not missing, "\n".join(sorted(missing))
