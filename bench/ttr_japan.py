"""Ticket to Ride: Japan benchmark: random games through the rules engine, and map render times.

(a) Full random 2-player and 4-player games, engine only: every move is a random legal move
    (a seeded random.Random picks the seat among `to_act` and the move), applied with GameRandom.
(b) Rendering the end of a random 5-player game (every claim on the map, the final scores): the pictures sent
    with moves (the board's, made for phones, and one seat's own, centred on its tickets) and the whole map
    (**Full map**, `/ttr map`), p50/p95 and PNG size.

    python bench/ttr_japan.py [--games N] [--renders N] [--seed S] [--profile]

Targets: >= 20 games/s; render p95 <= 250 ms; PNG <= 800 KB. Not a test: it asserts nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bot.games.ttr_japan import TTR_JAPAN
from bot.games.ttr_japan.state import JapanState
from rendering.ttr_japan.map import route_sprite
from rendering.ttr_japan.pictures import render
from rendering.ttr_japan.whole_map import render_ttr_japan

ENGINE_SEATS = (2, 4)
RENDER_SEATS = 5
NAMES = ("Alice", "Bob the Magnificent", "Carol", "Dmitri", "Eve")


def random_game(seed: int, seats: int) -> tuple[JapanState, int]:
    """One full game of random legal moves; the final state and its move count."""
    return common.random_game(TTR_JAPAN, seed, seats)


def engine_bench(games: int, seed: int) -> None:
    """Print games/s, moves/s and moves per game over `games` random games for each player count."""
    for seats in ENGINE_SEATS:
        moves = 0
        began = time.perf_counter()
        for n in range(games):
            moves += random_game(seed + n, seats)[1]
        elapsed = time.perf_counter() - began
        print(f"(a) engine: {games} random {seats}-player games, {moves} moves in {elapsed:.2f} s")
        print(f"    {games / elapsed:,.1f} games/s, {moves / elapsed:,.0f} moves/s, {moves / games:.0f} moves/game")


def render_bench(renders: int, seed: int) -> None:
    """Print p50/p95 render times and PNG sizes of the public and one private view at the end of a 5-player game."""
    state, moves = random_game(seed, RENDER_SEATS)
    claims, bullets = len(state.claims), len(state.bullet_claims)
    print(f"\n(b) render: end of a random {RENDER_SEATS}-player game ({moves} moves), {claims} routes claimed")
    print(f"    ({bullets} with a Bullet Train); the static map is drawn once before timing (first render below)")
    began = time.perf_counter()
    render_ttr_japan(TTR_JAPAN.player_view(state, None), NAMES)
    print(f"    first render, static layer included: {(time.perf_counter() - began) * 1000:.0f} ms")
    route_sprite.cache_clear()
    began = time.perf_counter()
    render_ttr_japan(TTR_JAPAN.player_view(state, 0), NAMES)
    print(
        f"    a private view with no claim drawn yet (every claim and glow a cache miss): "
        f"{(time.perf_counter() - began) * 1000:.0f} ms"
    )
    common.render_table_head(renders, 8)
    for label, draw, seat in (("board", render, None), ("seat", render, 0), ("full map", render_ttr_japan, None)):
        common.render_row(draw, label, TTR_JAPAN.player_view(state, seat), NAMES, renders, 8)


if __name__ == "__main__":
    common.main(__doc__, engine_bench, render_bench, (100, 30), ">= 20 games/s; render p95 <= 250 ms; PNG <= 800 KB.")
