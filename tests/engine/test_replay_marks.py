"""Jump to a round (or a turn): the steps where each began, found from the public views of a replayed game."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from bot.engine.replay import replay
from bot.engine.replay_marks import ROUND, TURN, Mark, found, labelled, spread
from bot.engine.replays import Replays
from bot.games import REGISTRY
from bot.games.base import JSON
from bot.i18n import speaking
from bot.storage import Storage
from tests.engine.harness import CHANNEL, PLAYERS, random_move, start_game
from tests.engine.test_replays import played_then_abandoned, real_games_manager


def views(*publics: dict[str, JSON]) -> Any:
    """A step → view function over these public parts, counting how many steps were read."""

    def public_at(step: int) -> Mapping[str, JSON]:
        public_at.read += 1  # type: ignore[attr-defined]
        return {"public": publics[step]}

    public_at.read = 0  # type: ignore[attr-defined]
    return public_at


def test_rounds_are_found_where_each_began_reading_few_steps() -> None:
    rounds = [1] * 40 + [2] * 30 + [3] * 50 + [4]
    public_at = views(*({"round": r, "turn": n % 3} for n, r in enumerate(rounds)))
    assert found(public_at, len(rounds) - 1) == [Mark(0, ROUND, 1), Mark(40, ROUND, 2), Mark(70, ROUND, 3),
                                                 Mark(120, ROUND, 4)]  # fmt: skip
    assert public_at.read < len(rounds) // 2, "bisected, not read step by step"


def test_one_round_gives_the_turns_and_neither_gives_nothing() -> None:
    turns = [None, None, 0, 0, 1, 0, 1, 1, None]  # set-up, then turns (a seat may move twice), then over
    public_at = views(*({"round": 1, "turn": t} for t in turns))
    assert found(public_at, len(turns) - 1) == [Mark(2, TURN, 1), Mark(4, TURN, 2), Mark(5, TURN, 3),
                                                Mark(6, TURN, 4)]  # fmt: skip
    assert found(views(*({"sheets": n} for n in range(5))), 4) == []


def test_at_most_the_limit_are_kept_the_first_and_last_among_them() -> None:
    chosen = spread(list(range(100)), 25)
    assert len(chosen) == 25 and chosen[0] == 0 and chosen[-1] == 99 and chosen == sorted(chosen)
    assert spread([3, 4], 25) == [3, 4]


def test_labels_name_the_round_or_turn_and_the_step_in_the_language_in_use() -> None:
    marks = [Mark(0, ROUND, 1), Mark(41, ROUND, 3)]
    assert labelled(marks, 90) == [(0, "Round 1 · step 0"), (41, "Round 3 · step 41")]
    assert labelled([Mark(80, TURN, 12)], 90) == [(80, "Turn 12 · step 80")]
    with speaking("fr"):
        assert labelled(marks, 90)[1] == (41, "Manche 3 · étape 41")
    steps = labelled([], 1000)
    assert steps[0] == (0, "Set-up") and steps[-1] == (1000, "Step 1000") and len(steps) == 25


async def ended_mexican_rounds_game(storage: Storage, rounds: int) -> int:
    """Mexican Train of 13 hands for two, played at random until hand `rounds` is on, then abandoned: its id."""
    manager = real_games_manager(storage)
    started = await start_game(manager, 2, options="mode=rounds", game="mexican_train")
    rnd = random.Random(2)
    while (await manager.current(CHANNEL)).public["public"]["round"] < rounds:  # type: ignore[call-overload, index]
        await random_move(manager, rnd)
    await manager.abandon(CHANNEL, PLAYERS[0], moderator=True)
    return started.game_id


async def test_a_mexican_train_games_marks_are_where_each_hand_began(storage: Storage) -> None:
    game_id = await ended_mexican_rounds_game(storage, 3)
    replays = Replays(storage, REGISTRY)
    marks = await replays.marks(game_id)
    assert [label.split(" · ")[0] for _step, label in marks] == ["Round 1", "Round 2", "Round 3"]
    row, rows = await storage.game(game_id), await storage.actions(game_id)
    assert row is not None
    rules, options = REGISTRY["mexican_train"], json.loads(row.options)
    for number, (step, _label) in enumerate(marks[1:], start=2):
        before, at = (rules.player_view(replay(rules, row.seed, 2, options, rows[:n]), None) for n in (step - 1, step))
        assert (before["public"]["round"], at["public"]["round"]) == (number - 1, number)  # type: ignore[index]
    rebuilt = replays._rebuilt[game_id]
    kept = rebuilt.marks
    assert await replays.marks(game_id) == marks and rebuilt.marks is kept, "found once, kept with the game"


@pytest.mark.parametrize("game", ["ttr_japan", "mexican_train"])
async def test_a_game_in_one_round_jumps_to_its_turns_first_and_last_among_them(storage: Storage, game: str) -> None:
    """Ticket to Ride: Japan has no rounds, a Mexican Train of one hand only one: both list turns."""
    game_id = await played_then_abandoned(real_games_manager(storage), game, 2, 120)
    replays = Replays(storage, REGISTRY)
    marks = await replays.marks(game_id)
    every = await replays.marks(game_id, limit=1000)
    assert len(marks) == 25 < len(every) and all(label.startswith("Turn ") for _step, label in every)
    assert marks[0] == every[0] and marks[-1] == every[-1]
    turns = [(await replays.step(game_id, n)).public["public"]["turn"] for n in range(every[-1][0] + 1)]  # type: ignore[index]
    began = [n for n, turn in enumerate(turns) if turn is not None and (n == 0 or turn != turns[n - 1])]
    assert [step for step, _label in every] == began
