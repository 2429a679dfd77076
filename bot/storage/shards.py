"""Which servers a process serves when the bot runs as several sharded processes on one database."""

from __future__ import annotations

from dataclasses import dataclass

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
