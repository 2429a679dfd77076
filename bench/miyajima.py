"""Fast Train to Miyajima benchmark: random games through the rules engine, and sheet/overview render times.

(a) Full random 4-player games, engine only: every move is a random legal move
    (a seeded random.Random picks the seat among `to_act` and the move), applied with GameRandom.
(b) Rendering the end of a 4-player game (the fullest sheets, scores shown): render_png of one
    seat's sheet (private view) and of the overview (public view), p50/p95 and PNG size.

    python bench/miyajima.py [--games N] [--renders N] [--seed S] [--profile]

Targets: >= 100 games/s; render p95 <= 100 ms; PNG <= 300 KB. Not a test: it asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bot.games.miyajima import MIYAJIMA
from rendering.miyajima.pictures import render_miyajima  # importing it registers the renderer

SEATS = 4
NAMES = ("Alice", "Bob the Magnificent", "Carol", "Dmitri")


def engine_bench(games: int, seed: int) -> None:
    """Print games/s and moves/s over `games` random games."""
    common.games_per_second(MIYAJIMA, games, seed, SEATS, "(a) engine")


def render_bench(renders: int, seed: int) -> None:
    """Print p50/p95 render times and PNG sizes of a finished seat's sheet and of the overview."""
    state, _ = common.random_game(MIYAJIMA, seed, SEATS)
    cars = sum(len(train) for trains in state.sheets for t in trains.values() for train in t.values())
    print(f"\n(b) render: end of a {SEATS}-player game, round {state.round}, {cars} cars filled")
    common.render_table_head(renders, 8)
    for label, seat in (("sheet", 0), ("overview", None)):
        common.render_row(render_miyajima, label, MIYAJIMA.player_view(state, seat), NAMES, renders, 8)


if __name__ == "__main__":
    common.main(__doc__, engine_bench, render_bench, (300, 50), ">= 100 games/s; render p95 <= 100 ms; PNG <= 300 KB.")
