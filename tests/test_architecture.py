"""Import directions of DESIGN.md §1 and the module docstrings of §8, checked by reading the source with ast."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("bot", "rendering")
OUR_PACKAGES = frozenset({"bot", "rendering", "tests", "bench", "config"})
STDLIB = frozenset(sys.stdlib_module_names)

# Standard-library modules the pure rules may not touch: clocks and global randomness make a game
# depend on more than (seed, actions) — DESIGN §2 "Randomness only through the injected RNG",
# "Real-time rules take time as part of the action, never read from a clock inside bot/games".
GAMES_BANNED_STDLIB = frozenset({"time", "random", "datetime", "secrets"})
# The one deterministic RNG builds on random.random() (DESIGN §2), so it alone may import random.
STDLIB_EXCEPTIONS = {"bot/games/rng.py": frozenset({"random"})}

# Runtime dependencies from pyproject.toml; simcord is there only for the sandbox (and tests).
RUNTIME_THIRD_PARTY = frozenset(
    {"discord", "aiosqlite", "asyncpg", "PIL", "zlib_ng", "openskill", "babel", "aiohttp", "jinja2"}
)


@dataclass(frozen=True)
class Layer:
    """Who a group of modules may import: our packages by dotted prefix, third-party by top-level name."""

    name: str
    ours: tuple[str, ...]
    third_party: frozenset[str] = frozenset()
    banned_stdlib: frozenset[str] = frozenset()


# Every layer may word its text through bot.i18n; the catalogs are read with Babel, on first use only.
I18N = Layer("bot/i18n", ("bot.i18n",), frozenset({"babel"}))
GAMES = Layer("bot/games", ("bot.games", "bot.i18n"), banned_stdlib=GAMES_BANNED_STDLIB)
# Computer players read views and search over the rules; they may keep time (a thinking budget) and draw randomness.
COMPUTERS = Layer("bot/computers", ("bot.computers", "bot.games", "bot.i18n", "bot.lifeline"))
STORAGE = Layer("bot/storage", ("bot.storage",), frozenset({"aiosqlite", "asyncpg"}))
# openskill is arithmetic on ratings (no I/O, no clock): the engine rates a finished game in the
# transaction that records it, so it may use it.
ENGINE = Layer(
    "bot/engine", ("bot.games", "bot.computers", "bot.storage", "bot.engine", "bot.i18n"), frozenset({"openskill"})
)
# zlib-ng deflates what rendering packs: the PNGs it writes and the map crops a worker keeps.
RENDERING = Layer("rendering", ("bot.games", "rendering", "bot.i18n", "bot.lifeline"), frozenset({"PIL", "zlib_ng"}))
DISCORD_LAYER = Layer(
    "bot/cogs, bot/ui",
    ("bot.engine", "bot.games", "bot.computers", "bot.settings", "rendering", "bot.ui", "bot.cogs", "bot.i18n"),
    frozenset({"discord"}),
)
# The shared pages: another adapter beside the Discord layer (aiohttp and its own parts, Jinja2), never discord.
WEB = Layer(
    "bot/web",
    ("bot.engine", "bot.games", "bot.storage", "bot.i18n", "bot.web", "rendering.table"),
    frozenset({"aiohttp", "jinja2"}),
)
WIRING = Layer("wiring", ("bot", "rendering"), RUNTIME_THIRD_PARTY)
SANDBOX = Layer("bot/sandbox", ("bot", "rendering"), RUNTIME_THIRD_PARTY | {"simcord"})
# bot/__init__.py runs whenever any bot.* module is imported — bot.games included — so anything it
# imported would become a runtime dependency of the pure rules. It stays standard library only.
PACKAGE_ROOT = Layer("bot/__init__.py", ())
# Every worker process holds this tie to the bot (pictures and computers alike): standard library only, like the root.
LIFELINE = Layer("bot/lifeline.py", ())

LAYER_BY_PATH: tuple[tuple[str, Layer], ...] = (
    # Longest prefix first; a file in none of these is an error (add it here when adding a module).
    ("bot/__init__.py", PACKAGE_ROOT),
    ("bot/lifeline.py", LIFELINE),
    ("bot/__main__.py", WIRING),
    ("bot/client.py", WIRING),
    ("bot/lifecycle.py", WIRING),
    ("bot/backups.py", WIRING),
    ("bot/settings.py", WIRING),
    ("bot/logs.py", WIRING),
    ("bot/doctor.py", WIRING),
    ("bot/moving.py", WIRING),
    ("bot/sandbox/", SANDBOX),
    ("bot/games/", GAMES),
    ("bot/computers/", COMPUTERS),
    ("bot/i18n/", I18N),
    ("bot/storage/", STORAGE),
    ("bot/engine/", ENGINE),
    ("bot/cogs/", DISCORD_LAYER),
    ("bot/ui/", DISCORD_LAYER),
    ("bot/web/", WEB),
    ("rendering/", RENDERING),
)


@dataclass(frozen=True)
class Import:
    """One dependency of a module: the dotted name it reaches and where the import statement is."""

    module: str
    line: int
    type_checking: bool

    @property
    def top(self) -> str:
        return self.module.split(".")[0]

    def describe(self) -> str:
        guard = " (under TYPE_CHECKING)" if self.type_checking else ""
        return f"`{self.module}`{guard}"


def source_files() -> list[Path]:
    return sorted(path for package in SCANNED for path in (ROOT / package).rglob("*.py"))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def module_name(rel: str) -> str:
    parts = rel.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(rel: str) -> Layer | None:
    for prefix, layer in LAYER_BY_PATH:
        if rel == prefix or (prefix.endswith("/") and rel.startswith(prefix)):
            return layer
    return None


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _dynamic_target(call: ast.Call) -> str | None:
    """`importlib.import_module("x")` / `__import__("x")` with a literal name: an import all the same."""
    func = call.func
    named = (isinstance(func, ast.Name) and func.id in ("__import__", "import_module")) or (
        isinstance(func, ast.Attribute) and func.attr == "import_module"
    )
    if named and call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def imports_of(tree: ast.Module, module: str, *, is_package: bool) -> Iterator[Import]:
    """Every import in the module, at any depth: function-level, try/except and TYPE_CHECKING ones too.

    TYPE_CHECKING-guarded imports are reported like the others: a type annotation naming another
    layer's class is still a dependency on that layer (DESIGN §1: imports flow one way).
    """
    package = module if is_package else module.rpartition(".")[0]

    def resolve(node: ast.ImportFrom) -> str:
        if node.level == 0:
            return node.module or ""
        base = package.split(".")
        base = base[: len(base) - (node.level - 1)]
        return ".".join([*base, node.module] if node.module else base)

    def visit(node: ast.AST, guarded: bool) -> Iterator[Import]:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from visit(child, True)
            for child in node.orelse:
                yield from visit(child, guarded)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, node.lineno, guarded)
        elif isinstance(node, ast.ImportFrom):
            target = resolve(node)
            if target == "__future__":
                return
            for alias in node.names:
                # `from bot import storage` reaches bot.storage; `from bot.games.base import Action`
                # reaches bot.games.base.Action, which sits inside bot.games all the same.
                yield Import(target if alias.name == "*" else f"{target}.{alias.name}", node.lineno, guarded)
        elif isinstance(node, ast.Call) and (dynamic := _dynamic_target(node)) is not None:
            yield Import(dynamic, node.lineno, guarded)
        for inner in ast.iter_child_nodes(node):
            yield from visit(inner, guarded)

    yield from visit(tree, False)


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def problems_with(rel: str, layer: Layer, found: Import) -> str | None:
    """Why this import breaks the layer's rule, or None when it is allowed."""
    where = f"{rel}:{found.line} imports {found.describe()}"
    if found.top in OUR_PACKAGES:
        if any(within(found.module, prefix) for prefix in layer.ours):
            return None
        if not layer.ours:
            return f"{where}: {layer.name} may import nothing of ours"
        return f"{where}: {layer.name} may import only {', '.join(layer.ours)} of our code"
    if found.top in STDLIB:
        if found.top in layer.banned_stdlib and found.top not in STDLIB_EXCEPTIONS.get(rel, frozenset()):
            return f"{where}: {layer.name} may not use `{found.top}` (clocks and randomness stay outside the rules)"
        return None
    if found.top in layer.third_party:
        return None
    allowed = ", ".join(sorted(layer.third_party)) or "none"
    return f"{where}: {layer.name} may not depend on `{found.top}` (third-party allowed here: {allowed})"


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def import_problems(path: Path) -> list[str]:
    rel = relative(path)
    layer = layer_of(rel)
    if layer is None:
        return [f"{rel}: no layer knows this file; add it to LAYER_BY_PATH in tests/test_architecture.py"]
    found = imports_of(parse(path), module_name(rel), is_package=path.name == "__init__.py")
    return [problem for item in found if (problem := problems_with(rel, layer, item)) is not None]


