"""A moderator runs a 12-player Swiss tournament in the sandbox, from `/tournament create` to the export."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games import REGISTRY
from bot.sandbox.world import Sandbox
from bot.settings import Settings

PLAYERS = [f"p{n:02d}" for n in range(1, 13)]
MOVES_PER_GAME = 2_000
"""A safety net: no game of ours lasts this many skips."""


def driven_by_the_moderator(sandbox: Sandbox, game: str, rounds: int) -> Iterator[str]:
    """Sandbox lines, chosen one at a time from what the moderator last saw (a generator the sandbox reads lazily).

    Each table's game is played out by `/game skip`: every seat it waits for plays its default move, exactly
    what a timeout does. A skip refused because the game is over moves the moderator to the next table.
    """
    yield "moderator mod"
    yield f"as mod: /tournament create name:Cup game:{game} format:swiss rounds:{rounds} table_size:4"
    for player in PLAYERS:
        yield f"as {player}: /tournament join"
    yield "as mod: /tournament start"
    for round_no in range(1, rounds + 1):
        for table_no in (1, 2, 3):
            yield f"in Cup · round {round_no} · table {table_no}"
            for _ in range(MOVES_PER_GAME):
                yield "as mod: /game skip"
                reply = sandbox.last_results["mod"].response
                if reply is not None and reply.ephemeral and "no game running here" in (reply.message.content or ""):
                    break
            else:
                raise AssertionError(f"round {round_no} table {table_no} did not end")
        yield "in games"
    yield "as mod: /tournament standings"
    yield "as mod: /tournament export"


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_a_moderator_runs_a_twelve_player_swiss_tournament_to_the_export(game: str, tmp_path: Path) -> None:
    out = io.StringIO()
    settings = Settings(database=str(tmp_path / "sandbox.sqlite3"))
    sandbox = Sandbox(settings, REGISTRY, out=out, images=tmp_path / "images", seeds=lambda: 7)
    rounds = 2
    assert await sandbox.run(driven_by_the_moderator(sandbox, game, rounds), stop_on_error=True) == 0
    text = out.getvalue()
    for round_no in range(1, rounds + 1):
        assert f"**Cup** — round {round_no} of {rounds}" in text
    assert "🏁 **Cup** is over." in text
    assert text.count("-standings.png>") >= 2  # the final post and /tournament standings
    saved = {p.name.split("-", 1)[1]: p for p in (tmp_path / "images").iterdir()}
    games_csv = saved["games.csv"].read_text(encoding="utf-8").splitlines()
    assert games_csv[0].startswith("round,table,game_id")
    assert len(games_csv) == 1 + 12 * rounds  # every seat of every table: 12 players, no byes at tables of 4
    standings = saved["standings.csv"].read_text(encoding="utf-8").splitlines()
    assert len(standings) == 13 and standings[1].startswith("1,")
