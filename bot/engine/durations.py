"""Durations as people type them ("12h", "1d 6h", "90m", "off") and as the bot writes them."""

from __future__ import annotations

import re

from bot.games.base import IllegalAction
from bot.i18n import _, pgettext

UNITS = {"d": 86_400, "h": 3_600, "m": 60, "s": 1}
TYPED_UNITS = {**UNITS, "j": 86_400}
"""What people may type: the units, and French `j` (jour) for days."""
OFF_WORDS = frozenset({"off", "none", "no", "0", "non", "aucun", "désactivé", "desactive"})
MAX_SECONDS = 30 * 86_400
"""A month: longer than any wait worth a timer, short enough to catch a typo like "100d"."""
_PART = re.compile(r"(\d+)\s*([dhmsj])")


def parse_duration(text: str) -> int | None:
    """Seconds in "2d", "12h", "1h30m", "45s"; None for "off"; refuses anything else with a reason."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned in OFF_WORDS:
        return None
    parts = _PART.findall(cleaned)
    if not parts or "".join(f"{n}{u}" for n, u in parts) != cleaned:
        raise IllegalAction(
            _("`{text}` isn't a duration: write it like `12h`, `10m`, `1d6h` or `off`.").format(text=text)
        )
    seconds = sum(int(n) * TYPED_UNITS[u] for n, u in parts)
    if not 60 <= seconds <= MAX_SECONDS:
        raise IllegalAction(_("A timer must be between 1 minute and 30 days."))
    return seconds


def duration_words(seconds: int | None) -> str:
    """90 → "1m 30s", 43200 → "12h", None → "off" (in French, days are `j` and off is "désactivé")."""
    if seconds is None:
        return pgettext("duration", "off")
    # Each unit as `parse_duration` reads it back in the language in use.
    shown = {
        "d": pgettext("duration", "{n}d"),
        "h": pgettext("duration", "{n}h"),
        "m": pgettext("duration", "{n}m"),
        "s": pgettext("duration", "{n}s"),
    }
    parts = []
    for unit, size in UNITS.items():
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(shown[unit].format(n=count))
    return " ".join(parts) or shown["s"].format(n=0)
