"""Issue 19: every picture reads on a phone, where it is shown about 400 px wide until tapped.

The rule: the smallest text a picture draws is at least PHONE_TEXT (11) px tall once the picture is scaled to
PHONE_WIDTH (400) px wide. Heights are what `rendering.canvas.font` was asked for while the picture was drawn (the
font size, in px of the finished picture: a supersampled canvas says its `scale`). Each renderer states the smallest
text it draws, `SMALLEST_TEXT`; busy positions of every game (the most seats, long names, random playouts from the
first move to the end, every seat's picture and the public one) must stay at or above it, and it must meet the rule
at the width of every picture drawn. The full Ticket to Ride map is the one exception (a player opens and zooms it):
it is not a renderer's picture, so it is not drawn here.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import rendering
from bot.games import REGISTRY
from bot.games.base import Game, resolve_options, seat_counts
from bot.games.rng import GameRandom
from rendering.canvas import PHONE_TEXT, PHONE_WIDTH, smallest_text_allowed, text_sizes
from rendering.table import SMALLEST_TEXT as SMALLEST_TABLE_TEXT
from rendering.table import RankedTable, render_table

NAMES = ["Alexandrina", "Bartholomew", "Chloé-Maëlle", "Dmitri", "Evangeline", "Fitzgerald", "Guðrún", "Hiroshi"]
"""Long names, accents included: the busiest a row of names gets."""
OPTIONS: dict[str, dict[str, Any]] = {
    "next_station_tokyo": {"objectives": True, "effects": True},
    "toyko_train": {"nine": True},
}
"""Options that put more on the picture."""
SNAPSHOTS = 6
"""Positions drawn per game: the start, the end, and evenly between."""


def busy_positions(game: Game, seed: int) -> Iterator[tuple[Any, int]]:
    """A random playout with the most seats: (state, seats) at SNAPSHOTS points from the first move to the end."""
    seats = max(seat_counts(game))
    state = game.setup(seed, seats, resolve_options(game.options, OPTIONS.get(game.name, {})))
    rnd, history = random.Random(seed), [state]
    while game.outcome(state) is None and len(history) < 2_000:
        seat = rnd.choice(sorted(game.to_act(state)))
        action = rnd.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action, GameRandom(seed, len(history)))
        history.append(state)
    for n in range(SNAPSHOTS):
        yield history[n * (len(history) - 1) // (SNAPSHOTS - 1)], seats


def drawn_with_sizes(draw: Any, *args: Any) -> tuple[int, float]:
    """The width of the picture `draw(*args)` makes, and the smallest text height asked for while drawing it."""
    with text_sizes() as sizes:
        image = draw(*args)
    assert sizes, "the picture draws no text at all"
    return image.width, min(sizes)


def check(declared: float, width: int, smallest: float, what: str) -> None:
    """The rule, and the renderer's own statement of its smallest text."""
    assert smallest >= declared, f"{what}: draws {smallest:g} px text, below its SMALLEST_TEXT {declared:g}"
    at_phone = smallest * PHONE_WIDTH / width
    assert smallest >= smallest_text_allowed(width), (
        f"{what}: {smallest:g} px text on a {width} px picture is {at_phone:.1f} px on a phone, below {PHONE_TEXT}"
    )


@pytest.mark.parametrize("name", sorted(n for n in REGISTRY if rendering.has_renderer(n)))
def test_every_picture_of_a_busy_game_reads_on_a_phone(name: str) -> None:
    game, renderer = REGISTRY[name], rendering.RENDERERS[name]
    declared = getattr(sys.modules[renderer.__module__], "SMALLEST_TEXT", None)
    assert declared is not None, f"{renderer.__module__} does not state its SMALLEST_TEXT"
    drawn = 0
    for seed in (1, 2):
        for state, seats in busy_positions(game, seed):
            for seat in (None, *range(seats)):
                width, smallest = drawn_with_sizes(renderer, game.player_view(state, seat), NAMES[:seats])
                check(declared, width, smallest, f"{name} seed {seed}, seat {seat}")
                drawn += 1
    assert drawn >= 2 * SNAPSHOTS * 3


LEADERBOARD = RankedTable(
    "Ticket to Ride: Japan — leaderboard",
    "20 rated players · page 1 of 1 · rating = μ − 3σ (openskill)",
    ("#", "Player", "Rating", "Games"),
    tuple((str(n + 1), NAMES[n % 8] * 2, f"{1500 - 37 * n:,}", str(40 + n)) for n in range(20)),
    highlight=3,
)
STANDINGS = RankedTable(
    "Spring Cup — standings after round 5 of 5",
    "Mexican Train · Swiss pairing",
    ("#", "Player", "Points", "Total score", "Games", "Wins"),
    tuple(
        (str(n + 1), NAMES[n % 8] * 3, str(15 - n // 2), f"{2345 - 61 * n:,}", "5", str(5 - n // 4)) for n in range(16)
    ),
    struck=frozenset({6}),
)


@pytest.mark.parametrize("kind", ["leaderboard", "standings"])
def test_a_long_ranked_table_reads_on_a_phone(kind: str) -> None:
    """Leaderboards and tournament standings: many rows of long names and numbers."""
    width, smallest = drawn_with_sizes(render_table, {"leaderboard": LEADERBOARD, "standings": STANDINGS}[kind])
    check(SMALLEST_TABLE_TEXT, width, smallest, f"ranked table ({kind})")
