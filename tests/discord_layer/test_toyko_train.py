"""Toyko Train in Discord: panels, commands, who may do what, secrets kept, calls, and panels after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord

from bot.games.base import Action, IllegalAction
from bot.games.toyko_train import TOYKO_TRAIN
from bot.games.toyko_train.data import SIX
from bot.games.toyko_train.optimum import best_path
from bot.ui import delivery
from tests.discord_layer.conftest import make_bot
from tests.discord_layer.table import custom_id_of, labels, response_text, text_of
from tests.discord_layer.toyko_table import (
    ToykoTable,
    simcord_bot_fixture,  # noqa: F401
    toyko_fixture,  # noqa: F401
)


async def test_a_conductor_signals_from_the_panel_and_the_table_sees_word_and_gesture(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    state = await toyko.state()
    panel = await toyko.panel(toyko.alice)
    assert panel.ephemeral and panel.response is not None
    words = state.words[0][:6]
    shown = labels(panel.response.message)
    assert shown[:6] == words and "Toyko Train!" in shown and "Cancel" not in shown[:6]
    assert "Target" in response_text(panel)
    picked = await toyko.alice.click(panel.response, label=words[0])
    assert picked.response is not None
    marked = labels(picked.response.message)[:6]
    assert marked == [f"{words[0]} ✓", *words[1:6]], "the picked word says so in words, not by colour alone"
    gesture = next(label for label in labels(picked.response.message) if label.startswith("Great vertical"))
    signalled = await toyko.alice.click(picked.response, label=gesture)
    assert signalled.acknowledged
    said = [m.content for m in toyko.game_channel.history() if m.content and f"«{words[0]}!»" in m.content]
    assert said and "swings both arms together" in said[-1]
    assert (await toyko.state()).signals[0] == (words[0], "great")


async def test_a_tourist_cannot_signal_or_call_and_a_conductor_cannot_exchange(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    version = (await toyko.current()).version
    call = await toyko.toyko(toyko.bob, "call")
    assert call.ephemeral and "Only your conductor" in response_text(call)
    words = (await toyko.state()).words[0]
    signal = await toyko.toyko(toyko.bob, "signal", word=words[0], kind="small")
    assert signal.ephemeral and "Only your conductor" in response_text(signal)
    swap = await toyko.toyko(toyko.alice, "swap", a="A1", b="A2")
    assert swap.ephemeral and "You're the conductor" in response_text(swap)
    foreign = await toyko.toyko(toyko.carol, "signal", word=words[0], kind="small")
    assert foreign.ephemeral and "isn't one of your team's words" in response_text(foreign)
    assert (await toyko.current()).version == version, "refusals change nothing"


async def test_a_tourist_exchanges_two_seats_on_the_grid_and_a_bad_pair_is_refused(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    before = list((await toyko.state()).seatings[0])
    grid = await toyko.panel(toyko.bob)
    assert grid.response is not None and "Target" not in response_text(grid)
    first = await toyko.bob.click(
        grid.response, label=next(x for x in labels(grid.response.message) if x.startswith("A1"))
    )
    assert first.response is not None
    marked = [x for x in labels(first.response.message) if x.endswith(" ✓")]
    assert len(marked) == 1 and marked[0].startswith("A1"), "the picked seat says so in words, not by colour alone"
    second = await toyko.bob.click(
        first.response, label=next(x for x in labels(first.response.message) if x.startswith("A2"))
    )
    assert second.acknowledged
    after = (await toyko.state()).seatings[0]
    assert after == [before[2], before[1], before[0], *before[3:]], "A1 and A2 exchanged (a small vertical)"
    assert any("bob exchanges A1 and A2." in m.content for m in toyko.game_channel.history())
    diagonal = await toyko.toyko(toyko.bob, "swap", a="A1", b="B2")
    assert diagonal.ephemeral and "can't be exchanged" in response_text(diagonal)


async def test_a_right_call_wins_the_round_and_the_new_target_goes_only_to_conductors(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    state = await toyko.state()
    for a, b in best_path(SIX, tuple(state.seatings[0]), tuple(state.target)):
        await toyko.toyko(toyko.bob, "swap", a=SIX.name(a), b=SIX.name(b))
    called = await toyko.toyko(toyko.alice, "call")
    assert "right! Team 1 wins round 1" in response_text(called)
    after = await toyko.state()
    assert after.round == 2 and after.cards == [1, 0]
    assert after.starts[0] == state.target, "round 2 starts from round 1's target"
    target_text = "Target (only conductors see it)"
    for conductor in (toyko.alice, toyko.carol):
        panel = await toyko.panel(conductor)
        assert target_text in response_text(panel)
    for tourist in (toyko.bob, toyko.dave):
        panel = await toyko.panel(tourist)
        assert target_text not in response_text(panel)
        assert all(target_text not in text_of(m) for m in tourist.user.dm_channel.history())


async def test_nothing_public_shows_the_target_or_which_colour_a_word_means(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    state = await toyko.state()
    for team, conductor in ((0, toyko.alice), (1, toyko.carol)):
        word = state.words[team][0]
        await toyko.toyko(conductor, "signal", word=word, kind="horizontal")
    await toyko.toyko(toyko.bob, "swap", a="A1", b="B1")
    await toyko.toyko(toyko.alice, "cancel")
    public = "\n".join(text_of(m) for m in toyko.public_messages())
    for team in (0, 1):
        for colour, word in zip(
            ("red", "orange", "yellow", "green", "blue", "purple"), state.words[team], strict=False
        ):
            assert f"**{word}** — " not in public and f"{word} ({colour})" not in public
    assert "Target" not in public
    for tourist in (toyko.bob, toyko.dave):
        assert all("Target" not in text_of(m) for m in tourist.user.dm_channel.history())


async def test_panels_keep_working_after_a_restart(toyko: ToykoTable, database: Path) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    panel = await toyko.panel(toyko.alice)
    grid = await toyko.panel(toyko.bob)
    await toyko.env.restart_bot(make_bot(database, {"toyko_train": TOYKO_TRAIN}))
    words = (await toyko.state()).words[0]
    assert panel.response is not None and grid.response is not None
    picked = await toyko.alice.click(panel.response, label=words[1])
    assert picked.response is not None
    gesture = next(x for x in labels(picked.response.message) if x.startswith("Small vertical"))
    await toyko.alice.click(picked.response, label=gesture)
    assert (await toyko.state()).signals[0] == (words[1], "small")
    first = await toyko.bob.click(
        grid.response, label=next(x for x in labels(grid.response.message) if x.startswith("B1"))
    )
    assert first.response is not None
    await toyko.bob.click(first.response, label=next(x for x in labels(first.response.message) if x.startswith("B2")))
    assert (await toyko.state()).made[0] == 1


async def test_a_burst_of_board_edits_is_coalesced_and_ends_on_the_newest(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    board = toyko.with_button("My panel")
    manager, channel_id = toyko.bot.manager, toyko.game_channel.id
    updates = [await manager.act(channel_id, toyko.bob.id, Action("point", (seat,))) for seat in ("A1", "B1")]
    serial = (await toyko.state()).serial(1)
    updates.append(await manager.act(channel_id, toyko.dave.id, Action("swap", ("A1", "B1", serial))))
    before = len(toyko.env.backend.transcript)
    await asyncio.gather(*(delivery.deliver(toyko.bot, u) for u in updates))
    calls = toyko.env.backend.transcript[before:]
    edits = [
        name
        for kind, name, _ in calls
        if kind == "HTTP" and name == f"PATCH /channels/{channel_id}/messages/{board.id}"
    ]
    assert len(edits) == 1, "three changes at once: only the newest board is shown"
    assert "· 1 exchange\n" in text_of(toyko.with_button("My panel")), "the newest board: dave's exchange"


async def posted_button(toyko: ToykoTable, custom_id: str) -> discord.Message:
    """A bot message carrying one button with `custom_id`: a click Discord delivers again, or an old panel's."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Cancel", custom_id=custom_id))
    view.stop()  # not stored: the click reaches the bot's registered panel buttons, as a real one does
    channel = toyko.bot.get_channel(toyko.game_channel.id)
    assert isinstance(channel, discord.abc.Messageable)
    return await channel.send("a panel", view=view)


