"""A PostgreSQL server that can go away for a moment: a TCP relay in front of the test server, cut and restored.

To the bot a cut relay is a stopped server: open connections drop and new ones are refused. The test server itself
stays up for the other tests running beside this one.
"""

from __future__ import annotations

import asyncio
import contextlib
from types import TracebackType
from urllib.parse import urlsplit, urlunsplit


class Outage:
    """`async with Outage(url) as server:` then `server.url` reaches `url` until `down()`, again after `up()`."""

    def __init__(self, url: str) -> None:
        self.target = urlsplit(url)
        self.port = 0
        """The relay's port: chosen by the system at the first `up()`, kept after (the bot's URL does not change)."""
        self._server: asyncio.Server | None = None
        self._links: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        """The target's URL, through the relay."""
        t = self.target
        netloc = f"{t.username}@127.0.0.1:{self.port}" if t.username else f"127.0.0.1:{self.port}"
        return urlunsplit((t.scheme, netloc, t.path, t.query, t.fragment))

    async def __aenter__(self) -> Outage:
        await self.up()
        return self

    async def __aexit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        await self.down()

    async def up(self) -> None:
        """The server is (back) up: connections are accepted."""
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def down(self) -> None:
        """The server stops: every connection drops, and new ones are refused."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for writer in list(self._links):
            writer.close()
        self._links.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host, port = self.target.hostname or "127.0.0.1", self.target.port or 5432
        upstream_reader, upstream_writer = await asyncio.open_connection(host, port)
        self._links.update((writer, upstream_writer))
        await asyncio.gather(_pipe(reader, upstream_writer), _pipe(upstream_reader, writer))


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.close()
