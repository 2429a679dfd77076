"""Several bot processes on one PostgreSQL database, one of them killed with SIGKILL again and again while it plays.

Every move a process acknowledged is in the database; the killed process's games go on when it is back; the other
processes never stall or fail; every timer fires exactly once (tests/support/fault_worker.py says what they do).
"""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator

import pytest

from bot.storage import open_storage
from tests.engine.harness import make_manager
from tests.support import postgresql

GAMES_EACH = 6
KILLS = 4
DEADLINE_S = 90.0


class Worker:
    """One bot process of tests/support/fault_worker.py; its output lines are kept across restarts."""

    def __init__(self, url: str, first: int, epoch_ms: int) -> None:
        self.argv = [
            sys.executable,
            "-m",
            "tests.support.fault_worker",
            url,
            str(first),
            str(GAMES_EACH),
            str(epoch_ms),
        ]
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.process: asyncio.subprocess.Process | None = None
        self.reading: list[asyncio.Task[None]] = []
        self.killed_playing = 0
        """How many SIGKILLs found the process still playing."""

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        self.reading = [
            asyncio.create_task(self._read(self.process.stdout, self.lines)),
            asyncio.create_task(self._read(self.process.stderr, self.errors)),
        ]

    @staticmethod
    async def _read(stream: asyncio.StreamReader, into: list[str]) -> None:
        while line := await stream.readline():
            into.append(line.decode().rstrip("\n"))

    async def kill(self) -> None:
        assert self.process is not None
        if self.process.returncode is None:  # (its games may all be over already)
            self.process.send_signal(signal.SIGKILL)
            self.killed_playing += 1
        await self.process.wait()
        await asyncio.gather(*self.reading)
        self.errors.clear()  # a process killed mid-statement may say so on its way out: not a failure

    async def finished(self) -> int:
        assert self.process is not None
        code = await self.process.wait()
        await asyncio.gather(*self.reading)
        return code


@pytest.fixture
async def url() -> AsyncIterator[str]:
    database = await postgresql.fresh_database()
    try:
        yield database
    finally:
        await postgresql.drop_database(database)


async def test_a_process_killed_again_and_again_loses_nothing_and_no_timer_fires_twice(url: str) -> None:
    epoch_ms = int(time.time() * 1000)
    killed, steady = Worker(url, 1000, epoch_ms), Worker(url, 2000, epoch_ms)
    await asyncio.gather(killed.start(), steady.start())
    for _ in range(KILLS):
        await asyncio.sleep(1.5)
        await killed.kill()
        await killed.start()  # back at once, as systemd restarts it: it finds its games in the database
    codes = await asyncio.wait_for(asyncio.gather(killed.finished(), steady.finished()), DEADLINE_S)

    assert codes == [0, 0] and killed.errors == [] and steady.errors == [], "\n".join(killed.errors + steady.errors)
    assert killed.lines[-1] == steady.lines[-1] == "done" and killed.killed_playing == KILLS
    lines = [line.split() for line in killed.lines + steady.lines]
    acknowledged = [(int(x[1]), int(x[2])) for x in lines if x[0] == "ack"]
    timed_out = Counter((int(x[1]), int(x[2])) for x in lines if x[0] == "timed-out")
    reminded = Counter((int(x[1]), int(x[2])) for x in lines if x[0] == "reminded")
    assert acknowledged and timed_out and reminded, "the processes played and their timers fired"
    # No timer fired twice: no two timeouts committed one step of a game, no reminder went out twice for one wait.
    # (A timeout may fire again in the same wait when its forced move leaves the same player to move again.)
    assert [twice for twice, times in timed_out.items() if times > 1] == []
    assert [twice for twice, times in reminded.items() if times > 1] == []

    storage = await open_storage(url)
    try:
        games = {game_id: await storage.game(game_id) for game_id in range(1, 2 * GAMES_EACH + 1)}
        assert all(row is not None and row.status == "finished" for row in games.values())
        for game_id, version in acknowledged + list(timed_out):  # every acknowledged move was committed
            row = games[game_id]
            assert row is not None and row.version >= version
        manager = make_manager(storage)
        for game_id in games:
            stored, replayed = await manager.replayed_state(game_id)
            assert stored == replayed
            auto = [a for a in await storage.actions(game_id) if a.auto]
            if games[game_id].channel_id % 2:  # type: ignore[union-attr]  # away players: timeouts alone moved it
                assert auto and len(auto) == len(await storage.actions(game_id))
        assert await storage.due_timers(2**62) == []  # none left behind: none lost
    finally:
        await storage.close()
