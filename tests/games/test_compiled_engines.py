"""Issue 20: the rules engines compiled with mypyc (bot/games/compiled) play exactly as plain Python, and a build
that is not fresh is never used.

Builds happen in copies of the project under tmp_path, never in the source tree. The guard's tests use stand-in
extension files (no compiler needed); the compiled build's test needs mypyc and a C compiler, and is skipped
without them (CI installs gcc: .ci/run).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bot.games import compiled
from bot.games.compiled.build import extension_files, missing_tools

ROOT = Path(__file__).resolve().parents[2]
SHARED = f"{compiled.GROUP}__mypyc"
"""The module of mypyc's shared library, beside the modules' own (thin) extension modules."""

REPORT = textwrap.dedent(
    """
    import json, sys
    from bot.games import REGISTRY, compiled
    from bot.games.rng import GameRandom

    game = REGISTRY["ttr_japan"]
    state = game.setup(7, 2, {})
    seat = min(game.to_act(state))
    game.apply(state, seat, game.legal_actions(state, seat)[0], GameRandom(7, 1))
    files = {m: sys.modules[m].__file__ for m in compiled.MODULES if m in sys.modules}
    print(json.dumps({"running": compiled.running(), "files": files}))
    """
)
"""Imports the engines, plays a move, and says what ran: `running()` and each compiled module's file."""

DRIVER = textwrap.dedent(
    """
    import json, sys
    import pytest

    code = pytest.main(sys.argv[1:])
    from bot.games import compiled

    loaded = {m: compiled.is_compiled(sys.modules[m]) and sys.modules[m].__file__ for m in compiled.MODULES}
    print("LOADED " + json.dumps(loaded))
    sys.exit(code)
    """
)
"""Runs pytest in-process, then says from which file each compiled module was imported (False: from source)."""


def copy_project(to: Path, parts: tuple[str, ...] = ("bot", "config")) -> Path:
    """A copy of the project's `parts` under `to`, without any build.

    The bytecode cache comes along (copied with their sources' times, the .pyc files stay valid): compiling every
    module again took the copy's test run 6 s of CPU."""
    ignored = shutil.ignore_patterns("*.so", "*.pyd", "manifest.json", ".hypothesis")
    for part in parts:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, to / part, ignore=ignored)
        else:
            shutil.copy2(source, to / part)
    return to