# --- the rules over the real source -------------------------------------------------------------


def test_the_scan_sees_the_source_tree() -> None:
    files = {relative(path) for path in source_files()}
    assert {"bot/games/base.py", "bot/games/rng.py", "bot/engine/manager.py", "rendering/__init__.py"} <= files


def test_imports_flow_one_way() -> None:
    problems = [problem for path in source_files() for problem in import_problems(path)]
    assert not problems, "Import directions of DESIGN.md §1 broken:\n" + "\n".join(problems)


def test_a_game_never_imports_another_game() -> None:
    """What two games share moves to bot/games/base.py (DESIGN §8), so a game package imports no other.

    Nor may a game import the bot.games package itself: that is REGISTRY, which imports every game.
    """
    games_dir = ROOT / "bot" / "games"
    game_packages = {path.parent.name for path in games_dir.glob("*/__init__.py")}
    problems = []
    for name in sorted(game_packages):
        for path in sorted((games_dir / name).rglob("*.py")):
            rel = relative(path)
            for found in imports_of(parse(path), module_name(rel), is_package=path.name == "__init__.py"):
                if not within(found.module, "bot.games") or within(found.module, f"bot.games.{name}"):
                    continue
                parts = found.module.split(".")
                other = parts[2] if len(parts) > 2 else None
                if other is None or other in game_packages or other == "REGISTRY":
                    problems.append(f"{rel}:{found.line} imports {found.describe()}: a game imports no other game")
    assert not problems, "\n".join(problems)


