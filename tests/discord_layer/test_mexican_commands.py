"""Every /mexican command as a player types it: play (with and without a train), draw, knock, catch, done.

Seed 7 deals alice (seat 0, the 4-4 engine's holder, who opens) 4-0, 4-1, 4-3 among others, and bob 5-4 and 1-0.
"""

from __future__ import annotations

import pytest
import simcord

from tests.discord_layer.mexican_table import (
    MexicanTable,
    latest_lines,
    mexican_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
    token_of,
    verbs_of,
)
from tests.discord_layer.table import menu_options, replies_ephemeral, response_text, text_of


async def dealt(table: MexicanTable, options: str = "") -> None:
    """alice and bob with seed 7's deal (checked, so a changed deal fails here and not mysteriously later)."""
    update = await table.started(table.bob, options=options)
    assert [s.name for s in update.seats] == ["alice", "bob"]
    assert update.public["public"]["engine"] == 4 and update.public["public"]["turn"] == 0
    alice, bob = await table.hand(table.alice), await table.hand(table.bob)
    assert [4, 0] in alice and [4, 1] in alice and [4, 3] in alice and [5, 4] not in alice
    assert [5, 4] in bob and [1, 0] in bob and not any(4 in t for t in bob if t != [5, 4])


async def test_play_on_mine_and_on_the_mexican_train_with_train_named(mexican: MexicanTable) -> None:
    await dealt(mexican)
    started = await mexican.mexican(mexican.alice, "play", tile="4-1", train="start mexican")
    assert replies_ephemeral(started)
    assert any("alice starts the Mexican Train with 4-1." in line for line in _lines(mexican))
    assert "🚂 **Mexican Train** — 1 long, end **1**" in mexican.board_text()
    assert "Turn: **bob**" in mexican.board_text()

    on_mexican = await mexican.mexican(mexican.bob, "play", tile="0-1", train="mexican")  # typed low-high
    assert replies_ephemeral(on_mexican)
    assert _lines(mexican)[-1].startswith("bob plays 1-0 on the Mexican Train.")
    assert "🚂 **Mexican Train** — 2 long, end **0**" in mexican.board_text()

    mine = await mexican.mexican(mexican.alice, "play", tile="4-0", train="mine")
    assert replies_ephemeral(mine)
    assert _lines(mexican)[-1].startswith("alice plays 4-0 on alice's train.")
    assert "**alice** — 12 in hand · train 1 long, end **0**" in mexican.board_text()
    assert [4, 0] not in await mexican.hand(mexican.alice)


async def test_train_left_out_when_the_tile_fits_one_place(mexican: MexicanTable) -> None:
    await dealt(mexican)
    await mexican.mexican(mexican.alice, "play", tile="4-1", train="start mexican")
    # The Mexican Train now ends in 1 and alice's train is closed: 5-4 fits only bob's own train.
    result = await mexican.mexican(mexican.bob, "play", tile="5-4")
    assert replies_ephemeral(result)
    assert _lines(mexican)[-1].startswith("bob plays 5-4 on bob's train.")
    assert "**bob** — 14 in hand · train 1 long, end **5**" in mexican.board_text()


async def test_train_left_out_when_the_tile_fits_several_places_is_refused(mexican: MexicanTable) -> None:
    await dealt(mexican)
    before = await mexican.current()
    result = await mexican.mexican(mexican.alice, "play", tile="4-0")
    assert result.ephemeral
    assert "4-0 fits more than one train (mine, start mexican)" in response_text(result)
    assert "train:" in response_text(result)
    after = await mexican.current()
    assert after.version == before.version and after.public == before.public


async def test_draw_tells_the_tile_privately_and_a_misfit_passes_and_opens_the_train(mexican: MexicanTable) -> None:
    await dealt(mexican)
    seen_fit = seen_misfit = False
    for _ in range(40):
        drawer = await mexican.turn_actor()
        view = await mexican.view(drawer)
        if verbs_of(view) != ["draw"]:
            await mexican.step()
            continue
        seat = view["private"]["seat"]
        hand_before = await mexican.hand(drawer)
        seen = mexican.seen()
        result = await mexican.mexican(drawer, "draw")
        assert replies_ephemeral(result)
        drawn = [t for t in await mexican.hand(drawer) if t not in hand_before]
        assert len(drawn) == 1
        reply = response_text(result)
        assert f"You drew {drawn[0][0]}-{drawn[0][1]}." in reply
        name = drawer.user.name
        new_lines = latest_lines(mexican.since(seen))
        assert len(new_lines) == 1, new_lines
        assert f"{drawn[0][0]}-{drawn[0][1]}" not in new_lines[0], "the drawn tile stays private"
        board = await mexican.board_state()
        if board["turn"] == seat:  # it fits: the drawer must play it now
            seen_fit = True
            assert "must play it now" in reply
            assert new_lines[0].startswith(f"{name} draws a tile. The tile fits and must be played.")
            assert [p["token"] for p in (await mexican.view(drawer))["legal"]]
            await mexican.step()
        else:
            seen_misfit = True
            assert new_lines[0].startswith(
                f"{name} draws a tile. It doesn't fit: {name} passes and their train is open."
            )
            row = next(r for r in mexican.board_text().splitlines() if f"**{name}** —" in r)
            assert "🚩 **open**" in row
            assert board["trains"][seat]["open"]
        if seen_fit and seen_misfit:
            return
    raise AssertionError(f"saw a fitting draw: {seen_fit}, a misfit: {seen_misfit}")


