"""`python -m rendering.samples [FOLDER]`: each game's board mid-game, as a phone shows it (400 px wide).

The README and the docs show these (docs/index.md, each game's page). The positions are seeded random
playouts, so the samples only change when a renderer does.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from PIL import Image

import rendering
from bot.games import REGISTRY
from bot.games.base import Game, resolve_options
from bot.games.rng import GameRandom
from rendering.canvas import PHONE_WIDTH

FOLDER = Path(__file__).parent / "samples"
NAMES = ["Aiko", "Bruno", "Chloé", "Dmitri", "Emma", "Farid", "Gwen", "Hiro"]
SEATS = {"toyko_train": 4, "miyajima": 3, "next_station_tokyo": 3}
"""Players per sample; 4 where not said."""
OPTIONS = {"next_station_tokyo": {"objectives": True}}


def playout(game: Game, seed: int) -> list[Any]:
    """Every state of a seeded random game, from its setup to its end."""
    seats = SEATS.get(game.name, 4)
    state = game.setup(seed, seats, resolve_options(game.options, OPTIONS.get(game.name, {})))
    rnd, history = random.Random(seed), [state]
    while game.outcome(state) is None and len(history) < 2_000:
        seat = rnd.choice(sorted(game.to_act(state)))
        state = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)), GameRandom(seed, len(history)))
        history.append(state)
    return history


def mid_game(game: Game, seed: int = 7) -> object:
    """A position about halfway through a seeded random game."""
    history = playout(game, seed)
    return history[len(history) // 2]


def phone_sized(image: Image.Image) -> Image.Image:
    """The picture as a phone shows it before it is tapped."""
    return image.resize((PHONE_WIDTH, round(PHONE_WIDTH * image.height / image.width)), Image.Resampling.LANCZOS)


def main(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, game in sorted(REGISTRY.items()):
        state = mid_game(game)
        seats = SEATS.get(name, 4)
        picture = rendering.RENDERERS[name](game.player_view(state, None), NAMES[:seats])
        phone_sized(picture.convert("RGB")).save(folder / f"{name}.png", optimize=True)
        print(folder / f"{name}.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER)
