"""Stats and ratings queries: per-user results, and the per-server, per-game leaderboards."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from bot.storage.db import Db, fetch_int
from bot.storage.records import RatingRow

RATING_COLUMNS = "guild_id, game, user_id, name, mu, sigma, ordinal, games"


@dataclass(frozen=True, slots=True)
class GameStats:
    """One user's record in one game."""

    game: str
    games: int
    wins: int
    mean_score: float
    best_score: int
    worst_score: int


async def ratings_for(db: Db, guild_id: int, game: str, users: Iterable[int]) -> dict[int, RatingRow]:
    """The current ratings of these users (inside the caller's transaction)."""
    wanted = list(users)
    marks = ", ".join("?" for _ in wanted)
    rows = await db.fetchall(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
        (guild_id, game, *wanted),
    )
    return {row[2]: RatingRow(*row) for row in rows}


async def save_ratings(db: Db, rows: Iterable[RatingRow]) -> None:
    """Store new ratings (inside the caller's transaction)."""
    await db.executemany(
        f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
        " sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games",
        [(r.guild_id, r.game, r.user_id, r.name, r.mu, r.sigma, r.ordinal, r.games) for r in rows],
    )


class StatsQueries:
    """The stats half of the repository (mixed into Storage, sharing its connection)."""

    _db: Db
    _write_lock: asyncio.Lock

    async def user_stats(self, user_id: int, game: str | None = None) -> list[GameStats]:
        """A user's finished games, per game, most played first."""
        rows = await self._db.fetchall(
            "SELECT game, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), AVG(score), MAX(score), MIN(score)"
            " FROM results WHERE user_id = ? AND (CAST(? AS TEXT) IS NULL OR game = ?)"
            " GROUP BY game ORDER BY COUNT(*) DESC, game",
            (user_id, game, game),
        )
        return [GameStats(g, n, int(w), float(mean), int(best), int(worst)) for g, n, w, mean, best, worst in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int, offset: int = 0) -> list[RatingRow]:
        """The best-rated players of a game on a server."""
        rows = await self._db.fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset),
        )
        return [RatingRow(*row) for row in rows]

    async def server_wins(self, guild_id: int, game: str) -> dict[int, int]:
        """How many games of `game` each player won on a server (the players who won any)."""
        rows = await self._db.fetchall(
            "SELECT user_id, COUNT(*) FROM results WHERE guild_id = ? AND game = ? AND rank = 1 GROUP BY user_id",
            (guild_id, game),
        )
        return {int(user): int(wins) for user, wins in rows}

    async def rating_place(self, guild_id: int, game: str, user_id: int) -> tuple[int, RatingRow] | None:
        """A user's place (1 = top) and rating on a server's leaderboard, if rated."""
        mine = await ratings_for(self._db, guild_id, game, [user_id])
        if user_id not in mine:
            return None
        row = await self._db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?"
            " AND (ordinal > ? OR (ordinal = ? AND user_id < ?))",
            (guild_id, game, mine[user_id].ordinal, mine[user_id].ordinal, user_id),
        )
        return (1 + int(row[0]) if row else 1), mine[user_id]

    async def rated_players(self, guild_id: int, game: str) -> int:
        """How many players of a game are rated on a server."""
        return await fetch_int(
            self._db, "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
