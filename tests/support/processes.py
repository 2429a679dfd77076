"""Bot processes side by side, each a separate OS process with its own simcord: started, let go together, heard back.

The parent starts every child, waits until each has said it is ready (its bot up, its setup done), then lets them all
go at once; each child answers with one result line. The lines are markers on the child's standard output; any other
line the child prints is passed on, prefixed with its name. Used by `bench/load.py --processes` (and meant for the
issue's fault test: `Child.kill` is SIGKILL).
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

import simcord

READY = "@@ready"
"""A child's line: set up, waiting for the word to go."""
RESULT = "@@result "
"""A child's line: its figures follow, as JSON."""


class Child:
    """One child process, spoken to through its standard input and output."""

    def __init__(self, name: str, argv: Sequence[str], echo: Callable[[str], None] = print) -> None:
        self.name = name
        self.argv = list(argv)
        self.echo = echo
        self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def wait_for(self, marker: str) -> str:
        """The rest of the child's next line that starts with `marker` (other lines are echoed); it must come."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(marker):
                return line[len(marker) :].strip()
            self.echo(f"    [{self.name}] {line.rstrip()}")
        raise RuntimeError(f"{self.name} ended (code {self.process.wait()}) before saying {marker.strip()!r}")

    def go(self) -> None:
        """The word to go."""
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def result(self) -> dict[str, Any]:
        """The child's figures, once it has sent them; then it is waited for."""
        found: dict[str, Any] = json.loads(self.wait_for(RESULT))
        self.process.wait()
        return found

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as when a machine is lost."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def start_together(argvs: Sequence[Sequence[str]], names: Sequence[str]) -> list[Child]:
    """Start every child; once all are ready, let them all go (a barrier)."""
    children = [Child(name, argv) for name, argv in zip(names, argvs, strict=True)]
    try:
        for child in children:
            child.wait_for(READY)
    except BaseException:
        for child in children:
            child.kill()
        raise
    for child in children:
        child.go()
    return children


# ------------------------------------------------------------------------------------------------- the child's side


def ready_then_wait() -> None:
    """Say this child is ready, and block until the parent lets it go."""
    print(READY, flush=True)
    sys.stdin.readline()


def report(result: dict[str, Any]) -> None:
    """Send the parent this child's figures."""
    print(RESULT + json.dumps(result), flush=True)


def apart(running: simcord.run, index: int) -> None:
    """Date this child's simulated Discord `index` years later, so that the ids it makes are its own; before it starts.

    Every simcord starts its clock at the same moment and makes ids (snowflakes) from it, so two children would make
    the same channel ids, which the shared database would take for one channel. The clock's starting date moves,
    not its elapsed time: that is simcord's virtual time, which the bot's waits follow (moving it hangs them).
    """
    clock = running._env.backend.clock
    clock._epoch += timedelta(days=365 * index)


def share(total: int, parts: int, index: int) -> int:
    """Part `index` of `total` split into `parts` as evenly as can be (the first ones take the remainder)."""
    return total // parts + (index < total % parts)
