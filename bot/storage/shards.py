"""Which servers a process serves when the bot runs as several sharded processes on one database."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from bot.storage.db import Db, atomic

SHARD_BITS = 22
"""Discord's rule: a server's shard is (server id >> 22) % shard count; direct messages are shard 0's."""


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process runs, of `count` in all."""

    ids: tuple[int, ...]
    count: int

    def of(self, guild_id: int | None) -> int:
        """The shard a server's events arrive on."""
        return ((guild_id or 0) >> SHARD_BITS) % self.count

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs that server's shard."""
        return self.of(guild_id) in self.ids

    def where(self, guild_column: str) -> str:
        """SQL that keeps the rows of this process's servers (the numbers are ours: safe to write into the SQL)."""
        ids = ", ".join(str(int(i)) for i in self.ids)
        return f"(COALESCE({guild_column}, 0) >> {SHARD_BITS}) % {int(self.count)} IN ({ids})"


def served(shards: Shards | None, guild_column: str) -> str:
    """SQL to add to a WHERE: " AND …" keeping this process's servers' rows, or nothing when it serves them all."""
    return "" if shards is None else f" AND {shards.where(guild_column)}"


@dataclass(frozen=True, slots=True)
class ShardClaim:
    """A process's word that it runs a shard, as last renewed."""

    process: str
    shard_id: int
    shard_count: int
    seen_ms: int


class ClaimQueries:
    """The shard-claim half of the repository (mixed into Storage, sharing its connection)."""

    _db: Db
    _write_lock: asyncio.Lock

    async def claim_shards(self, process: str, shard_ids: Iterable[int], shard_count: int, now_ms: int) -> None:
        """Say (again) that `process` runs these shards; claims it no longer makes are dropped."""
        async with self._write_lock, atomic(self._db):
            await self._db.execute("DELETE FROM shard_claims WHERE process = ?", (process,))
            await self._db.executemany(
                "INSERT INTO shard_claims (process, shard_id, shard_count, seen_ms) VALUES (?, ?, ?, ?)",
                [(process, shard, shard_count, now_ms) for shard in shard_ids],
            )

    async def release_shards(self, process: str) -> None:
        """A process stopping: its shards are free."""
        async with self._write_lock:
            await self._db.execute("DELETE FROM shard_claims WHERE process = ?", (process,))

    async def shard_claims(self, since_ms: int) -> list[ShardClaim]:
        """Claims renewed since `since_ms` (the live processes'), by shard."""
        rows = await self._db.fetchall(
            "SELECT process, shard_id, shard_count, seen_ms FROM shard_claims WHERE seen_ms >= ?"
            " ORDER BY shard_id, process",
            (since_ms,),
        )
        return [ShardClaim(*row) for row in rows]


def clashes(claims: Iterable[ShardClaim]) -> list[str]:
    """What is wrong with live claims, in words: one shard run by two processes, or processes counting differently."""
    claims = list(claims)
    found = []
    counts = sorted({c.shard_count for c in claims})
    if len(counts) > 1:
        found.append(f"live processes disagree on the shard count ({', '.join(map(str, counts))})")
    by_shard: dict[tuple[int, int], list[str]] = {}
    for claim in claims:
        by_shard.setdefault((claim.shard_count, claim.shard_id), []).append(claim.process)
    for (count, shard), processes in sorted(by_shard.items()):
        if len(processes) > 1:
            found.append(f"shard {shard} of {count} is claimed by {len(processes)} processes: {', '.join(processes)}")
    return found
