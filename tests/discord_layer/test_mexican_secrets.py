"""Hidden information in Mexican Train: a held tile never shows in public; hands go only to their owners."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from rendering import render_png
from tests.discord_layer.mexican_table import (
    MexicanTable,
    hand_text,
    images_fixture,  # noqa: F401
    mexican_fixture,  # noqa: F401
    need_renderer,
    shows_tile,
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import text_of


def public_text(message: discord.Message) -> str:
    return text_of(message) + "\n" + " ".join(f"{a.filename} {a.description or ''}" for a in message.attachments)


def hand_field(message: discord.Message) -> list[str]:
    """The tiles of the "Hand (n)" field of a private view."""
    for embed in message.embeds:
        for field in embed.fields:
            if re.match(r"^Hand \(\d+\)$", field.name or ""):
                return [] if field.value == "—" else str(field.value).split(" · ")
    raise AssertionError(f"no hand in {text_of(message)!r}")


async def held(table: MexicanTable) -> list[list[int]]:
    return [t for actor in (table.alice, table.bob) for t in await table.hand(actor)]


@pytest.mark.usefixtures("text_only")
async def test_no_public_message_shows_a_tile_while_someone_holds_it(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    hands = {a.user.name: await mexican.hand(a) for a in (mexican.alice, mexican.bob)}
    everything = "\n".join(public_text(m) for m in mexican.public_messages())
    for hand in hands.values():
        assert hand_text(hand) not in everything and ", ".join(map(str, hand)) not in everything
        assert not any(shows_tile(everything, t) for t in hand), everything
    seen: set[int] = set()
    for _ in range(400):
        tiles = await held(mexican)
        last_hands = {a.user.name: await mexican.hand(a) for a in (mexican.alice, mexican.bob)}
        board = mexican.board().id
        fresh = [m for m in mexican.public_messages() if m.id not in seen or m.id == board]
        for message in fresh:
            text = public_text(message)
            assert not [t for t in tiles if shows_tile(text, t)], text
        seen |= {m.id for m in fresh}
        await mexican.step()
        if not await mexican.running():
            break
    else:
        raise AssertionError("the game did not end")
    # The check can see a hand: the round's results reveal the hands (the loser's hand is the one before the end).
    results = "\n".join(public_text(m) for m in mexican.since(seen))
    loser = next(name for name, hand in last_hands.items() if len(hand) > 1)
    assert all(shows_tile(results, t) for t in last_hands[loser]), results


@pytest.mark.usefixtures("text_only")
async def test_each_hand_goes_only_to_its_owner(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob, options="last_tile=manual")
    dealt = {a.id: await mexican.hand(a) for a in (mexican.alice, mexican.bob)}
    for actor in (mexican.alice, mexican.bob):
        [dm] = actor.user.dm_channel.history()
        assert hand_field(dm) == [f"{a}-{b}" for a, b in dealt[actor.id]]
    assert mexican.carol.user.dm_channel.history() == []
    # Play on, with a catch now and then so that penalty tiles go out by DM too.
    for _ in range(400):
        board = await mexican.board_state()
        if board["knock"] is not None:
            offender = (await mexican.current()).seats[board["knock"]].user_id
            catcher = next(a for a in (mexican.alice, mexican.bob) if a.id != offender)
            await mexican.mexican(catcher, "catch")
        else:
            await mexican.step()
        if not await mexican.running():
            break
    for actor, other in ((mexican.alice, mexican.bob), (mexican.bob, mexican.alice)):
        theirs = {f"{a}-{b}" for a, b in dealt[other.id]}
        dms = actor.user.dm_channel.history()
        for dm in dms:
            assert not theirs & set(hand_field(dm)), "a DM never shows a tile dealt to someone else"
    assert any("Just drawn" in text_of(dm) for a in (mexican.alice, mexican.bob) for dm in a.user.dm_channel.history())
    for actor in (mexican.alice, mexican.bob, mexican.carol):
        for message in mexican.game_channel.history(viewer=actor):
            if message.flags.ephemeral:
                assert message.interaction_metadata is not None
                assert message.interaction_metadata.user.id == actor.id


async def test_the_public_board_picture_is_drawn_from_the_public_view(mexican: MexicanTable, images: Any) -> None:
    update = await mexican.started(mexican.bob)
    need_renderer(images)
    names = [s.name for s in update.seats]
    for _ in range(6):
        board = mexican.board()
        [picture] = board.attachments
        assert picture.filename == "board.png"
        public = (await mexican.current()).public
        assert await picture.read() == render_png("mexican_train", public, names)
        hand = await mexican.open_hand(await mexican.turn_actor())
        [private] = hand.response.attachments  # type: ignore[union-attr]
        assert private.filename == "hand.png" and await private.read() != await picture.read()
        await mexican.step()
    public_files = [a.filename for m in mexican.public_messages() for a in m.attachments]
    assert public_files == ["board.png"], "hand pictures are never posted in public"