@pytest.mark.usefixtures("text_only")
async def test_catch_makes_the_player_who_did_not_knock_draw_two(mexican: MexicanTable) -> None:
    await dealt(mexican, "last_tile=manual")
    board = await mexican.play_until(lambda b: b["knock"] is not None)
    offender = mexican.actor_for((await mexican.current()).seats[board["knock"]].user_id)
    catcher = mexican.bob if offender is mexican.alice else mexican.alice
    name = offender.user.name
    assert f"✋ {name} is down to one tile and hasn't knocked" in mexican.board_text()
    assert f"**{name}** — 1 in hand" in mexican.board_text()
    dms_before = len(offender.user.dm_channel.history())
    result = await mexican.mexican(catcher, "catch")
    assert replies_ephemeral(result)
    drawn = min(2, board["boneyard"])
    assert _lines(mexican)[-1].startswith(
        f"{catcher.user.name} catches a player who didn't knock! {name} didn't knock and draws {drawn} tiles."
    )
    assert f"**{name}** — {1 + drawn} in hand" in mexican.board_text()
    assert "hasn't knocked" not in mexican.board_text()
    assert len(await mexican.hand(offender)) == 1 + drawn
    dms = offender.user.dm_channel.history()
    assert len(dms) == dms_before + 1 and "Just drawn" in text_of(dms[-1]), "the penalty tiles go to them by DM"


@pytest.mark.usefixtures("text_only")
async def test_knock_announces_the_last_tile(mexican: MexicanTable) -> None:
    await dealt(mexican, "last_tile=manual")
    board = await mexican.play_until(lambda b: b["knock"] is not None)
    offender = mexican.actor_for((await mexican.current()).seats[board["knock"]].user_id)
    name = offender.user.name
    version = (await mexican.current()).version
    result = await mexican.mexican(offender, "knock")
    assert replies_ephemeral(result)
    assert _lines(mexican)[-1].startswith(f"{name} knocks. {name} has one tile left.")
    assert (await mexican.current()).version == version + 1
    assert "hasn't knocked" not in mexican.board_text()


async def test_done_ends_a_fast_start(mexican: MexicanTable) -> None:
    await dealt(mexican, "fast_start=on")
    first = await mexican.mexican(mexican.alice, "play", tile="4-0", train="mine")
    assert replies_ephemeral(first)
    assert "⏩ Fast start: alice may keep playing on their own train." in mexican.board_text()
    assert "Turn: **alice**" in mexican.board_text()
    assert token_of(await mexican.view(mexican.alice), "done") is not None
    # During the chain only her own train is open to her, so a tile needs no train.
    again = await mexican.mexican(mexican.alice, "play", tile="2-0")
    assert replies_ephemeral(again)
    assert _lines(mexican)[-1].startswith("alice plays 2-0 on alice's train.")
    done = await mexican.mexican(mexican.alice, "done")
    assert replies_ephemeral(done)
    assert _lines(mexican)[-1].startswith("alice ends their fast start.")
    assert "Turn: **bob**" in mexican.board_text() and "Fast start" not in mexican.board_text()
    assert (await mexican.board_state())["turn"] == 1


def _lines(table: MexicanTable) -> list[str]:
    return [m.content for m in table.game_channel.history() if m.content and not m.embeds]


async def _someone_must_pass(mexican: MexicanTable) -> simcord.MemberActor:
    """Play on until the boneyard is empty and the player to act can only pass; that player."""
    await mexican.play_until(lambda b: b["boneyard"] == 0)
    for _ in range(60):
        stuck = await mexican.turn_actor()
        if verbs_of(await mexican.view(stuck)) == ["pass"]:
            return stuck
        await mexican.step()
        assert await mexican.running()
    raise AssertionError("nobody had to pass")


@pytest.mark.usefixtures("text_only")
@pytest.mark.parametrize("way", ["command", "button", "menu"])
async def test_with_the_boneyard_empty_draw_and_the_hand_menu_pass(mexican: MexicanTable, way: str) -> None:
    """Unable to play with nothing to draw, you pass: `/mexican draw`, the Draw button and the menu all do it."""
    await mexican.started(mexican.bob, mexican.carol)
    stuck = await _someone_must_pass(mexican)
    version = (await mexican.current()).version
    if way == "command":
        reply = await mexican.mexican(stuck, "draw")
    elif way == "button":
        reply = await stuck.click(mexican.board(), label="Draw")
    else:
        hand = await mexican.open_hand(stuck)
        [(label, token)] = menu_options(hand.response.message)  # type: ignore[union-attr]
        assert label == "Pass (the boneyard is empty)"
        reply = await stuck.select(hand.response, [token])
    private = reply.response.ephemeral if way == "menu" else reply.ephemeral  # the menu updates its own message
    assert private
    assert (await mexican.current()).version > version
    name = stuck.user.name
    assert _lines(mexican)[-1].startswith(
        f"{name} can't play and the boneyard is empty. {name} passes and their train is open."
    )
    row = next(r for r in mexican.board_text().splitlines() if f"**{name}** —" in r)
    assert "🚩 **open**" in row
