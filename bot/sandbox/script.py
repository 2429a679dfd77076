"""The sandbox's command language: one line, one thing a pretend user (or the narrator) does."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

HELP = """\
Sandbox commands (one per line; # starts a comment):
  as <user>: /game new game:relay options:"rounds=2"   run a slash command as <user>
  as <user>: click <label>          click the newest button with that label <user> can see here
  as <user>: choose <label or n>    pick an option in the newest menu <user> can see here ("1, 3": several)
  as <user>: type <text>            fill and submit the form (modal) last shown to <user>
  in <channel or thread>            act in another channel (threads are followed automatically)
  moderator <user>                  give <user> the moderator role
  dms closed <user>                 make Discord refuse DMs to <user>
  restart                           restart the bot (same database): buttons must keep working
  help · quit"""

_AS = re.compile(r"^as\s+(?P<user>[\w.-]+)\s*:\s*(?P<rest>.+)$", re.IGNORECASE)


class ScriptError(Exception):
    """A line the sandbox cannot understand or carry out; the message says why."""


@dataclass(frozen=True, slots=True)
class Line:
    """One parsed sandbox line."""

    verb: str
    user: str = ""
    text: str = ""
    path: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)


def parse_line(raw: str) -> Line | None:
    """The line's meaning, None for blanks and comments; raises ScriptError for anything else."""
    line = raw.strip()
    if not line or line.startswith("#"):
        return None
    lowered = line.lower()
    if lowered in ("help", "quit", "exit", "restart"):
        return Line(verb="quit" if lowered == "exit" else lowered)
    for verb, prefix in (("in", "in "), ("moderator", "moderator "), ("dms_closed", "dms closed ")):
        if lowered.startswith(prefix):
            return Line(verb=verb, text=line[len(prefix) :].strip().lstrip("#"))
    match = _AS.match(line)
    if match is None:
        raise ScriptError(f"I don't understand `{line}` — type `help` for the commands.")
    user, rest = match["user"].lower(), match["rest"].strip()
    if rest.startswith("/"):
        return _slash(user, rest[1:])
    word, _, text = rest.partition(" ")
    if word.lower() in ("click", "choose", "type") and text.strip():
        return Line(verb=word.lower(), user=user, text=text.strip().strip('"'))
    raise ScriptError(f"After `as {user}:` write a /command, `click <label>`, `choose <option>` or `type <text>`.")


def _slash(user: str, text: str) -> Line:
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise ScriptError(f"Unbalanced quotes in `/{text}`: {error}") from None
    path: list[str] = []
    options: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key:
            options[key] = value
        elif options:
            raise ScriptError(f"Options come after the command name: `{word}` is out of place.")
        else:
            path.append(word)
    if not path:
        raise ScriptError("Write the command name after the slash, e.g. `/game status`.")
    return Line(verb="slash", user=user, path=tuple(path), options=options)
