"""Computer players of Fast Train to Miyajima."""

from __future__ import annotations

from bot.computers.base import Player, Uniform

PLAYERS: dict[str, Player] = {"easy": Uniform()}
"""By level (see `bot.computers.LEVELS`)."""
