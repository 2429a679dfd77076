"""The slash commands the bot syncs obey Discord's limits: a validator walks whatever the tree holds."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import simcord
from discord import Locale, app_commands

from bot.client import TetsudoBot
from bot.games import REGISTRY
from bot.games.base import Game
from bot.i18n import LANGUAGES, speaking
from bot.i18n.catalogs import FOLDER, read
from bot.settings import Settings
from bot.ui import flows
from bot.ui.presenters import presenter_for
from bot.ui.translator import context_of, own_context_of
from bot.ui.usage import shown_usage
from tests.support.relay_game import RELAY

# Discord's documented limits for application commands.
NAME = re.compile(r"^[-_\w]{1,32}$")
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
COMMAND_CHARACTERS_MAX = 8000
TOP_LEVEL_CHAT_COMMANDS_MAX = 100
STRING_LENGTH_MAX = 6000
JS_SAFE_INTEGER = 2**53
AUTOCOMPLETE_RESULTS_MAX = 25

CHAT_INPUT = 1
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
STRING, INTEGER, NUMBER = 3, 4, 10
NESTING = (SUBCOMMAND, SUBCOMMAND_GROUP)

README_GAME_SUBCOMMANDS = {
    "new", "join", "leave", "start", "status", "hand", "undo", "resign", "abandon", "log", "list", "help",
}  # fmt: skip

Payload = Mapping[str, Any]


def _texts(item: Payload, field: str) -> list[str]:
    """A field's default text and every localization of it."""
    localized = item.get(f"{field}_localizations") or {}
    return [str(item.get(field) or ""), *(str(text) for text in localized.values())]


def command_characters(item: Payload) -> int:
    """Characters Discord counts towards a command's 8000: names, descriptions and choice values, recursively.

    Where localizations exist, only the longest text of each field counts (Discord's rule).
    """
    total = max(map(len, _texts(item, "name"))) + max(map(len, _texts(item, "description")))
    for choice in item.get("choices") or []:
        total += max(map(len, _texts(choice, "name"))) + len(str(choice.get("value", "")))
    return total + sum(command_characters(option) for option in item.get("options") or [])


def _name_and_description(item: Payload, where: str) -> Iterator[str]:
    for name in _texts(item, "name"):
        if not NAME.fullmatch(name):
            yield f"{where}: name {name!r} must match {NAME.pattern}"
        elif name != name.lower():
            yield f"{where}: name {name!r} must be lowercase"
    for description in _texts(item, "description"):
        if not 1 <= len(description) <= DESCRIPTION_MAX:
            yield f"{where}: description is {len(description)} characters (1–{DESCRIPTION_MAX}): {description!r}"


def _choice_problems(option: Payload, where: str) -> Iterator[str]:
    choices = option.get("choices") or []
    kind = option.get("type")
    if choices and kind not in (STRING, INTEGER, NUMBER):
        yield f"{where}: only string, integer and number options may have choices"
    if choices and option.get("autocomplete"):
        yield f"{where}: autocomplete and choices may not both be set"
    if len(choices) > CHOICES_MAX:
        yield f"{where}: {len(choices)} choices (at most {CHOICES_MAX})"
    for choice in choices:
        for name in _texts(choice, "name"):
            if not 1 <= len(name) <= CHOICE_TEXT_MAX:
                yield f"{where}: choice name {name!r} is {len(name)} characters (1–{CHOICE_TEXT_MAX})"
        value = choice.get("value")
        if kind == STRING and not (isinstance(value, str) and 1 <= len(value) <= CHOICE_TEXT_MAX):
            yield f"{where}: choice value {value!r} must be a string of 1–{CHOICE_TEXT_MAX} characters"
        if kind == INTEGER and not (
            isinstance(value, int) and not isinstance(value, bool) and abs(value) <= JS_SAFE_INTEGER
        ):
            yield f"{where}: choice value {value!r} must be an integer within ±2^53"
        if kind == NUMBER and (isinstance(value, bool) or not isinstance(value, int | float)):
            yield f"{where}: choice value {value!r} must be a number"


