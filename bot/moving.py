"""`python -m bot move-to postgresql://…`: the SQLite database copied into an empty PostgreSQL one, then checked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.engine.replay import not_replaying
from bot.games.base import Game
from bot.storage import SqliteStorage, is_postgresql, redacted
from bot.storage.move import CannotMove, copying, rows_held
from bot.storage.postgresql import PostgresStorage
from bot.storage.serving import DatabaseInUse, moving


@dataclass(frozen=True, slots=True)
class Moved:
    """What the move copied: rows per table, and how many played games replayed to their copied state."""

    counts: dict[str, int]
    replayed: int


async def move_database(source: str, target: str, games: Mapping[str, Game]) -> Moved:
    """Copy the SQLite file `source` into the empty PostgreSQL database `target` and check every game replays there.

    Raises `CannotMove` (PostgreSQL then holds nothing of the copy) when a check fails or the move is refused."""
    if is_postgresql(source):
        raise CannotMove(f"The configured database is already PostgreSQL ({redacted(source)}).")
    if not is_postgresql(target):
        raise CannotMove(f"{target} is not a PostgreSQL database URL (postgresql://user@host/dbname).")
    if not Path(source).is_file():
        raise CannotMove(f"There is no SQLite database at {source} (the `database` setting).")
    lock = moving(source)
    try:
        lock.acquire()
    except DatabaseInUse as error:  # a bot still runs on it: moves it makes during the copy would be lost
        raise CannotMove(str(error)) from None
    try:  # held until the copy is committed, so no bot starts on the file meanwhile
        return await _copy(source, target, games)
    finally:
        lock.release()


async def _copy(source: str, target: str, games: Mapping[str, Game]) -> Moved:
    """The move itself, once nothing else uses the SQLite file."""
    held = await rows_held(target)  # before migrating it: a refusal writes nothing
    if held:
        listed = ", ".join(f"{table}: {count}" for table, count in held.items())
        raise CannotMove(
            f"{redacted(target)} is not empty (rows already in {listed}); move-to copies only into an empty "
            "database: create a new one, or empty this one if its data is not needed."
        )
    sqlite = await SqliteStorage.open(source)
    try:
        postgresql = await PostgresStorage.open(target)
        try:
            async with copying(sqlite, postgresql) as copied:
                # Read back through the open transaction: what is checked is exactly what will be committed.
                wrong = await not_replaying(postgresql, games, copied.played)
                if wrong:
                    listed = "; ".join(f"game {game_id}: {why}" for game_id, why in wrong.items())
                    raise CannotMove(f"Games that do not replay on PostgreSQL, so nothing was copied: {listed}.")
        finally:
            await postgresql.close()
    finally:
        await sqlite.close()
    return Moved(copied.counts, len(copied.played))


def report(source: str, target: str, moved: Moved) -> str:
    """What `move-to` prints once the copy is committed: rows per table, the replay check, and the next step."""
    shown = redacted(target)
    width = max(len(table) for table in moved.counts)
    lines = [f"Copied {source} into {shown}:"]
    lines += [f"  {table:<{width}}  {count:>8}" for table, count in sorted(moved.counts.items())]
    lines += [
        f"Replayed {moved.replayed} running and finished games from their copied logs: each equals its copied state.",
        f'Next: set database = "{shown}" in config/settings.toml (or TETSUDO_DATABASE={shown}), then start the bot. '
        "Keep the SQLite file as it is: it is the backup of the moment of the move.",
    ]
    return "\n".join(lines)
