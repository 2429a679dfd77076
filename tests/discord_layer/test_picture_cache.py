"""Pictures drawn once: the cache serves a picture only for exactly the content it shows, and an unchanged board
picture is kept on its message rather than uploaded again."""

from __future__ import annotations

import asyncio
import random

import discord
import pytest

import rendering
from bot.games import REGISTRY
from bot.games.rng import GameRandom
from bot.i18n import speaking
from bot.ui import delivery, picture_cache, pictures
from bot.ui.picture_cache import PictureCache
from bot.ui.presenters import picture_names
from tests.discord_layer.table import Table, menu_options

NAMES = ["alice", "bob", "carol"]
GAME = "mexican_train"


def versions(count: int) -> list[object]:
    """Successive states of a three-player game, one move apart."""
    rules = REGISTRY[GAME]
    state = rules.setup(5, len(NAMES), {})
    states, rnd = [state], random.Random(5)
    while len(states) < count:
        seat = min(rules.to_act(state))
        state = rules.apply(state, seat, rnd.choice(rules.legal_actions(state, seat)), GameRandom(5, len(states)))
        states.append(state)
    return states


def png(cache: PictureCache, view: dict[str, object]) -> asyncio.Future[bytes]:
    """The view's picture through `cache`, as the bot asks for it."""
    return asyncio.ensure_future(cache.png(rendering.png_of, rendering.RENDERERS[GAME], view, NAMES))


async def test_the_cache_never_serves_another_seats_or_an_older_versions_picture() -> None:
    rules, cache = REGISTRY[GAME], PictureCache()
    older, newer = versions(2)
    views = {(v, seat): rules.player_view(state, seat) for v, state in enumerate((older, newer)) for seat in (0, 1)}
    first = {key: await png(cache, view) for key, view in views.items()}
    again = {key: await png(cache, view) for key, view in views.items()}
    assert cache.drawn == 4 and cache.served == 4
    for key, view in views.items():
        own = rendering.png_of(rendering.RENDERERS[GAME], view, NAMES)
        assert first[key] == own and again[key] == own, key  # each view gets its own picture, drawn or served
    assert len(set(first.values())) == 4  # two seats, two versions: four different pictures


async def test_the_same_picture_asked_for_at_once_is_drawn_once() -> None:
    cache = PictureCache()
    view = REGISTRY[GAME].player_view(versions(1)[0], 0)
    pictures = await asyncio.gather(*(png(cache, view) for _ in range(5)))
    assert len(set(pictures)) == 1 and cache.drawn == 1


async def test_a_picture_in_another_language_is_drawn_in_that_language() -> None:
    cache = PictureCache()
    view = REGISTRY[GAME].player_view(versions(1)[0], 0)
    english = await png(cache, view)
    with speaking("fr"):
        french = await png(cache, view)
    assert english != french and cache.drawn == 2


async def test_a_picture_nobody_waits_for_any_more_is_not_drawn() -> None:
    cache = PictureCache()
    view = REGISTRY[GAME].player_view(versions(1)[0], 0)
    first, second = png(cache, view), png(cache, view)
    await asyncio.sleep(0)
    first.cancel()
    assert (await second) == rendering.png_of(rendering.RENDERERS[GAME], view, NAMES)  # the other still gets it
    lone = png(cache, REGISTRY[GAME].player_view(versions(1)[0], 1))
    await asyncio.sleep(0)
    lone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await lone
    await asyncio.sleep(0.2)
    assert cache.drawn == 1  # seat 1's picture was given up before it was drawn


async def test_the_oldest_pictures_go_first_beyond_the_budget() -> None:
    rules = REGISTRY[GAME]
    views = [rules.player_view(state, 0) for state in versions(3)]
    sizes = [len(rendering.png_of(rendering.RENDERERS[GAME], view, NAMES)) for view in views]
    cache = PictureCache(budget=sizes[1] + sizes[2])
    for view in views:
        await png(cache, view)
    await png(cache, views[2])
    await png(cache, views[0])
    assert cache.served == 1 and cache.drawn == 4  # the newest was kept, the oldest was drawn again


