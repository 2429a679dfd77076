"""Issue 34: a replay's steps come with the game's own pictures, described for a screen reader, in any seat's view."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from tests.discord_layer.mexican_table import (
    MexicanTable,
    images_fixture,  # noqa: F401
    mexican_fixture,  # noqa: F401
    need_renderer,
    simcord_bot_fixture,  # noqa: F401
)
from tests.discord_layer.table import menu_options, replies_ephemeral
from tests.discord_layer.test_replays import replay_message


def picture_of(result: simcord.InteractionResult) -> discord.Attachment:
    """The one picture of a replay answer."""
    (picture,) = replay_message(result).attachments
    return picture


async def ended_after_a_few_moves(mexican: MexicanTable) -> None:
    """alice and bob play four moves, then bob resigns, which ends the game."""
    await mexican.started(mexican.bob)
    for _ in range(4):
        mover = await mexican.turn_actor()
        await mexican.command(mover, str((await mexican.view(mover))["legal"][0]["token"]))
    ask = await mexican.bob.slash(mexican.game_channel, "game resign")
    await mexican.bob.click(ask.response, label="Yes, resign")  # type: ignore[arg-type]


async def test_each_step_shows_its_picture_described_and_a_seats_view_shows_that_seat(
    mexican: MexicanTable, images: Any
) -> None:
    need_renderer(images)
    await ended_after_a_few_moves(mexican)
    opened = await mexican.carol.slash(mexican.game_channel, "game replay")
    assert replies_ephemeral(opened)
    public = picture_of(opened)
    assert public.filename == "replay.png" and public.description
    shown = replay_message(opened)
    seats = dict(menu_options(shown))
    as_bob = await mexican.carol.select(shown, [seats["bob"]], custom_id=see_as_id(shown))
    bobs = picture_of(as_bob)
    assert bobs.description and bobs.description != public.description, "bob's own view, revealed at the end"
    assert await bobs.read() != await public.read()


def see_as_id(message: discord.Message) -> str:
    for row in message.components:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.SelectMenu) and str(item.custom_id).startswith("tetsudo:replay-as:"):
                return str(item.custom_id)
    raise AssertionError("no See as menu")
