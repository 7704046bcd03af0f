"""The gateway: a websocket speaking Discord's gateway protocol (v10, JSON, zlib-stream).

Sessions outlive connections: events sent while a session has no connection are kept and
replayed when discord.py RESUMEs, as Discord does. Each guild's events go to the session of
shard (guild_id >> 22) % shard_count; events with no guild (DMs) go to shard 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import zlib
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
import msgspec
from aiohttp import web

from .ids import shard_of

if TYPE_CHECKING:
    from .server import FakeDiscord

try:  # zstd-stream is asked for by discord.py only when it can import a zstd module itself
    import zstandard as _zstd  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the environment
    _zstd = None

log = logging.getLogger(__name__)

# opcodes
DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

# intents
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
GUILD_MESSAGE_REACTIONS = 1 << 10
DIRECT_MESSAGES = 1 << 12
DIRECT_MESSAGE_REACTIONS = 1 << 13
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
ALL_INTENTS = (1 << 26) - 1

# close codes
UNKNOWN_ERROR = 4000
UNKNOWN_OPCODE = 4001
DECODE_ERROR = 4002
NOT_AUTHENTICATED = 4003
AUTHENTICATION_FAILED = 4004
ALREADY_AUTHENTICATED = 4005
INVALID_SHARD = 4010
INVALID_API_VERSION = 4012
INVALID_INTENTS = 4013
DISALLOWED_INTENTS = 4014

_encode = msgspec.json.encode
_decode = msgspec.json.decode

BUFFER_SIZE = 5000


@dataclass(frozen=True)
class _Stamped:
    """A frame whose sender wants to know when it left (latencies count from then)."""

    frame: bytes
    on_send: Callable[[float], None]


class GatewayConnection:
    """One websocket. Frames go out in order through a queue and a writer task."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self.session: GatewaySession | None = None
        self.queue: asyncio.Queue[bytes | tuple[str, int] | _Stamped | None] = asyncio.Queue()
        self.last_heartbeat: float | None = None
        self.heartbeats = 0
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._zstd = (
            _zstd.ZstdCompressor().compressobj() if compress == "zstd-stream" and _zstd else None
        )
        self.writer = asyncio.create_task(self._write())

    def send(self, frame: bytes, on_send: Callable[[float], None] | None = None) -> None:
        """Queue a frame; `on_send(perf_counter())` is called when it is handed to the socket."""
        self.queue.put_nowait(frame if on_send is None else _Stamped(frame, on_send))

    def close_after_pending(self, code: int) -> None:
        self.queue.put_nowait(("close", code))

    async def _write(self) -> None:
        ws = self.ws
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    return
                if isinstance(item, tuple):
                    await ws.close(code=item[1])
                    return
                if isinstance(item, _Stamped):
                    item.on_send(time.perf_counter())
                    item = item.frame
                if self._zlib is not None:
                    await ws.send_bytes(
                        self._zlib.compress(item) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    )
                elif self._zstd is not None:
                    await ws.send_bytes(
                        self._zstd.compress(item) + self._zstd.flush(_zstd.COMPRESSOBJ_FLUSH_BLOCK)
                    )
                else:
                    await ws.send_str(item.decode())
        except (ConnectionError, RuntimeError, aiohttp.ClientError):
            return

    async def abort(self, code: int) -> None:
        """Close now, dropping anything still queued."""
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
        with contextlib.suppress(Exception):
            await self.ws.close(code=code)


