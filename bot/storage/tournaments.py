"""Tournament queries: the tournament, its players, each round's tables and byes, and moderators' reports."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass

from bot.storage.db import Conflict, Db, fetch_int
from bot.storage.records import ChannelBusy, StaleVersion
from bot.storage.shards import Shards, served

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, name, game, format, rounds, table_size, options, points, unfinished,"
    " remind_s, timeout_s, on_timeout, status, round, created_by, created_ms, finished_ms"
)


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament as stored."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    game: str
    format: str
    rounds: int
    table_size: int
    options: str
    points: str | None
    unfinished: str
    remind_s: int | None
    timeout_s: int | None
    on_timeout: str
    status: str
    round: int
    created_by: int
    created_ms: int
    finished_ms: int | None


@dataclass(frozen=True, slots=True)
class EntrantRow:
    """A tournament's player."""

    user_id: int
    name: str
    dropped: bool


@dataclass(frozen=True, slots=True)
class TableRow:
    """A round's table: its seats (user ids in seat order) and, once started, its game and that game's status."""

    round: int
    table_no: int
    seats: tuple[int, ...]
    game_id: int | None
    channel_id: int | None
    status: str | None


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One user's rank and score at a table, from the game or a moderator's report."""

    round: int
    table_no: int
    user_id: int
    rank: int
    score: int


class TournamentWrites:
    """Tournament writes inside one transaction (mixed into Transaction)."""

    _db: Db

    async def create_tournament(self, row: TournamentRow) -> int:
        """A new open tournament; raises ChannelBusy when the channel already has a live one."""
        values = [getattr(row, f) for f in TOURNAMENT_COLUMNS.replace(" ", "").split(",")[1:]]
        try:
            return await fetch_int(
                self._db,
                f"INSERT INTO tournaments ({TOURNAMENT_COLUMNS.split(', ', 1)[1]})"
                f" VALUES ({', '.join('?' for _ in values)}) RETURNING id",
                values,
            )
        except Conflict as error:
            raise ChannelBusy(str(error)) from None

    async def add_entrant(self, tournament_id: int, user_id: int, name: str, joined: int) -> None:
        """Enter a player (again, if they had left)."""
        await self._db.execute(
            "INSERT INTO tournament_players (tournament_id, user_id, name, joined) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (tournament_id, user_id) DO UPDATE SET dropped = 0, name = excluded.name",
            (tournament_id, user_id, name, joined),
        )

    async def remove_entrant(self, tournament_id: int, user_id: int) -> None:
        """Take a player off an open tournament."""
        await self._db.execute(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
        )

    async def drop_entrant(self, tournament_id: int, user_id: int) -> None:
        """Drop a player from a running tournament: no more tables, results kept."""
        await self._db.execute(
            "UPDATE tournament_players SET dropped = 1 WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
        )

    async def set_tournament_round(self, tournament_id: int, status: str, round_no: int, rounds: int) -> None:
        """Move a tournament on to a round (and a status) from the round before; raises StaleVersion if it is no
        longer there (another process closed that round first: a round closes once)."""
        moved = await self._db.execute(
            "UPDATE tournaments SET status = ?, round = ?, rounds = ?"
            " WHERE id = ? AND round = ? AND status != 'finished'",
            (status, round_no, rounds, tournament_id, round_no - 1),
        )
        if moved != 1:
            raise StaleVersion(f"tournament {tournament_id} is no longer at round {round_no - 1}")

    async def finish_tournament(self, tournament_id: int, now_ms: int) -> None:
        """Close a tournament for good; raises StaleVersion if it already was (a tournament finishes once)."""
        finished = await self._db.execute(
            "UPDATE tournaments SET status = 'finished', finished_ms = ? WHERE id = ? AND status != 'finished'",
            (now_ms, tournament_id),
        )
        if finished != 1:
            raise StaleVersion(f"tournament {tournament_id} is already finished")

    async def add_table(self, tournament_id: int, round_no: int, table_no: int, seats: tuple[int, ...]) -> None:
        """Plan a table of a round (its game is started later)."""
        await self._db.execute(
            "INSERT INTO tournament_tables (tournament_id, round, table_no, seats) VALUES (?, ?, ?, ?)",
            (tournament_id, round_no, table_no, json.dumps(list(seats))),
        )

    async def add_bye(self, tournament_id: int, round_no: int, user_id: int) -> None:
        """A player sits a round out."""
        await self._db.execute(
            "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?)",
            (tournament_id, round_no, user_id),
        )

    async def link_table(self, tournament_id: int, round_no: int, table_no: int, game_id: int) -> None:
        """Record the game played at a table (in the transaction that starts it)."""
        await self._db.execute(
            "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? AND table_no = ?",
            (game_id, tournament_id, round_no, table_no),
        )

    async def report(self, tournament_id: int, result: list[SeatResult]) -> None:
        """Set a table's result by hand (replacing an earlier report for the same table)."""
        for r in result:
            await self._db.execute(
                "INSERT INTO tournament_reports (tournament_id, round, table_no, user_id, rank, score)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, round, table_no, user_id)"
                " DO UPDATE SET rank = excluded.rank, score = excluded.score",
                (tournament_id, r.round, r.table_no, r.user_id, r.rank, r.score),
            )


