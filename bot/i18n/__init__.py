"""Translation: `_()` reads the catalog of the language this interaction speaks (English when none).

The language lives in a context variable, set once where an interaction enters the bot, so the rules
in bot/games can word a refusal in the player's language without being told it. Marked strings are
written in English and looked up in the gettext catalogs of bot/i18n/<language>/*.po.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar, TypeVarTuple

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

ENGLISH = "en"
LANGUAGES = {"en": "English", "fr": "Français"}
"""Every language with a catalog, by its code, named in itself."""

_speaking: ContextVar[str] = ContextVar("tetsudo_language", default=ENGLISH)
_loaded: dict[str, gettext.NullTranslations] = {ENGLISH: gettext.NullTranslations()}


def supported(locale: str | None) -> str | None:
    """Our language for a Discord locale ("fr", "en-GB", …), or None when we have no catalog for it."""
    if not locale:
        return None
    code = str(locale).split("-")[0].lower()
    return code if code in LANGUAGES else None


def _translations(language: str) -> gettext.NullTranslations:
    found = _loaded.get(language)
    if found is None:
        # Read on first use: the catalogs (and Babel, which reads them) stay out of processes that
        # only ever speak English, such as the rules tests.
        from bot.i18n.catalogs import load

        found = _loaded[language] = load(language)
    return found


def language() -> str:
    """The language in use here."""
    return _speaking.get()


def speak(language: str) -> None:
    """Speak `language` for the rest of the current task (where an interaction enters the bot)."""
    _speaking.set(language if language in LANGUAGES else ENGLISH)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak `language` inside the block: public messages are worded for the server, not the clicker."""
    token = _speaking.set(language if language in LANGUAGES else ENGLISH)
    try:
        yield
    finally:
        _speaking.reset(token)


def _(message: str) -> str:
    """`message` in the language in use."""
    language = _speaking.get()
    # Messages are written in English, so English has nothing to look up (by far the commonest call).
    return message if language == ENGLISH else _translations(language).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count`, in the language in use (French counts 0 and 1 as one)."""
    return _translations(_speaking.get()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the language in use, where the same English word needs different translations."""
    language = _speaking.get()
    # As in `_`: the English message is its own translation, whatever its context.
    return message if language == ENGLISH else _translations(language).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a string for the catalogs without translating it (module constants, read before any language)."""
    return message


def per_language(build: Callable[[], T]) -> Callable[[], T]:
    """`build()` made once per language, on first use in it: a table of names translated together.

    A view names dozens of things from one table; translating the whole table each time was most of its cost.
    """
    made: dict[str, T] = {}

    def table() -> T:
        language = _speaking.get()
        found = made.get(language)
        if found is None:
            found = made[language] = build()
        return found

    return table


def cached_per_language(words: Callable[[*Ts], T]) -> Callable[[*Ts], T]:
    """`words` remembered by language and arguments: for wording that depends on its hashable arguments alone."""
    # Menus word the same few moves again at every step, and the bot builds a view for every click.

    @functools.lru_cache(maxsize=4096)
    def said(language: str, *args: *Ts) -> T:
        return words(*args)  # `language` is only the key: it is the one in use

    @functools.wraps(words)
    def in_language(*args: *Ts) -> T:
        return said(_speaking.get(), *args)

    return in_language