def test_every_module_opens_with_a_one_line_docstring() -> None:
    """DESIGN §8: the first statement is a docstring whose first line says what the module is."""
    problems = []
    for path in source_files():
        rel = relative(path)
        tree = parse(path)
        first = tree.body[0] if tree.body else None
        docstring = ast.get_docstring(tree, clean=True)
        if first is None or docstring is None:
            problems.append(f"{rel}: no module docstring")
            continue
        if first.lineno != 1:
            problems.append(f"{rel}:{first.lineno}: the docstring must open the file (line 1)")
        lines = docstring.splitlines()
        if not lines or not lines[0].strip():
            problems.append(f"{rel}: the docstring's first line must say what the module is")
        elif len(lines) > 1 and lines[1].strip():
            problems.append(f"{rel}: the docstring's summary must fit on one line (then a blank line)")
    assert not problems, "\n".join(problems)


# --- the checker itself, so a silent checker cannot pass everything --------------------------------


def _imports(source: str, module: str = "bot.games.demo.rules", *, is_package: bool = False) -> list[Import]:
    return list(imports_of(ast.parse(source), module, is_package=is_package))


def test_checker_finds_nested_guarded_relative_and_dynamic_imports() -> None:
    source = (
        "from __future__ import annotations\n"
        "import json, os.path\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bot.client import TetsudoBot\n"
        "def f():\n"
        "    import discord\n"
        "from . import state\n"
        "from ..base import Action\n"
        "import importlib\n"
        "x = importlib.import_module('PIL.Image')\n"
    )
    found = {(item.module, item.line, item.type_checking) for item in _imports(source)}
    assert found == {
        ("json", 2, False),
        ("os.path", 2, False),
        ("typing.TYPE_CHECKING", 3, False),
        ("bot.client.TetsudoBot", 5, True),
        ("discord", 7, False),
        ("bot.games.demo.state", 8, False),
        ("bot.games.base.Action", 9, False),
        ("importlib", 10, False),
        ("PIL.Image", 11, False),
    }


