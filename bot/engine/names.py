"""Player and tournament names: cleaned once when stored, escaped every time they are written into Discord text.

Names come from users (display names, tournament titles) and are written into messages, embeds and pictures.
Stored, a name keeps no control characters (NUL, bidi overrides), which would garble text and pictures alike.
Written into text, its markdown and mentions are escaped, so `<@&role>` or `**@here**` shows as typed.
The engine writes names into its own lines and may not import discord, so the escaping lives here, for both.
"""

from __future__ import annotations

import re
import unicodedata

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks that reorder the text after them: a name must not turn the rest of a line around."""
MARKDOWN = re.compile(r"([\\*_~|`>#\-\[\]<])")
"""Characters Discord's markdown (headings, lists, quotes, spoilers, links, mentions) may read as formatting."""
ESCAPED = re.compile(r"\\([\\*_~|`>#\-\[\]<])")
"""A character `shown_name` escaped."""
LONGEST = 64
NAMELESS = "?"


def stored_name(raw: str, longest: int = LONGEST) -> str:
    """A name as kept: control and bidi characters dropped, runs of spaces made one, at most `longest` characters."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in raw
        if ch.isspace() or (unicodedata.category(ch) != "Cc" and ch not in BIDI_CONTROLS)
    )
    return " ".join(kept.split())[:longest] or NAMELESS


def shown_name(name: str) -> str:
    """A stored name as written into Discord text: markdown escaped, and no `@` that could read as a mention."""
    return MARKDOWN.sub(r"\\\1", name).replace("@", "@\u200b")


def unescaped(text: str) -> str:
    """Discord text as a web page shows it (the page escapes it as HTML): bold marks dropped, names as typed."""
    return ESCAPED.sub(r"\1", text.replace("**", "")).replace("@\u200b", "@")
