"""What a player types, read as the rules name it: the Discord layer's way into tile names."""

from __future__ import annotations

from bot.games.mexican_train import tiles


def typed_tile(typed: str) -> str:
    """A typed tile written the way the rules name it ("5-12" → "12-5"); anything else passes through, stripped."""
    code = tiles.parse(typed)
    return typed.strip() if code is None else tiles.name(code)
