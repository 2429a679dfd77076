"""Where a profiled run's CPU went, by owner: the bot, discord.py, the database, the event loop, simcord.

A function under a known package's folder is charged to it. Anything else (the standard library, built-ins such
as getattr or json's encoder) is charged to whoever called it, in proportion to the time each caller's calls took,
so simcord's deepcopy of a payload counts as simcord and the bot's json.dumps counts as the bot.
"""

from __future__ import annotations

import pstats
from collections import Counter
from typing import Any

OWNERS = (
    ("/simcord/", "simcord (the simulated Discord)"),
    ("/bench/", "bench"),
    ("/tests/", "bench"),
    ("/discord/", "discord.py"),
    ("/aiosqlite/", "database (aiosqlite, sqlite3)"),
    ("/sqlite3/", "database (aiosqlite, sqlite3)"),
    ("/asyncio/", "event loop (asyncio, selectors)"),
    ("selectors.py", "event loop (asyncio, selectors)"),
    ("/bot/", "the bot (bot/, rendering/)"),
    ("/rendering/", "the bot (bot/, rendering/)"),
)
Key = tuple[str, int, str]


WAITING = "waiting in epoll (no CPU: the database thread, the workers)"


def owner_of(key: Key) -> str | None:
    """The owner of a function by its file, or None when its callers own it."""
    if key[2] == "<method 'poll' of 'select.epoll' objects>":
        return WAITING  # cProfile counts wall time: the loop's wait for something to do is in the figures
    return next((owner for part, owner in OWNERS if part in key[0]), None)


def cpu_by_owner(stats: pstats.Stats, rounds: int = 60) -> Counter[str]:
    """Seconds of CPU (tottime) by owner, unowned functions charged to their callers.

    An unowned function's share is its callers' shares weighted by the time of their calls; recursion (deepcopy
    calling itself through _deepcopy_dict) makes that a fixed point, reached by repeating the step `rounds` times.
    """
    table: dict[Key, Any] = stats.stats  # type: ignore[attr-defined]
    shares: dict[Key, Counter[str]] = {}
    unowned = []
    for key in table:
        owner = owner_of(key)
        if owner is None:
            shares[key] = Counter()
            unowned.append(key)
        else:
            shares[key] = Counter({owner: 1.0})
    for _ in range(rounds):
        for key in unowned:
            callers = table[key][4]
            total = sum(entry[2] or entry[1] for entry in callers.values())
            found: Counter[str] = Counter()
            for caller, entry in callers.items():
                for name, part in shares.get(caller, Counter()).items():
                    found[name] += part * (entry[2] or entry[1]) / total
            shares[key] = found
    spent: Counter[str] = Counter()
    for key, entry in table.items():
        resolved = shares[key]
        for name, part in resolved.items():
            spent[name] += entry[2] * part
        spent["other"] += entry[2] * max(0.0, 1.0 - sum(resolved.values()))
    return +spent


def print_cpu_by_owner(stats: pstats.Stats, per: int = 0, what: str = "") -> None:
    """The split as a table; with `per`, also in ms per `what` (an interaction, say)."""
    spent = cpu_by_owner(stats)
    total = sum(spent.values())
    print("\n| CPU by owner | s | share |" + (f" ms per {what} |" if per else ""))
    print("| --- | --- | --- |" + (" --- |" if per else ""))
    for name, seconds in spent.most_common():
        each = f" {seconds * 1000 / per:.2f} |" if per else ""
        print(f"| {name} | {seconds:.2f} | {seconds / total:.0%} |{each}")
