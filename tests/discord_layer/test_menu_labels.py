"""Move-menu labels are plain text: player names in them read as stored, never markdown-escaped."""

from __future__ import annotations

import json

from bot.engine.names import shown_name
from tests.discord_layer.mexican_table import (  # noqa: F401  (fixtures)
    MexicanTable,
    mexican_fixture,
    simcord_bot_fixture,
    text_only_fixture,
)
from tests.discord_layer.table import menu_options

ODD = "_x_ *star*"
"""A display name full of markdown: escaped, it would read `\\_x\\_ \\*star\\*` in a menu."""
ODD_SEAT = 1
"""The odd name joins after alice, the host."""


async def test_a_menu_names_another_train_without_markdown_escapes(mexican: MexicanTable, text_only: None) -> None:
    """Issue 32 item 4.13: select option labels aren't markdown, yet showed `\\_x\\_'s train` with backslashes."""
    odd = mexican.guild.add_member(mexican.env.create_user(ODD))
    await mexican.open_lobby()
    await odd.click(mexican.lobby_message(), label="Join")
    await mexican.alice.click(mexican.lobby_message(), label="Start")
    actors = {mexican.alice.id: mexican.alice, odd.id: odd}
    for _move in range(200):
        update = await mexican.current()
        mover = actors[update.to_ping[0]]
        view = await mexican.view(mover)
        onto_odd = [m["token"] for m in view["legal"] if json.loads(m["token"])[0] == "play"]
        onto_odd = [token for token in onto_odd if json.loads(token)[2] == ODD_SEAT and mover is mexican.alice]
        if onto_odd:
            hand = await mexican.open_hand(mover)
            assert hand.response is not None
            labels = [label for label, value in menu_options(hand.response.message) if value == onto_odd[0]]
            assert labels and f"{ODD}'s train" in labels[0] and "\\" not in labels[0], labels
            assert shown_name(ODD) != ODD
            return
        await mexican.command(mover, view["legal"][0]["token"])
    raise AssertionError("alice never had a tile for the other player's train")
