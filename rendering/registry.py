"""The renderers by game, and a view drawn as PNG bytes by its game's renderer (each game registers its own)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PIL import Image

from rendering.png import png_bytes

Renderer = Callable[[dict[str, Any], Sequence[str]], Image.Image]
"""A game's renderer: a player view (never the full state) and the seats' display names in, an image out."""

RENDERERS: dict[str, Renderer] = {}
"""Renderers by game name; games without one are shown as text only."""


WarmUp = tuple[Callable[..., None], tuple[Any, ...]]
"""A step of drawing ahead: a module-level function and its arguments (each a fraction of a second)."""
WARM_UPS: list[WarmUp] = []
"""What each picture worker draws ahead once started, whenever it has nothing else to draw: pieces the games'
pictures share, so that their first pictures cost what the next ones do (bot.ui.pictures)."""


def register(game: str, renderer: Renderer, warm_ups: Iterable[WarmUp] = ()) -> None:
    """Make `renderer` draw views of `game`; `warm_ups` draw ahead what its pictures share."""
    RENDERERS[game] = renderer
    WARM_UPS.extend(warm_ups)


def has_renderer(game: str) -> bool:
    """Whether views of `game` can be drawn."""
    return game in RENDERERS


def render_png(game: str, view: dict[str, Any], names: Sequence[str] = ()) -> bytes | None:
    """The view drawn as PNG bytes, or None when the game has no renderer. Call off the event loop."""
    renderer = RENDERERS.get(game)
    return None if renderer is None else png_of(renderer, view, names)


def png_of(renderer: Renderer, view: dict[str, Any], names: Sequence[str]) -> bytes:
    """`renderer`'s picture of the view as PNG bytes (the renderer travels by name to a picture worker)."""
    return encoded(renderer(view, names))


def encoded(image: Image.Image) -> bytes:
    """The picture as the PNG bytes the bot sends (see rendering.png)."""
    return png_bytes(image)
