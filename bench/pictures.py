"""What one picture costs: draw ms, PNG-encode ms and bytes, per game and view (the public board, a seat's own).

For each game, `--positions` seeded mid-game positions (`--moves` random legal moves from a four-player setup). Each
picture is drawn once first (a worker's caches are warm after its first picture), then `--repeat` times timed: the
renderer's drawing, then the PNG encoding exactly as the bot encodes (`rendering.png_of`). Figures are medians over
positions and repeats, in ms of one core (this process, no worker), with the PNG's size and the picture's size.

    .venv/bin/python bench/pictures.py [--games all|ttr_japan,...] [--positions N] [--repeat N] [--moves N]
                                       [--save FILE] [--compare FILE]

`--save` keeps the figures as JSON; `--compare` prints a saved run's figures beside these, with the ratio (this run
over the saved one: 0.50 is half the cost). Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import io
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

VIEWS = ("seat", "public")


def encoded(image: Any) -> bytes:
    """The picture as the bot sends it (rendering.png_of's encoding, without drawing again)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def measure(game: str, view: dict[str, Any], repeat: int) -> list[dict[str, float]]:
    """Draw and encode one view `repeat` times after a first, untimed picture."""
    renderer = rendering.RENDERERS[game]
    rendering.png_of(renderer, view, list(NAMES))  # caches warm, as in a worker after its first picture
    found = []
    for _ in range(repeat):
        began = time.perf_counter()
        image = renderer(view, list(NAMES))
        drawn = time.perf_counter()
        png = encoded(image)
        done = time.perf_counter()
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
                view = mid_game_view(game, moves, seed, 0 if kind == "seat" else None)
                found += measure(game, view, repeat)
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
    table = figures(games, args.positions, args.repeat, args.moves)
    before = json.loads(args.compare.read_text()) if args.compare else None
    show(table, before)
    if args.save:
        args.save.write_text(json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
