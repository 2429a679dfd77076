"""Ticket to Ride: Japan's pictures in Discord: the board's Full map button and what each picture says in words."""

from __future__ import annotations

import io
import itertools

import discord
import pytest
from PIL import Image

from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.state import JapanState
from bot.i18n import speaking
from bot.ui.presenters import plain, presenter_for
from rendering.ttr_japan import map as tmap
from tests.discord_layer.japan_table import (
    JapanTable,
    japan_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
)
from tests.discord_layer.table import response_text
from tests.rendering.test_ttr_japan import find, mid_game, twins
from tests.support.french import update_for

FULL_MAP = "Full map"


async def test_full_map_answers_anyone_privately_with_the_whole_map(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    board = japan.with_button(FULL_MAP)
    before = [(a.filename, a.description) for a in board.attachments]
    for clicker in (japan.alice, japan.carol):  # a player, and someone in the channel without a seat
        result = await clicker.click(japan.with_button(FULL_MAP), label=FULL_MAP)
        assert result.response is not None and result.ephemeral
        [picture] = [a for f in (result.response, *result.followups) for a in f.attachments]
        assert picture.filename == "map.png"
        assert picture.description and "whole Ticket to Ride: Japan map" in picture.description
        image = Image.open(io.BytesIO(await picture.read()))
        assert (image.width, image.height) == (tmap.WIDTH, tmap.HEIGHT)
    after = japan.with_button(FULL_MAP)
    assert after.id == board.id and [(a.filename, a.description) for a in after.attachments] == before
    assert before and before[0][0] == "board.png"


async def test_a_full_map_button_forged_for_another_channel_is_refused_privately(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    board = japan.with_button(FULL_MAP)
    view = discord.ui.View.from_message(board, timeout=None)
    view.add_item(discord.ui.Button(label="x", custom_id=f"tetsudo:whole:{japan.game_channel.id + 1}"))
    view.stop()
    channel = japan.bot.get_channel(japan.game_channel.id)
    assert isinstance(channel, discord.Thread | discord.TextChannel)
    await channel.get_partial_message(board.id).edit(view=view)
    forged = japan.with_button("x")
    result = await japan.carol.click(forged, custom_id=f"tetsudo:whole:{japan.game_channel.id + 1}")
    assert result.response is not None and result.ephemeral
    assert not [a for f in (result.response, *result.followups) for a in f.attachments]
    assert "belongs to another channel's game" in response_text(result)


def describe(state: JapanState, seat: int | None) -> str:
    """The description of the board's picture (seat None) or of `seat`'s own, as Discord gets it."""
    update = update_for(TTR_JAPAN, state, 0 if seat is None else seat)
    view = update.public if seat is None else update.actor_view
    assert view is not None
    return plain(presenter_for(TTR_JAPAN.name).describe_picture(update, view))


def test_the_board_says_turn_scores_trains_cards_and_last_claims() -> None:
    state = find(4, mid_game)
    public = TTR_JAPAN.player_view(state, None)["public"]
    update = update_for(TTR_JAPAN, state, 0)
    said = describe(state, None)
    turn = update.seats[public["turn"]].name
    assert f"Turn: {turn}" in said
    for seat, player in enumerate(public["players"]):
        assert f"{update.seats[seat].name}: " in said
        assert f"{player['trains']} trains left" in said
    assert "Face-up cards: " + ", ".join(public["market"]).replace("locomotive", "locomotive") in said
    assert "Last claims: " in said and "Final round" not in said
    final = state.copy()
    final.final_turns = 2
    assert "Final round: 2 turns left." in describe(final, None)


def test_the_public_description_holds_no_hand_or_ticket() -> None:
    state = find(4, lambda s: mid_game(s) and twins(s) is not None)
    said = describe(state, None)
    for seat in range(state.seats):
        view = TTR_JAPAN.player_view(state, seat)["private"]
        own = describe(state, seat)
        assert "Your hand" in own and "Your hand" not in said
        for ticket in view["tickets"]:
            words = f"{ticket['from']} – {ticket['to']} ({ticket['points']})"
            assert words in own and ("done" in own or "not yet" in own)
    a, b = twins(state) or (0, 0)
    swapped = state.copy()
    swapped.hands[a], swapped.hands[b] = swapped.hands[b], swapped.hands[a]
    swapped.tickets[a], swapped.tickets[b] = swapped.tickets[b], swapped.tickets[a]
    assert describe(swapped, None) == said
    assert describe(swapped, a) != describe(state, a)


def test_a_seats_description_says_its_score() -> None:
    state = find(3, mid_game)
    for seat in range(state.seats):
        assert f"Your score: {state.points[seat]} point" in describe(state, seat)


def test_descriptions_speak_french() -> None:
    state = find(3, mid_game)
    update = update_for(TTR_JAPAN, state, 1)
    presenter = presenter_for(TTR_JAPAN.name)
    with speaking("fr"):
        texts = [
            presenter.describe_picture(update, update.public),
            presenter.describe_picture(update, update.actor_view or {}),
            presenter.whole_picture(update).description if presenter.whole_picture(update) else "",
        ]
    assert "Cartes visibles" in texts[0] and "wagons restants" in texts[0]
    assert "Ta main" in texts[1] and "Tes destinations" in texts[1]
    assert "carte entière" in texts[2]
    english = ("Your hand", "Face-up cards", "trains left", "Last claims", "routes claimed", "Your score")
    assert not [word for text, word in itertools.product(texts, english) if word in text]


@pytest.mark.parametrize("seats", [2, 5])
def test_descriptions_fit_discord(seats: int) -> None:
    state = find(seats, mid_game)
    for seat in (None, *range(seats)):
        assert 0 < len(describe(state, seat)) <= 1024
