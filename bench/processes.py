"""Memory of this process and of the processes it started (the picture workers), read from /proc (Linux)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def status_kb(pid: int | str) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in kB (empty if it has gone)."""
    found: dict[str, int] = {}
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return found
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0])
    return found


def pss_kb(pid: int | str) -> int:
    """A process's proportional set size in kB: its private pages plus its share of pages it shares (0 if gone).

    Summed over processes it counts shared libraries once, where summed RSS counts them in every process.
    """
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) for line in text.splitlines() if line.startswith("Pss:")), 0)


def descendants(root: int) -> list[int]:
    """Every live process under `root` (picture workers, and the resource tracker), from /proc/*/stat."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # the command name may hold spaces and ")"
        except (OSError, IndexError):
            continue  # it ended while we looked
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [root]
    while frontier:
        children = [pid for pid, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def family_mb() -> dict[str, float]:
    """This process's VmRSS, VmHWM and PSS, and its child processes' summed ("children ..."), in MB."""
    own = status_kb("self")
    children = descendants(os.getpid())
    statuses = [status_kb(pid) for pid in children]
    return {
        "rss": own.get("VmRSS", 0) / 1024,
        "peak": own.get("VmHWM", 0) / 1024,
        "pss": pss_kb("self") / 1024,
        "children rss": sum(s.get("VmRSS", 0) for s in statuses) / 1024,
        "children peak": sum(s.get("VmHWM", 0) for s in statuses) / 1024,
        "children pss": sum(pss_kb(pid) for pid in children) / 1024,
        "processes": len(children),
    }


def spawn_as_a_module_would() -> None:
    """Picture workers must not re-import a bench script: as under `python -m bot`, they import the renderers only.

    multiprocessing's spawn runs the parent's main script again in each worker (as `__mp_main__`) when the parent
    was started as `python script.py`; a bench's imports (simcord, the tests) would then weigh on every worker.
    Under `python -m bot` the main module is a package's `__main__`, which spawn leaves alone; a module run as
    `python -m tests.support.bot_process` it would import again by name, so it is hidden the same way.
    """
    main = sys.modules["__main__"]
    spec = getattr(main, "__spec__", None)
    if spec is not None and not spec.name.endswith("__main__"):
        main.__spec__ = None
    if main.__spec__ is None and hasattr(main, "__file__"):
        del main.__file__
