"""Whole games of Mexican Train through the real buttons and commands: results shown, scored and recorded."""

from __future__ import annotations

import re

import discord
import pytest

from tests.discord_layer.mexican_table import (
    MexicanTable,
    mexican_fixture,  # noqa: F401
    simcord_bot_fixture,  # noqa: F401
    text_only_fixture,  # noqa: F401
)
from tests.discord_layer.table import text_of


def pips(tiles: str) -> int:
    """Penalty points of a hand as the results list it ("3-1 · 5-0"): pips, a blank half counting 25."""
    if tiles == "out!":
        return 0
    return sum(int(half) or 25 for tile in tiles.split(" · ") for half in tile.split("-"))


def round_results(table: MexicanTable) -> list[discord.Embed]:
    return [
        m.embeds[0]
        for m in table.game_channel.history()
        if m.embeds and re.search(r"Round( \d+/\d+)? over$", m.embeds[0].title or "")
    ]


def scores_of(embed: discord.Embed) -> dict[str, int]:
    """{name: points} from a round-results embed, checked against the hands it reveals."""
    found = {}
    for field in embed.fields:
        match = re.match(r"^(\w+): (\d+) points", field.name or "")
        assert match, field.name
        assert pips(str(field.value)) == int(match[2]), f"{field.name}: {field.value}"
        found[match[1]] = int(match[2])
    return found


@pytest.mark.usefixtures("text_only")
async def test_a_two_player_game_through_the_buttons_ends_with_every_hand_scored_and_recorded(
    mexican: MexicanTable,
) -> None:
    update = await mexican.started(mexican.bob)
    moves = await mexican.play_out(menu=True)
    assert moves > 20
    [result] = round_results(mexican)
    assert result.title == "Mexican Train — Round over"
    scores = scores_of(result)
    assert sorted(scores) == ["alice", "bob"]
    went_out = (result.description or "").removesuffix(" went out.")
    assert scores[went_out] == 0 or "Blocked" in (result.description or "")
    board = [m for m in mexican.game_channel.history() if m.embeds and m.embeds[0].title == "Mexican Train"][-1]
    assert "**Game over**" in text_of(board) and not board.components
    ending = f"**Game over** — {went_out} went out." if scores.get(went_out) == 0 else "the round was blocked"
    assert ending in text_of(board)
    for name in scores:  # the last board's hand counts are the tiles the results reveal
        count = int(re.search(rf"\*\*{name}\*\* — (\d+) in hand", text_of(board))[1])  # type: ignore[index]
        field = next(f for f in result.fields if (f.name or "").startswith(f"{name}:"))
        assert count == (0 if field.value == "out!" else len(str(field.value).split(" · ")))
    final = [m for m in mexican.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    assert final and "Ranking" in text_of(final[-1])
    assert mexican.bot.storage is not None
    rows = await mexican.bot.storage.results(update.game_id)
    by_name = {s.user_id: s.name for s in update.seats}
    assert {by_name[r.user_id]: r.score for r in rows} == scores
    best = min(scores.values())
    assert {by_name[r.user_id]: r.rank for r in rows} == {n: 1 if s == best else 2 for n, s in scores.items()}
    assert {r.game for r in rows} == {"mexican_train"} and {r.seat_count for r in rows} == {2}


@pytest.mark.usefixtures("text_only")
async def test_a_rounds_match_shows_the_round_results_then_deals_round_two_on_the_11_11_engine(
    mexican: MexicanTable,
) -> None:
    await mexican.started(mexican.bob, options="mode=rounds")
    assert "Mexican Train — round 1/13" in mexican.board_text() and "Engine: **12-12**" in mexican.board_text()
    await mexican.play_until(lambda b: b["round"] == 2, limit=1000)
    [first] = round_results(mexican)
    assert first.title == "Mexican Train — Round 1/13 over"
    first_scores = scores_of(first)
    for field in first.fields:
        name = (field.name or "").split(":")[0]
        assert (field.name or "").endswith(f" · total {first_scores[name]}")
    text = mexican.board_text()
    assert "Mexican Train — round 2/13" in text and "Engine: **11-11**" in text
    assert "Totals (lowest wins): " + " · ".join(f"{n} {first_scores[n]}" for n in ("alice", "bob")) in text
    assert any("Round 2 begins with the 11-11 engine." in m.content for m in mexican.game_channel.history())


@pytest.mark.usefixtures("text_only")
async def test_a_rounds_match_is_played_to_the_end_with_thirteen_round_results(mexican: MexicanTable) -> None:
    """The whole 13-round match by slash commands (about 1,700 moves, ~1.5 s a round)."""
    update = await mexican.started(mexican.bob, options="mode=rounds")
    await mexican.play_out(menu=False, limit=5000)
    results = round_results(mexican)
    assert [e.title for e in results] == [f"Mexican Train — Round {r}/13 over" for r in range(1, 14)]
    totals = {"alice": 0, "bob": 0}
    for embed in results:
        for name, points in scores_of(embed).items():
            totals[name] += points
    assert mexican.bot.storage is not None
    rows = await mexican.bot.storage.results(update.game_id)
    by_name = {s.user_id: s.name for s in update.seats}
    assert {by_name[r.user_id]: r.score for r in rows} == totals
    final = [m for m in mexican.game_channel.history() if m.embeds and "results" in (m.embeds[0].title or "")]
    assert "all 13 rounds played" in text_of(final[-1])
    board = [m for m in mexican.game_channel.history() if m.embeds and "round 13/13" in (m.embeds[0].title or "")]
    assert board and "Engine: **0-0**" in text_of(board[-1]) and "**Game over**" in text_of(board[-1])
