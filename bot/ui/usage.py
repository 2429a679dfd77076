"""A command's usage line (`/ttr draw card:<…>`) with its names as Discord shows them in the language in use."""

from __future__ import annotations

import re

from bot.i18n import pgettext

TOKEN = re.compile(r"/(?P<group>[a-z][\w-]*) (?P<command>[a-z][\w-]*)|(?<![\w<|])(?P<option>[a-z_]+):")
"""`/group command`, or an `option:` (never a word inside a `<placeholder>`)."""


def _word(location: str, name: str, qualified: str) -> str:
    """One name as translated for Discord: the command's own word first (`draw` in /nst is not /mexican's)."""
    own = pgettext(f"{location} {qualified}", name)
    return own if own != name else pgettext(location, name)


def shown_usage(usage: str) -> str:
    """The usage with each command and option name replaced by the one the reader's Discord shows."""
    command = ""

    def translate(found: re.Match[str]) -> str:
        nonlocal command
        if found["group"]:
            group, command = found["group"], f"{found['group']} {found['command']}"
            return f"/{_word('group_name', group, group)} {_word('command_name', found['command'], command)}"
        return f"{_word('parameter_name', found['option'], command)}:"

    return TOKEN.sub(translate, usage)