def _option_problems(options: Sequence[Payload], where: str, parent: str) -> Iterator[str]:
    """Options under a command, a subcommand group or a subcommand (`parent` says which)."""
    if len(options) > OPTIONS_MAX:
        yield f"{where}: {len(options)} options (at most {OPTIONS_MAX})"
    names = [str(option.get("name")) for option in options]
    for duplicate in sorted({name for name in names if names.count(name) > 1}):
        yield f"{where}: two options are named {duplicate!r}"
    nested = [option for option in options if option.get("type") in NESTING]
    if parent == "command" and nested and len(nested) != len(options):
        yield f"{where}: mixes subcommands with plain options"
    seen_optional = False
    for option in options:
        kind = option.get("type")
        name = option.get("name")
        if kind in NESTING:
            here = f"{where} {name}"
            if kind == SUBCOMMAND_GROUP and parent != "command":
                yield f"{here}: a subcommand group may only sit directly under a command"
            if kind == SUBCOMMAND and parent == "subcommand":
                yield f"{here}: a subcommand may not hold subcommands"
            if parent == "group" and kind != SUBCOMMAND:
                yield f"{here}: a subcommand group may hold only subcommands"
            yield from _name_and_description(option, here)
            inner = "group" if kind == SUBCOMMAND_GROUP else "subcommand"
            yield from _option_problems(option.get("options") or [], here, inner)
            continue
        here = f"{where} option `{name}`"
        if parent == "group":
            yield f"{here}: a subcommand group may hold only subcommands"
        yield from _name_and_description(option, here)
        if option.get("required"):
            if seen_optional:
                yield f"{here}: required options must come before optional ones"
        else:
            seen_optional = True
        if option.get("autocomplete") and kind not in (STRING, INTEGER, NUMBER):
            yield f"{here}: only string, integer and number options may autocomplete"
        yield from _choice_problems(option, here)
        if "min_length" in option and not 0 <= option["min_length"] <= STRING_LENGTH_MAX:
            yield f"{here}: min_length must be 0–{STRING_LENGTH_MAX}"
        if "max_length" in option and not 1 <= option["max_length"] <= STRING_LENGTH_MAX:
            yield f"{here}: max_length must be 1–{STRING_LENGTH_MAX}"


def command_tree_problems(commands: Sequence[Payload]) -> list[str]:
    """Every way the payload `tree.sync()` sends breaks Discord's rules; empty when Discord would accept it."""
    problems: list[str] = []
    chat = [command for command in commands if command.get("type", CHAT_INPUT) == CHAT_INPUT]
    if len(chat) > TOP_LEVEL_CHAT_COMMANDS_MAX:
        problems.append(f"{len(chat)} top-level slash commands (at most {TOP_LEVEL_CHAT_COMMANDS_MAX})")
    keys = [(command.get("type", CHAT_INPUT), command.get("name")) for command in commands]
    for _kind, name in sorted({key for key in keys if keys.count(key) > 1}, key=str):
        problems.append(f"/{name}: registered twice")
    for command in commands:
        where = f"/{command.get('name')}"
        if command.get("type", CHAT_INPUT) != CHAT_INPUT:
            # User and message (context menu) commands: mixed case and spaces allowed, no options.
            if not 1 <= len(str(command.get("name") or "")) <= 32:
                problems.append(f"{where}: context menu names are 1–32 characters")
            continue
        problems.extend(_name_and_description(command, where))
        problems.extend(_option_problems(command.get("options") or [], where, "command"))
        total = command_characters(command)
        if total > COMMAND_CHARACTERS_MAX:
            problems.append(f"{where}: {total} characters in names, descriptions and values (at most 8000)")
    return problems


# --- the real tree ---------------------------------------------------------------------------------


def all_games() -> dict[str, Game]:
    return {"relay": RELAY, **REGISTRY}  # type: ignore[dict-item]


@pytest.fixture
async def synced(tmp_path: Path) -> list[dict[str, Any]]:
    """The command payload the bot PUTs to Discord when it starts (setup_hook and the real tree.sync)."""
    bot = TetsudoBot(Settings(database=str(tmp_path / "t.sqlite3"), shard_count=1), all_games())
    try:
        async with simcord.run(bot) as env:
            sent = [entry for entry in env.http_requests if entry.method == "PUT" and entry.path.endswith("/commands")]
            assert bot.tree.translator is not None, "the bot syncs its commands without their translations"
            declared = [
                await command.get_translated_payload(bot.tree, bot.tree.translator)
                for command in bot.tree.get_commands()
            ]
    finally:
        # simcord detaches without closing the bot; an open database thread would hang the test run.
        await bot.close()
    assert len(sent) == 1, [entry.path for entry in sent]
    assert sent[0].json == declared, "tree.sync() sent something other than the tree's own (translated) payload"
    payload: list[dict[str, Any]] = sent[0].json
    return payload


