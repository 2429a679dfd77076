"""What one picture costs: draw ms, PNG-encode ms and bytes, per game and view (the public board, a seat's own).

For each game, `--positions` seeded mid-game positions (`--moves` random legal moves from a four-player setup). Each
picture is timed `--repeat` times, each time as a started worker (its steps ahead taken, `rendering.WARM_UPS`) would
draw it after one other picture of that game: its texts
forgotten (rendering.canvas.forget_texts), another position of the same game drawn untimed, then the timed
renderer's drawing, then the PNG encoding exactly as the bot encodes (`rendering.encoded`). Figures are medians over
positions and repeats, in ms of CPU time of this thread (no worker; other processes busy on the machine do not count),
with the PNG's size and the picture's size.

    .venv/bin/python bench/pictures.py [--games all|ttr_japan,...] [--positions N] [--repeat N] [--moves N]
                                       [--save FILE] [--compare FILE]

`--save` keeps the figures as JSON; `--compare` prints a saved run's figures beside these, with the ratio (this run
over the saved one: 0.50 is half the cost). Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import PIL

import rendering
from bench.positions import NAMES, mid_game_view
from bot.games import REGISTRY
from rendering.canvas import forget_texts

VIEWS = ("seat", "public")


def measure(game: str, view: dict[str, Any], other: dict[str, Any], repeat: int) -> list[dict[str, float]]:
    """Draw and encode `view` `repeat` times, each after an untimed picture of `other` with no text remembered."""
    renderer = rendering.RENDERERS[game]
    found = []
    for _ in range(repeat):
        forget_texts()  # what is remembered comes from the other picture only, not from this one drawn before
        rendering.png_of(renderer, other, list(NAMES))
        began = time.thread_time()
        image = renderer(view, list(NAMES))
        drawn = time.thread_time()
        png = rendering.encoded(image)
        done = time.thread_time()
        found.append(
            {
                "draw": (drawn - began) * 1000,
                "encode": (done - drawn) * 1000,
                "kb": len(png) / 1024,
                "width": image.width,
                "height": image.height,
            }
        )
    return found


def figures(games: list[str], positions: int, repeat: int, moves: int) -> dict[str, dict[str, float]]:
    """Median figures per 'game view'."""
    table: dict[str, dict[str, float]] = {}
    for game in games:
        for kind in VIEWS:
            found = []
            for seed in range(1, positions + 1):
                seat = 0 if kind == "seat" else None
                view, other = (mid_game_view(game, moves, s, seat) for s in (seed, seed + positions))
                found += measure(game, view, other, repeat)
            table[f"{game} {kind}"] = {key: statistics.median(f[key] for f in found) for key in found[0]}
    return table


def show(table: dict[str, dict[str, float]], before: dict[str, dict[str, float]] | None) -> None:
    heads = f"{'picture':<26}{'draw':>8}{'encode':>8}{'total':>8}{'KB':>7}{'size':>11}"
    if before is not None:
        heads += f"{'before':>9}{'ratio':>7}{'KB before':>11}"
    print(heads)
    for name, row in table.items():
        total = row["draw"] + row["encode"]
        line = f"{name:<26}{row['draw']:>8.1f}{row['encode']:>8.1f}{total:>8.1f}{row['kb']:>7.0f}"
        line += f"{int(row['width']):>6}x{int(row['height']):<4}"
        old = (before or {}).get(name)
        if old is not None:
            was = old["draw"] + old["encode"]
            line += f"{was:>9.1f}{total / was:>7.2f}{old['kb']:>11.0f}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="all", help="all, or comma-separated game names")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    games = sorted(g for g in rendering.RENDERERS if g in REGISTRY) if args.games == "all" else args.games.split(",")
    print(
        f"Python {platform.python_version()} · Pillow {PIL.__version__} · {args.positions} position(s) × "
        f"{args.repeat} repeat(s) after {args.moves} moves · medians, ms of one core"
    )
    for step, step_args in rendering.WARM_UPS:  # what a worker draws ahead once started, before any of these
        step(*step_args)
    table = figures(games, args.positions, args.repeat, args.moves)
    before = json.loads(args.compare.read_text()) if args.compare else None
    show(table, before)
    if args.save:
        args.save.write_text(json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
