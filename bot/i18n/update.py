"""`python -m bot.i18n.update fr [--area NAME]`: add new marked strings to a language's .po files, drop stale ones.

A developer tool: each string goes to the catalog of its area, the game whose files use it or `core`,
so people translating different games never edit the same file. Slash command names and descriptions
are not marked in the code; they live in commands.po, which this tool leaves alone
(tests/test_translations.py lists any that are missing).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.i18n import LANGUAGES
from bot.i18n.catalogs import FOLDER

ROOT = FOLDER.parent.parent
SOURCES = ("bot", "rendering")
GAMES = ("ttr_japan", "mexican_train", "miyajima", "next_station_tokyo", "toyko_train")
CORE = "core"
ENGINE = "engine"
ENGINE_FILES = ("bot/engine/", "bot/games/base.py", "rendering/canvas.py", "rendering/table.py")
"""The engine's refusals and the shared game and picture words: their own catalog, apart from the Discord layer's."""

MessageKey = tuple[str | tuple[str, ...], str | None]


def area_of(path: Path) -> str:
    """The game a source file belongs to (by folder or file name), else the engine's or the core's."""
    relative = path.relative_to(ROOT)
    if relative.as_posix().startswith(ENGINE_FILES):
        return ENGINE
    for part in relative.with_suffix("").parts:
        for game in GAMES:
            if part == game or part.startswith(game) or (game == "toyko_train" and part.startswith("toyko")):
                return game
    return CORE


def source_files() -> Iterator[Path]:
    """Every Python file whose strings can reach a user."""
    for folder in SOURCES:
        yield from sorted((ROOT / folder).rglob("*.py"))


def extracted() -> dict[MessageKey, set[str]]:
    """Every marked string in the code (with its context), and the areas that use it."""
    found: dict[MessageKey, set[str]] = defaultdict(set)
    for path in source_files():
        if path.is_relative_to(FOLDER):
            continue
        for _line, message, _comments, context in extract_from_file("python", str(path), keywords=DEFAULT_KEYWORDS):
            found[(message, context)].add(area_of(path))
    return found


def catalog_path(language: str, area: str) -> Path:
    return FOLDER / language / f"{area}.po"


def update(language: str, area: str | None = None) -> dict[str, int]:
    """Bring the .po files (one area, or all) in line with the code; returns how many strings each now lacks."""
    wanted: dict[str, set[MessageKey]] = defaultdict(set)
    for key, areas in extracted().items():
        # A string used by several areas is translated once, in the core.
        wanted[next(iter(areas)) if len(areas) == 1 else CORE].add(key)
    missing: dict[str, int] = {}
    for name in [area] if area else [CORE, ENGINE, *GAMES]:
        path = catalog_path(language, name)
        old = read_po(path.open("rb"), locale=language) if path.exists() else Catalog(locale=language)
        # The old header's dates are kept so that an update with nothing new leaves the file unchanged.
        new = Catalog(
            locale=language,
            project="Tetsudō",
            fuzzy=False,
            header_comment=f"# {LANGUAGES[language]} catalog of Tetsudō ({name}); see bot/i18n/update.py.",
            creation_date=old.creation_date,
            revision_date=old.revision_date,
        )
        for message_id, context in sorted(wanted[name], key=lambda k: (str(k[0]), k[1] or "")):
            previous = old.get(message_id, context=context)
            new.add(message_id, previous.string if previous else "", context=context)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            write_po(file, new, omit_header=False, sort_output=True, width=120, include_lineno=False)
        missing[name] = sum(1 for m in new if m.id and not m.string)
    return missing


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.i18n.update", description=__doc__)
    parser.add_argument("language")
    parser.add_argument("--area", choices=[CORE, ENGINE, *GAMES])
    args = parser.parse_args()
    for name, count in update(args.language, args.area).items():
        print(f"{catalog_path(args.language, name).relative_to(ROOT)}: {count} untranslated")


if __name__ == "__main__":
    main()
