"""Sentences a game keeps in its state in English, retold in the language in use when they are shown.

A replay must rebuild the very same state whatever language its players speak, so a game's log is
written from marked English templates (`say`) and read back into the reader's language (`retold`)
by matching each sentence against those templates.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from bot.i18n import ENGLISH, _, speaking

Template = str | Callable[[int], str]
"""A marked English sentence with {fields}, or a function giving its form for the count `n` (an ngettext call)."""
Field = tuple[str, Callable[[str], str]]
"""How a field is recognised in English text (a regular expression) and how its value is said in the language in use."""

_FIELD = re.compile(r"\{(\w+)\}")


def _form(template: Template, fields: Mapping[str, object]) -> str:
    """The template in the language in use (the form for its count when it counts)."""
    return _(template) if isinstance(template, str) else template(int(str(fields["n"])))


def _english_forms(template: Template) -> list[str]:
    """The English text(s) of a template: both numbers of one that counts."""
    if isinstance(template, str):
        return [template]
    with speaking(ENGLISH):
        return list(dict.fromkeys([template(1), template(2)]))


class Retelling:
    """One game's log templates and fields: `say` writes a sentence for the state, `retold` reads one back."""

    def __init__(self, templates: Iterable[Template], fields: Mapping[str, Field]) -> None:
        self.fields = dict(fields)
        self._patterns = tuple((t, self._pattern(form)) for t in templates for form in _english_forms(t))

    def _pattern(self, english: str) -> re.Pattern[str]:
        """The regular expression that reads an English sentence made from a template back into its fields."""
        parts, at, seen = [], 0, set()
        for match in _FIELD.finditer(english):
            name = match[1]
            # A field named twice ("the {engine}-{engine} engine") must hold the same value both times.
            group = f"(?P={name})" if name in seen else f"(?P<{name}>{self.fields.get(name, ('.+?', str))[0]})"
            seen.add(name)
            parts += [re.escape(english[at : match.start()]), group]
            at = match.end()
        return re.compile("".join([*parts, re.escape(english[at:])]))

    def say(self, template: Template, **fields: object) -> str:
        """A sentence for the state: the English template filled in, whatever language is in use."""
        if isinstance(template, str):  # its own English form: no need to switch languages (playouts say millions)
            return template.format(**fields)
        with speaking(ENGLISH):
            return _form(template, fields).format(**fields)

    def retold(self, text: str) -> str:
        """An English sentence of the state in the language in use (text made otherwise is returned as it is)."""
        for template, pattern in self._patterns:
            found = pattern.fullmatch(text)
            if found:
                fields = found.groupdict()
                said = {name: self.fields.get(name, ("", str))[1](value) for name, value in fields.items()}
                return _form(template, fields).format(**said)
        return text
