"""Issue 34: an ended game stepped through privately in Discord, from its results or with `/game replay`."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import simcord

from bench.load import Click
from tests.discord_layer import conftest
from tests.discord_layer.table import Table, menu_options, replies_ephemeral, response_text
from tests.discord_layer.test_acknowledged_first import calls_naming, click_at_once


def replay_button(message: discord.Message | None) -> str:
    """The custom_id of a message's Replay button."""
    assert message is not None
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.Button) and item.custom_id and item.custom_id.startswith("tetsudo:replay:open"):
                return item.custom_id
    raise AssertionError("no Replay button")


def step_id(message: discord.Message, where: str) -> str:
    """The custom_id of a replay's first / back / next / last button."""
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.Button) and str(item.custom_id).startswith(f"tetsudo:replay:{where}:"):
                return str(item.custom_id)
    raise AssertionError(f"no {where} button")


def shown_step(result: simcord.InteractionResult) -> tuple[int, int]:
    """(step, steps) a replay answer shows."""
    found = re.search(r"Step (\d+) of (\d+)", response_text(result))
    assert found is not None, response_text(result)
    return int(found[1]), int(found[2])


def replay_message(result: simcord.InteractionResult) -> discord.Message:
    """The private replay message an answer shows (the reply, or its follow-up)."""
    answers = ([result.response] if result.response is not None else []) + list(result.followups)
    return answers[-1].message


def results_message(table: Table) -> discord.Message:
    for message in reversed(table.game_channel.history()):
        for row in message.components:
            if any(str(getattr(i, "custom_id", "")).startswith("tetsudo:replay:open") for i in row.children):
                return message
    raise AssertionError("no results message with a Replay button")


async def test_replay_from_the_results_steps_back_and_forth_privately(table: Table) -> None:
    await table.started(table.bob)
    await table.play_to_the_end()
    assert not await table.running()
    results = results_message(table)
    opened = await table.carol.click(results, custom_id=replay_button(results))
    assert replies_ephemeral(opened)
    assert shown_step(opened)[0] == 0
    steps = shown_step(opened)[1]
    assert steps > 1
    before = [m.id for m in table.public_messages()]

    shown = replay_message(opened)
    forward = await table.carol.click(shown, custom_id=step_id(shown, "next"))
    assert replies_ephemeral(forward) and shown_step(forward) == (1, steps)
    assert "alice" in response_text(forward) or "bob" in response_text(forward), "the move's line names its mover"
    shown = replay_message(forward)
    last = await table.carol.click(shown, custom_id=step_id(shown, "last"))
    assert shown_step(last) == (steps, steps)
    shown = replay_message(last)
    back = await table.carol.click(shown, custom_id=step_id(shown, "back"))
    assert shown_step(back) == (steps - 1, steps)
    shown = replay_message(back)
    first = await table.carol.click(shown, custom_id=step_id(shown, "first"))
    assert shown_step(first) == (0, steps)
    assert [m.id for m in table.public_messages()] == before, "nothing of the replay is posted in public"


async def test_see_as_a_seat_and_jump_to_a_step(table: Table) -> None:
    await table.started(table.bob)
    await table.play_to_the_end()
    opened = await table.alice.slash(table.game_channel, "game replay")
    assert replies_ephemeral(opened) and shown_step(opened)[0] == 0
    shown = replay_message(opened)
    seats = dict(menu_options(shown))
    assert "bob" in seats and "Everyone" in seats
    as_bob = await table.alice.select(shown, [seats["bob"]], custom_id=menu_id(shown, "tetsudo:replay-as:"))
    assert "Seen as" in response_text(as_bob) and "bob" in response_text(as_bob)
    shown = replay_message(as_bob)
    steps = shown_step(as_bob)[1]
    jumped = await table.alice.select(shown, [str(steps)], custom_id=menu_id(shown, "tetsudo:replay-to:"))
    assert shown_step(jumped) == (steps, steps) and "bob" in response_text(jumped), "still seen as bob"


def menu(message: discord.Message, prefix: str) -> discord.SelectMenu:
    """A message's menu whose custom_id starts with `prefix`."""
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.SelectMenu) and str(item.custom_id).startswith(prefix):
                return item
    raise AssertionError(f"no menu {prefix}")


def menu_id(message: discord.Message, prefix: str) -> str:
    """The custom_id of a message's menu whose custom_id starts with `prefix`."""
    return str(menu(message, prefix).custom_id)


