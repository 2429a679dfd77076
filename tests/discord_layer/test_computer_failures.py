"""A computer whose level fails to decide plays an easy move instead, so its game never waits for it for good."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

from bot.client import TetsudoBot
from bot.computers import Budget, Seen
from bot.computers.mexican_train import players as mexican_computers
from bot.games.base import Action
from tests.discord_layer.table import Table
from tests.discord_layer.test_computers import make_bot, open_with_computers, settled, stored_actions

MOVES = 4
"""Moves alice makes: the computer answers each (after each of its failed decisions, three stopped it)."""


class Failing:
    """A computer level with a bug: every decision raises. It keeps what it was shown."""

    def __init__(self) -> None:
        self.shown: list[Seen] = []

    def choose(self, seen: Seen, rng: random.Random, budget: Budget) -> Action:
        self.shown.append(seen)
        raise RuntimeError("a bug in this level")


@pytest.fixture(name="simcord_bot")
def simcord_bot_fixture(database: Path) -> TetsudoBot:
    return make_bot(database)


async def play_with_a_computer(table: Table, level: str) -> list[Action]:
    """alice and a computer at `level` play `MOVES` rounds of moves; the computer's moves, as stored."""
    await open_with_computers(table, computers=1, level=level)
    await table.alice.click(table.lobby_message(), label="Start")
    for _move in range(MOVES):
        update = await settled(table)
        assert update is not None and update.to_ping == (table.alice.id,), "the game waits for alice, not the computer"
        await table.play(table.alice)
    await settled(table)
    return [Action.from_json(json.loads(a.action)).bare() for a in await stored_actions(table) if a.seat == 1]


async def test_a_computer_whose_level_raises_plays_the_easy_levels_move(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 32 item 4.10: a computer whose decision raised three times in a row stopped asking, and the game waited
    for a human, a restart or a timer; it now plays the easy level's move, and the log says why."""
    strong = Failing()
    monkeypatch.setitem(mexican_computers.PLAYERS, "strong", strong)
    caplog.set_level(logging.WARNING)
    moves = await play_with_a_computer(table, "strong")
    assert len(moves) >= MOVES, "the computer moved after every failed decision"
    assert len(strong.shown) == len(moves), "its own level was asked every time, then the easy one"
    assert "computer decision failed" in caplog.text and "level=strong: it plays an easy move" in caplog.text
    assert "a bug in this level" in caplog.text


async def test_a_computer_whose_easy_level_raises_too_plays_its_first_legal_move(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 32 item 4.10: when even the easy level fails, the computer plays the first of its legal moves."""
    strong, easy = Failing(), Failing()
    monkeypatch.setitem(mexican_computers.PLAYERS, "strong", strong)
    monkeypatch.setitem(mexican_computers.PLAYERS, "easy", easy)
    caplog.set_level(logging.WARNING)
    moves = await play_with_a_computer(table, "strong")
    assert len(moves) >= MOVES
    assert moves == [seen.legal[0] for seen in easy.shown], "each time, the first legal move of what it saw"
    assert "easy computer failed too" in caplog.text