class TournamentQueries:
    """Tournament reads (mixed into Storage)."""

    _db: Db
    _write_lock: asyncio.Lock
    _shards: Shards | None

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        """A tournament by id."""
        row = await self._db.fetchone(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else TournamentRow(*row)

    async def live_tournament(self, channel_id: int) -> TournamentRow | None:
        """The open or running tournament of a channel."""
        row = await self._db.fetchone(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE channel_id = ? AND status != 'finished'",
            (channel_id,),
        )
        return None if row is None else TournamentRow(*row)

    async def latest_tournament(self, channel_id: int) -> TournamentRow | None:
        """The newest tournament of a channel, whatever its status."""
        row = await self._db.fetchone(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else TournamentRow(*row)

    async def running_tournaments(self) -> list[TournamentRow]:
        """Every running tournament of this process's servers (to resume after a restart)."""
        rows = await self._db.fetchall(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments"
            f" WHERE status = 'running'{served(self._shards, 'guild_id')} ORDER BY id"
        )
        return [TournamentRow(*row) for row in rows]

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        """A tournament's players in the order they joined."""
        rows = await self._db.fetchall(
            "SELECT user_id, name, dropped FROM tournament_players WHERE tournament_id = ? ORDER BY joined, user_id",
            (tournament_id,),
        )
        return [EntrantRow(u, n, bool(d)) for u, n, d in rows]

    async def tables(self, tournament_id: int) -> list[TableRow]:
        """Every table of every round so far, with its game's channel and status."""
        rows = await self._db.fetchall(
            "SELECT t.round, t.table_no, t.seats, t.game_id, g.channel_id, g.status FROM tournament_tables t"
            " LEFT JOIN games g ON g.id = t.game_id WHERE t.tournament_id = ? ORDER BY t.round, t.table_no",
            (tournament_id,),
        )
        return [TableRow(r, n, tuple(json.loads(s)), gid, ch, st) for r, n, s, gid, ch, st in rows]

    async def byes(self, tournament_id: int) -> list[tuple[int, int]]:
        """(round, user) for every bye so far."""
        rows = await self._db.fetchall(
            "SELECT round, user_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round, user_id",
            (tournament_id,),
        )
        return [(r, u) for r, u in rows]

    async def reported_tables(self, tournament_id: int) -> set[tuple[int, int]]:
        """(round, table) of every table with a moderator's report."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT round, table_no FROM tournament_reports WHERE tournament_id = ?", (tournament_id,)
        )
        return {(r, n) for r, n in rows}

    async def table_results(self, tournament_id: int) -> list[SeatResult]:
        """Each seat's rank and score per table: a moderator's report where there is one, else the game's result.

        A game's seat counts for the entrant the table seated there, even if the seat was handed to someone else.
        """
        reported = await self._db.fetchall(
            "SELECT round, table_no, user_id, rank, score FROM tournament_reports WHERE tournament_id = ?",
            (tournament_id,),
        )
        results = [SeatResult(*row) for row in reported]
        done = {(r.round, r.table_no) for r in results}
        played = await self._db.fetchall(
            "SELECT t.round, t.table_no, t.seats, r.seat, r.rank, r.score FROM tournament_tables t"
            " JOIN results r ON r.game_id = t.game_id WHERE t.tournament_id = ?",
            (tournament_id,),
        )
        for round_no, table_no, seats, seat, rank, score in played:
            if (round_no, table_no) not in done:
                results.append(SeatResult(round_no, table_no, json.loads(seats)[seat], rank, score))
        return sorted(results, key=lambda r: (r.round, r.table_no, r.rank, r.user_id))
