"""Logging set-up: our level for our modules, and libraries kept above the level where they dump payloads."""

from __future__ import annotations

import logging

LIBRARY_FLOORS = {"aiosqlite": logging.WARNING, "discord": logging.INFO}
"""At DEBUG, aiosqlite logs every SQL call with its parameters (whole game states, hands included) and
discord.py logs request bodies (ephemeral replies included); neither may reach a log file."""


def configure_logging(level: str) -> None:
    """One line per record on stderr at `level`; chatty libraries never below their floor."""
    numeric = getattr(logging, level.upper(), logging.INFO)
    logging.basicConfig(level=numeric, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(numeric)
    for name, floor in LIBRARY_FLOORS.items():
        logging.getLogger(name).setLevel(max(floor, numeric))
