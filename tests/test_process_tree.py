"""Issue 32 item 3: every process the bot starts ends with it, even when the bot is killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from bench.processes import descendants
from tests.support.processes import READY, Child

ROOT = Path(__file__).resolve().parent.parent
GONE_WITHIN_S = 3.0


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie has ended: only its exit status is left for its parent)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:160]
    except OSError:
        return "(gone)"


def test_no_process_of_the_bot_outlives_a_sigkill(tmp_path: Path) -> None:
    """Issue 32 item 3: picture workers, computer workers and multiprocessing's resource tracker all end with a
    SIGKILLed bot (no clean-up runs: each must notice by itself), rather than hold its memory and its pipes."""
    argv = [sys.executable, "-m", "tests.support.bot_process", str(tmp_path / "tetsudo.sqlite3"), "busy"]
    bot = Child("bot", argv)
    try:
        bot.wait_for(READY)
        family = descendants(bot.process.pid)
        commands = "\n".join(command(pid) for pid in family)
        # A picture worker, a computer worker (thinking) and the resource tracker, at least.
        assert len(family) >= 3, commands
        assert "resource_tracker" in commands, commands
    finally:
        bot.kill()
    deadline = time.monotonic() + GONE_WITHIN_S
    while any(alive(pid) for pid in family) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [f"{pid}: {command(pid)}" for pid in family if alive(pid)]
    for pid in family:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)  # this test's own stragglers: a failure must not leave them running
    assert left == [], "still running 3 s after the bot was killed:\n" + "\n".join(left)
