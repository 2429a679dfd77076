"""Logging set-up: our level for our modules, and libraries kept above the level where they dump payloads."""

from __future__ import annotations

import logging
import re

TOKEN_SHAPE = re.compile(r"[\w-]{20,}\.[\w-]{5,}\.[\w-]{20,}")
"""A Discord bot token: three base64url parts joined by dots (the id, a time stamp, an HMAC)."""
REDACTED = "[token redacted]"

LIBRARY_FLOORS = {"aiosqlite": logging.WARNING, "discord": logging.INFO}
"""At DEBUG, aiosqlite logs every SQL call with its parameters (whole game states, hands included) and
discord.py logs request bodies (ephemeral replies included); neither may reach a log file."""


def configure_logging(level: str) -> None:
    """One line per record on stderr at `level`; chatty libraries never below their floor."""
    numeric = getattr(logging, level.upper(), logging.INFO)
    logging.basicConfig(level=numeric, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    root.setLevel(numeric)
    for name, floor in LIBRARY_FLOORS.items():
        logging.getLogger(name).setLevel(max(floor, numeric))
    for handler in root.handlers:
        if not any(isinstance(f, RedactTokens) for f in handler.filters):
            handler.addFilter(RedactTokens())


class RedactTokens(logging.Filter):
    """Belt and braces: nothing logs the token, but anything shaped like one is blanked before it is written."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if TOKEN_SHAPE.search(message):
            record.msg, record.args = TOKEN_SHAPE.sub(REDACTED, message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and TOKEN_SHAPE.search(record.exc_text):
            record.exc_text = TOKEN_SHAPE.sub(REDACTED, record.exc_text)
        return True
