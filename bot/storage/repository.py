"""The repository: every query the project runs, the same SQL on SQLite and on PostgreSQL (`bot.storage.db`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any, ClassVar

from bot.storage.db import Conflict, Db, atomic, fetch_int
from bot.storage.moves import INSERT_ACTION, MoveWrite, MoveWriter
from bot.storage.outbox import OutboxQueries, OwedIds, Owing, write_owed
from bot.storage.records import ActionRow, ChannelBusy, GameRow, RatingRow, ResultRow, SeatRow, StaleVersion
from bot.storage.servers import ServerQueries
from bot.storage.shards import ClaimQueries, Shards, served
from bot.storage.stats import StatsQueries, ratings_for, save_ratings
from bot.storage.timers import TimerQueries, apply_plan
from bot.storage.tournaments import TournamentQueries, TournamentWrites

GAME_COLUMNS = (
    "id, guild_id, channel_id, game, status, host_id, options, seed, state, version, undo_floor, "
    "board_message_id, end_reason, created_ms, started_ms, finished_ms, remind_s, timeout_s, on_timeout, tournament_id"
).replace("on_timeout", "CASE WHEN timeout_computer = 1 THEN 'computer' ELSE on_timeout END")
"""A timeout a computer plays is stored as `auto` plus `timeout_computer` (0002's CHECK predates computers)."""


def _game(row: Iterable[Any] | None) -> GameRow | None:
    return None if row is None else GameRow(*row)


def _seat(row: Iterable[Any]) -> SeatRow:
    game_id, seat, user_id, name, resigned, vacant, computer = row
    return SeatRow(game_id, seat, user_id, name, bool(resigned), bool(vacant), computer)


class Transaction(TournamentWrites):
    """The writes of one transaction; obtained only from `Storage.transaction`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: int,
        options: str,
        seed: int,
        now_ms: int,
    ) -> int:
        """A new lobby; raises ChannelBusy when the channel already has an active game."""
        try:
            return await fetch_int(
                self._db,
                "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seed, created_ms)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, game, host_id, options, seed, now_ms),
            )
        except Conflict as error:
            raise ChannelBusy(str(error)) from None

    async def add_seat(self, game_id: int, user_id: int, name: str, computer: str | None = None) -> None:
        """Seat a user (or a computer at `computer`'s level) after everyone already seated."""
        await self._db.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, computer)"
            " SELECT CAST(? AS BIGINT), COALESCE(MAX(seat) + 1, 0), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT)"
            " FROM seats WHERE game_id = ?",
            (game_id, user_id, name, computer, game_id),
        )

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        """Take a user's seat away (lobby only; seats are renumbered at the start)."""
        await self._db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def renumber_seats(self, game_id: int) -> None:
        """Number the seats 0..n-1 in join order."""
        rows = await self._db.fetchall(
            "SELECT seat, user_id, name, resigned, computer FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self._db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, resigned, computer) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, n, *rest) for n, (_, *rest) in enumerate(rows)],
        )

    async def set_seat_user(
        self, game_id: int, seat: int, user_id: int, name: str, computer: str | None = None
    ) -> None:
        """Give a seat to another user (or to a computer at `computer`'s level)."""
        await self._db.execute(
            "UPDATE seats SET user_id = ?, name = ?, resigned = 0, vacant = 0, computer = ?"
            " WHERE game_id = ? AND seat = ?",
            (user_id, name, computer, game_id, seat),
        )

    async def set_meta(self, key: str, value: str) -> None:
        """Store a fact about the installation."""
        await self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def add_meta(self, key: str, value: str) -> None:
        """Store a fact about the installation unless one is stored already under that key."""
        await self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))

    async def forget_user(self, user_id: int) -> int:
        """Delete a user's ratings and preferences; their seats in ended games become anonymous (returns how many).

        An anonymous seat keeps its place and score, so other players' records stay whole; its user id becomes
        −(seat + 1), unique within its game and never a real Discord id.
        """
        ended = "SELECT id FROM games WHERE status IN ('finished', 'abandoned')"
        forgotten = await self._db.execute(
            "UPDATE seats SET user_id = -(seat + 1), name = 'a former player'"
            f" WHERE user_id = ? AND game_id IN ({ended})",
            (user_id,),
        )
        await self._db.execute("UPDATE results SET user_id = -(seat + 1) WHERE user_id = ?", (user_id,))
        await self._db.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
        await self._db.execute("DELETE FROM users WHERE user_id = ?", (user_id,))
        await self._db.execute("DELETE FROM outbox WHERE user_id = ?", (user_id,))  # a view still owed: not any more
        return forgotten

    async def set_tournament(self, game_id: int, tournament_id: int) -> None:
        """Mark a game as a tournament table's."""
        await self._db.execute("UPDATE games SET tournament_id = ? WHERE id = ?", (tournament_id, game_id))

    async def set_host(self, game_id: int, user_id: int) -> None:
        """Hand the lobby to another player."""
        await self._db.execute("UPDATE games SET host_id = ? WHERE id = ?", (user_id, game_id))

    async def set_resigned(self, game_id: int, seat: int, *, vacant: bool = False) -> None:
        """Mark a seat as resigned (or kicked, leaving it vacant): from now on the engine plays it by default."""
        await self._db.execute(
            "UPDATE seats SET resigned = 1, vacant = ? WHERE game_id = ? AND seat = ?", (int(vacant), game_id, seat)
        )

    async def set_options(self, game_id: int, options: str, version: int) -> None:
        """Store the lobby's options."""
        await self._db.execute("UPDATE games SET options = ?, version = ? WHERE id = ?", (options, version, game_id))

    async def bump_version(self, game_id: int, version: int) -> None:
        """Record that the lobby changed (joins, leaves)."""
        await self._db.execute("UPDATE games SET version = ? WHERE id = ?", (version, game_id))

    async def start_game(self, game_id: int, state: str, version: int, now_ms: int) -> None:
        """Turn the lobby into a running game with its first state."""
        await self._db.execute(
            "UPDATE games SET status = 'running', state = ?, version = ?, undo_floor = 0, started_ms = ?"
            " WHERE id = ? AND status = 'lobby'",
            (state, version, now_ms, game_id),
        )

    async def write_moves(self, write: MoveWrite) -> OwedIds:
        """Append moves to the log, save the new state and what it owes (raises StaleVersion if the game moved on)."""
        # The version check first: on PostgreSQL another process's move of this game makes this update wait for it,
        # then find the version gone (StaleVersion), rather than collide on the log's row numbers.
        await self.save_state(write.game_id, write.state, write.expected_version, write.version, write.undo_floor)
        await self._db.executemany(
            INSERT_ACTION, [(write.game_id, n, s, a, t, int(auto)) for n, s, a, t, auto in write.actions]
        )
        if write.timers is not None:
            await apply_plan(self._db, write.game_id, write.timers)
        return await self.owe(write.game_id, write.version, write.owed)

    async def owe(self, game_id: int, version: int, owed: Iterable[Owing]) -> OwedIds:
        """Store what a change owes Discord, in the change's own transaction (returns each recipient's row id)."""
        return await write_owed(self._db, game_id, version, owed)

    async def delete_actions_from(self, game_id: int, n: int) -> None:
        """Remove log entries n and later (undo)."""
        await self._db.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, n))

    async def save_state(self, game_id: int, state: str, expected_version: int, version: int, undo_floor: int) -> None:
        """Write the new state; raises StaleVersion if the stored version moved meanwhile."""
        changed = await self._db.execute(
            "UPDATE games SET state = ?, version = ?, undo_floor = ? WHERE id = ? AND version = ?",
            (state, version, undo_floor, game_id, expected_version),
        )
        if changed != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")

    async def end_game(self, game_id: int, status: str, reason: str, now_ms: int) -> None:
        """Close a game as finished or abandoned; its timers go with it."""
        await self._db.execute(
            "UPDATE games SET status = ?, end_reason = ?, finished_ms = ? WHERE id = ?",
            (status, reason, now_ms, game_id),
        )
        await self._db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def set_timers(self, game_id: int, remind_s: int | None, timeout_s: int | None, on_timeout: str) -> None:
        """Store a game's reminder delay, timeout and its consequence."""
        computer = on_timeout == "computer"
        await self._db.execute(
            "UPDATE games SET remind_s = ?, timeout_s = ?, on_timeout = ?, timeout_computer = ? WHERE id = ?",
            (remind_s, timeout_s, "auto" if computer else on_timeout, int(computer), game_id),
        )

    async def ratings_for(self, guild_id: int, game: str, users: Iterable[int]) -> dict[int, RatingRow]:
        """These users' ratings as they stand inside this transaction."""
        return await ratings_for(self._db, guild_id, game, users)

    async def save_ratings(self, rows: Iterable[RatingRow]) -> None:
        """Store ratings after a game."""
        await save_ratings(self._db, rows)

    async def record_results(self, results: Iterable[ResultRow]) -> None:
        """Store a finished game's scores and ranks for the stats."""
        await self._db.executemany(
            "INSERT INTO results (game_id, seat, user_id, game, guild_id, score, rank, seat_count,"
            " duration_s, finished_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    r.game_id,
                    r.seat,
                    r.user_id,
                    r.game,
                    r.guild_id,
                    r.score,
                    r.rank,
                    r.seat_count,
                    r.duration_s,
                    r.finished_ms,
                )
                for r in results
            ],
        )


