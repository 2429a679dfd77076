"""Run as a script: one bot process of several on one PostgreSQL database, playing its games through the engine.

`python -m tests.support.fault_worker URL FIRST_CHANNEL COUNT EPOCH_MS`. The process opens (or, after a restart,
finds again) Relay games in channels FIRST_CHANNEL … +COUNT-1, each with a reminder and a timeout. In the even
channels its players move; the odd channels' players are away, so only their timeouts move those games on. Every
process fires every due timer it finds (as processes of one shard would), so their claims race. It prints one line
per move acknowledged (`ack GAME VERSION`, after the commit), per timeout applied (`timed-out GAME VERSION`, the
version it committed) and per reminder sent (`reminded GAME ARMED_VERSION`), flushed at once, so a SIGKILL loses no
line of what was acknowledged. `done` when its games ended.
The clock runs SPEED times faster than the wall clock, from EPOCH_MS, the same in every process.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time

from bot.engine import GameManager, GameTimers, StaleClick, Update
from bot.engine.errors import MoveRefused
from bot.games.base import IllegalAction
from bot.storage import StaleVersion, open_storage
from tests.engine.harness import GAMES, GUILD, PLAYERS, random_move

SPEED = 6000
"""Virtual seconds per real second: a 1-hour timeout falls due in 0.6 s."""
ROUNDS = "rounds=4"
"""Long enough games that the kills come in the middle of them."""
TIMERS = GameTimers(remind_s=1800, timeout_s=3600, on_timeout="auto")


def say(line: str) -> None:
    print(line, flush=True)


async def main(url: str, first: int, count: int, epoch_ms: int) -> None:
    storage = await open_storage(url)
    manager = GameManager(
        storage, GAMES, clock=lambda: epoch_ms + int((time.time() * 1000 - epoch_ms) * SPEED), seeds=lambda: first
    )
    channels = range(first, first + count)
    for channel in channels:
        if await storage.latest_game(channel) is None:  # a restart finds its games again
            await manager.open_lobby(GUILD, channel, "relay", PLAYERS[0], ROUNDS)
            await manager.join(channel, PLAYERS[1])
            await manager.set_timers(channel, PLAYERS[0].user_id, TIMERS, moderator=False)
            await manager.start(channel, PLAYERS[0].user_id)
    rnd = random.Random(time.time_ns())
    while True:
        for timer in await manager.due_timers(50):
            fired = await manager.fire(timer)
            if isinstance(fired, Update):  # a timeout's moves, committed at this version
                say(f"timed-out {timer.game_id} {fired.version}")
            elif fired is not None:
                say(f"reminded {timer.game_id} {timer.armed_version}")
        running = [c for c in channels if (row := await storage.active_game(c)) is not None and row.status == "running"]
        if not running:
            say("done")
            return
        present = [c for c in running if c % 2 == 0]
        if present:
            try:
                _user, _action, update = await random_move(manager, rnd, rnd.choice(present))
            except (StaleClick, StaleVersion, MoveRefused, IllegalAction):
                continue  # a timeout fired by another process moved that game first
            say(f"ack {update.game_id} {update.version}")
        await asyncio.sleep(0.05)  # a player's pace: the games last a few seconds, long enough to be cut


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