def test_relative_imports_resolve_from_a_package_init() -> None:
    found = _imports("from .rules import apply\n", "bot.games.demo", is_package=True)
    assert [item.module for item in found] == ["bot.games.demo.rules.apply"]


@pytest.mark.parametrize(
    ("rel", "source", "fragment"),
    [
        ("bot/games/demo/rules.py", "import discord\n", "may not depend on `discord`"),
        ("bot/games/demo/rules.py", "import time\n", "may not use `time`"),
        ("bot/games/demo/rules.py", "from random import shuffle\n", "may not use `random`"),
        ("bot/games/demo/rules.py", "from datetime import datetime\n", "may not use `datetime`"),
        ("bot/games/demo/rules.py", "import secrets\n", "may not use `secrets`"),
        ("bot/games/demo/rules.py", "from bot.engine import GameManager\n", "may import only bot.games"),
        ("bot/games/demo/rules.py", "from bot import settings\n", "may import only bot.games"),
        ("bot/storage/sqlite.py", "from bot.games.base import Action\n", "may import only bot.storage"),
        ("bot/engine/manager.py", "import discord\n", "may not depend on `discord`"),
        ("bot/engine/manager.py", "from rendering import render_png\n", "may import only"),
        ("bot/engine/manager.py", "from bot.ui import flows\n", "may import only"),
        ("rendering/demo.py", "from bot.engine import Update\n", "may import only bot.games, rendering"),
        ("rendering/demo.py", "import discord\n", "may not depend on `discord`"),
        ("bot/cogs/demo.py", "from bot.storage import SqliteStorage\n", "may import only"),
        ("bot/ui/demo.py", "import aiosqlite\n", "may not depend on `aiosqlite`"),
        ("bot/ui/demo.py", "if TYPE_CHECKING:\n    from bot.client import TetsudoBot\n", "(under TYPE_CHECKING)"),
        ("bot/client.py", "import simcord\n", "may not depend on `simcord`"),
        ("bot/__init__.py", "from bot.games import REGISTRY\n", "nothing of ours"),
    ],
)
def test_checker_refuses(rel: str, source: str, fragment: str) -> None:
    layer = layer_of(rel)
    assert layer is not None
    module = module_name(rel)
    problems = [p for item in _imports(source, module) if (p := problems_with(rel, layer, item)) is not None]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{rel}:") and fragment in problems[0], problems[0]


@pytest.mark.parametrize(
    ("rel", "source"),
    [
        ("bot/games/rng.py", "import random\n"),
        ("bot/games/demo/rules.py", "import json\nfrom bot.games.base import Action\nfrom . import state\n"),
        ("bot/storage/sqlite.py", "import aiosqlite\nimport sqlite3\n"),
        ("bot/engine/lobby.py", "import time\nimport secrets\nfrom bot.storage import GameRow\n"),
        ("rendering/demo.py", "from PIL import Image\nfrom bot.games.base import JSON\n"),
        ("bot/ui/demo.py", "import discord\nfrom bot.engine import Update\nfrom rendering import render_png\n"),
        ("bot/cogs/demo.py", "from bot.settings import Settings\nfrom bot.games.base import IllegalAction\n"),
        ("bot/sandbox/world.py", "import simcord\nfrom bot.client import TetsudoBot\n"),
        ("bot/__main__.py", "from bot.storage import SqliteStorage\nimport discord\n"),
    ],
)
def test_checker_allows(rel: str, source: str) -> None:
    layer = layer_of(rel)
    assert layer is not None
    module = module_name(rel)
    assert [p for item in _imports(source, module) if (p := problems_with(rel, layer, item)) is not None] == []


def test_an_unknown_top_level_module_has_no_layer() -> None:
    assert layer_of("bot/helpers.py") is None


def test_a_bot_on_sqlite_never_imports_asyncpg() -> None:
    """The PostgreSQL driver is loaded only for a PostgreSQL database: ~6 MB of the bot's memory on a small VPS."""
    import subprocess

    check = "import sys, bot.__main__, bot.client; print(sorted(m for m in sys.modules if m.startswith('asyncpg')))"
    found = subprocess.run(
        [sys.executable, "-c", check], cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True
    )
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "[]"


