"""What the remote burst measures: each interaction's times, the errors the bot met, CPU and memory of its processes."""

from __future__ import annotations

import os
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import percentile
from bench.latency import APOLOGY
from bench.processes import descendants, pss_kb, status_kb

TICKS = os.sysconf("SC_CLK_TCK")
CALLBACK_ANSWERS = (4, 7)
"""Interaction callback types that are themselves the answer (a message, an updated message): nothing follows."""
TREE_EVERY = 4
"""Readings between two looks for the bot's processes: its workers start with it and are seldom replaced."""
IDS = re.compile(r"/(\d{15,}|simcord_interaction_\d+)")


@dataclass
class Interaction:
    """One INTERACTION_CREATE the bench sent: when it was written, acknowledged, and last named by a REST call."""

    phase: str
    kind: str = ""
    """The game clicked in (empty in setup)."""
    sent: float | None = None
    acked: float | None = None
    done: float | None = None
    answered: bool = False
    apology: bool = False

    def ack_s(self) -> float | None:
        """From written on the socket to the callback's arrival."""
        return None if self.sent is None or self.acked is None else self.acked - self.sent

    def answer_s(self) -> float | None:
        """From written on the socket to the last REST call naming its token (the picture's edit or followup)."""
        return None if self.sent is None or self.done is None else self.done - self.sent


@dataclass
class Meter:
    """Follows every interaction by its token through the REST calls the bot makes; counts what the bot got wrong."""

    interactions: dict[str, Interaction] = field(default_factory=dict)
    refused: Counter[str] = field(default_factory=Counter)
    """4xx/5xx answers the bot received, by status, method and path (ids blanked)."""

    def expect(self, token: str, phase: str, kind: str = "") -> None:
        """An interaction about to be sent (in a game of `kind`)."""
        self.interactions[token] = Interaction(phase, kind)

    def sent(self, token: str, at: float) -> None:
        """The INTERACTION_CREATE was handed to the gateway socket."""
        found = self.interactions.get(token)
        if found is not None:
            found.sent = at

    def request(self, method: str, path: str, body: Any, at: float) -> None:
        """A REST call arrived: the callback acknowledges, a webhook call (followup, edit) answers."""
        parts = path.strip("/").split("/")
        # /interactions/{id}/{token}/callback and /webhooks/{application}/{token}/...: the token is third.
        if parts[0] not in ("interactions", "webhooks") or len(parts) < 3:
            return
        found = self.interactions.get(parts[2])
        if found is None:
            return
        found.done = at
        found.apology |= APOLOGY in str(body)
        if parts[0] == "interactions":
            found.acked = found.acked or at
            found.answered |= isinstance(body, dict) and body.get("type") in CALLBACK_ANSWERS
        else:
            found.answered = True

    def status(self, method: str, path: str, status: int) -> None:
        """A REST call's status: anything 4xx/5xx is an error the bot met."""
        if status >= 400:
            self.refused[f"{status} {method} {IDS.sub('/…', path)}"] += 1

    def pending(self, tokens: list[str]) -> list[str]:
        """Those of `tokens` not yet both acknowledged and answered."""
        return [t for t in tokens if not (self.interactions[t].acked and self.interactions[t].answered)]

    def of(self, *phases: str) -> list[Interaction]:
        """The interactions sent in these phases."""
        return [i for i in self.interactions.values() if i.phase in phases]


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) a live process has used, from /proc/PID/stat (0 once it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime: fields 14 and 15 of proc(5)


def machine_cpu_s() -> float:
    """CPU seconds every core of the machine has spent busy since boot, from /proc/stat (steal included)."""
    first = Path("/proc/stat").read_text().split("\n", 1)[0]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in first.split()[1:9])
    return (user + nice + system + irq + softirq + steal) / TICKS


def tree_cpu_s(root: int) -> tuple[float, float]:
    """CPU seconds of the bot process, and of its descendants (picture workers) summed."""
    return cpu_s(root), sum(cpu_s(pid) for pid in descendants(root))


class MemoryWatch(threading.Thread):
    """Samples the bot's RSS and PSS, with its descendants', every `every` seconds; keeps the peaks of the sums.

    A thread, so sampling never waits on the simulated Discord's event loop; its own CPU is kept apart (`cpu_s`)
    so that it is not counted as the simulated Discord's.
    """

    def __init__(self, root: int, every: float = 0.25) -> None:
        super().__init__(daemon=True, name="memory-watch")
        self.root, self.every = root, every
        self.peak_rss_kb = self.peak_pss_kb = 0
        self.peak_pss_each_kb: dict[int, int] = {}
        """Each process's own peak PSS (the bot first), to see where the memory is."""
        self.processes = 0
        self.cpu_s = 0.0
        self.pids: list[int] = []
        self.readings = 0
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.is_set():
            self.sample()
            self.halt.wait(self.every)
        self.cpu_s = time.thread_time()

    def sample(self) -> None:
        """One reading of the whole tree (its processes looked for every TREE_EVERY readings: a look reads /proc)."""
        if not self.pids or self.readings % TREE_EVERY == 0:
            self.pids = [self.root, *descendants(self.root)]
        self.readings += 1
        pids = self.pids
        self.peak_rss_kb = max(self.peak_rss_kb, sum(status_kb(pid).get("VmRSS", 0) for pid in pids))
        each = {pid: pss_kb(pid) for pid in pids}
        self.peak_pss_kb = max(self.peak_pss_kb, sum(each.values()))
        for pid, kb in each.items():
            self.peak_pss_each_kb[pid] = max(self.peak_pss_each_kb.get(pid, 0), kb)
        self.processes = max(self.processes, len(pids))

    def stop(self) -> None:
        """Stop sampling (after one last reading) and wait for the thread."""
        self.halt.set()
        self.join()


def ms(values: list[float]) -> str:
    """p50 / p95 / p99 / max of seconds, in ms."""
    if not values:
        return "-"
    values = sorted(values)
    shown = [percentile(values, q) for q in (0.5, 0.95, 0.99)] + [values[-1]]
    return " / ".join(f"{v * 1000:,.0f}" for v in shown)


def row(name: str, interactions: list[Interaction]) -> str:
    """One line of the table: count, acknowledged and answer-seen percentiles, acks past 3 s, unanswered."""
    acks = [a for a in (i.ack_s() for i in interactions) if a is not None]
    answers = [a for i in interactions if i.answered and (a := i.answer_s()) is not None]
    late = sum(a > 3.0 for a in acks)
    unanswered = sum(not (i.acked and i.answered) for i in interactions)
    cells = (name, f"{len(interactions):,}", ms(acks), ms(answers), str(late), str(unanswered))
    return "| " + " | ".join(cells) + " |"
