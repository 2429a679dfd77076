"""Mexican Train through Discord from a chosen deal: knocking with the play, new rounds' hands, fast-start draws.

The game is the real Mexican Train; only its deal is chosen (with the scenario helper the rules tests use), so a
test reaches a last tile or a round's end in a move or two. alice is seat 0, bob seat 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.client import TetsudoBot
from bot.games.mexican_train import MexicanTrain
from bot.games.mexican_train.state import MexicanState
from tests.discord_layer import conftest
from tests.discord_layer.mexican_table import (
    GAME,
    MexicanTable,
    latest_lines,
    mexican_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import menu_options, replies_ephemeral, response_text, text_of
from tests.games.mexican_train.position import arrange
from tests.support.relay import RELAY


class DealtMexican(MexicanTrain):
    """Mexican Train whose next game starts from the position a test chose."""

    def __init__(self) -> None:
        self.position: Callable[[], MexicanState] | None = None

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> MexicanState:
        return self.position() if self.position is not None else super().setup(seed, seats, options)


DEALT = DealtMexican()


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return conftest.make_bot(database, {GAME: DEALT, "relay": RELAY})


async def dealt(table: MexicanTable, options: str = "", **position: Any) -> None:
    """alice and bob, playing from the position `arrange` builds (options as both the lobby and the deal take them)."""
    chosen = dict(o.split("=") for o in options.split())
    DEALT.position = lambda: arrange(2, **position, **chosen)
    try:
        await table.started(table.bob, options=options)
    finally:
        DEALT.position = None


def lines(table: MexicanTable) -> list[str]:
    return latest_lines(table.game_channel.history())


@pytest.mark.usefixtures("text_only")
async def test_item12_play_with_knock_true_knocks_as_the_tile_goes_down(mexican: MexicanTable) -> None:
    await dealt(mexican, "last_tile=manual", hands={0: ["12-3", "6-6"], 1: ["12-7", "2-2"]})
    played = await mexican.mexican(mexican.alice, "play", tile="12-3", train="mine", knock=True)
    assert played.ephemeral
    assert lines(mexican)[-1].startswith("alice plays 12-3 on alice's train and knocks. alice has one tile left.")
    assert "hasn't knocked" not in mexican.board_text()
    caught = await mexican.mexican(mexican.bob, "catch")
    assert "There's nobody to catch" in response_text(caught)
    assert (await mexican.hand(mexican.alice)) == [[6, 6]]


@pytest.mark.usefixtures("text_only")
async def test_item12_the_hand_menu_offers_play_and_knock_when_it_leaves_one_tile(mexican: MexicanTable) -> None:
    await dealt(mexican, "last_tile=manual", hands={0: ["12-3", "6-6"], 1: ["12-7", "2-2"]})
    hand = await mexican.open_hand(mexican.alice)
    assert hand.response is not None
    options = dict(menu_options(hand.response.message))
    assert "12-3 → your train" in options, "playing without the knock stays possible (and may be caught)"
    await mexican.alice.select(hand.response, [options["12-3 → your train and knock: one tile left"]])
    assert lines(mexican)[-1].startswith("alice plays 12-3 on alice's train and knocks.")
    assert (await mexican.board_state())["knock"] is None


@pytest.mark.usefixtures("text_only")
async def test_item12_only_a_play_without_the_knock_can_be_caught(mexican: MexicanTable) -> None:
    await dealt(mexican, "last_tile=manual", hands={0: ["12-3", "6-6"], 1: ["12-7", "2-2"]}, draws=["11-1", "10-4"])
    await mexican.mexican(mexican.alice, "play", tile="12-3", train="mine")
    assert "✋ alice is down to one tile and hasn't knocked" in mexican.board_text()
    await mexican.mexican(mexican.bob, "catch")
    assert lines(mexican)[-1].startswith("bob catches a player who didn't knock! alice didn't knock and draws 2")


@pytest.mark.usefixtures("text_only")
async def test_item16_the_player_whose_move_ends_a_round_gets_the_new_hand(mexican: MexicanTable) -> None:
    await dealt(mexican, "mode=rounds", hands={0: ["12-3"], 1: ["12-7", "2-2"]})
    played = await mexican.mexican(mexican.alice, "play", tile="12-3", train="mine")
    board = await mexican.board_state()
    assert board["round"] == 2 and board["turn"] == 1, "round 2 opens with bob: alice has nothing to do yet"
    new_hand = " · ".join(f"{a}-{b}" for a, b in await mexican.hand(mexican.alice))
    assert played.ephemeral and new_hand in response_text(played), "the mover's reply shows the new hand"
    bob_dms = mexican.bob.user.dm_channel.history()
    assert " · ".join(f"{a}-{b}" for a, b in await mexican.hand(mexican.bob)) in text_of(bob_dms[-1])
    assert new_hand not in "\n".join(text_of(m) for m in mexican.public_messages())


@pytest.mark.usefixtures("text_only")
async def test_item18_draw_in_a_fast_start_says_to_say_done(mexican: MexicanTable) -> None:
    await dealt(mexican, "fast_start=true", hands={0: ["12-3", "6-6", "1-0"], 1: ["12-7", "2-2"]})
    await mexican.mexican(mexican.alice, "play", tile="12-3", train="mine")
    drew = await mexican.mexican(mexican.alice, "draw")
    assert "Nothing more of yours fits your own train: end your fast start with `/mexican done`." in response_text(drew)
    assert "The boneyard is empty" not in response_text(drew)


@pytest.mark.usefixtures("text_only")
@pytest.mark.parametrize("how", ["command", "menu"])
async def test_item30_the_draw_that_blocks_a_round_tells_the_drawer_the_tile(mexican: MexicanTable, how: str) -> None:
    await dealt(mexican, "mode=rounds", hands={0: ["3-4"], 1: ["5-6"]}, draws=["1-2"], stock=False)
    if how == "command":
        drew = await mexican.mexican(mexican.alice, "draw")
        told = "You drew 2-1."
    else:
        hand = await mexican.open_hand(mexican.alice)
        assert hand.response is not None
        drew = await mexican.alice.select(hand.response, [dict(menu_options(hand.response.message))["Draw a tile"]])
        told = "Your last draw, which blocked the round: 2-1"
    assert (await mexican.board_state())["round"] == 2, "the draw blocked round 1"
    assert replies_ephemeral(drew) and told in response_text(drew), response_text(drew)
    public = "\n".join(text_of(m) for m in mexican.public_messages())
    assert "drew 2-1" not in public and "Your last draw" not in public
