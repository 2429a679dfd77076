"""Slash command names, options and descriptions in each user's language, from the gettext catalogs."""

from __future__ import annotations

import json
from typing import Any

from discord import Locale, app_commands

from bot.i18n import ENGLISH, pgettext, speaking, supported


def context_of(location: app_commands.TranslationContextLocation) -> str:
    """The catalog context of a command string: `command_name`, `parameter_description`, `choice_name`…"""
    return location.name


def own_context_of(context: app_commands.TranslationContextTypes) -> str | None:
    """The context of one command's own string, `command_name nst draw`, where one English word needs two French ones.

    /nst draw draws a line (« tracer ») where /mexican draw draws a tile (« piocher »): both are `draw`.
    """
    data = context.data
    command = getattr(data, "command", data)  # an option points to its command
    qualified = getattr(command, "qualified_name", None)
    return f"{context_of(context.location)} {qualified}" if qualified else None


class CatalogTranslator(app_commands.Translator):
    """Gives discord.py each command string's translation, sent to Discord when the commands sync."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        language = supported(locale.value)
        if language is None or language == ENGLISH:
            return None
        with speaking(language):
            own = own_context_of(context)
            translated = pgettext(own, string.message) if own else string.message
            if translated == string.message:
                translated = pgettext(context_of(context.location), string.message)
        return translated if translated != string.message else None


_TRANSLATED: dict[str, str] = {}
"""Each distinct command's translated payload, by its translator and untranslated payload (catalogs never change
while the bot runs)."""


async def translated_command(
    command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
    tree: app_commands.CommandTree[Any],
    translator: app_commands.Translator,
) -> dict[str, Any]:
    """`command` translated, worked out once per process (each bot that starts asks ~30 languages of every string)."""
    key = f"{type(translator).__qualname__} {json.dumps(command.to_dict(tree), sort_keys=True)}"
    if key not in _TRANSLATED:
        _TRANSLATED[key] = json.dumps(await command.get_translated_payload(tree, translator))
    found: dict[str, Any] = json.loads(_TRANSLATED[key])  # a copy of its own: the caller may change it
    return found