async def test_a_running_game_has_no_replay(table: Table) -> None:
    update = await table.started(table.bob)
    refused = await table.alice.slash(table.game_channel, "game replay", game=str(update.game_id))
    assert replies_ephemeral(refused) and "still running" in response_text(refused)
    nothing = await table.alice.slash(table.game_channel, "game replay")
    assert replies_ephemeral(nothing) and "No game has ended" in response_text(nothing)


async def forge_on(table: Table, message: discord.Message, *controls: discord.ui.Item[discord.ui.View]) -> None:
    """`message`, edited by the bot to carry `controls` (as a modified client could make them appear)."""
    view = discord.ui.View.from_message(message, timeout=None)
    for control in controls:
        view.add_item(control)
    view.stop()  # never stored: the clicks must reach the bot's registered DynamicItems
    channel = table.bot.get_channel(table.game_channel.id)
    assert isinstance(channel, discord.Thread | discord.TextChannel)
    await channel.get_partial_message(message.id).edit(view=view)


async def test_a_forged_replay_control_changes_nothing_and_is_answered_privately(table: Table) -> None:
    update = await table.started(table.bob)
    await table.play_to_the_end()
    results = results_message(table)
    step = f"tetsudo:replay:next:{update.game_id}:1:p"
    nowhere = f"tetsudo:replay:next:{update.game_id + 999}:1:p"
    see_as = f"tetsudo:replay-as:{update.game_id}:1"
    x = discord.SelectOption(label="x", value="x")
    await forge_on(
        table,
        results,
        discord.ui.Button(label="a", custom_id=step),
        discord.ui.Button(label="b", custom_id=nowhere),
        discord.ui.Select(custom_id=see_as, options=[x]),
    )
    results = results_message(table)
    shown_before = results.content, [e.to_dict() for e in results.embeds]
    # A step button on the public results message: answered privately, the results left as they are.
    forged = await table.alice.click(results, custom_id=step)
    assert replies_ephemeral(forged) and shown_step(forged)[0] == 1
    again = results_message(table)
    assert (again.content, [e.to_dict() for e in again.embeds]) == shown_before
    # A game id that is no game, and a See-as value no menu offered.
    unknown = await table.alice.click(results, custom_id=nowhere)
    assert replies_ephemeral(unknown) and "no such game" in response_text(unknown)
    odd = await table.alice.select(results, ["x"], custom_id=see_as)
    assert replies_ephemeral(odd) and "never offered" in response_text(odd)


async def test_a_replays_controls_keep_working_after_a_restart(table: Table, database: Path) -> None:
    await table.started(table.bob)
    await table.play_to_the_end()
    opened = await table.carol.slash(table.game_channel, "game replay")
    shown = replay_message(opened)
    steps = shown_step(opened)[1]
    await table.env.restart_bot(conftest.make_bot(database))
    forward = await table.carol.click(shown, custom_id=step_id(shown, "last"))
    assert replies_ephemeral(forward) and shown_step(forward) == (steps, steps)


async def test_a_game_of_another_server_is_not_replayed_here(table: Table) -> None:
    update = await table.started(table.bob)
    await table.play_to_the_end()
    elsewhere = table.env.create_guild("Another Server")
    lounge = elsewhere.create_text_channel("lounge")
    eve = elsewhere.add_member(table.env.create_user("eve"))
    refused = await eve.slash(lounge, "game replay", game=str(update.game_id))
    assert replies_ephemeral(refused) and "not played on this server" in response_text(refused)
    assert "Step" not in response_text(refused)
    listed = await table.alice.slash(table.game_channel, "game replay", game=str(update.game_id))
    assert shown_step(listed)[0] == 0, "on its own server it is"


async def test_replay_clicked_by_several_at_once_answers_each_privately(table: Table) -> None:
    """Replay pressed by all three at the same moment, and twice by alice (a doubled click): each gets their own
    private first step, and the channel is left as it was."""
    await table.started(table.bob)
    await table.play_to_the_end()
    results = results_message(table)
    before = [(m.id, m.content) for m in table.public_messages()]
    clickers = [table.alice, table.bob, table.carol, table.alice]
    clicks = [Click(who, results, custom_id=replay_button(results)) for who in clickers]
    tokens = await click_at_once(table.env, clicks)
    answered = [(token, ack) for token, ack in calls_naming(table.env, tokens, 0)]
    assert sorted(t for t, ack in answered if ack) == sorted(tokens), "each click acknowledged once"
    assert {t for t, ack in answered if not ack} == set(tokens), "and each answered"
    assert [(m.id, m.content) for m in table.public_messages()] == before, "nothing posted in public"
