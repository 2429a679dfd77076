"""What the engine hands out never carries another seat's secrets; DMs go to owners, only when needed."""

from __future__ import annotations

import random
import re

from bot.engine import GameManager, Update
from bot.storage import Storage
from tests.engine.harness import PLAYERS, random_move, start_game, stored_state, uid
from tests.games.laws import relay_scramble
from tests.support.relay_game import RELAY, RelayState

SEATS = 4


def secret_cards(state: RelayState) -> set[int]:
    return {c for hand in state.hands for c in hand} | set(state.bids.values())


def assert_public_parts_hide_secrets(update: Update, state: RelayState, rnd: random.Random) -> None:
    assert update.public == RELAY.player_view(state, None)
    assert update.public["private"] is None and update.public["legal"] == []
    assert update.public == RELAY.player_view(relay_scramble(state, None, rnd), None)
    hidden = secret_cards(state)
    for line in update.lines:
        assert not {int(n) for n in re.findall(r"\d+", line)} & hidden, line


def assert_dms_only_to_owners_whose_secrets_changed(
    update: Update, before: RelayState, after: RelayState, actor: int
) -> None:
    expected = {}
    for seat in range(SEATS):
        view = RELAY.player_view(after, seat)
        if uid(seat) != actor and view["private"] != RELAY.player_view(before, seat)["private"]:
            expected[uid(seat)] = view
    assert update.dm_views == expected


async def test_start_sends_every_seat_its_own_hand(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, SEATS)
    state = await stored_state(storage, started.game_id)
    assert started.dm_views == {uid(s): RELAY.player_view(state, s) for s in range(SEATS)}
    assert [started.dm_views[uid(s)]["private"]["hand"] for s in range(SEATS)] == state.hands
    assert_public_parts_hide_secrets(started, state, random.Random(0))


async def test_no_update_leaks_a_secret_during_a_whole_game(manager: GameManager, storage: Storage) -> None:
    started = await start_game(manager, SEATS, "hand=5 rounds=4")
    rnd = random.Random(21)
    before, update = await stored_state(storage, started.game_id), started
    bids = dm_rounds = 0
    while update.running:
        actor, action, update = await random_move(manager, rnd)
        after = await stored_state(storage, started.game_id)
        assert_public_parts_hide_secrets(update, after, rnd)
        assert_dms_only_to_owners_whose_secrets_changed(update, before, after, actor)
        actor_seat = next(s for s in range(SEATS) if PLAYERS[s].user_id == actor)
        assert update.actor_view == RELAY.player_view(after, actor_seat)
        if action.verb == "bid":
            bids += 1
            assert str(action.args[0]) not in update.lines[0]
        dm_rounds += bool(update.dm_views)
        before = after
    assert bids >= SEATS and dm_rounds >= 1