def python(
    copy: Path, *args: str, timeout: float = 120, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run this Python in `copy` with `copy` first on the path (ahead of the editable install of the real tree)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")} | (env or {})  # not an xdist worker
    env["PYTHONPATH"] = str(copy)
    return subprocess.run(
        [sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def report(copy: Path) -> dict[str, Any]:
    """What REPORT says in `copy`, and its stderr (where the guard's warning goes)."""
    done = python(copy, "-c", REPORT)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    found["stderr"] = done.stderr
    return found


def stand_in_build(copy: Path) -> None:
    """Files named as a build's extension modules (not loadable: any import of one fails), without a manifest."""
    for module in (*compiled.MODULES, SHARED):
        path = copy.joinpath(*module.split(".")).with_name(module.rsplit(".", 1)[1] + compiled.SUFFIX)
        path.write_bytes(b"not an extension module")


def write_manifest(copy: Path) -> None:
    """The manifest `build` would write for the sources of `copy` as they are now."""
    done = python(copy, "-c", "from bot.games.compiled.build import write_manifest; write_manifest('test')")
    assert done.returncode == 0, done.stderr


def test_extension_modules_without_a_manifest_are_not_used(tmp_path: Path) -> None:
    copy = copy_project(tmp_path)
    stand_in_build(copy)
    found = report(copy)
    assert found["running"].startswith("plain Python (the compiled build is not used: ")
    assert set(found["files"]) == set(compiled.MODULES)
    assert all(f.endswith(".py") and f.startswith(str(copy)) for f in found["files"].values()), found["files"]
    assert "compiled modules not used, running plain Python" in found["stderr"]


def test_a_fresh_build_is_imported_and_a_stale_one_is_not(tmp_path: Path) -> None:
    copy = copy_project(tmp_path)
    stand_in_build(copy)
    write_manifest(copy)
    done = python(copy, "-c", "import bot.games")  # fresh: the stand-ins are imported, and fail
    assert done.returncode != 0 and "ImportError" in done.stderr, done.stderr
    # An edited source the compiled modules import (not itself compiled) makes the build stale.
    words = copy / "bot" / "games" / "ttr_japan" / "words.py"
    words.write_text(words.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    found = report(copy)
    assert "sources changed since the build: bot/games/ttr_japan/words.py" in found["running"]
    assert "compiled modules not used" in found["stderr"]


def test_a_partial_build_is_not_used(tmp_path: Path) -> None:
    copy = copy_project(tmp_path)
    stand_in_build(copy)
    write_manifest(copy)
    copy.joinpath("bot", "games", "ttr_japan", f"rules{compiled.SUFFIX}").unlink()
    assert "do not match the manifest" in report(copy)["running"]


def test_build_without_a_c_compiler_says_so_and_changes_nothing(tmp_path: Path) -> None:
    copy = copy_project(tmp_path, ("bot", "config", "pyproject.toml"))
    done = python(copy, "-m", "bot.games.compiled", "build", env={"CC": str(tmp_path / "no-such-cc")})
    assert done.returncode != 0
    assert "Cannot compile the rules engines: " in done.stderr and "C compiler" in done.stderr, done.stderr
    assert not list(copy.joinpath("bot").rglob("*.so"))


def test_build_without_mypyc_says_how_to_install_it(tmp_path: Path) -> None:
    copy = copy_project(tmp_path, ("bot", "config", "pyproject.toml"))
    hidden = "import sys; sys.modules['mypyc'] = None"  # as if mypy were not installed
    done = python(copy, "-c", f"{hidden}; from bot.games.compiled.__main__ import main; sys.exit(main(['build']))")
    assert done.returncode != 0
    assert "mypyc is not installed" in done.stderr and "pip install -e '.[fast]'" in done.stderr, done.stderr


def test_the_compiled_engines_replay_the_corpus_and_keep_the_contract(tmp_path: Path) -> None:
    """Build in a copy, then the replay corpus and the contract tests against it (the compiled games only)."""
    problem = missing_tools()
    if problem:
        pytest.skip(f"cannot build with mypyc here: {problem}")
    in_source_tree = extension_files()
    copy = copy_project(tmp_path, ("bot", "config", "rendering", "tests", "pyproject.toml"))
    # At -O0, with mypyc's runtime assertions on, as mypyc's own tests build: half of gcc's time at -O3.
    built = python(copy, "-m", "bot.games.compiled", "build", "--opt-level", "0", timeout=600)
    assert built.returncode == 0, built.stdout + built.stderr
    games = sorted({m.split(".")[2] for m in compiled.MODULES})
    tests = ["tests/games/test_replay_corpus.py", "tests/games/test_contract.py"]
    # Every recorded game at every checkpoint, and each law of the contract on 6 random playouts per game (the plain
    # suite runs 20 on the same source): a module mypyc compiles differently shows on the first game it plays.
    few = {"TETSUDO_CONTRACT_EXAMPLES": "6"}
    done = python(copy, "-c", DRIVER, "-n", "0", "-q", "-x", "-k", " or ".join(games), *tests, timeout=1200, env=few)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
    loaded = json.loads(done.stdout.split("LOADED ", 1)[1].splitlines()[0])
    assert all(str(f).startswith(str(copy)) and str(f).endswith(compiled.SUFFIX) for f in loaded.values()), loaded
    assert report(copy)["running"] == "compiled with mypyc"
    # An edit after the build: the bot runs plain Python, and says so.
    rules = copy / "bot" / "games" / "ttr_japan" / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8")
    found = report(copy)
    assert "sources changed since the build: bot/games/ttr_japan/rules.py" in found["running"]
    assert all(f.endswith(".py") for f in found["files"].values())
    cleaned = python(copy, "-m", "bot.games.compiled", "clean")
    assert cleaned.returncode == 0 and not list(copy.joinpath("bot").rglob(f"*{compiled.SUFFIX}"))
    assert extension_files() == in_source_tree, "the build touched the source tree"
