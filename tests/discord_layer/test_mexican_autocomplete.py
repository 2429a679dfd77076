"""Autocomplete of /mexican play: your own playable tiles, then the trains the chosen tile fits; nothing for others."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
import simcord

from tests.discord_layer.mexican_table import (
    MexicanTable,
    mexican_fixture,  # noqa: F401
    plays_of,
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)


async def tiles_offered(table: MexicanTable, actor: simcord.MemberActor, typed: str = "") -> list[dict[str, Any]]:
    return await actor.autocomplete(table.game_channel, "mexican play", "tile", typed)


async def trains_offered(table: MexicanTable, actor: simcord.MemberActor, tile: str, typed: str = "") -> list[str]:
    choices = await actor.autocomplete(table.game_channel, "mexican play", "train", typed, tile=tile)
    return [c["value"] for c in choices]


async def fits(table: MexicanTable, actor: simcord.MemberActor) -> dict[str, list[str]]:
    """Each playable tile of the actor (from the engine's view) and the trains it fits, as typed."""
    found: dict[str, list[str]] = defaultdict(list)
    for tile, where in plays_of(await table.view(actor)):
        found[tile].append(await table.train_value(actor, where))
    return dict(found)


async def test_tiles_are_exactly_the_callers_playable_ones(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    offered = await tiles_offered(mexican, mexican.alice)
    assert [c["value"] for c in offered] == ["4-0", "4-1", "4-3"]
    assert offered[0]["name"] == "4-0 → mine, start mexican"
    assert [c["value"] for c in await tiles_offered(mexican, mexican.alice, "3")] == ["4-3"]
    assert await tiles_offered(mexican, mexican.alice, "12-12") == []


async def test_trains_are_those_the_chosen_tile_fits(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    assert await trains_offered(mexican, mexican.alice, "4-0") == ["mine", "start mexican"]
    assert await trains_offered(mexican, mexican.alice, "0-4") == ["mine", "start mexican"], "typed either way round"
    assert await trains_offered(mexican, mexican.alice, "4-0", "sta") == ["start mexican"]
    assert await trains_offered(mexican, mexican.alice, "12-0") == [], "a tile that fits nowhere"
    assert await trains_offered(mexican, mexican.alice, "banana") == []
    assert await trains_offered(mexican, mexican.alice, "") == []


@pytest.mark.usefixtures("text_only")
async def test_suggestions_follow_the_game_and_always_match_the_rules(mexican: MexicanTable) -> None:
    """Move after move, the mover's suggestions equal the engine's legal plays; the other player gets none."""
    await mexican.started(mexican.bob)
    seen_other_train = False
    for moves in range(100):
        if seen_other_train and moves >= 10:
            break
        mover = await mexican.turn_actor()
        expected = await fits(mexican, mover)
        assert sorted(c["value"] for c in await tiles_offered(mexican, mover)) == sorted(expected)
        for tile, trains in expected.items():
            other_train = any(t.startswith("@") for t in trains)
            if len(trains) > 1 or other_train or moves < 3:
                assert await trains_offered(mexican, mover, tile) == trains
            seen_other_train |= other_train
        if moves % 10 == 0:
            other = mexican.bob if mover is mexican.alice else mexican.alice
            assert await tiles_offered(mexican, other) == []
        await mexican.step()
    assert seen_other_train, "an open train of another player was offered at some point"


async def test_nothing_is_offered_to_someone_not_in_the_game_or_outside_a_game(mexican: MexicanTable) -> None:
    await mexican.started(mexican.bob)
    assert await tiles_offered(mexican, mexican.carol) == []
    assert await trains_offered(mexican, mexican.carol, "4-0") == []
    assert await tiles_offered(mexican, mexican.bob) == [], "bob is in the game but it is not his turn"
    assert await mexican.alice.autocomplete(mexican.channel, "mexican play", "tile", "") == []
