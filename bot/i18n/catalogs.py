"""The gettext catalogs: every bot/i18n/<language>/*.po file merged into one set of translations."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

FOLDER = Path(__file__).resolve().parent


def read(language: str) -> Catalog:
    """All of a language's .po files as one catalog (one file per area keeps edits apart)."""
    merged = Catalog(locale=language)
    for path in sorted((FOLDER / language).glob("*.po")):
        with path.open("rb") as file:
            part = read_po(file, locale=language)
        # The files' own plural rule, not Babel's: a newer CLDR may count more forms (French: 3 since Babel 2.19)
        # than the files translate, and a count falling on a missing form would come out in English.
        merged.mime_headers = [("Plural-Forms", part.plural_forms)]
        for message in part:
            if message.id and message.string and not message.fuzzy:
                merged.add(message.id, message.string, context=message.context)
    return merged


def load(language: str) -> gettext.NullTranslations:
    """The language's translations, ready for gettext (English, or an unknown language, translates nothing)."""
    if not (FOLDER / language).is_dir():
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, read(language))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
