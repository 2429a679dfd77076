"""What every renderer test checks of a picture: it renders through the registry into a valid, small PNG."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

import rendering

ODD_NAMES = [
    ["A" * 300, "Bob " * 60, "W" * 80, "x"],
    ["東京駅の運転士さん" * 5, "🚂🚂🚂 Loco 🚂🚂🚂", "", "Zoë"],
    [],
    ["OnlyOne"],
]
"""Player names a renderer must survive: very long, other scripts and emoji, empty, or fewer than the seats."""


def png(game: str, view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The view rendered through the registry."""
    data = rendering.render_png(game, view, names)
    assert data is not None
    return data


def opened(data: bytes, max_bytes: int) -> Image.Image:
    """`data` opened as an image, after checking it is a PNG of at most `max_bytes`."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < max_bytes
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image
