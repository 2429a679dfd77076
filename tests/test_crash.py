"""Crash test: the engine on a SQLite file is killed with SIGKILL mid-load, again and again, and must lose nothing.

tests/support/crash_worker.py plays sixteen games at once and prints `ACK channel game_id version` the moment an
engine call returns (when the bot would reply). Each round the worker is killed with SIGKILL after a seeded random
delay — mostly during the load, sometimes while it is still starting and resuming — and then a fresh storage on the
same file checks: `PRAGMA integrity_check` is ok; every acknowledged version is stored; every game is whole (its log
is numbered 1..k, its version is seats + 1 + moves, its stored state equals the replay of its log); the worker wrote
nothing to stderr; and the next run must continue every game the crash left open (a legal move in each, a start for
each lobby) before it prints RESUMED. A last run continues every game and exits cleanly.

The kill delays are drawn from a seeded generator (TETSUDO_CRASH_SEED, default below); what the worker managed to do
before each kill depends on the machine's speed, so the file differs from run to run while the checks do not.
By default 22 kills (about 30 s); TETSUDO_LONG=1 runs 200 (about 5 minutes).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.engine import GameManager
from bot.storage import SqliteStorage
from tests.engine.harness import GAMES

ROOT = Path(__file__).resolve().parents[1]
SEED = int(os.environ.get("TETSUDO_CRASH_SEED", "20261123"))
KILLS = 200 if os.environ.get("TETSUDO_LONG") == "1" else 22
RESUME_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Ack:
    """One acknowledged engine call, as the worker printed it."""

    channel: int
    game_id: int
    version: int
    resuming: bool
    """Printed before RESUMED: part of continuing what the previous crash left."""


@dataclass(frozen=True)
class Run:
    """What one worker process acknowledged before it died."""

    acks: tuple[Ack, ...]
    resumed: bool
    killed: bool


async def run_worker(db: Path, seed: int, *, delay_s: float, from_spawn: bool, resume_only: bool = False) -> Run:
    """Start the worker, SIGKILL it `delay_s` after it spawned (or after RESUMED), and collect what it printed."""
    args = [str(db), str(seed)] + (["--resume-only"] if resume_only else [])
    errors = db.with_name(f"worker-{seed}.err")
    with errors.open("wb") as stderr:
        worker = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.support.crash_worker", *args, cwd=ROOT, stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )  # fmt: skip
    assert worker.stdout is not None
    lines: list[str] = []
    resumed = asyncio.Event()

    async def read() -> None:
        assert worker.stdout is not None
        # Lines still in the pipe after the kill count too: they were written, so those replies went out.
        while line := await worker.stdout.readline():
            if line.endswith(b"\n"):  # a torn last line was never fully sent
                lines.append(line.decode().strip())
                if lines[-1] == "RESUMED":
                    resumed.set()

    reader = asyncio.create_task(read())
    killed = False
    if not resume_only:
        if not from_spawn:
            waiter = asyncio.create_task(resumed.wait())
            await asyncio.wait([waiter, reader], timeout=RESUME_TIMEOUT_S, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
        await asyncio.sleep(delay_s)
        if worker.returncode is None:
            worker.send_signal(signal.SIGKILL)
            killed = True
    code = await asyncio.wait_for(worker.wait(), RESUME_TIMEOUT_S)
    await reader
    assert killed or code == 0, f"worker ended by itself ({code}):\n{errors.read_text()}"
    assert errors.read_text() == "", f"the worker failed before it was killed:\n{errors.read_text()}"
    acks, resuming = [], True
    for line in lines:
        if line == "RESUMED":
            resuming = False
            continue
        _ack, channel, game_id, version = line.split()
        acks.append(Ack(int(channel), int(game_id), int(version), resuming))
    return Run(tuple(acks), not resuming, killed)


async def check(manager: GameManager, acks: list[Ack], first_id: int = 1) -> tuple[list[str], dict[int, int]]:
    """Problems in games `first_id` on, and each still-open game's version (the next run must continue it)."""
    storage = manager.storage
    problems: list[str] = []
    integrity = await storage.integrity_check()
    if integrity != "ok":
        problems.append(f"integrity_check: {integrity}")
    open_games: dict[int, int] = {}
    game_id = first_id - 1
    # Game ids are handed out in order and a rolled-back insert takes none, so 1..N are all the games there are.
    while (row := await storage.game(game_id + 1)) is not None:
        game_id = row.id
        seats = len(await storage.seats(game_id))
        logged = [action.n for action in await storage.actions(game_id)]
        if logged != list(range(1, len(logged) + 1)):
            problems.append(f"game {game_id}: log numbered {logged}")
        if row.status == "lobby":
            # Opening seats the host at version 0; each join adds a seat and a version.
            if logged or row.state is not None or row.version != seats - 1:
                problems.append(f"game {game_id}: lobby at version {row.version}, {seats} seats, {len(logged)} moves")
        else:
            # Joins bump the version once per seat after the host's, the start twice (the setup, then the first
            # wait's timers), each move once: a version without its move (or the reverse) is a torn write.
            if row.version != seats + 1 + len(logged):
                problems.append(f"game {game_id}: version {row.version} but {seats} seats and {len(logged)} moves")
            stored, replayed = await manager.replayed_state(game_id)
            if stored != replayed:
                problems.append(f"game {game_id}: stored state differs from its replay")
        if row.status in ("lobby", "running"):
            open_games[game_id] = row.version
    for ack in acks:
        row = await storage.game(ack.game_id)
        if row is None or row.channel_id != ack.channel or row.version < ack.version:
            held = None if row is None else row.version
            problems.append(f"acknowledged {ack} but the file holds version {held}")
    return problems, open_games


