"""Issue 34: each of the five games, played to its end through the bot, replayed from the Replay button under its
results: to the last step, back and forth, to the first, seen as each seat, and jumped to a round (or a turn).

The games are played with their pictures switched off (tests/discord_layer/five_games.py) and replayed with them on:
every answer must be private and carry the step's picture, described for a screen reader.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.client import TetsudoBot
from bot.games import REGISTRY
from tests.discord_layer import conftest
from tests.discord_layer.five_games import SETTINGS, played_to_the_end, without_pictures
from tests.discord_layer.mexican_table import MexicanTable
from tests.discord_layer.table import replies_ephemeral, response_text
from tests.discord_layer.test_replays import (
    forge_on,
    menu,
    menu_id,
    replay_button,
    replay_message,
    results_message,
    shown_step,
    step_id,
)

SEE_AS, JUMP = "tetsudo:replay-as:", "tetsudo:replay-to:"


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return conftest.make_bot(database, REGISTRY)


def shown(result: simcord.InteractionResult, step: int, steps: int) -> discord.Message:
    """The replay a click was answered with, checked: private, at `step` of `steps`, its picture described."""
    assert replies_ephemeral(result)
    assert shown_step(result) == (step, steps)
    message = replay_message(result)
    (picture,) = message.attachments
    assert picture.filename == "replay.png" and picture.description
    return message


async def stepped(actor: simcord.MemberActor, message: discord.Message, where: str, to: tuple[int, int]) -> Any:
    """`actor` presses ⏮ ◀ ▶ or ⏭ (`where`) on their replay, which must then show step `to`[0] of `to`[1]."""
    return shown(await actor.click(message, custom_id=step_id(message, where)), *to)


async def chosen(actor: simcord.MemberActor, message: discord.Message, prefix: str, value: str) -> Any:
    """`actor` picks `value` in their replay's menu whose custom_id starts with `prefix`."""
    return await actor.select(message, [value], custom_id=menu_id(message, prefix))


@pytest.mark.parametrize("game", sorted(SETTINGS))
async def test_each_game_is_replayed_from_its_results_to_the_last_step_and_back(
    simcord_env: simcord.Env, database: Path, game: str
) -> None:
    table = await played_to_the_end(simcord_env, database, game)
    carol, results = table.carol, results_message(table)
    opened = await carol.click(results, custom_id=replay_button(results))
    steps = shown_step(opened)[1]
    assert steps > 5
    message = shown(opened, 0, steps)

    message = await stepped(carol, message, "last", (steps, steps))
    for back in (1, 2, 3):
        message = await stepped(carol, message, "back", (steps - back, steps))
    for ahead in (2, 1):
        message = await stepped(carol, message, "next", (steps - ahead, steps))
    message = await stepped(carol, message, "first", (0, steps))

    seats = [(option.label, option.value) for option in menu(message, SEE_AS).options if option.value != "p"]
    assert len(seats) == 1 + len(SETTINGS[game].joining)
    for name, seat in seats:
        as_seat = await chosen(carol, message, SEE_AS, seat)
        message = shown(as_seat, 0, steps)
        assert f"Seen as: {name}" in response_text(as_seat)

    marks = menu(message, JUMP).options
    assert 1 < len(marks) <= 25 and all(mark.label.startswith(SETTINGS[game].marks + " ") for mark in marks)
    target = marks[len(marks) // 2]
    assert target.label.endswith(f" · step {target.value}")
    jumped = shown(await chosen(carol, message, JUMP, target.value), int(target.value), steps)
    assert any(option.default and option.value == target.value for option in menu(jumped, JUMP).options)


async def test_a_mexican_train_of_several_hands_jumps_to_where_each_hand_began(
    simcord_env: simcord.Env, database: Path
) -> None:
    mexican = MexicanTable(simcord_env, database)
    with without_pictures("mexican_train"):
        update = await mexican.started(mexican.bob, options="mode=rounds")
        await mexican.play_until(lambda board: board["round"] >= 3)
        ask = await mexican.alice.slash(mexican.game_channel, "game abandon")
        await mexican.alice.click(ask.response, label="Yes, abandon")  # type: ignore[arg-type]
    opened = await mexican.carol.slash(mexican.game_channel, "game replay")
    steps = shown_step(opened)[1]
    message = shown(opened, 0, steps)
    marks = menu(message, JUMP).options
    assert [mark.label.split(" · ")[0] for mark in marks] == ["Round 1", "Round 2", "Round 3"]

    second = int(marks[1].value)
    shown(await chosen(mexican.carol, message, JUMP, str(second)), second, steps)
    hands = [(await mexican.bot.replays.step(update.game_id, n)).public["public"] for n in (second - 1, second)]
    assert [hand["round"] for hand in hands] == [1, 2], "the second hand began there"  # type: ignore[index]

    # A step no Jump to menu offered (the one after hand 2 began), forged onto a message: refused, not shown.
    forged, odd = f"{JUMP}{update.game_id}:p", str(second + 1)
    last = mexican.game_channel.history()[-1]
    await forge_on(mexican, last, discord.ui.Select(custom_id=forged, options=[discord.SelectOption(label=odd)]))
    refused = await mexican.carol.select(mexican.game_channel.history()[-1], [odd], custom_id=forged)
    assert replies_ephemeral(refused) and "never offered" in response_text(refused)
    assert "Step" not in response_text(refused)
