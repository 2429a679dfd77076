"""The board's buttons (My hand, Draw) and the hand's move menu, before and after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.discord_layer.mexican_table import (
    MexicanTable,
    button_labels,
    hand_text,
    images_fixture,  # noqa: F401
    make_mexican_bot,
    mexican_fixture,  # noqa: F401
    need_renderer,
    simcord_bot_fixture,  # noqa: F401
    verbs_of,
)
from tests.discord_layer.table import menu_options, replies_ephemeral, response_text, text_of


async def test_the_board_has_my_hand_and_draw(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    assert button_labels(mexican.board()) == ["My hand", "Draw"]


async def test_my_hand_is_private_with_the_tiles_and_a_menu_of_legal_moves(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    hand = await mexican.open_hand(mexican.alice)
    assert hand.ephemeral and hand.response is not None
    view = await mexican.view(mexican.alice)
    text = text_of(hand.response.message)
    assert "Your tiles — Mexican Train" in text
    assert f"Hand ({len(view['private']['hand'])}): {hand_text(view['private']['hand'])}" in text
    options = menu_options(hand.response.message)
    assert [value for _, value in options] == [m["token"] for m in view["legal"]]
    assert [label for label, _ in options][:2] == ["4-0 → your train", "4-1 → your train"]
    waiting = await mexican.open_hand(mexican.bob)
    assert waiting.ephemeral and menu_options(waiting.response.message) == []  # type: ignore[union-attr]
    assert "alice is playing." in text_of(waiting.response.message)  # type: ignore[union-attr]


async def test_my_hand_carries_the_hand_picture(mexican: MexicanTable, images: Any) -> None:
    await mexican.started(mexican.bob)
    need_renderer(images)
    hand = await mexican.open_hand(mexican.alice)
    assert hand.response is not None
    assert [a.filename for a in hand.response.attachments] == ["hand.png"]
    assert (await hand.response.attachments[0].read()).startswith(b"\x89PNG")


async def test_choosing_from_the_menu_plays_the_move(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    before = await mexican.current()
    hand = await mexican.open_hand(mexican.alice)
    chosen = dict(menu_options(hand.response.message))["4-0 → your train"]  # type: ignore[union-attr]
    result = await mexican.alice.select(hand.response, [chosen])
    after = await mexican.current()
    assert after.version == before.version + 1
    assert [4, 0] not in await mexican.hand(mexican.alice)
    assert any(m.content.startswith("alice plays 4-0 on alice's train.") for m in mexican.game_channel.history())
    assert "**alice** — 13 in hand · train 1 long, end **0**" in mexican.board_text()
    # The private message now shows the new hand, with no menu: it is bob's turn.
    assert result.response is not None and result.response.ephemeral
    assert "Hand (13)" in text_of(result.response.message)
    assert menu_options(result.response.message) == []


async def test_draw_button_draws_for_the_player_whose_turn_it_is(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    early = await mexican.alice.click(mexican.board(), label="Draw")
    assert early.ephemeral and "You have a tile you can play, so you must play it." in response_text(early)
    for _ in range(60):
        drawer = await mexican.turn_actor()
        if verbs_of(await mexican.view(drawer)) == ["draw"]:
            break
        await mexican.step()
    else:
        raise AssertionError("nobody had to draw")
    other = mexican.bob if drawer is mexican.alice else mexican.alice
    before = await mexican.current()
    refused = await other.click(mexican.board(), label="Draw")
    assert refused.ephemeral and f"It's not your turn — waiting for {drawer.user.name}." in response_text(refused)
    assert (await mexican.current()).version == before.version
    boneyard = (await mexican.board_state())["boneyard"]
    hand_before = await mexican.hand(drawer)
    drew = await drawer.click(mexican.board(), label="Draw")
    assert replies_ephemeral(drew)
    new = [t for t in await mexican.hand(drawer) if t not in hand_before]
    assert len(new) == 1 and f"You drew {new[0][0]}-{new[0][1]}." in response_text(drew)
    assert (await mexican.board_state())["boneyard"] == boneyard - 1
    assert any(m.content.startswith(f"{drawer.user.name} draws a tile.") for m in mexican.game_channel.history())


async def test_buttons_and_menus_keep_working_after_a_restart(mexican: MexicanTable, database: Path) -> None:
    await mexican.started(mexican.bob)
    hand = await mexican.open_hand(mexican.alice)
    old_board = mexican.board()
    old_bot = mexican.bot
    await mexican.env.restart_bot(make_mexican_bot(database))
    await old_bot.close()
    assert mexican.bot is not old_bot
    chosen = dict(menu_options(hand.response.message))["4-1 → a new Mexican Train"]  # type: ignore[union-attr]
    await mexican.alice.select(hand.response, [chosen])
    assert any(m.content.startswith("alice starts the Mexican Train with 4-1.") for m in mexican.game_channel.history())
    bob_hand = await mexican.bob.click(old_board, label="My hand")
    assert bob_hand.ephemeral and menu_options(bob_hand.response.message)  # type: ignore[union-attr]
    refused = await mexican.alice.click(old_board, label="Draw")
    assert refused.ephemeral and "It's not your turn — waiting for bob." in response_text(refused)
    early = await mexican.bob.click(old_board, label="Draw")
    assert early.ephemeral and "You have a tile you can play" in response_text(early)
