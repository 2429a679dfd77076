"""Issue 20: every recorded game replays to the very same states (tests/support/replay_corpus.py).

The log is applied move by move as `replay` applies it, checked at every checkpoint of the recording (so a change
that diverges is caught near where it does), and then replayed whole through `replay` itself, as a restart does.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.replay import logged_action, new_state, replay, state_text, step_random
from bot.games import REGISTRY
from bot.storage import ActionRow
from tests.support.replay_corpus import CHECKPOINT, digest, load

GAMES = load()


def rows(log: list[list[Any]]) -> list[ActionRow]:
    """The recorded log as the games table's action rows."""
    return [ActionRow(1, n, seat, token, at, False) for n, (seat, token, at) in enumerate(log, 1)]


@pytest.mark.parametrize(
    "recorded", GAMES, ids=[f"{g['game']}-{g['seats']}-{g['seed']}-{n}" for n, g in enumerate(GAMES)]
)
def test_a_recorded_game_replays_to_the_same_states(recorded: dict[str, Any]) -> None:
    game = REGISTRY[recorded["game"]]
    seats, seed, options = recorded["seats"], recorded["seed"], recorded["options"]
    log, hashes = recorded["log"], recorded["hashes"]
    assert digest(state_text(game, new_state(game, seed, seats, options))) == hashes[0], "setup differs"
    every = rows(log)
    state = new_state(game, seed, seats, options)
    from_log = getattr(game, "from_log", None)
    for row in every:  # step by step, as `replay` does, to say where a change diverges
        action = logged_action(row) if from_log is None else from_log(state, row.seat, logged_action(row))
        state = game.apply(state, row.seat, action, step_random(seed, row.n))
        if row.n % CHECKPOINT == 0:
            assert digest(state_text(game, state)) == hashes[row.n // CHECKPOINT], f"differs by move {row.n}"
    assert len(hashes) == len(every) // CHECKPOINT + 1
    assert state_text(game, replay(game, seed, seats, options, every)) == recorded["final"]
