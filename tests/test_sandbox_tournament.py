"""A moderator runs a 12-player Swiss tournament in the sandbox, from `/tournament create` to the export."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

import rendering
from bot.games import REGISTRY
from bot.sandbox.world import Sandbox
from bot.settings import Settings

PLAYERS = [f"p{n:02d}" for n in range(1, 13)]
MOVES_PER_GAME = 2_000
"""A safety net: no game of ours lasts this many skips."""


def play_out(sandbox: Sandbox, table: str) -> Iterator[str]:
    """Skip in a table's thread until the game is over: each time, every seat it waits for plays its default move.

    That is exactly what a timeout does. The sandbox reads these lines lazily, so each is chosen after the
    previous one ran: a skip refused because the table's game is over ends the table.
    """
    yield f"in {table}"
    for _ in range(MOVES_PER_GAME):
        yield "as mod: /game skip"
        reply = sandbox.last_results["mod"].response
        if reply is not None and reply.ephemeral and "is over" in (reply.message.content or ""):
            return
    raise AssertionError(f"{table} did not end")


def driven_by_the_moderator(sandbox: Sandbox, game: str) -> Iterator[str]:
    """Round 1 is played to the end at all three tables; round 2 starts, then the moderator closes it early."""
    yield "moderator mod"
    yield f"as mod: /tournament create name:Cup game:{game} format:swiss rounds:2 table_size:4"
    for player in PLAYERS:
        yield f"as {player}: /tournament join"
    yield "as mod: /tournament start"
    for table_no in (1, 2, 3):
        yield from play_out(sandbox, f"Cup · round 1 · table {table_no}")
    for table_no in (1, 2, 3):
        yield f"in Cup · round 2 · table {table_no}"
        yield from ["as mod: /game skip"] * 3
    yield "in games"
    yield "as mod: /tournament advance"
    yield "as mod: /tournament standings"
    yield "as mod: /tournament export"


@pytest.fixture
def no_board_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards and hands go undrawn: this test reads lines, standings and exports (tests/rendering draws each board)."""
    for name in REGISTRY:
        monkeypatch.delitem(rendering.RENDERERS, name, raising=False)
    # Nor are their pieces drawn ahead: new workers' steps ahead (a Ticket to Ride map at every scale, ~2 s of CPU
    # each) were all the drawing they did here. The standings pictures are drawn in the workers as before.
    monkeypatch.setattr(rendering, "WARM_UPS", [])


@pytest.mark.usefixtures("no_board_pictures")
@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_a_moderator_runs_a_twelve_player_swiss_tournament_to_the_export(game: str, tmp_path: Path) -> None:
    out = io.StringIO()
    settings = Settings(database=str(tmp_path / "sandbox.sqlite3"))
    sandbox = Sandbox(settings, REGISTRY, out=out, images=tmp_path / "images", seeds=lambda: 7)
    rounds = 2
    assert await sandbox.run(driven_by_the_moderator(sandbox, game), stop_on_error=True) == 0
    text = out.getvalue()
    for round_no in range(1, rounds + 1):
        assert f"**Cup** — round {round_no} of {rounds}" in text
    assert "mod closed round 2: scored as it stands." in text  # in each of the three unfinished games
    assert "🏁 **Cup** is over." in text
    assert text.count("-standings.png>") >= 2  # the final post and /tournament standings
    saved = {p.name.split("-", 1)[1]: p for p in (tmp_path / "images").iterdir()}
    games_csv = saved["games.csv"].read_text(encoding="utf-8").splitlines()
    assert games_csv[0].startswith("round,table,game_id")
    assert len(games_csv) == 1 + 12 * rounds  # every seat of every table: 12 players, no byes at tables of 4
    sources = [row.rsplit(",", 1)[1] for row in games_csv[1:]]
    assert sources == ["game"] * 12 + ["report"] * 12  # round 2's tables were scored as they stood
    standings = saved["standings.csv"].read_text(encoding="utf-8").splitlines()
    assert len(standings) == 13 and standings[1].startswith("1,")
