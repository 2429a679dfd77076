"""Run as a script: the real bot in a simulated server, on a SQLite file, until it is killed.

`python -m tests.support.bot_process DB [busy]`. Once the bot has started it prints READY (tests/support/processes.py)
and waits for the parent, which kills it. Plain, it draws and decides in its own process (tests/storage/test_move_to.py:
a bot that holds its database). `busy`: it draws its pictures in a worker process (`picture_workers = 1`) and its
computers decide in one (`computer_workers = 1`); a channel where two computers play Mexican Train at level strong,
a minute per move, keeps one decision under way; READY comes once a board has been drawn and a computer is thinking
in a worker whose start is done (tests/test_process_tree.py). Workers import what they would under `python -m bot`.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import simcord

from bench.processes import descendants, spawn_as_a_module_would
from bot.client import TetsudoBot
from bot.games.mexican_train import MEXICAN_TRAIN
from bot.lifeline import NICENESS
from bot.settings import Settings
from bot.ui import pictures
from tests.support.computer_channels import open_computer_channels
from tests.support.processes import READY

BUSY_TIMEOUT_S = 60.0


def niced_children() -> list[int]:
    """This process's children that have lowered their priority: workers (pictures, computers) whose start is done."""
    niced = []
    lowered = min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)  # 19: Linux's lowest priority
    for pid in descendants(os.getpid()):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[16]) == lowered:  # field 19 of proc(5), the 17th after the command name
            niced.append(pid)
    return niced


async def busy(bot: TetsudoBot, env: simcord.Env) -> None:
    """Both pools at work, their workers up: a board drawn in the picture worker, a computer thinking in the other."""
    guild = env.create_guild("Test Server")
    host = guild.add_member(env.create_user("alice"))
    await open_computer_channels(bot, guild, host, 1, "mexican_train", "strong")  # its board drawn, in a worker
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    # One picture worker and one computer worker, both started (each lowers its priority as its start ends).
    while not (pictures.running() and bot.computers.thinking and len(niced_children()) >= 2):
        if time.monotonic() > deadline:
            raise SystemExit("the pools never both ran")
        await asyncio.sleep(0.05)


async def main(database: str, mode: str) -> None:
    workers = 1 if mode == "busy" else 0
    settings = Settings(
        database=database,
        open_threads=False,
        shard_count=1,
        picture_workers=str(workers),
        computer_workers=workers,
        computer_pause="0",
        computer_think=60.0,
    )
    bot = TetsudoBot(settings, {"mexican_train": MEXICAN_TRAIN} if mode == "busy" else None)  # plain: every game
    env = simcord.Env(bot, strict_sync=False)
    await env.start()
    if mode == "busy":
        await busy(bot, env)
    print(READY, flush=True)
    await asyncio.Event().wait()  # until killed


if __name__ == "__main__":
    spawn_as_a_module_would()  # workers import what they would under `python -m bot`, not this script
    asyncio.run(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "plain"))
