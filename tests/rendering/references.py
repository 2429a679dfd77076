"""The pictures the renderers are held to: each game's public board and a seat's view, mid-game and at the end.

`python -m tests.rendering.references` draws them again into tests/rendering/reference/ (do it only when a picture
is meant to change, and look at the new ones at 400 px first). tests/rendering/test_pictures_unchanged.py compares
every renderer's picture with these, so a speed-up that changes what players see is caught.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image

import rendering
from bot.games import REGISTRY
from rendering.samples import NAMES, SEATS, playout

FOLDER = Path(__file__).parent / "reference"
SEED = 11
MOMENTS = ("middle", "end")
VIEWS = ("public", "seat")


def cases() -> Iterator[tuple[str, str, str, dict[str, Any], list[str]]]:
    """(game, moment, view, the view's data, names) for every reference picture."""
    for game in sorted(g for g in rendering.RENDERERS if g in REGISTRY):  # not a test game
        states = playout(REGISTRY[game], SEED)
        names = NAMES[: SEATS.get(game, 4)]
        for moment, state in zip(MOMENTS, (states[len(states) // 2], states[-1]), strict=True):
            for view in VIEWS:
                yield game, moment, view, REGISTRY[game].player_view(state, None if view == "public" else 0), names


def path(game: str, moment: str, view: str) -> Path:
    """Where a reference picture is kept."""
    return FOLDER / f"{game}-{moment}-{view}.png"


def png(game: str, view: dict[str, Any], names: list[str]) -> bytes:
    """The view as the bot sends it."""
    data = rendering.render_png(game, view, names)
    assert data is not None
    return data


def decoded(data: bytes) -> Image.Image:
    """A PNG's pixels, as RGB."""
    return Image.open(io.BytesIO(data)).convert("RGB")


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for game, moment, view, data, names in cases():
        path(game, moment, view).write_bytes(png(game, data, names))
        print(path(game, moment, view))


if __name__ == "__main__":
    main()