async def two_exchanges(toyko: ToykoTable) -> None:
    """bob (team 1's tourist) exchanges A1-B1, then A3-B3."""
    for a, b in (("A1", "B1"), ("A3", "B3")):
        await toyko.toyko(toyko.bob, "swap", a=a, b=b)


async def test_a_doubled_cancel_click_undoes_one_exchange_only(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    await two_exchanges(toyko)
    panel = await toyko.panel(toyko.alice)
    assert panel.response is not None
    cancel = custom_id_of(panel.response.message, "Cancel")
    first = await toyko.alice.click(panel.response.message, custom_id=cancel)
    assert first.acknowledged and len((await toyko.state()).exchanges[0]) == 1
    second = await toyko.alice.click(await posted_button(toyko, cancel), custom_id=cancel)  # the click, sent again
    assert "moved since that Cancel was shown" in response_text(second)
    assert len((await toyko.state()).exchanges[0]) == 1, "the second click undid nothing"


async def test_a_cancel_button_of_the_old_format_gets_a_clear_answer(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    await two_exchanges(toyko)
    old = f"tetsudo:tk:do:{toyko.game_channel.id}:cancel:1"
    clicked = await toyko.alice.click(await posted_button(toyko, old), custom_id=old)
    assert clicked.ephemeral and "older panel" in response_text(clicked)
    assert len((await toyko.state()).exchanges[0]) == 2


async def test_a_panel_edited_in_place_drops_the_line_of_the_move_before(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    nodded = await toyko.toyko(toyko.carol, "nod")
    assert nodded.response is not None
    reply = nodded.response.message
    assert reply.content == "carol nods." and "Shake" in labels(reply)
    shaken = await toyko.carol.click(reply, label="Shake")
    assert shaken.response is not None
    assert "carol nods." not in text_of(shaken.response.message)


async def test_a_call_typed_before_any_exchange_of_the_round_is_refused_with_the_reason(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    version = (await toyko.current()).version
    called = await toyko.toyko(toyko.alice, "call")
    assert called.ephemeral and "hasn't made an exchange in round 1 yet" in response_text(called)
    state = await toyko.state()
    assert not state.out[0] and state.cards == [0, 0] and (await toyko.current()).version == version


async def test_signal_autocomplete_offers_words_to_the_conductor_only(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    words = (await toyko.state()).words[0][:6]
    offered = await toyko.alice.autocomplete(toyko.game_channel, "toyko signal", "word", "")
    assert [choice["value"] for choice in offered] == words
    assert await toyko.bob.autocomplete(toyko.game_channel, "toyko signal", "word", "") == []


async def test_the_lobby_is_ready_only_with_a_number_of_players_the_game_allows(toyko: ToykoTable) -> None:
    await toyko.alice.slash(toyko.channel, "game new", game="toyko_train")
    toyko.game_channel = toyko.channel.threads[-1]
    for player in (toyko.bob, toyko.carol):
        await player.click(toyko.lobby_message(), label="Join")
    assert "Needs 4, 6 or 8 players to start." in text_of(toyko.lobby_message())
    await toyko.dave.click(toyko.lobby_message(), label="Join")
    assert "Ready: the host can press **Start**." in text_of(toyko.lobby_message())
    erin = toyko.guild.add_member(toyko.env.create_user("erin"))
    await erin.click(toyko.lobby_message(), label="Join")
    footer = text_of(toyko.lobby_message())
    assert "Ready" not in footer and "Needs 4, 6 or 8 players to start." in footer, "five players: not ready"


async def test_a_tourists_panel_says_what_the_schemes_gestures_mean(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave, options="scheme=face")
    grid = await toyko.panel(toyko.bob)
    shown = response_text(grid)
    assert "Great vertical: blinks" in shown and "Horizontal: smiles" in shown


async def test_game_undo_is_refused_in_the_race_with_the_reason(toyko: ToykoTable) -> None:
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    word = (await toyko.state()).words[0][0]
    await toyko.toyko(toyko.alice, "signal", word=word, kind="great")
    await toyko.toyko(toyko.bob, "swap", a="A1", b="B1")
    before = await toyko.state()
    for player in (toyko.bob, toyko.alice):
        undone = await player.slash(toyko.game_channel, "game undo")
        assert undone.ephemeral and "nothing said or done in public can be taken back" in response_text(undone)
    after = await toyko.state()
    assert after.signals == before.signals and after.seatings == before.seatings and after.made == before.made


async def test_a_cancel_sent_twice_at_the_same_moment_undoes_one_exchange_only(toyko: ToykoTable) -> None:
    """The two cancels race through the engine (asyncio.gather): one is applied, the other names the seating gone."""
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    await two_exchanges(toyko)
    state = await toyko.state()
    cancel = Action("cancel", (state.round, state.serial(0)))
    manager, channel_id = toyko.bot.manager, toyko.game_channel.id
    sent = await asyncio.gather(
        *(manager.act(channel_id, toyko.alice.id, cancel) for _ in range(2)), return_exceptions=True
    )
    refused = [r for r in sent if isinstance(r, IllegalAction)]
    assert len(refused) == 1 and "moved since that Cancel was shown" in refused[0].message, sent
    assert len((await toyko.state()).exchanges[0]) == 1, "exactly one exchange was undone"


async def test_a_doubled_call_as_round_three_ends_is_answered_with_its_round(toyko: ToykoTable) -> None:
    """Issue 32 item 4.1: the call clicked again reached round 4, where its clicker is the tourist, and was refused
    as the wrong role; it must say which round it was meant for."""
    await toyko.started(toyko.bob, toyko.carol, toyko.dave)
    for _round in range(3):
        state = await toyko.state()
        for a, b in best_path(SIX, tuple(state.seatings[0]), tuple(state.target)):
            await toyko.toyko(toyko.bob, "swap", a=SIX.name(a), b=SIX.name(b))
        panel = await toyko.panel(toyko.alice)
        assert panel.response is not None
        call = custom_id_of(panel.response.message, "Toyko Train!")
        await toyko.alice.click(panel.response.message, custom_id=call)
    assert (await toyko.state()).round == 4
    again = await toyko.alice.click(await posted_button(toyko, call), custom_id=call)  # round 3's call, sent again
    assert "That was meant for round 3; round 4 is on now." in response_text(again)
    assert (await toyko.state()).cards == [3, 0]
