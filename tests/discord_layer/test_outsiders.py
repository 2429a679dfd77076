"""Every slash command of every game, run by someone who holds no seat: "You're not playing in this game", no fault
(but for the few that show only what everyone may see, such as `/ttr map` and the public sheets).

The commands are read from the bot's own command tree (each game's group, each optional option present and
absent), so a command added later is covered without touching this file. Values are the ones a seated player's
autocomplete offers (else a plain "1"), so the outsider types exactly what a player could.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands

import rendering
from bot.client import GAME_COGS, TetsudoBot
from bot.games import REGISTRY
from tests.discord_layer import conftest
from tests.discord_layer.table import GameTable, text_of

NOT_PLAYING = "You're not playing in this game."
OPEN_TO_ANYONE = frozenset({"ttr map", "nst sheet", "miyajima sheet"})
"""Commands that show only what everyone may see, so anyone in the channel may use them (privately, no fault).

Sheets are public in Next Station Tokyo and Fast Train to Miyajima (issue 32 item 4.7)."""


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path, monkeypatch: pytest.MonkeyPatch) -> TetsudoBot:
    for game in REGISTRY:  # pictures cost time and are not what this checks
        monkeypatch.delitem(rendering.RENDERERS, game, raising=False)
    return conftest.make_bot(database, REGISTRY)


class OutsiderTable(GameTable):
    """The usual four players, plus erin, who never sits down."""

    def __init__(self, env: simcord.Env, database: Path) -> None:
        super().__init__(env, database)
        self.erin = self.guild.add_member(env.create_user("erin"))


@pytest.fixture(name="table")
def outsider_table_fixture(simcord_env: simcord.Env, database: Path) -> OutsiderTable:
    return OutsiderTable(simcord_env, database)


def game_commands(bot: TetsudoBot, game: str) -> list[app_commands.Command[Any, ..., Any]]:
    """The subcommands of a game's own command group, as synced."""
    group = bot.tree.get_command(GAME_COGS[game].__cog_group_name__)  # type: ignore[attr-defined]
    assert isinstance(group, app_commands.Group), game
    return [c for c in group.walk_commands() if isinstance(c, app_commands.Command)]


async def typical_value(
    table: OutsiderTable, command: app_commands.Command[Any, ..., Any], option: app_commands.Parameter
) -> Any:
    """What a player could send for an option: a seated player's first suggestion, else something plausible."""
    if option.choices:
        return option.choices[0].value
    if option.type is discord.AppCommandOptionType.user:
        return table.alice  # a seated player
    if option.type is discord.AppCommandOptionType.boolean:
        return True
    if option.type is discord.AppCommandOptionType.integer:
        return int(option.min_value) if option.min_value is not None else 1
    if option.autocomplete:
        offered = await table.alice.autocomplete(table.game_channel, command.qualified_name, option.display_name, "")
        if offered:
            return offered[0]["value"]
    return "1"


async def invocations(table: OutsiderTable, command: app_commands.Command[Any, ..., Any]) -> Iterator[dict[str, Any]]:
    """The command's options: every required one filled in, each optional one present or absent."""
    required = {p.display_name: await typical_value(table, command, p) for p in command.parameters if p.required}
    optional = {p.display_name: await typical_value(table, command, p) for p in command.parameters if not p.required}
    combos = []
    for present in itertools.product((False, True), repeat=len(optional)):
        combos.append(required | {name: v for (name, v), on in zip(optional.items(), present, strict=True) if on})
    return iter(combos)


SEATED = {"toyko_train": 3, "ttr_japan": 1, "mexican_train": 1, "miyajima": 1, "next_station_tokyo": 1}
"""How many players join alice: each game at its smallest table."""


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_every_game_command_by_a_non_player_says_you_are_not_playing(
    table: OutsiderTable, game: str, caplog: pytest.LogCaptureFixture
) -> None:
    table.game = game
    await table.started(*[table.bob, table.carol, table.dave][: SEATED[game]])
    assert REGISTRY[game].min_seats <= SEATED[game] + 1
    before = await table.current()
    caplog.set_level(logging.INFO)
    tried = []
    for command in game_commands(table.bot, game):
        for options in await invocations(table, command):
            what = f"/{command.qualified_name} {options}"
            since = len(caplog.records)
            result = await table.erin.slash(table.game_channel, command.qualified_name, **options)
            faults = [r.getMessage() for r in caplog.records[since:] if r.levelno >= logging.ERROR]
            assert not faults and not table.env.errors, f"{what}: {faults} {table.env.errors}"
            said = _answer(result)
            if command.qualified_name in OPEN_TO_ANYONE:
                assert result.ephemeral and said and said != NOT_PLAYING, f"{what}: {said!r}"
            else:
                assert result.ephemeral and said == NOT_PLAYING, f"{what}: {said!r}"
            tried.append(what)
    after = await table.current()
    assert (after.version, after.public) == (before.version, before.public)
    assert tried, f"{game} has no commands of its own"


def _answer(result: simcord.InteractionResult) -> str:
    """The text of the (private) answer, deferred or not, its embeds included."""
    parts = [text_of(result.response.message)] if result.response is not None else []
    parts.extend(text_of(f.message) for f in result.followups)
    return "\n".join(p for p in parts if p)
