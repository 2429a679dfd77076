"""Controls forged where they don't belong (issue 17): a private control on the public board, picks a menu never
offered, verbs no game knows. Each gets a private answer and rewrites nothing public.

The private controls are not listed by hand: each game's own private views are opened, seat by seat, and every
control they carry (and every control of the panels a first pick redraws) is forged onto the public board.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from PIL import Image

import rendering
from bot.client import TetsudoBot
from bot.games import REGISTRY
from bot.ui.presenters import presenter_for
from tests.discord_layer import conftest
from tests.discord_layer.table import GameTable, text_of

SEATS = {"toyko_train": 4, "ttr_japan": 2, "mexican_train": 2, "miyajima": 2, "next_station_tokyo": 2}
"""Players per game here: the fewest that give every kind of seat (Toyko's conductors and tourists)."""


BOARD_CONTROLS = ("tetsudo:hand:", "tetsudo:act:")


def tiny_picture(view: dict[str, Any], names: Any) -> Image.Image:
    """A picture that costs nothing to draw: what matters is where it is sent, not what it shows."""
    return Image.new("RGB", (1, 1))


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path, monkeypatch: pytest.MonkeyPatch) -> TetsudoBot:
    monkeypatch.setattr(rendering, "RENDERERS", dict.fromkeys(REGISTRY, tiny_picture))
    return conftest.make_bot(database, REGISTRY)