async def inspect(db: Path, acks: list[Ack], first_id: int = 1) -> tuple[list[str], dict[int, int]]:
    """`check` with a fresh storage on the file, as the restarted bot would open it."""
    storage = await SqliteStorage.open(db)
    try:
        return await check(GameManager(storage, GAMES), acks, first_id)
    finally:
        await storage.close()


def not_continued(open_games: dict[int, int], run: Run) -> list[int]:
    """The games left open by the last crash that the run did not move on before RESUMED."""
    moved = {ack.game_id for ack in run.acks if ack.resuming and ack.version > open_games.get(ack.game_id, ack.version)}
    return sorted(set(open_games) - moved)


async def test_sigkill_during_load_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "tetsudo.db"
    rnd = random.Random(SEED)
    acks: list[Ack] = []
    open_games: dict[int, int] = {}
    mid_load = 0
    for kill in range(KILLS):
        # One kill in five is timed from the spawn, to land while the worker starts up and continues the games.
        from_spawn = rnd.random() < 0.2
        delay = rnd.uniform(0.1, 0.5) if from_spawn else rnd.uniform(0.0, 0.8)
        run = await run_worker(db, SEED * 1000 + kill, delay_s=delay, from_spawn=from_spawn)
        assert run.killed
        if run.resumed:
            assert not_continued(open_games, run) == [], f"kill {kill}: games not continued after the restart"
            mid_load += 1
        acks.extend(run.acks)
        # Games that had ended by the previous check cannot change any more: each check reads those opened or still
        # open since (ids only grow), and the final check reads every game and every acknowledgement again.
        first_id = min(open_games, default=1)
        problems, open_games = await inspect(db, list(run.acks), first_id)
        assert problems == [], f"after kill {kill} (delay {delay:.3f}s, from spawn: {from_spawn}): {problems[:10]}"
        if kill == 0:
            # The check can fail: an acknowledgement the file does not hold (a reply sent before its commit) is caught.
            known = next(ack for ack in reversed(acks) if ack.game_id in open_games)
            lost = Ack(known.channel, known.game_id, open_games[known.game_id] + 1, resuming=False)
            held = open_games[known.game_id]
            assert (await inspect(db, [lost]))[0] == [f"acknowledged {lost} but the file holds version {held}"]
    assert mid_load >= KILLS // 2  # most kills landed during the load, after the games were continued
    assert len({ack.game_id for ack in acks}) > 50 and len(acks) > 1000  # the load was real

    final = await run_worker(db, SEED * 1000 + KILLS, delay_s=0, from_spawn=False, resume_only=True)
    assert final.resumed and not final.killed
    assert not_continued(open_games, final) == []
    problems, _open = await inspect(db, acks + list(final.acks))
    assert problems == []