class GatewaySession:
    def __init__(self, *, shard_id: int, shard_count: int, intents: int, sharded: bool) -> None:
        self.id = secrets.token_hex(16)
        self.shard_id = shard_id
        self.shard_count = shard_count
        self.intents = intents
        self.sharded = sharded
        self.seq = 0
        self.buffer: deque[tuple[int, bytes]] = deque(maxlen=BUFFER_SIZE)
        self.conn: GatewayConnection | None = None
        self.superseded = False
        self.resumes = 0
        self.identified_at = time.time()
        self.guild_ids: set[int] = set()

    @property
    def key(self) -> tuple[int, int]:
        return (self.shard_id, self.shard_count)

    @property
    def connected(self) -> bool:
        return self.conn is not None

    def frame(self, event: str, data: Any, on_send: Callable[[float], None] | None = None) -> bytes:
        self.seq += 1
        raw = _encode({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.buffer.append((self.seq, raw))
        if self.conn is not None:
            self.conn.send(raw, on_send)
        return raw

    def wants(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return self.shard_id == 0
        return shard_of(guild_id, self.shard_count) == self.shard_id

    def __repr__(self) -> str:
        state = "connected" if self.connected else "disconnected"
        return f"<GatewaySession shard {self.shard_id}/{self.shard_count} seq={self.seq} {state}>"


class Gateway:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, GatewaySession] = {}
        #: the newest session for each (shard_id, shard_count)
        self.active: dict[tuple[int, int], GatewaySession] = {}
        self.connections: set[GatewayConnection] = set()
        self.events_sent: Counter[str] = Counter()
        self.identifies = 0
        self.resumes = 0
        #: close codes and reasons the fake used, newest last
        self.closes: list[tuple[int, str]] = []

    # -- routing -------------------------------------------------------------------------

    def targets(self, guild_id: int | None) -> list[GatewaySession]:
        return [s for s in self.active.values() if s.wants(guild_id)]

    def dispatch(
        self,
        event: str,
        data: dict[str, Any] | Callable[[GatewaySession], dict[str, Any] | None],
        *,
        guild_id: int | None = None,
        intent: int = 0,
        on_send: Callable[[float], None] | None = None,
    ) -> list[GatewaySession]:
        """Send an event to the sessions that should get it; returns them. `on_send` is told
        when each frame is handed to its socket."""
        sent = []
        for session in self.targets(guild_id):
            if intent and not session.intents & intent:
                continue
            d = data(session) if callable(data) else data
            if d is None:
                continue
            session.frame(event, d, on_send)
            self.events_sent[event] += 1
            sent.append(session)
        return sent

    def connected_cover(self) -> int | None:
        """A shard count whose every shard has a connected session, if there is one."""
        counts = {count for (_, count), s in self.active.items() if s.connected}
        for count in sorted(counts):
            if all(
                (i, count) in self.active and self.active[(i, count)].connected
                for i in range(count)
            ):
                return count
        return None

    # -- faults ----------------------------------------------------------------------------

    def _pick(self, shard_id: int | None) -> list[GatewaySession]:
        return [s for s in self.active.values() if shard_id is None or s.shard_id == shard_id]

    async def drop(self, shard_id: int | None = None, code: int = UNKNOWN_ERROR) -> int:
        """Close connections without ending their sessions (discord.py will RESUME)."""
        n = 0
        for s in self._pick(shard_id):
            conn = s.conn
            if conn is not None:
                s.conn = None
                self.closes.append((code, "dropped on request"))
                await conn.abort(code)
                n += 1
        return n

    def invalidate(self, shard_id: int | None = None, *, resumable: bool = False) -> int:
        """Send INVALID_SESSION; unless resumable the sessions end and the bot identifies again."""
        n = 0
        for s in self._pick(shard_id):
            if s.conn is None:
                continue
            s.conn.send(_encode({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None}))
            if not resumable:
                self._end(s)
            n += 1
        return n

    def request_reconnect(self, shard_id: int | None = None) -> int:
        """Send op 7 RECONNECT; discord.py closes and resumes."""
        n = 0
        for s in self._pick(shard_id):
            if s.conn is not None:
                s.conn.send(_encode({"op": RECONNECT, "d": None, "s": None, "t": None}))
                n += 1
        return n

    def _end(self, s: GatewaySession) -> None:
        s.superseded = True
        self.sessions.pop(s.id, None)
        if self.active.get(s.key) is s:
            del self.active[s.key]

    async def close_all(self, code: int = 1001) -> None:
        for conn in list(self.connections):
            await conn.abort(code)

    # -- the websocket -------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if compress not in ("zlib-stream", "zstd-stream"):
            compress = None
        if compress == "zstd-stream" and _zstd is None:
            compress = None  # discord.py reads plain text frames whatever it asked for
        conn = GatewayConnection(ws, compress)
        self.connections.add(conn)
        try:
            version = request.query.get("v", "10")
            if request.query.get("encoding", "json") != "json":
                await self._close(conn, DECODE_ERROR, "only encoding=json is supported")
                return ws
            if version not in ("9", "10"):
                await self._close(conn, INVALID_API_VERSION, f"invalid API version {version}")
                return ws
            conn.send(
                _encode(
                    {
                        "op": HELLO,
                        "d": {
                            "heartbeat_interval": self.fake.heartbeat_interval_ms,
                            "_trace": ["loopback"],
                        },
                        "s": None,
                        "t": None,
                    }
                )
            )
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    try:
                        payload = _decode(msg.data)
                    except msgspec.DecodeError:
                        await self._close(conn, DECODE_ERROR, "invalid JSON")
                        break
                    if not await self._on_payload(conn, payload):
                        break
                elif msg.type == aiohttp.WSMsgType.BINARY:
                    await self._close(conn, DECODE_ERROR, "binary frames are not supported")
                    break
                else:
                    break
        finally:
            self.connections.discard(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            conn.queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(conn.writer, 1.0)
            self.fake._changed()
        return ws

    async def _close(self, conn: GatewayConnection, code: int, reason: str) -> None:
        log.info("gateway closing with %s: %s", code, reason)
        self.closes.append((code, reason))
        conn.close_after_pending(code)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(asyncio.shield(conn.writer), 2.0)

    async def _on_payload(self, conn: GatewayConnection, payload: Any) -> bool:
        """Handle one client frame; False once the connection is being closed."""
        if not isinstance(payload, dict):
            await self._close(conn, DECODE_ERROR, "payload is not an object")
            return False
        op = payload.get("op")
        d = payload.get("d")
        if op == HEARTBEAT:
            conn.last_heartbeat = time.monotonic()
            conn.heartbeats += 1
            conn.send(_encode({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None}))
            return True
        if op == IDENTIFY:
            return await self._identify(conn, d or {})
        if op == RESUME:
            return await self._resume(conn, d or {})
        if conn.session is None:
            if op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE, REQUEST_GUILD_MEMBERS):
                await self._close(conn, NOT_AUTHENTICATED, "sent a payload before identifying")
                return False
            await self._close(conn, UNKNOWN_OPCODE, f"unknown opcode {op}")
            return False
        if op == REQUEST_GUILD_MEMBERS:
            self._request_members(conn.session, d or {})
            return True
        if op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            return True
        await self._close(conn, UNKNOWN_OPCODE, f"unknown opcode {op}")
        return False

    async def _identify(self, conn: GatewayConnection, d: dict[str, Any]) -> bool:
        fake = self.fake
        if conn.session is not None:
            await self._close(conn, ALREADY_AUTHENTICATED, "identified twice")
            return False
        if d.get("token") != fake.bot_token:
            await self._close(conn, AUTHENTICATION_FAILED, "Authentication failed.")
            return False
        intents = d.get("intents")
        if not isinstance(intents, int) or intents < 0 or intents & ~ALL_INTENTS:
            await self._close(conn, INVALID_INTENTS, "Invalid intent(s).")
            return False
        if intents & PRIVILEGED & ~fake.privileged_intents:
            await self._close(conn, DISALLOWED_INTENTS, "Disallowed intent(s).")
            return False
        shard = d.get("shard")
        sharded = shard is not None
        if shard is None:
            shard = [0, 1]
        try:
            shard_id, shard_count = int(shard[0]), int(shard[1])
        except (TypeError, ValueError, IndexError):
            await self._close(conn, INVALID_SHARD, "Invalid shard.")
            return False
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            await self._close(conn, INVALID_SHARD, "Invalid shard.")
            return False
        session = GatewaySession(
            shard_id=shard_id, shard_count=shard_count, intents=intents, sharded=sharded
        )
        old = self.active.get(session.key)
        if old is not None:
            self._end(old)
        self.sessions[session.id] = session
        self.active[session.key] = session
        self.identifies += 1
        session.conn = conn
        conn.session = session
        world = fake.world
        guilds = [
            g for g in world.guilds.values() if world.bot.id in g.members and session.wants(g.id)
        ]
        ready: dict[str, Any] = {
            "v": 10,
            "user_settings": {},
            "user": world.bot_user_payload(),
            "session_type": "normal",
            "session_id": session.id,
            "resume_gateway_url": fake.gateway_url,
            "relationships": [],
            "private_channels": [],
            "presences": [],
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "application": {"id": str(world.application_id), "flags": fake.application_flags},
            "auth": {},
            "_trace": ["loopback"],
        }
        if sharded:
            ready["shard"] = [shard_id, shard_count]
        session.frame("READY", ready)
        self.events_sent["READY"] += 1
        for g in guilds:
            self.send_guild_create(session, g)
        fake._changed()
        return True

    def send_guild_create(self, session: GatewaySession, guild: Any) -> None:
        world = self.fake.world
        data = world.guild_payload(
            guild, full=True, with_members=bool(session.intents & GUILD_MEMBERS)
        )
        session.guild_ids.add(guild.id)
        session.frame("GUILD_CREATE", data)
        self.events_sent["GUILD_CREATE"] += 1

    async def _resume(self, conn: GatewayConnection, d: dict[str, Any]) -> bool:
        fake = self.fake
        if conn.session is not None:
            await self._close(conn, ALREADY_AUTHENTICATED, "resumed an identified connection")
            return False
        if d.get("token") != fake.bot_token:
            await self._close(conn, AUTHENTICATION_FAILED, "Authentication failed.")
            return False
        session = self.sessions.get(str(d.get("session_id")))
        seq = d.get("seq")
        replay: list[bytes] | None = None
        if session is not None and not session.superseded:
            if seq is None:
                seq = 0
            if session.buffer and seq < session.buffer[0][0] - 1:
                replay = None  # too far behind: cannot resume
            elif seq > session.seq:
                replay = None
            else:
                replay = [raw for s, raw in session.buffer if s > seq]
        if session is None or replay is None:
            conn.send(_encode({"op": INVALID_SESSION, "d": False, "s": None, "t": None}))
            return True
        if session.conn is not None and session.conn is not conn:
            old = session.conn
            session.conn = None
            await old.abort(UNKNOWN_ERROR)
        for raw in replay:
            conn.send(raw)
        session.conn = conn
        conn.session = session
        session.resumes += 1
        self.resumes += 1
        session.frame("RESUMED", {"_trace": ["loopback"]})
        self.events_sent["RESUMED"] += 1
        fake._changed()
        return True

    def _request_members(self, session: GatewaySession, d: dict[str, Any]) -> None:
        world = self.fake.world
        try:
            guild = world.guilds[int(d.get("guild_id"))]
        except (KeyError, TypeError, ValueError):
            return
        query = (d.get("query") or "").lower()
        limit = int(d.get("limit") or 0)
        user_ids = d.get("user_ids")
        if isinstance(user_ids, (str, int)):
            user_ids = [user_ids]
        members = list(guild.members.values())
        not_found: list[str] = []
        if user_ids:
            wanted = {int(u) for u in user_ids}
            members = [m for m in members if m.user_id in wanted]
            not_found = [str(u) for u in wanted - {m.user_id for m in members}]
        elif query:
            members = [
                m
                for m in members
                if world.users[m.user_id].username.lower().startswith(query)
                or (m.nick or "").lower().startswith(query)
            ]
        if limit:
            members = members[:limit]
        data: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [world.member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": not_found,
        }
        if d.get("nonce") is not None:
            data["nonce"] = d["nonce"]
        session.frame("GUILD_MEMBERS_CHUNK", data)
        self.events_sent["GUILD_MEMBERS_CHUNK"] += 1
