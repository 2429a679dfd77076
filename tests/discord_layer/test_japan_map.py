"""`/ttr map [region:…]` in Discord: the board as it stands, whole or one region large, privately, to anyone here."""

from __future__ import annotations

import io
import json

import discord
import simcord
from PIL import Image

from bot.games.ttr_japan.data import japan as board_map
from rendering.ttr_japan.regions import REGIONS, region_routes
from tests.discord_layer.japan_table import (
    JapanTable,
    japan_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
)
from tests.discord_layer.table import replies_ephemeral, response_text


async def claim_one_route(japan_table: JapanTable) -> tuple[int, str]:
    """Players draw from the deck until one can claim a route, and claim it: (route id, claimer's name)."""
    for _turn in range(60):
        actor = await japan_table.turn_actor()
        legal = (await japan_table.view(actor))["legal"]
        claim = next((m["token"] for m in legal if str(m["token"]).startswith('["claim"')), None)
        if claim is not None:
            await japan_table.move(actor, claim)
            return int(json.loads(claim)[1]), actor.user.name
        await japan_table.ttr(actor, "draw", card="deck")
    raise AssertionError("nobody could claim a route")


def attachments(result: simcord.InteractionResult) -> list[discord.Attachment]:
    """Every file the bot's answers to an interaction carry."""
    answers = ([result.response] if result.response is not None else []) + result.followups
    return [a for answer in answers for a in answer.attachments]


async def picture_of(result: simcord.InteractionResult) -> tuple[Image.Image, str]:
    """The picture a reply carries, and its description."""
    [attachment] = attachments(result)
    return Image.open(io.BytesIO(await attachment.read())), str(attachment.description)


async def test_a_region_is_drawn_large_for_anyone_in_the_channel_with_its_claims_in_words(japan: JapanTable) -> None:
    await japan.started(japan.bob, japan.carol)
    await japan.keep_first_tickets()
    route_id, claimer = await claim_one_route(japan)
    region = next(r for r in REGIONS if route_id in region_routes(r))
    onlooker = japan.guild.add_member(japan.env.create_user("frank"))  # not playing: the map is public
    shown = await japan.ttr(onlooker, "map", region=region)
    assert replies_ephemeral(shown), "the map is shown only to whoever asked, sparing the channel"
    image, description = await picture_of(shown)
    assert image.width <= 800
    assert "map of" in response_text(shown) and "1 of" in response_text(shown)
    assert f"{claimer} (seat " in description and board_map().routes[route_id].name in description
    assert "Claims are tagged with the seat number" in description


async def test_without_a_region_the_whole_map_is_shown(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    shown = await japan.ttr(japan.bob, "map")
    assert replies_ephemeral(shown)
    image, description = await picture_of(shown)
    assert image.width > 1000, "the whole map, to open and zoom"
    assert "the whole map: 0 of 114 routes claimed" in description


async def test_no_map_without_a_ticket_to_ride_game_here(japan: JapanTable) -> None:
    japan.game_channel = japan.channel
    refused = await japan.ttr(japan.alice, "map", region="north")
    assert replies_ephemeral(refused)
    assert "There's no game running here" in response_text(refused)
    assert not attachments(refused)