async def test_the_synced_tree_obeys_discords_limits(synced: list[dict[str, Any]]) -> None:
    problems = command_tree_problems(synced)
    assert not problems, "Discord would refuse these commands:\n" + "\n".join(problems)


async def test_game_group_has_the_readme_subcommands(synced: list[dict[str, Any]]) -> None:
    groups = {command["name"]: command for command in synced}
    assert "game" in groups, sorted(groups)
    subcommands = {option["name"] for option in groups["game"]["options"] if option["type"] == SUBCOMMAND}
    missing = README_GAME_SUBCOMMANDS - subcommands
    assert not missing, f"/game lacks {sorted(missing)}"


async def test_every_command_is_counted(synced: list[dict[str, Any]]) -> None:
    """The walk reaches every subcommand: /game alone has the twelve the README lists."""
    leaves = [
        (command["name"], option["name"])
        for command in synced
        for option in command.get("options") or []
        if option["type"] == SUBCOMMAND
    ]
    assert len(leaves) >= len(README_GAME_SUBCOMMANDS)
    assert all(command_characters(command) > 0 for command in synced)


# --- the commands in every language ------------------------------------------------------------------

TRANSLATED = [Locale(code) for code in LANGUAGES if code != "en"]


def localized(item: Payload, field: str, locale: Locale) -> str:
    """What a user of `locale` reads in this field: its localization, else the default text."""
    return str((item.get(f"{field}_localizations") or {}).get(locale.value) or item.get(field) or "")


def sibling_clashes(items: Sequence[Payload], where: str, locale: Locale) -> Iterator[str]:
    """Names two siblings share in one language (Discord refuses the whole sync), down the tree."""
    names = [localized(item, "name", locale) for item in items]
    for duplicate in sorted({name for name in names if names.count(name) > 1}):
        yield f"{where}: two {locale.value} names are {duplicate!r}"
    for item in items:
        inner = item.get("options") or []
        if inner:
            yield from sibling_clashes(inner, f"{where} {item.get('name')}", locale)


@pytest.mark.parametrize("locale", TRANSLATED, ids=str)
async def test_translated_names_are_valid_and_never_shared_by_siblings(
    synced: list[dict[str, Any]], locale: Locale
) -> None:
    """Discord refuses the whole sync if two siblings share a name in any one language, or a name breaks its rules."""
    renamed = [command for command in synced if locale.value in (command.get("name_localizations") or {})]
    assert renamed, f"no command has a {locale.value} name: is the translator set before the sync?"
    clashes = list(sibling_clashes(synced, "", locale))
    assert not clashes, "\n".join(clashes)
    broken = [problem for problem in command_tree_problems(synced) if "name" in problem]
    assert not broken, "\n".join(broken)


COMMAND_MENTION = re.compile(r"(?<![\w/])/([^\W\d_][\w-]*)(?: ([^\W\d_][\w-]*)(?![\w:-]))?")
"""`/partie état`, `/tournoi créer`: a command named in a message (an option, `jeu:`, is not a subcommand)."""


@pytest.mark.parametrize("locale", TRANSLATED, ids=str)
async def test_the_catalogs_name_commands_as_discord_shows_them(synced: list[dict[str, Any]], locale: Locale) -> None:
    """Help, replies and refusals in every catalog, and each game's help lines, name commands as Discord shows them."""
    from babel.messages.pofile import read_po

    shown = {
        localized(command, "name", locale): {
            localized(option, "name", locale)
            for option in command.get("options") or []
            if option.get("type") in NESTING
        }
        for command in synced
    }
    catalog = [
        message
        for path in sorted((FOLDER / locale.value).glob("*.po"))
        if path.name != "commands.po"
        for message in read_po(path.open("rb"))
    ]
    with speaking(locale.value):
        usages = [shown_usage(usage) for name in REGISTRY for usage, _what in presenter_for(name).commands]
    wrong = [
        f"/{top} {sub}".strip() + f" in the help line {usage!r}"
        for usage in usages
        for top, sub in COMMAND_MENTION.findall(usage)
        if top not in shown or (sub and shown[top] and sub not in shown[top])
    ]
    for message in catalog:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            for top, sub in COMMAND_MENTION.findall(text or ""):
                if top not in shown or (sub and shown[top] and sub not in shown[top]):
                    wrong.append(f"/{top} {sub}".strip() + f" in {text!r}")
    assert not wrong, "commands a user of this language can't find:\n" + "\n".join(wrong)


