"""Optional mypyc builds of the rules engines: which modules, whether a build is present and fresh, and a guard.

`python -m bot.games.compiled build` (see __main__.py) compiles `MODULES` into extension modules beside their
sources; CPython then imports the extension before the .py of the same name. A build is used only while it is
fresh: the sources it was compiled from (the hashes in its manifest) are the ones on disk now. Otherwise `guard`,
which runs when `bot.games` is imported, before any engine module, makes the import system load those modules from
their .py files again and logs a warning: a stale build never runs, and the bot still starts, on plain Python.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

log = logging.getLogger(__name__)

MODULES = (
    "bot.games.mexican_train.rules",
    "bot.games.mexican_train.state",
    "bot.games.mexican_train.tiles",
    "bot.games.miyajima.rules",
    "bot.games.miyajima.scoring",
    "bot.games.miyajima.state",
    "bot.games.next_station_tokyo.lines",
    "bot.games.next_station_tokyo.rules",
    "bot.games.next_station_tokyo.scoring",
    "bot.games.next_station_tokyo.state",
    "bot.games.toyko_train.optimum",
    "bot.games.toyko_train.rules",
    "bot.games.toyko_train.state",
    "bot.games.ttr_japan.cards",
    "bot.games.ttr_japan.claiming",
    "bot.games.ttr_japan.rules",
    "bot.games.ttr_japan.scoring",
    "bot.games.ttr_japan.state",
)
"""The modules compiled: the hot path of each engine (rules, the state and what they call on every move).

Not compiled: data.py (ttr_japan's crashes mypyc, the others are read once), view.py and words.py (not per move),
base.py (`Game` is a runtime-checkable Protocol, which a native class cannot be), rng.py (tests subclass
GameRandom, which a native class forbids), mexican_train/deal.py (once a round; its tests hand it a scripted
shuffle in place of a GameRandom, which compiled code refuses), and the packages' __init__.py (thin wrappers)."""

GROUP = "bot.games.compiled.engines"
"""mypyc's group name: every module is compiled into one shared library, bot/games/compiled/engines__mypyc.*."""

ROOT = Path(__file__).resolve().parents[3]
"""The directory holding the `bot` package."""
GAMES = ROOT / "bot" / "games"
MANIFEST = Path(__file__).resolve().with_name("manifest.json")
"""Written by a build: what was compiled, for which Python, from which sources (their SHA-256)."""
BUILD = "python -m bot.games.compiled build"
CLEAN = "python -m bot.games.compiled clean"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
"""The file ending of an extension module built for this interpreter (e.g. .cpython-311-x86_64-linux-gnu.so)."""


def source_of(module: str) -> Path:
    """The .py file of a module under `ROOT`."""
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def sources() -> list[Path]:
    """What a build depends on: bot/games/*.py and every .py of each compiled module's package, sorted.

    Not only the compiled files: mypyc builds against the types (and inlines the Final constants) of what they
    import, so an edited data.py or base.py makes a build stale too."""
    folders = {GAMES} | {source_of(module).parent for module in MODULES}
    return sorted(path for folder in folders for path in folder.glob("*.py"))


def digests() -> dict[str, str]:
    """SHA-256 of each of `sources()`, by path relative to `ROOT` (with forward slashes)."""
    return {path.relative_to(ROOT).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest() for path in sources()}


def extensions() -> dict[str, Path]:
    """Every extension module for this interpreter under bot/games, built by us or not: module name → file."""
    found: dict[str, Path] = {}
    for folder, _, names in os.walk(GAMES):
        where = Path(folder)
        for name in names:
            # As the import system looks: `stem + suffix` for each suffix (rules.so, rules.cpython-311-….so…);
            # a file for another interpreter (rules.cpython-312-….so) has no importable stem and is no module.
            stem = next((name[: -len(s)] for s in importlib.machinery.EXTENSION_SUFFIXES if name.endswith(s)), "")
            if stem.isidentifier():
                found[".".join((*where.relative_to(ROOT).parts, stem))] = where / name
    return found


@dataclass(frozen=True)
class Verdict:
    """What the guard found: whether a build is present, whether it may be used, and if not, why."""

    present: bool
    fresh: bool
    problem: str = ""


def examine() -> Verdict:
    """Whether the extension modules under bot/games (if any) are a complete, fresh build of `MODULES`."""
    present = extensions()
    if not present:
        return Verdict(False, False)
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Verdict(True, False, "compiled modules without a readable manifest (not built by this command?)")
    if not isinstance(manifest, dict):
        return Verdict(True, False, "the manifest is not a build manifest")
    if manifest.get("modules") != list(MODULES) or manifest.get("suffix") != SUFFIX:
        return Verdict(True, False, "the build is of another list of modules or for another Python")
    if set(present) != {*MODULES, f"{GROUP}__mypyc"}:
        return Verdict(True, False, "the compiled modules do not match the manifest (a partial build or clean?)")
    changed = _changed(manifest.get("sources"), digests())
    if changed:
        return Verdict(True, False, f"sources changed since the build: {', '.join(changed)}")
    return Verdict(True, True)


def _changed(built: object, now: dict[str, str]) -> list[str]:
    """The sources that differ between the manifest's hashes and now (added and removed files included)."""
    if not isinstance(built, dict):
        return ["(the manifest lists no sources)"]
    return sorted(path for path in {*built, *now} if built.get(path) != now.get(path))


class PlainSources(importlib.abc.MetaPathFinder):
    """Finds the listed modules as their .py files, ahead of the extension modules beside them."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = {module: source_of(module) for module in modules}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.modules.get(fullname)
        if source is None or not source.exists():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


VERDICT = Verdict(False, False)
"""What `guard` found when `bot.games` was imported."""


def guard() -> Verdict:
    """Make a build that is not complete and fresh invisible to imports, saying so in the log; return the verdict."""
    global VERDICT
    VERDICT = examine()
    sys.meta_path[:] = [finder for finder in sys.meta_path if not isinstance(finder, PlainSources)]
    if VERDICT.present and not VERDICT.fresh:
        sys.meta_path.insert(0, PlainSources(sorted(extensions())))
        log.warning(
            "rules engines: compiled modules not used, running plain Python: %s. "
            "Run `%s` to compile them again, or `%s` to remove them.",
            VERDICT.problem,
            BUILD,
            CLEAN,
        )
    return VERDICT


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` was loaded from an extension module."""
    spec = getattr(module, "__spec__", None)
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def running() -> str:
    """Which rules engines this process runs, for the startup log: compiled with mypyc, or plain Python (and why)."""
    compiled = [is_compiled(sys.modules[m]) for m in MODULES if m in sys.modules]
    if compiled and all(compiled):
        return "compiled with mypyc"
    if any(compiled):
        return f"partly compiled with mypyc ({sum(compiled)} of {len(compiled)} modules)"
    if VERDICT.present and not VERDICT.fresh:
        return f"plain Python (the compiled build is not used: {VERDICT.problem}; run `{BUILD}` or `{CLEAN}`)"
    return "plain Python"


guard()
