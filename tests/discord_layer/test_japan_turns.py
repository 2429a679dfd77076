"""Ticket to Ride: Japan in Discord: the start's ticket choice, market buttons, /ttr draw, claim and tickets."""

from __future__ import annotations

import json

import discord
import pytest

from bot.games.ttr_japan.data import japan
from tests.discord_layer.japan_table import (
    JapanTable,
    japan_fixture,  # noqa: F401
    select_menu,
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import custom_id_of, menu_options, response_text, text_of


def button_labels(message: object) -> list[str]:
    return [
        str(item.label)
        for row in message.components  # type: ignore[attr-defined]
        for item in getattr(row, "children", [])
        if getattr(item, "label", None)
    ]


async def test_everyone_chooses_their_first_tickets_at_once_from_my_hand(japan: JapanTable) -> None:
    await japan.started(japan.bob, japan.carol)
    assert "press **My hand** to choose your first tickets" in text_of(japan.board())
    assert button_labels(japan.board()) == ["My hand", "Full map"], "no card buttons until everyone has chosen"
    hand = await japan.open_hand(japan.bob)
    assert hand.ephemeral and hand.response is not None
    menu = select_menu(hand.response.message)
    assert (menu.min_values, menu.max_values, len(menu.options)) == (2, 4, 4)
    with pytest.raises(Exception, match="between 2 and 4"):  # one is too few: Discord itself refuses it
        await japan.bob.select(hand.response, [menu.options[0].value])
    await japan.keep_first_tickets()
    lines = [m.content for m in japan.game_channel.history() if m.content and not m.embeds]
    assert sum("— your move." in line for line in lines) == 2, "one ping for everyone at the start, one for alice"
    assert "bob keeps 2 tickets." in lines
    board = await japan.board_state()
    assert board["phase"] == "turns" and board["turn"] == 0
    assert [p["tickets"] for p in board["players"]] == [2, 2, 2]
    assert "Deck" in button_labels(japan.board()) and "Tickets" in button_labels(japan.board())


async def test_first_tickets_picked_from_menus_opened_together_are_all_kept(japan: JapanTable) -> None:
    """Players open My hand at the same moment and pick one after another: no pick is refused as stale."""
    await japan.started(japan.bob, japan.carol)
    players = (japan.alice, japan.bob, japan.carol)
    hands = [await japan.open_hand(player) for player in players]
    picks = []
    for hand in hands:
        assert hand.response is not None
        picks.append((hand.response, [option.value for option in select_menu(hand.response.message).options[:2]]))
    for player, (response, values) in zip(players, picks, strict=True):
        picked = await player.select(response, values)
        assert "changed" not in response_text(picked).lower(), response_text(picked)  # not refused as stale
    board = await japan.board_state()
    assert board["phase"] == "turns" and [p["tickets"] for p in board["players"]] == [2, 2, 2]


async def test_two_cards_from_the_market_buttons_and_the_deck(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    market = (await japan.board_state())["market"]
    first = next((n for n, c in enumerate(market, 1) if c != "locomotive"), None)
    assert first is not None
    took = await japan.alice.click(japan.board(), label=f"{first} · {market[first - 1]}")
    assert took.ephemeral and "Take your second card" in response_text(took)
    drew = await japan.alice.click(japan.board(), label="Deck")
    assert drew.ephemeral and "You drew" in response_text(drew)
    lines = [m.content for m in japan.game_channel.history() if m.content and not m.embeds]
    assert any(line.startswith(f"alice takes a face-up {market[first - 1]}.") for line in lines)
    assert any(line.startswith("alice draws a card from the deck.") for line in lines)
    assert (await japan.board_state())["turn"] == 1
    first_line = next(line for line in lines if line.startswith("alice takes a face-up"))
    assert "<@" not in first_line, "alice, taking her second card, is not pinged again"
    assert any(line.endswith(f"<@{japan.bob.id}> — your move.") for line in lines)


async def test_the_tickets_button_offers_tickets_to_the_player_on_turn(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    refused = await japan.bob.click(japan.board(), label="Tickets")
    assert refused.ephemeral and "It's not your turn — waiting for alice." in response_text(refused)
    drew = await japan.alice.click(japan.board(), label="Tickets")
    answer = drew.followups[-1] if drew.followups else drew.response
    assert answer is not None and answer.ephemeral
    assert len(select_menu(answer.message).options) == 3


async def test_a_click_on_an_old_board_is_refused_as_stale(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    # The board as a client that has not refreshed still shows it: its Deck button carries this version.
    deck = custom_id_of(japan.board(), "Deck")
    await japan.ttr(japan.alice, "draw", card="deck")
    version = (await japan.current()).version
    stale = await japan.alice.click(await bot_message_with_button(japan, "Deck", deck), label="Deck")
    assert stale.ephemeral and "moved on" in response_text(stale)
    assert (await japan.current()).version == version


async def test_ttr_draw_takes_a_slot_a_colour_or_the_deck_and_refuses_a_second_locomotive(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    offered = await japan.alice.autocomplete(japan.game_channel, "ttr draw", "card", "")
    assert [c["value"] for c in offered] == ["deck", "1", "2", "3", "4", "5"]
    await japan.ttr(japan.alice, "draw", card="deck")
    market = (await japan.board_state())["market"]
    if "locomotive" in market:
        slot = market.index("locomotive") + 1
        refused = await japan.ttr(japan.alice, "draw", card=str(slot))
        assert refused.ephemeral and "can't take a face-up locomotive as your second card" in response_text(refused)
    colour = next(c for c in market if c != "locomotive")
    await japan.ttr(japan.alice, "draw", card=colour)
    assert (await japan.board_state())["turn"] == 1
    wrong = await japan.ttr(japan.alice, "draw", card="deck")
    assert wrong.ephemeral and "It's not your turn — waiting for bob." in response_text(wrong)


async def test_ticket_draw_offers_three_in_a_menu_and_keeps_at_least_one(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    drew = await japan.ttr(japan.alice, "tickets")
    assert drew.ephemeral
    answer = drew.followups[-1] if drew.followups else drew.response
    assert answer is not None
    menu = select_menu(answer.message)
    assert (menu.min_values, menu.max_values, len(menu.options)) == (1, 3, 3)
    public = "\n".join(m.content for m in japan.game_channel.history() if m.content)
    for option in menu.options:
        assert option.label.split(" (")[0] not in public, "an offered ticket reached the channel"
    kept = await japan.alice.select(answer, [menu.options[1].value])
    assert kept.response is not None and kept.response.ephemeral
    assert int(menu.options[1].value) in [t["id"] for t in (await japan.view(japan.alice))["private"]["tickets"]]
    assert (await japan.board_state())["turn"] == 1


@pytest.mark.usefixtures("text_only")
async def test_claim_from_autocomplete_pays_the_fewest_locomotives_and_says_what_was_paid(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    for _ in range(30):  # both draw blind until alice can claim something
        actor = await japan.turn_actor()
        view = await japan.view(actor)
        claims = [json.loads(m["token"]) for m in view["legal"] if m["token"].startswith('["claim"')]
        if actor is japan.alice and claims:
            break
        await japan.ttr(actor, "draw", card="deck")
        if (await japan.board_state())["second_card"]:
            await japan.ttr(actor, "draw", card="deck")
    else:
        raise AssertionError("alice never could claim a route")
    offered = await japan.alice.autocomplete(japan.game_channel, "ttr claim", "route", "")
    claimable = {c[1] for c in claims}
    assert {int(c["value"]) for c in offered} <= claimable and offered
    route = japan_route(int(offered[0]["value"]))
    fewest = min(c[3] for c in claims if c[1] == route.id)
    hand_before = (await japan.view(japan.alice))["private"]["hand"]
    done = await japan.ttr(japan.alice, "claim", route=offered[0]["value"])
    assert done.ephemeral and f"with {route.length - fewest}" in response_text(done)
    hand_after = (await japan.view(japan.alice))["private"]["hand"]
    assert hand_after["locomotive"] == hand_before["locomotive"] - fewest
    board = await japan.board_state()
    assert [route.id, 0, route.bullet] in board["claims"]
    lines = [m.content for m in japan.game_channel.history() if m.content and not m.embeds]
    assert any(line.startswith(f"alice claims {route.name} with ") for line in lines)
    again = await japan.ttr(japan.bob, "claim", route=str(route.id), colour="red", locomotives=0)
    assert again.ephemeral and "already claimed by alice" in response_text(again)


async def test_paying_with_cards_you_do_not_have_is_refused_and_changes_nothing(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    hand = (await japan.view(japan.alice))["private"]["hand"]
    tottori = next(r for r in japan_routes() if r.length == 6)  # Masuda – Tottori, black 6
    version = (await japan.current()).version
    refused = await japan.ttr(japan.alice, "claim", route=str(tottori.id), colour="black", locomotives=0)
    assert refused.ephemeral and f"You need 6 black cards and have {hand['black']}." in response_text(refused)
    unknown = await japan.ttr(japan.alice, "claim", route="Atlantis – Tokyo")
    assert unknown.ephemeral and "There's no route called" in response_text(unknown)
    assert (await japan.current()).version == version


async def test_the_hand_shows_cards_tickets_and_a_menu_of_moves_only_to_its_owner(japan: JapanTable) -> None:
    await japan.started(japan.bob)
    await japan.keep_first_tickets()
    hand = await japan.open_hand(japan.alice)
    assert hand.ephemeral and hand.response is not None
    text = text_of(hand.response.message)
    assert "Cards" in text and "Tickets (0/2 done)" in text
    labels = [label for label, _ in menu_options(hand.response.message)]
    assert "Draw from the deck" in labels and len(labels) <= 25
    outsider = await japan.open_hand(japan.carol)
    assert outsider.ephemeral and "not playing" in response_text(outsider)


def japan_route(route_id: int):  # type: ignore[no-untyped-def]
    return japan().routes[route_id]


def japan_routes():  # type: ignore[no-untyped-def]
    return list(japan().routes.values())


async def bot_message_with_button(japan: JapanTable, label: str, custom_id: str) -> discord.Message:
    """A bot message carrying one button with `custom_id`: an older board, as a client not yet refreshed shows it."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, custom_id=custom_id))
    view.stop()  # not stored: the click reaches the bot's registered board buttons, as a real one does
    channel = japan.bot.get_channel(japan.game_channel.id)
    assert isinstance(channel, discord.abc.Messageable)
    return await channel.send("an older board", view=view)