class Recorder(app_commands.Translator):
    """Notes every command string the tree offers for translation, and where it is shown."""

    def __init__(self, locale: Locale) -> None:
        self.locale = locale
        self.seen: dict[tuple[str, str], str | None] = {}

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is self.locale:
            self.seen[(context_of(context.location), string.message)] = own_context_of(context)
        return None


@pytest.mark.parametrize("locale", TRANSLATED, ids=str)
async def test_every_command_string_has_a_catalog_entry(tmp_path: Path, locale: Locale) -> None:
    """Names, descriptions, options and choices of every command the bot syncs are in bot/i18n/<lang>/commands.po."""
    bot = TetsudoBot(Settings(database=str(tmp_path / "t.sqlite3"), shard_count=1), all_games())
    recorder = Recorder(locale)
    try:
        async with simcord.run(bot):
            for command in bot.tree.get_commands():
                await command.get_translated_payload(bot.tree, recorder)
    finally:
        await bot.close()
    catalog = read(locale.value)
    missing = [
        f"msgctxt {context!r} msgid {message!r}"
        for (context, message), own in sorted(recorder.seen.items())
        if not (entry := catalog.get(message, context=context)) or not entry.string
        if not (own and (entry := catalog.get(message, context=own)) and entry.string)
    ]
    assert recorder.seen, "the tree offered no string to translate"
    assert not missing, (
        f"{len(missing)} command strings lack a translation in {FOLDER.name}/{locale.value}/commands.po:\n"
        + "\n".join(missing[:40])
    )


async def test_game_autocomplete_offers_at_most_25_valid_choices() -> None:
    many = {
        f"game_{n}": SimpleNamespace(name=f"game_{n}", title=f"Game number {n}")
        for n in range(AUTOCOMPLETE_RESULTS_MAX + 5)
    }
    bot = SimpleNamespace(games={**all_games(), **many})
    choices = await flows.game_names(SimpleNamespace(client=bot), "")  # type: ignore[arg-type]
    assert 0 < len(choices) <= AUTOCOMPLETE_RESULTS_MAX
    for choice in choices:
        assert 1 <= len(choice.name) <= CHOICE_TEXT_MAX and 1 <= len(str(choice.value)) <= CHOICE_TEXT_MAX, choice


def test_every_game_fits_in_an_autocomplete_choice() -> None:
    """Autocomplete offers (title, name): Discord refuses the whole answer if one is too long."""
    for game in all_games().values():
        assert 1 <= len(game.title) <= CHOICE_TEXT_MAX, game.title
        assert 1 <= len(game.name) <= CHOICE_TEXT_MAX, game.name


# --- the validator itself ----------------------------------------------------------------------------


def _command(*options: dict[str, Any], name: str = "game", description: str = "Play", **extra: Any) -> dict[str, Any]:
    return {"type": CHAT_INPUT, "name": name, "description": description, "options": list(options), **extra}


def _sub(name: str, *options: dict[str, Any], kind: int = SUBCOMMAND) -> dict[str, Any]:
    return {"type": kind, "name": name, "description": "Do it", "options": list(options)}


def _opt(name: str = "game", kind: int = STRING, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "name": name, "description": "Which", **extra}


def test_validator_accepts_a_well_formed_tree() -> None:
    choices = [{"name": f"Choice {n}", "value": f"c{n}"} for n in range(CHOICES_MAX)]
    tree = [
        _command(
            _sub("new", _opt(required=True, autocomplete=True), _opt("rounds", INTEGER)),
            _sub("admin", _sub("reset", _opt("mode", choices=choices, required=True)), kind=SUBCOMMAND_GROUP),
        ),
        _command(_opt("size", NUMBER, choices=[{"name": "Half", "value": 0.5}]), name="roll", description="Dice"),
        {"type": 2, "name": "Show Hand"},
    ]
    assert command_tree_problems(tree) == []


