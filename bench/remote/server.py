"""The simulated Discord over the network: simcord's backend behind real HTTP (REST) and a real gateway websocket.

REST calls are answered by simcord's own route table (`simcord.http.router.dispatch`), with the arguments simcord's
FakeHTTPClient and FakeWebhookAdapter pass it; a BackendError becomes the status and JSON body Discord would send.
The gateway speaks JSON text frames: HELLO, IDENTIFY -> READY and a GUILD_CREATE per guild, heartbeats acknowledged,
and every event the backend emits sent as a dispatch (op 0) with a sequence number, as simcord's own gateway gates
them by the intents the bot identified with. Only what simcord leaves to a transport is added here: GET /gateway/bot.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import time
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

import discord
from aiohttp import BodyPartReader, WSMsgType, helpers, multipart, web
from simcord import intents as simcord_intents
from simcord._clock import Clock
from simcord.backend import Backend, serializers
from simcord.backend.errors import BackendError
from simcord.http import router
from simcord.http import routes as _routes  # noqa: F401  (importing it registers every route handler)

log = logging.getLogger(__name__)

# aiohttp parses each Content-Type and Content-Disposition with the email package, a fifth of the simulated
# Discord's time under a burst (py-spy); a part's headers repeat from upload to upload, so their parse is kept. The
# results are only read (a name, a filename).
helpers.parse_content_type = lru_cache(maxsize=256)(helpers.parse_content_type)
multipart.parse_content_disposition = lru_cache(maxsize=256)(multipart.parse_content_disposition)

API = "/api/v10"
HEARTBEAT_MS = 41_250
"""The interval Discord gives in HELLO."""


class WallClock(Clock):
    """simcord's clock on the wall's time: the bot's own clock and the snowflakes' agree, as with Discord.

    So an interaction not acknowledged within 3 s is refused (404) as Discord refuses it.
    """

    def now(self) -> datetime:
        return datetime.now(UTC)

    def advance(self, seconds: float) -> None:
        raise NotImplementedError("the wall's clock cannot be moved on")


@dataclass
class Connection:
    """One gateway session: its intents and shard, and the frames queued for it in order."""

    socket: web.WebSocketResponse
    intents: discord.Intents = field(default_factory=discord.Intents.none)
    shard: tuple[int, int] = (0, 1)
    sequence: int = 0
    frames: asyncio.Queue[tuple[str, str | None]] = field(default_factory=asyncio.Queue)

    def dispatch(self, event: str, payload: Mapping[str, Any], token: str | None = None) -> None:
        """Queue one op-0 dispatch (encoded now: backend state may change before it is written)."""
        self.sequence += 1
        frame = json.dumps({"op": 0, "t": event, "s": self.sequence, "d": payload}, default=str)
        self.frames.put_nowait((frame, token))

    def owns(self, event: str, payload: Mapping[str, Any]) -> bool:
        """Whether this session receives the event: its shard's guilds, and only events its intents ask for."""
        gate = simcord_intents.required_intent(event, payload)
        if gate is not None and not getattr(self.intents, gate):
            return False
        guild_id = payload.get("guild_id")
        if guild_id is None and event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
            guild_id = payload.get("id")
        shard, count = self.shard
        return guild_id is None or (int(guild_id) >> 22) % count == shard


@dataclass
class Hooks:
    """What the bench watches: each REST call as it arrives and its status, each interaction as it is written."""

    request: Callable[[str, str, Any, float], None] = lambda method, path, body, at: None
    status: Callable[[str, str, int], None] = lambda method, path, status: None
    sent: Callable[[str, float], None] = lambda token, at: None


