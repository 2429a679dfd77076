"""Run as a script: the engine plays many games at once on a SQLite file until tests/test_crash.py kills it.

`python -m tests.support.crash_worker DB SEED [--resume-only]`. It first continues every game the file holds
(one legal move in each running game, a start for each lobby, a new game in an empty channel), prints RESUMED,
then plays random moves in every channel, opening a new game whenever one ends. With --resume-only it exits
after RESUMED.

Every engine call that returned is printed at once as `ACK channel game_id version`: in the bot, that is the
moment the reply goes out, so the database must hold that version whenever the process dies afterwards.
It drives the GameManager directly rather than the bot in simcord: the commit path (engine + storage) is
what a crash can damage, the Discord layer above it only relays what the engine returned, and the bare engine
starts fast enough to be killed and restarted dozens of times within the CI budget.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.engine import GameManager, Lobby, Update
from bot.storage import SqliteStorage
from tests.engine.harness import GAMES, GUILD, PLAYERS, random_move

CHANNELS = tuple(range(600, 616))
"""Sixteen channels in play at once, so moves of several games share a group commit when the kill lands."""
KINDS = ("relay", "relay_doubles", "relay_cheers")


def ack(change: Lobby | Update) -> None:
    """Tell the test this change was acknowledged: the reply has gone out."""
    print(f"ACK {change.channel_id} {change.game_id} {change.version}", flush=True)


async def new_game(manager: GameManager, rnd: random.Random, channel: int) -> None:
    """Open, fill and start a game of a random kind, acknowledging each step."""
    players = rnd.randint(1, 4)
    ack(await manager.open_lobby(GUILD, channel, rnd.choice(KINDS), PLAYERS[0], f"rounds={rnd.randint(1, 3)}"))
    for player in PLAYERS[1:players]:
        ack(await manager.join(channel, player))
    ack(await manager.start(channel, PLAYERS[0].user_id))


async def resume(manager: GameManager, rnd: random.Random, channel: int) -> None:
    """Carry on whatever the crash left in this channel: a move, a start, or a new game."""
    row = await manager.storage.active_game(channel)
    if row is None:
        await new_game(manager, rnd, channel)
    elif row.status == "lobby":
        ack(await manager.start(channel, row.host_id))  # whoever joined before the crash plays (1 seat is enough)
    else:
        update = (await random_move(manager, rnd, channel))[2]
        ack(update)
        if not update.running:  # that move ended the game
            await new_game(manager, rnd, channel)


async def play(manager: GameManager, rnd: random.Random, channel: int) -> None:
    """Random moves in one channel forever, a new game after each one ends."""
    while True:
        _user, _action, update = await random_move(manager, rnd, channel)
        ack(update)
        if not update.running:
            await new_game(manager, rnd, channel)


async def main(database: str, seed: int, resume_only: bool) -> None:
    storage = await SqliteStorage.open(database)
    seeds = iter(range(seed * 1_000_000, (seed + 1) * 1_000_000))
    manager = GameManager(storage, GAMES, seeds=lambda: next(seeds))
    # One generator per channel: each channel's moves depend on the seed only, not on how tasks interleave.
    rnds = {channel: random.Random(f"{seed}-{channel}") for channel in CHANNELS}
    try:
        await asyncio.gather(*(resume(manager, rnds[channel], channel) for channel in CHANNELS))
        print("RESUMED", flush=True)
        if not resume_only:
            await asyncio.gather(*(play(manager, rnds[channel], channel) for channel in CHANNELS))
    finally:
        await storage.close()  # an open connection's thread would keep a failed worker alive, silently


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), "--resume-only" in sys.argv[3:]))