@pytest.mark.parametrize(
    ("tree", "fragment"),
    [
        ([_command(name="Game")], "must be lowercase"),
        ([_command(name="new game")], "must match"),
        ([_command(name="g" * 33)], "must match"),
        ([_command(description="")], "description is 0 characters"),
        ([_command(description="x" * 101)], "description is 101 characters"),
        ([_command(_sub("new", _opt(description="y" * 101)))], "/game new option `game`: description is 101"),
        ([_command(_sub("New"))], "/game New: name 'New' must be lowercase"),
        ([_command(_sub("new", _opt("Game")))], "must be lowercase"),
        ([_command(*[_sub(f"s{n}") for n in range(26)])], "26 options"),
        ([_command(_sub("new", *[_opt(f"o{n}") for n in range(26)]))], "/game new: 26 options"),
        ([_command(_opt(choices=[{"name": str(n), "value": str(n)} for n in range(26)]))], "26 choices"),
        ([_command(_opt(choices=[{"name": "x" * 101, "value": "x"}]))], "choice name"),
        ([_command(_opt(choices=[{"name": "x", "value": "v" * 101}]))], "choice value"),
        ([_command(_opt(kind=INTEGER, choices=[{"name": "x", "value": "1"}]))], "must be an integer"),
        ([_command(_opt("a"), _opt("b", required=True))], "required options must come before optional ones"),
        ([_command(_opt(autocomplete=True, choices=[{"name": "x", "value": "x"}]))], "autocomplete and choices"),
        ([_command(_opt(kind=5, autocomplete=True))], "may autocomplete"),
        ([_command(_opt("a"), _opt("a"))], "two options are named 'a'"),
        ([_command(_sub("new"), _opt())], "mixes subcommands"),
        ([_command(_sub("a", _sub("b", kind=SUBCOMMAND_GROUP), kind=SUBCOMMAND_GROUP))], "directly under a command"),
        ([_command(_sub("a", _opt(), kind=SUBCOMMAND_GROUP))], "may hold only subcommands"),
        ([_command(_sub("a", _sub("b")))], "may not hold subcommands"),
        ([_command(), _command()], "registered twice"),
        ([_command(name=f"c{n}") for n in range(101)], "101 top-level slash commands"),
        (
            [_command(*[_sub(f"s{n}", *[_opt(f"o{m}", description="d" * 100) for m in range(4)]) for n in range(21)])],
            "(at most 8000)",
        ),
        ([_command(name_localizations={"de": "Spiel"})], "'Spiel' must be lowercase"),
    ],
)
def test_validator_refuses(tree: list[dict[str, Any]], fragment: str) -> None:
    problems = command_tree_problems(tree)
    assert any(fragment in problem for problem in problems), problems


def test_the_8000_count_takes_the_longest_localization_and_choice_values() -> None:
    option = _opt("mode", choices=[{"name": "ab", "value": "cde", "name_localizations": {"fr": "abcd"}}])
    command = _command(option, description="Play", description_localizations={"ja": "遊ぶ"})
    # game(4) + Play(4) + mode(4) + Which(5) + longest choice name(4) + value(3)
    assert command_characters(command) == 24


def command_puts(env: simcord.Env) -> int:
    return sum(1 for entry in env.http_requests if entry.method == "PUT" and entry.path.endswith("/commands"))


async def test_commands_are_synced_again_only_when_the_tree_changed(tmp_path: Path) -> None:
    settings = Settings(database=str(tmp_path / "t.sqlite3"), shard_count=1)
    bots = [
        TetsudoBot(settings, {"relay": RELAY}),
        TetsudoBot(settings, {"relay": RELAY}),
        TetsudoBot(settings, all_games()),
    ]
    try:
        async with simcord.run(bots[0]) as env:
            assert command_puts(env) == 1
            await env.restart_bot(bots[1])
            assert command_puts(env) == 1  # the same tree: no sync spent
            guild = env.create_guild("g")
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice"))
            helped = await alice.slash(channel, "game help")  # the commands still answer
            assert helped.ephemeral
            await env.restart_bot(bots[2])
            assert command_puts(env) == 2  # more games, more commands: synced once more
    finally:
        for bot in bots:
            await bot.close()