class Storage(TimerQueries, StatsQueries, TournamentQueries, ServerQueries, OutboxQueries, ClaimQueries):
    """One connection to the database; writes go through `transaction()`, one at a time in this process.

    Opened by `bot.storage.open_storage` as a `SqliteStorage` or a `PostgresStorage`, which differ only in how they
    connect, migrate, check and back up: the queries are these, for both."""

    backend: ClassVar[str]
    """The engine's name, for logs and the doctor: "sqlite" or "postgresql"."""

    def __init__(self, db: Db) -> None:
        self._db = db
        # One connection serves every channel, so two transactions must never interleave on it.
        self._write_lock = asyncio.Lock()
        self._moves = MoveWriter(db, self._write_lock)
        self._shards: Shards | None = None

    def serve(self, shards: Shards | None) -> None:
        """Find timers, tournaments to resume and deliveries owed in these shards' servers only (None: all)."""
        self._shards = shards

    async def commit_moves(self, write: MoveWrite) -> OwedIds:
        """Append moves, save the new state and what it owes atomically (batched with other games' moves)."""
        return await self._moves.commit(write)

    async def close(self) -> None:
        """Close the connection cleanly."""
        raise NotImplementedError

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        raise NotImplementedError

    async def integrity_check(self) -> str:
        """The engine's own check of the stored data: "ok" when it is sound."""
        raise NotImplementedError

    async def meta(self, key: str) -> str | None:
        """A stored fact about the installation (None if never set)."""
        row = await self._db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        """Store a fact about the installation."""
        async with self.transaction() as tx:
            await tx.set_meta(key, value)

    async def meta_once(self, key: str, value: str) -> str:
        """The fact stored under `key`, storing `value` first when there is none (the first of several processes
        to ask wins; all of them get its value)."""
        async with self.transaction() as tx:
            await tx.add_meta(key, value)
        stored = await self.meta(key)
        assert stored is not None
        return stored

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """BEGIN … COMMIT, rolled back if anything inside raises."""
        async with self._write_lock, atomic(self._db):
            yield Transaction(self._db)

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel, if any."""
        return _game(
            await self._db.fetchone(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
                (channel_id,),
            )
        )

    async def game(self, game_id: int) -> GameRow | None:
        """A game by id, whatever its status."""
        return _game(await self._db.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)))

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The newest game of a channel, whatever its status."""
        return _game(
            await self._db.fetchone(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
            )
        )

    async def active_games_in_guild(self, guild_id: int) -> list[GameRow]:
        """Every lobby and running game of a server, oldest first."""
        rows = await self._db.fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ('lobby', 'running') ORDER BY id",
            (guild_id,),
        )
        return [GameRow(*row) for row in rows]

    async def ended_games_to_replay(self, guild_id: int, channel_id: int, user_id: int, limit: int) -> list[GameRow]:
        """A server's ended games played in this channel or with this user seated, newest first."""
        rows = await self._db.fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ('finished', 'abandoned')"
            " AND started_ms IS NOT NULL"
            " AND (channel_id = ? OR id IN (SELECT game_id FROM seats WHERE user_id = ?))"
            " ORDER BY id DESC LIMIT ?",
            (guild_id, channel_id, user_id, limit),
        )
        return [GameRow(*row) for row in rows]

    async def running_games_of(self, user_id: int) -> list[GameRow]:
        """Running games where a user holds a seat, oldest first."""
        rows = await self._db.fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'running'"
            " AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id",
            (user_id,),
        )
        return [GameRow(*row) for row in rows]

    async def channels_with_computers(self) -> list[int]:
        """Channels of this process's servers whose running game has a seat a computer plays."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT g.channel_id FROM games g JOIN seats s ON s.game_id = g.id"
            f" WHERE g.status = 'running' AND s.computer IS NOT NULL{served(self._shards, 'g.guild_id')}"
            " ORDER BY g.channel_id"
        )
        return [int(row[0]) for row in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        """A game's seats in seat order."""
        rows = await self._db.fetchall(
            "SELECT game_id, seat, user_id, name, resigned, vacant, computer FROM seats"
            " WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [_seat(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRow]:
        """A game's whole action log, in order."""
        rows = await self._db.fetchall(
            "SELECT game_id, n, seat, action, at_ms, auto FROM actions WHERE game_id = ? ORDER BY n",
            (game_id,),
        )
        return [ActionRow(g, n, s, a, t, bool(auto)) for g, n, s, a, t, auto in rows]

    async def action_count(self, game_id: int) -> int:
        """How many moves the log holds."""
        return await fetch_int(self._db, "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))

    async def results(self, game_id: int) -> list[ResultRow]:
        """A finished game's results by seat."""
        rows = await self._db.fetchall(
            "SELECT game_id, seat, user_id, game, guild_id, score, rank, seat_count, duration_s, finished_ms"
            " FROM results WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [ResultRow(*row) for row in rows]

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        """Remember which message shows the game's board (not part of the game's history)."""
        async with self._write_lock:
            await self._db.execute("UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id))

    async def dms_closed(self, user_id: int) -> bool:
        """Whether a DM to this user failed before (so we stop trying) or they turned game DMs off."""
        row = await self._db.fetchone("SELECT dms_closed + dms_off FROM users WHERE user_id = ?", (user_id,))
        return bool(row and row[0])

    async def mark_dms_closed(self, user_id: int) -> None:
        """Remember that Discord refused a DM to this user (403, code 50007)."""
        async with self._write_lock:
            await self._db.execute(
                "INSERT INTO users (user_id, dms_closed) VALUES (?, 1)"
                " ON CONFLICT (user_id) DO UPDATE SET dms_closed = 1",
                (user_id,),
            )
