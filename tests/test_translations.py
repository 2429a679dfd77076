"""Every user-facing string is marked for translation and has a French entry in a gettext catalog."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, _, ngettext, speaking
from bot.i18n.catalogs import read
from bot.i18n.update import ROOT, extracted, source_files

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def placeholders(text: str) -> set[str]:
    """The `{name}` fields a str.format template fills."""
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_string_has_a_translation(language: str) -> None:
    catalog = read(language)
    missing = [
        (message, context)
        for message, context in extracted()
        if not (entry := catalog.get(message, context=context)) or not entry.string
    ]
    shown = "\n".join(f"  {context + ': ' if context else ''}{message!r}" for message, context in missing[:40])
    assert not missing, (
        f"{len(missing)} strings have no {language} translation; run `python -m bot.i18n.update {language}` and "
        f"fill them in bot/i18n/{language}/*.po:\n{shown}"
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    """A translation that drops or renames a `{field}` would fail (or lie) when the message is formatted."""
    broken = []
    for message in read(language):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        targets = message.string if isinstance(message.string, tuple) else (message.string,)
        # A plural's singular may leave out the count ("une carte"); the plural must keep every field.
        wanted = placeholders(sources[-1])
        if any(not placeholders(target) <= wanted for target in targets) or placeholders(targets[-1]) != wanted:
            broken.append(message.id)
    assert not broken, f"translations whose {{fields}} differ from the English: {broken[:20]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_stale_entries(language: str) -> None:
    """Catalogs hold only strings the code still uses (commands.po is checked against the command tree)."""
    used = set(extracted())
    stale = []
    for path in sorted((ROOT / "bot" / "i18n" / language).glob("*.po")):
        if path.name == "commands.po":
            continue
        from babel.messages.pofile import read_po

        with path.open("rb") as file:
            stale += [(path.name, m.id) for m in read_po(file) if m.id and (m.id, m.context) not in used]
    assert not stale, f"entries no code uses any more (run python -m bot.i18n.update {language}): {stale[:20]}"


def test_language_follows_the_context() -> None:
    """The same call answers in English, or in French inside `speaking("fr")`."""
    assert _("Tetsudō is restarting. Nothing was changed; try again in a minute.").startswith("Tetsudō is")
    with speaking("fr"):
        assert _("Tetsudō is restarting. Nothing was changed; try again in a minute.") != (
            "Tetsudō is restarting. Nothing was changed; try again in a minute."
        )
        assert _("a string no catalog has") == "a string no catalog has"
    assert _("a string no catalog has") == "a string no catalog has"


# Calls whose text reaches a user, and which of their arguments carry it (position or keyword).
SINKS: dict[str, tuple[int | None, tuple[str, ...]]] = {
    "IllegalAction": (0, ()),
    "send_message": (0, ("content",)),
    "send": (0, ("content",)),
    "edit_message": (None, ("content",)),
    "edit_original_response": (None, ("content",)),
    "reply_privately": (1, ()),
    "say": (2, ()),
    "say_to": (2, ()),
    "Embed": (None, ("title", "description")),
    "add_field": (None, ("name", "value")),
    "set_footer": (None, ("text",)),
    "set_author": (None, ("name",)),
    "Button": (None, ("label",)),
    "SelectOption": (None, ("label", "description")),
    "Select": (None, ("placeholder",)),
    "TextInput": (None, ("label", "placeholder")),
    "Choice": (None, ("name",)),
}
WORDS = re.compile(r"[A-Za-z]{2,}")
LINTED = ("bot/games", "bot/engine", "bot/ui", "bot/cogs")


def _unmarked(node: ast.expr) -> str | None:
    """The English words in a literal (or f-string) argument, or None when it is marked or has no words."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if WORDS.search(node.value) else None
    if isinstance(node, ast.JoinedStr):
        text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
        return text if WORDS.search(text) else None
    return None


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def unmarked_strings(path: Path) -> list[str]:
    """Literal text handed straight to a user-facing call without `_()` around it."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or _callee(node) not in SINKS:
            continue
        position, keywords = SINKS[_callee(node)]
        arguments = [node.args[position]] if position is not None and len(node.args) > position else []
        arguments += [k.value for k in node.keywords if k.arg in keywords]
        for argument in arguments:
            text = _unmarked(argument)
            if text is not None:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return found


def test_user_facing_calls_use_marked_strings() -> None:
    """A refusal, reply, embed or button label written as a bare literal would never be translated."""
    found = [
        line
        for path in source_files()
        if path.relative_to(ROOT).as_posix().startswith(LINTED)
        for line in unmarked_strings(path)
    ]
    assert not found, f"{len(found)} user-facing literals not wrapped in _():\n" + "\n".join(found[:60])


def test_french_plural_counts_one_for_zero() -> None:
    """French uses the singular for 0 and 1; the merged catalog must keep the French plural rule."""
    with speaking("fr"):
        assert ngettext("{n} game", "{n} games", 0) == ngettext("{n} game", "{n} games", 1) == "{n} partie"
        assert ngettext("{n} game", "{n} games", 2) == "{n} parties"
