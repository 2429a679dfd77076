"""Compile the rules engines with mypyc, remove the build, or say which runs (`python -m bot.games.compiled`).

`build` needs mypyc (it comes with mypy: `pip install -e '.[fast]'`) and a C compiler with the Python headers.
It compiles in a temporary directory, so nothing but the extension modules (beside their .py files) and the
manifest is left in the source tree. Re-run it after every update of the code: until then the guard in
`bot.games.compiled` keeps the out-of-date build unused and the bot runs on plain Python.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from bot.games import compiled
from bot.games.compiled import GAMES, GROUP, MANIFEST, MODULES, ROOT, SUFFIX

COMPILER_CHECK = textwrap.dedent(
    """
    import sys
    import setuptools  # noqa: F401  (makes `distutils` setuptools' own, as mypyc uses it)
    from distutils import ccompiler, sysconfig

    compiler = ccompiler.new_compiler()
    sysconfig.customize_compiler(compiler)
    with open("check.c", "w") as f:
        f.write("#include <Python.h>\\nint tetsudo_check(void) { return 0; }\\n")
    compiler.compile(["check.c"], include_dirs=[sysconfig.get_python_inc()])
    """
)
"""Compiles a one-line C file that includes Python.h, as mypyc's build will (run in a scratch directory)."""

BUILD_SCRIPT = textwrap.dedent(
    """
    import sys
    import warnings

    warnings.filterwarnings("ignore", module="setuptools")
    import setuptools
    from mypyc.build import mypycify

    work, config, group, opt_level, *paths = sys.argv[1:]
    mypy_args = [f"--config-file={config}", f"--cache-dir={work}/mypy-cache", *paths]
    setuptools.setup(
        name="tetsudo-compiled-engines",
        # Without debugging information (mypyc's default is -g1): a tenth less of gcc's time, and nobody debugs the C.
        ext_modules=mypycify(
            mypy_args, group_name=group, target_dir=f"{work}/c", opt_level=opt_level, debug_level="0"
        ),
        script_args=["build_ext", f"--build-lib={work}/lib", f"--build-temp={work}/temp"],
    )
    """
)
"""setup.py for the build, run in a scratch directory: C sources, objects and libraries all stay there."""


def missing_tools() -> str:
    """Why a build cannot run here (no mypyc, no C compiler or no Python headers), or "" if it can."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed. It comes with mypy: pip install -e '.[fast]'"
    with tempfile.TemporaryDirectory(prefix="tetsudo-cc-") as scratch:
        check = subprocess.run(
            [sys.executable, "-c", COMPILER_CHECK], cwd=scratch, capture_output=True, text=True, check=False
        )
    if check.returncode != 0:
        said = (check.stderr or check.stdout).strip().splitlines()
        return (
            "no working C compiler with the Python headers was found "
            f"({said[-1] if said else 'the test compilation failed'}). "
            "On Debian or Ubuntu: apt-get install build-essential python3-dev"
        )
    return ""


def extension_files() -> list[Path]:
    """Every extension module file under bot/games, for any interpreter (what `clean` removes)."""
    return sorted(p for p in GAMES.rglob("*") if p.is_file() and p.name.endswith((".so", ".pyd")))


def clean(quiet: bool = False) -> int:
    """Remove the compiled modules and the manifest: the engines run on plain Python again."""
    removed = [p for p in (*extension_files(), MANIFEST) if p.exists()]
    for path in removed:
        path.unlink()
    if not quiet:
        print(
            f"Removed {len(removed)} files: the rules engines run on plain Python." if removed else "Nothing to remove."
        )
    return 0


OPT_LEVELS = ("0", "1", "2", "3")
"""The C compiler's optimisation levels mypyc offers. 3 (its default) runs fastest; 0 compiles in half the time,
with mypyc's runtime assertions on, as mypyc's own tests build (tests/games/test_compiled_engines.py does too)."""


def build(verbose: bool = False, opt_level: str = "3") -> int:
    """Compile `MODULES` with mypyc into extension modules beside their sources, and write the manifest."""
    problem = missing_tools()
    if problem:
        print(f"Cannot compile the rules engines: {problem}.", file=sys.stderr)
        print("Nothing changed; the bot runs on plain Python.", file=sys.stderr)
        return 1
    # Removed first: a process that has loaded the old files keeps them (unlinked), and a failed build leaves
    # plain Python rather than a mix.
    clean(quiet=True)
    before = compiled.digests()
    paths = [str(compiled.source_of(module)) for module in MODULES]
    print(f"Compiling {len(MODULES)} modules with mypyc (about a minute)...", flush=True)
    with tempfile.TemporaryDirectory(prefix="tetsudo-mypyc-") as work:
        done = subprocess.run(
            [sys.executable, "-c", BUILD_SCRIPT, work, str(ROOT / "pyproject.toml"), GROUP, opt_level, *paths],
            cwd=work,
            stdout=None if verbose else subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(done.stdout or "", file=sys.stderr)
            print("mypyc failed (above); nothing changed: the bot runs on plain Python.", file=sys.stderr)
            return 1
        built = sorted(p for p in Path(work, "lib").rglob(f"*{SUFFIX}"))
        for library in built:
            target = ROOT / library.relative_to(Path(work, "lib"))
            partial = target.with_name(target.name + ".partial")
            shutil.copyfile(library, partial)
            os.replace(partial, target)  # a new file, never rewritten in place: a running bot may have it mapped
    if compiled.digests() != before:
        clean(quiet=True)
        print("Sources changed during the build; removed it. Run the build again.", file=sys.stderr)
        return 1
    write_manifest(importlib.metadata.version("mypy"), before)
    verdict = compiled.examine()
    if not verdict.fresh:
        clean(quiet=True)
        print(f"The build is not usable ({verdict.problem}); removed it.", file=sys.stderr)
        return 1
    print(f"Compiled {len(MODULES)} modules ({len(built)} files). The next start runs the compiled rules engines.")
    print("Run this again after every update of the code (until then the engines run on plain Python).")
    return 0


def write_manifest(mypy_version: str, sources: dict[str, str] | None = None) -> None:
    """Record the build: its modules, its interpreter, mypy's version and the hashes of the sources (now's)."""
    manifest = {
        "modules": list(MODULES),
        "suffix": SUFFIX,
        "mypy": mypy_version,
        "sources": compiled.digests() if sources is None else sources,
    }
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def status() -> int:
    """Say what is compiled, whether the build is used, and what this process runs."""
    verdict = compiled.VERDICT
    if not verdict.present:
        print("No compiled build: the rules engines run on plain Python.")
    elif verdict.fresh:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        print(f"Compiled build in use: {len(MODULES)} modules, built with mypyc {manifest['mypy']}.")
    else:
        print(f"Compiled build present but not used: {verdict.problem}.")
        print(f"Run `{compiled.BUILD}` to compile again, or `{compiled.CLEAN}` to remove it.")
    print(f"rules engines: {compiled.running()}")
    print("Modules compiled by the build:", *MODULES, sep="\n  ")
    return 0