class SimulatedDiscord:
    """simcord's Backend served on 127.0.0.1: REST under /api/v10, the gateway at /gateway."""

    def __init__(self, hooks: Hooks | None = None) -> None:
        self.backend = Backend(clock=WallClock())
        self.hooks = hooks or Hooks()
        self.connections: list[Connection] = []
        self.identified = asyncio.Event()
        self.last_request = time.perf_counter()
        self.not_implemented: list[str] = []
        self.backend.subscribers.append(self.forward)
        self.app = web.Application(client_max_size=64 * 1024 * 1024)
        self.app.router.add_get("/gateway", self.gateway)
        self.app.router.add_get(API + "/gateway/bot", self.gateway_bot)
        self.app.router.add_route("*", API + "/{tail:.*}", self.rest)
        self.runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> str:
        """Listen on a free port of the loopback; the base URL."""
        self.runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        """Close every gateway session and stop listening."""
        for connection in list(self.connections):
            await connection.socket.close()
        if self.runner is not None:
            await self.runner.cleanup()

    def forget_log(self) -> None:
        """Drop simcord's request log and transcript, which grow with every call (nothing here reads them)."""
        self.backend.http_requests.clear()
        self.backend.transcript.clear()

    # ------------------------------------------------------------------------------------------------------ REST

    async def rest(self, request: web.Request) -> web.Response:
        """One REST call through simcord's route table, as FakeHTTPClient / FakeWebhookAdapter make it."""
        arrived = time.perf_counter()
        self.last_request = arrived
        method, path = request.method, "/" + request.match_info["tail"]
        body, files = await self.body(request)
        self.hooks.request(method, path, body, arrived)
        reason = request.headers.get("X-Audit-Log-Reason")
        status, answer = 200, None
        try:
            answer = router.dispatch(
                self.backend,
                method,
                path,
                json=body,
                params=dict(request.query),
                files=files,
                reason=urllib.parse.unquote(reason) if reason else None,
                message_content_access=True,
            )
        except (router.RouteNotImplemented, router.UnsupportedField) as gap:
            # Loud, as in simcord: a parity gap is the bench's fault, not the bot's, and must not pass unseen.
            self.not_implemented.append(f"{method} {path}: {gap.message}")
            status, answer = 501, gap.to_json()
        except BackendError as error:
            status, answer = error.status, error.to_json()
        self.hooks.status(method, path, status)
        self.last_request = time.perf_counter()
        if answer is None:
            return web.Response(status=204 if status == 200 else status)
        return self.json(answer, status)

    async def body(self, request: web.Request) -> tuple[Any, list[discord.File]]:
        """The JSON body and files of a request: multipart as discord.py sends it (payload_json, files[n])."""
        if request.method == "GET" or not request.can_read_body:
            return None, []
        # Not `request.content_type`: a multipart body's Content-Type carries a boundary new with every request, so
        # its parse (the email package, above) is never kept, and was a third of the time answering a REST call.
        if not request.headers.get("Content-Type", "").startswith("multipart/form-data"):
            text = await request.text()
            return (json.loads(text) if text else None), []
        payload: Any = None
        scalar: dict[str, str] = {}
        uploads: list[tuple[str, str, bytes]] = []
        async for part in await request.multipart():
            if not isinstance(part, BodyPartReader):
                continue  # discord.py never nests multiparts
            if part.filename is not None:
                uploads.append((part.name or "", part.filename, bytes(await part.read())))
            elif part.name == "payload_json":
                payload = json.loads(await part.text())
            elif part.name is not None:
                scalar[part.name] = await part.text()
        if payload is None and scalar:
            payload = scalar
        described = {
            str(a.get("id")): a.get("description") for a in (payload or {}).get("attachments") or [] if "id" in a
        }
        files = [
            discord.File(io.BytesIO(data), filename=filename, description=described.get(name[6:-1]))
            for name, filename, data in uploads  # name is files[n]; the attachment with id n describes it
        ]
        return payload, files

    # ------------------------------------------------------------------------------------------------ gateway

    def forward(self, event: str, payload: Mapping[str, Any]) -> None:
        """Every event the backend emits, to every session that receives it."""
        token = str(payload.get("token")) if event == "INTERACTION_CREATE" else None
        for connection in self.connections:
            if connection.owns(event, payload):
                connection.dispatch(event, payload, token)

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        """One gateway session: HELLO, then IDENTIFY, heartbeats and member requests until it closes."""
        socket = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await socket.prepare(request)
        connection = Connection(socket)
        writer = asyncio.create_task(self.write(connection))
        await socket.send_str(json.dumps({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": HEARTBEAT_MS}}))
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    continue
                sent = json.loads(message.data)
                op, data = sent.get("op"), sent.get("d")
                if op == 1:
                    await socket.send_str(json.dumps({"op": 11, "s": None, "t": None, "d": None}))
                elif op == 2:
                    self.identify(connection, data)
                elif op == 6:  # RESUME: no session is kept, so it is refused and the bot identifies anew
                    await socket.send_str(json.dumps({"op": 9, "s": None, "t": None, "d": False}))
                elif op == 8:
                    self.members(connection, data)
        finally:
            if connection in self.connections:
                self.connections.remove(connection)
            writer.cancel()
        return socket

    async def write(self, connection: Connection) -> None:
        """The session's frames in order; an interaction's time is taken as it is handed to the socket."""
        while True:
            frame, token = await connection.frames.get()
            if token is not None:
                record = self.backend.interactions.get(self.backend.interaction_tokens.get(token, 0))
                if record is not None:  # Discord's 3 s to acknowledge run from when Discord sends it
                    record.initial_response_deadline = self.backend.iso_after(3)
                self.hooks.sent(token, time.perf_counter())
            await connection.socket.send_str(frame)

    def identify(self, connection: Connection, data: dict[str, Any]) -> None:
        """READY, then a GUILD_CREATE for each of the shard's guilds (members pruned as the intents say)."""
        connection.intents = discord.Intents._from_value(int(data.get("intents", 0)))
        shard = data.get("shard") or [0, 1]
        connection.shard = (int(shard[0]), int(shard[1]))
        backend = self.backend
        ready = {
            "v": 10,
            "user": dict(serializers.user_payload(backend.bot_user)),
            "guilds": [{"id": str(g), "unavailable": True} for g in backend.guilds],
            "session_id": f"bench-session-{len(self.connections)}",
            "resume_gateway_url": self.url.replace("http", "ws", 1) + "/gateway",
            "shard": list(connection.shard),
            "application": {"id": str(backend.application_id), "flags": 0},
        }
        self.connections.append(connection)
        connection.dispatch("READY", ready)
        for guild in backend.guilds.values():
            payload = dict(serializers.guild_create_payload(backend, guild))
            if connection.owns("GUILD_CREATE", payload):
                simcord_intents.prune_guild_create(payload, connection.intents, backend.bot_user.id)
                connection.dispatch("GUILD_CREATE", payload)
        self.identified.set()

    def members(self, connection: Connection, data: dict[str, Any]) -> None:
        """REQUEST_GUILD_MEMBERS answered in one GUILD_MEMBERS_CHUNK (by user ids, or every member)."""
        guild = self.backend.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [m for m in guild.members.values() if not wanted or m.user_id in wanted]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [serializers.member_payload(self.backend, guild, m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        connection.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------------------------------------ routes

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """GET /gateway/bot: the one route a connecting bot needs that simcord's table lacks (it has no gateway)."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        url = self.url.replace("http", "ws", 1) + "/gateway"
        return self.json({"url": url, "shards": 1, "session_start_limit": limit})

    @staticmethod
    def json(answer: Any, status: int = 200) -> web.Response:
        """A JSON answer whose Content-Type is exactly application/json: discord.py parses nothing else as JSON."""
        body = json.dumps(answer, default=str).encode()
        return web.Response(status=status, body=body, headers={"Content-Type": "application/json"})