async def test_my_hand_clicked_twice_draws_its_picture_once(table: Table) -> None:
    await table.started(table.bob)
    cache = picture_cache.cache()
    first = await table.open_hand(table.alice)
    drawn, served = cache.drawn, cache.served
    second = await table.open_hand(table.alice)
    assert cache.drawn == drawn and cache.served == served + 1
    assert first.response is not None and second.response is not None
    assert [a.size for a in first.response.message.attachments] == [a.size for a in second.response.message.attachments]


async def test_an_edit_that_leaves_the_picture_unchanged_keeps_the_attachment(table: Table) -> None:
    update = await table.started(table.bob)
    board_id = await table.bot.manager.board_message(update.game_id)
    board = message(table, board_id)
    before = [a.id for a in board.attachments]
    since = len(table.env.http_requests)
    hand = await table.open_hand(table.alice)
    assert hand.response is not None
    await table.alice.select(hand.response, [dict(menu_options(hand.response.message))["draws a card"]])
    assert await table.bot.manager.board_message(update.game_id) == board_id  # edited in place
    edits = [r for r in table.env.http_requests[since:] if r.method == "PATCH" and r.path.endswith(f"/{board_id}")]
    assert edits and [int(a["id"]) for a in edits[-1].json["attachments"]] == before  # named, not uploaded again
    after = message(table, board_id)
    assert [a.id for a in after.attachments] == before
    assert after.embeds[0].image.url == board.embeds[0].image.url  # the embed still shows it
    assert after.embeds[0] != board.embeds[0]  # while the board itself changed


def message(table: Table, message_id: int) -> discord.Message:
    """A message of the game channel, as Discord holds it now."""
    return next(m for m in table.game_channel.history() if m.id == message_id)


async def test_a_foreseen_picture_is_served_when_asked_for_and_drawn_only_by_workers() -> None:
    view = REGISTRY[GAME].player_view(versions(1)[0], 0)
    cache = PictureCache()
    cache.foresee(rendering.png_of, rendering.RENDERERS[GAME], view, NAMES)  # the bot draws in its own thread here
    assert cache.drawn == 0 and not cache._drawing, "drawn ahead only where it waits behind every other picture"
    pictures.configure(1)
    try:
        cache.foresee(rendering.png_of, rendering.RENDERERS[GAME], view, NAMES)
        await asyncio.gather(*cache._foreseen)
        assert cache.drawn == 1
        assert await png(cache, view) == rendering.png_of(rendering.RENDERERS[GAME], view, NAMES)
        assert cache.drawn == 1 and cache.served == 1  # asked for: served, not drawn again
    finally:
        pictures.configure(0)


async def test_the_next_players_hand_is_drawn_before_they_ask_and_only_served_to_them(table: Table) -> None:
    await table.started(table.bob, table.carol)
    pictures.configure(1)
    cache = picture_cache.cache()
    try:
        mover = table.actor_for((await table.current()).to_ping[0])
        await table.play(mover)
        awaited = (await table.current()).to_ping
        foreseeing = delivery.writer(table.bot, table.game_channel.id)._foreseeing
        assert foreseeing is not None
        await foreseeing  # the awaited player's hand asked for ahead
        await asyncio.gather(*cache._foreseen)  # and drawn
        next_up, other = table.actor_for(awaited[0]), next(a for a in (table.bob, table.carol) if a.id != awaited[0])
        drawn, served = cache.drawn, cache.served
        hand = await table.open_hand(next_up)
        assert cache.drawn == drawn and cache.served == served + 1, "their hand was drawn before they asked"
        theirs = await table.current(next_up)
        assert hand.response is not None
        attachment = hand.response.message.attachments[0]
        expected = rendering.png_of(rendering.RENDERERS[theirs.game], theirs.actor_view, picture_names(theirs))
        assert attachment.size == len(expected)
        await table.open_hand(other)
        assert cache.drawn == drawn + 1, "another player's hand is their own, drawn for them"
    finally:
        pictures.configure(0)
