"""Issue 20: whole games recorded with the engines as they were, which the engines must always replay exactly.

A stored game is its seed, options and action log: the state is rebuilt by replaying the log. An engine made faster
must therefore reach the very same states from the same logs. `python -m tests.support.replay_corpus` records
random playouts of every game and option (the seat acting and its move picked by a seeded random.Random among the
legal ones, each move stamped with a time as the bot stamps it) with a hash of the stored state text every
CHECKPOINT moves and the whole text at the end; tests/games/test_replay_corpus.py replays them.
Record again only when a game's rules change on purpose, and say why.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from bot.engine.replay import new_state, state_text, step_random
from bot.games import REGISTRY
from bot.games.base import Action, Game, resolve_options

CORPUS = Path(__file__).resolve().parent.parent / "games" / "replay_corpus.json.gz"
CHECKPOINT = 10
MOVE_MS = 1_500
"""Each move's time stamp follows the last by this much (timed games read it)."""
CASES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("mexican_train", 2, {}),
    ("mexican_train", 4, {"fast_start": True}),
    ("mexican_train", 8, {"last_tile": "manual"}),
    ("mexican_train", 3, {"mode": "rounds"}),
    ("ttr_japan", 2, {}),
    ("ttr_japan", 3, {}),
    ("ttr_japan", 5, {}),
    ("miyajima", 1, {}),
    ("miyajima", 4, {}),
    ("miyajima", 8, {}),
    ("next_station_tokyo", 1, {}),
    ("next_station_tokyo", 3, {"objectives": True}),
    ("next_station_tokyo", 4, {"effects": True}),
    ("next_station_tokyo", 8, {"objectives": True, "effects": True}),
    ("toyko_train", 4, {}),
    ("toyko_train", 6, {"nine": True}),
    ("toyko_train", 8, {"scheme": "rotation"}),
    ("toyko_train", 4, {"nine": True, "scheme": "pitch"}),
)
SEEDS = (11, 12)


def digest(text: str) -> str:
    """A short hash of a state's stored text."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record_one(game: Game, seats: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One random playout to the end: its log, the hashes at the checkpoints and the final state text."""
    resolved = resolve_options(game.options, options)
    state, rnd = new_state(game, seed, seats, resolved), random.Random(seed)
    log: list[list[Any]] = []
    hashes = [digest(state_text(game, state))]
    while game.outcome(state) is None and len(log) < 5_000:
        seat = rnd.choice(sorted(game.to_act(state)))
        chosen = rnd.choice(game.legal_actions(state, seat))
        at = (len(log) + 1) * MOVE_MS
        token = chosen.token()
        state = game.apply(state, seat, Action.from_json(json.loads(token), at=at), step_random(seed, len(log) + 1))
        log.append([seat, token, at])
        if len(log) % CHECKPOINT == 0:
            hashes.append(digest(state_text(game, state)))
    return {"game": game.name, "seats": seats, "options": resolved, "seed": seed, "log": log,
            "hashes": hashes, "final": state_text(game, state)}  # fmt: skip


def record() -> list[dict[str, Any]]:
    """Every case with every seed."""
    return [record_one(REGISTRY[name], seats, options, seed) for name, seats, options in CASES for seed in SEEDS]


def load() -> list[dict[str, Any]]:
    """The recorded corpus."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as corpus:
        return list(json.load(corpus))


if __name__ == "__main__":
    games = record()
    with gzip.open(CORPUS, "wt", encoding="utf-8", compresslevel=9) as out:
        json.dump(games, out, separators=(",", ":"))
    print(f"{CORPUS}: {len(games)} games, {sum(len(g['log']) for g in games):,} moves, {CORPUS.stat().st_size:,} bytes")