def import_graph() -> dict[str, set[str]]:
    """Each of our modules and the modules of ours it imports (at any depth, TYPE_CHECKING included)."""
    modules = {module_name(relative(path)): path for path in source_files()}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        reached = set()
        for found in imports_of(parse(path), name, is_package=path.name == "__init__.py"):
            target = found.module
            while target and target not in modules:  # `from bot.ui import flows` reaches bot.ui.flows
                target = target.rpartition(".")[0]
            if target and target != name:
                reached.add(target)
        graph[name] = reached
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round a circle (Tarjan's strongly connected components)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_no_import_circles() -> None:
    """No module reaches itself through its imports (function-level and TYPE_CHECKING ones count): each layer's
    modules can be read, tested and moved from the bottom up."""
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


# --- the game contract as the only door (DESIGN §2): past it, a game's internals are its own -----------------

# A game's own partners (its computer players, its pictures) know its internals; every other module reaches a game
# through its package's `__all__`: the game object and the view helpers a cog or presenter needs.
PARTNERS = ("bot/games/", "bot/computers/", "rendering/")


def game_doors() -> dict[str, frozenset[str]]:
    """Each game package of REGISTRY's folder and the names its `__init__` offers in `__all__`, read with ast."""
    doors = {}
    for init in sorted((ROOT / "bot" / "games").glob("*/__init__.py")):
        for node in parse(init).body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
                doors[init.parent.name] = frozenset(ast.literal_eval(node.value))
    return doors


def door_problem(rel: str, found: Import, doors: dict[str, frozenset[str]]) -> str | None:
    """Why this import walks past a game's door, or None when it goes through it (or reaches no game)."""
    parts = found.module.split(".")
    if parts[:2] != ["bot", "games"] or len(parts) < 3 or parts[2] not in doors:
        return None
    game = parts[2]
    if len(parts) == 4 and parts[3] in doors[game]:
        return None
    return (
        f"{rel}:{found.line} imports {found.describe()}: outside a game's own layers, import only the names in "
        f"bot/games/{game}/__init__.py's `__all__` (add a view helper there, or a member of the contract)"
    )


def test_the_discord_layer_enters_a_game_only_by_its_door() -> None:
    """Cogs, presenters, pages and the engine name a game's contract and view helpers, never its modules: the
    rules, data and words can change without them."""
    doors = game_doors()
    problems = []
    for path in source_files():
        rel = relative(path)
        if rel.startswith(PARTNERS):
            continue
        for found in imports_of(parse(path), module_name(rel), is_package=path.name == "__init__.py"):
            if (problem := door_problem(rel, found, doors)) is not None:
                problems.append(problem)
    assert not problems, "\n".join(problems)


def test_every_game_has_a_door_that_opens() -> None:
    """Each registered game's package lists its game object in `__all__`, and every name listed is there."""
    import importlib

    from bot.games import REGISTRY

    doors = game_doors()
    assert set(REGISTRY) <= set(doors)
    for name in REGISTRY:
        package = importlib.import_module(f"bot.games.{name}")
        assert set(package.__all__) == doors[name]
        assert REGISTRY[name] in [getattr(package, offered) for offered in doors[name]]
        missing = [offered for offered in doors[name] if not hasattr(package, offered)]
        assert not missing, f"bot.games.{name} lists {missing} in __all__ but has no such names"


@pytest.mark.parametrize(
    ("source", "refused"),
    [
        ("from bot.games.demo import DEMO, colour_name\n", False),
        ("from bot.games.base import Action\nfrom bot.games import REGISTRY\n", False),
        ("from bot.games.demo.words import colour_name\n", True),
        ("from bot.games.demo import rules\n", True),
        ("import bot.games.demo\n", True),
        ("def f():\n    from bot.games.demo.data import KINDS\n", True),
    ],
)
def test_the_door_checker(source: str, refused: bool) -> None:
    doors = {"demo": frozenset({"DEMO", "colour_name"})}
    found = [p for item in _imports(source, "bot.cogs.demo") if (p := door_problem("bot/cogs/demo.py", item, doors))]
    assert bool(found) == refused, found