@pytest.fixture(name="faults")
def faults_fixture(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    caplog.set_level(logging.INFO)
    yield caplog


class Board(GameTable):
    """One game of `game` with its first SEATS players, and the public board message they all see."""

    async def board(self) -> discord.Message:
        update = await self.current()
        board_id = await self.bot.manager.board_message(update.game_id)
        return next(m for m in self.game_channel.history() if m.id == board_id)

    async def forge_on_board(self, control: dict[str, Any]) -> discord.Message:
        """The board message, edited by the bot to carry `control` too (as a modified client could make one appear)."""
        view = discord.ui.View.from_message(await self.board(), timeout=None)
        for item in list(view.children):
            if not str(getattr(item, "custom_id", "")).startswith(BOARD_CONTROLS):
                view.remove_item(item)  # an earlier forged control
        if control["type"] == discord.ComponentType.select.value:
            options = [discord.SelectOption(label=o["label"], value=o["value"]) for o in control["options"]]
            view.add_item(discord.ui.Select(custom_id=control["custom_id"], options=options, max_values=len(options)))
        else:
            view.add_item(discord.ui.Button(label="x", custom_id=control["custom_id"]))
        view.stop()  # never stored: the click must reach the bot's registered DynamicItems
        channel = self.bot.get_channel(self.game_channel.id)
        assert isinstance(channel, discord.Thread | discord.TextChannel)
        await channel.get_partial_message((await self.board()).id).edit(view=view)
        return await self.board()


def controls(message: Any) -> list[dict[str, Any]]:
    """Every button and menu (raw component dicts) on a message."""
    rows = message.components if isinstance(message.components, list) else []
    found = []
    for row in rows:
        for item in row.get("components", []) if isinstance(row, dict) else []:
            if "custom_id" in item:
                found.append(item)
    return found


def shape(custom_id: str) -> tuple[str, ...]:
    """What kind of control a custom_id is: its fixed words kept, names, places and numbers alike, picks compared.

    Controls of one shape take one path through the bot (a word button, a seat picked then another seat…),
    so one of each shape is enough: the game's many words and seats need not all be clicked.
    """
    fields = custom_id.split(":")
    kept = tuple(f if f == "-" or (f.isalpha() and f.islower()) else "*" for f in fields)
    picks = [f for f in fields[3:] if f != "-"]
    return (*kept, "same" if len(set(picks)) < len(picks) else "")


async def private_controls(table: Board, actor: simcord.MemberActor) -> list[dict[str, Any]]:
    """The controls of the actor's private view, and of the panel a first pick of each kind redraws."""
    label = presenter_for(table.game).hand_label
    opened = await actor.click(table.with_button(label), label=label)
    assert opened.response is not None and opened.ephemeral
    found = controls(opened.response)
    tried: set[tuple[str, ...]] = set()
    for control in list(found):
        if control["type"] != discord.ComponentType.button.value or control.get("disabled"):
            continue
        if shape(control["custom_id"]) in tried:
            continue
        tried.add(shape(control["custom_id"]))
        version = (await table.current()).version
        again = await actor.click(table.with_button(label), label=label)
        assert again.response is not None
        picked = await actor.click(again.response.message, custom_id=control["custom_id"])
        if (await table.current()).version == version and picked.response is not None:
            found.extend(controls(picked.response))  # a pick redrew the panel: its controls count too
    return found


@pytest.mark.parametrize("game", sorted(SEATS))
async def test_private_control_forged_on_the_board_answers_privately(
    simcord_env: simcord.Env, database: Path, faults: pytest.LogCaptureFixture, game: str
) -> None:
    """Issue 17 item 3: every hand, menu and panel control, clicked on the public board, leaves the board public."""
    table = Board(simcord_env, database)
    table.game = game
    players = [table.bob, table.carol, table.dave][: SEATS[game] - 1]
    await table.started(*players)
    checked: set[tuple[str, ...]] = set()
    for actor in [table.alice, *players]:
        for control in await private_controls(table, actor):
            if shape(control["custom_id"]) in checked:
                continue
            checked.add(shape(control["custom_id"]))
            board = await table.forge_on_board(control)
            what = f"{game}: {control['custom_id']} by {actor.name}"
            if control["type"] == discord.ComponentType.select.value:
                result = await actor.select(board, [control["options"][0]["value"]], custom_id=control["custom_id"])
            else:
                result = await actor.click(board, custom_id=control["custom_id"])
            assert result.response is not None and result.ephemeral, f"{what}: not answered privately"
            assert result.response.id != board.id, f"{what}: answered by rewriting the board"
            after = await table.board()
            private = text_of(result.response.message)
            assert not private or private not in text_of(after), f"{what}: the board shows a private view"
            assert "hand.png" not in [a.filename for a in after.attachments], f"{what}: the board shows a hand"
            if not await table.running():
                break
    assert checked, f"{game}: no private control found"
    assert not [r for r in faults.records if r.levelno >= logging.ERROR]
    assert not table.env.errors


async def test_forged_pick_several_menu_with_unoffered_values_is_refused(
    simcord_env: simcord.Env, database: Path, faults: pytest.LogCaptureFixture
) -> None:
    """Issue 17 item 4: picks a ticket menu never offered (mixed numbers and words) get a reason, not a crash."""
    table = Board(simcord_env, database)
    table.game = "ttr_japan"
    await table.started(table.bob)
    before = await table.current()
    label = presenter_for(table.game).hand_label
    opened = await table.alice.click(table.with_button(label), label=label)
    assert opened.response is not None
    menu = next(c for c in controls(opened.response) if c["custom_id"].startswith("tetsudo:multi:"))
    offered = [o["value"] for o in menu["options"]]
    for picks in ([offered[0], "tokyo"], [offered[0], "999"], ["tokyo", "999", offered[1]]):
        forged = {**menu, "options": [{"label": p, "value": p} for p in picks]}
        board = await table.forge_on_board(forged)
        result = await table.alice.select(board, picks, custom_id=menu["custom_id"])
        assert result.response is not None and result.ephemeral
        assert "never offered" in result.response.content, picks
    assert (await table.current()).version == before.version
    assert not [r for r in faults.records if r.levelno >= logging.ERROR]
    assert not table.env.errors


async def test_control_with_an_unknown_verb_is_refused_as_unknown(
    simcord_env: simcord.Env, database: Path, faults: pytest.LogCaptureFixture
) -> None:
    """Issue 17 item 34: a board button whose verb the game doesn't know says so, and changes nothing."""
    table = Board(simcord_env, database)
    table.game = "mexican_train"
    await table.started(table.bob)
    before = await table.current()
    mover = table.actor_for(before.to_ping[0])
    for custom_id in (f"tetsudo:act:xyzzy:{table.game_channel.id}", f"tetsudo:act:knock:7:v1:{table.game_channel.id}"):
        board = await table.forge_on_board({"type": discord.ComponentType.button.value, "custom_id": custom_id})
        result = await mover.click(board, custom_id=custom_id)
        assert result.response is not None and result.ephemeral
        assert "isn't one I know" in result.response.content, custom_id
    assert (await table.current()).version == before.version
    assert not [r for r in faults.records if r.levelno >= logging.ERROR]
