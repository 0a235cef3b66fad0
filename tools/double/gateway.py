"""The double's gateway: hello, heartbeats, identify and ready, guild create, dispatches, resume and drops.

A session lives on after its socket closes, keeping every event it dispatched, so a client that resumes with
the session id and the last sequence it saw gets the events it missed, as Discord does. Compression follows the
`compress` query: `zlib-stream` sends binary frames of one zlib stream per connection (flushed per message).
"""

from __future__ import annotations

import json
import logging
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 7, 9, 10, 11
AUTHENTICATION_FAILED = 4004


@dataclass
class Frame:
    """One gateway message, as sent or received, for assertions."""

    direction: str  # "in" (from the bot) or "out" (to the bot)
    op: int
    event: str | None
    seq: int | None
    at: float
    connection: int
    data: Any = None


@dataclass
class Session:
    """A gateway session: its sequence, the events it dispatched, and the socket it is on now (if any)."""

    id: str
    seq: int = 0
    events: list[tuple[int, str, Any]] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None
    compressor: Any = None
    connection: int = 0
    resumable: bool = True
    queued: int = 0  # events dispatched while no socket was open
    transport: Any = None  # the TCP connection under the socket (cut to play a network failure)


class Gateway:
    """Gateway connections of one double: it builds READY and GUILD_CREATE with callbacks given by the server."""

    def __init__(
        self,
        token: Callable[[], str],
        ready: Callable[[Session], dict[str, Any]],
        guilds: Callable[[], list[dict[str, Any]]],
        changed: Callable[[], None],
        heartbeat_ms: int = 41_250,
    ) -> None:
        self._token, self._ready, self._guilds, self._changed = token, ready, guilds, changed
        self.heartbeat_ms = heartbeat_ms
        self.sessions: dict[str, Session] = {}
        self.frames: list[Frame] = []
        self.connections = 0
        self.current: Session | None = None  # the session interactions go to

    # --- what tests see -----------------------------------------------------------------------
    def received(self, op: int) -> list[Frame]:
        """Frames with this op code the bot sent."""
        return [f for f in self.frames if f.direction == "in" and f.op == op]

    def sent(self, event: str) -> list[Frame]:
        """Dispatches of this event sent to the bot."""
        return [f for f in self.frames if f.direction == "out" and f.event == event]

    @property
    def connected(self) -> bool:
        """Whether a session has an open socket that finished identifying or resuming."""
        return self.current is not None and self.current.socket is not None and not self.current.socket.closed

    async def dispatch(self, event: str, data: Any) -> None:
        """Send an event to the bot's session (kept for a resume if its socket is down meanwhile)."""
        session = self.current
        if session is None:
            raise RuntimeError("no gateway session: the bot has not identified")
        await self._dispatch(session, event, data)

    async def drop(self, resumable: bool = True) -> None:
        """Cut the current socket without a close frame (a network failure); the session may be resumed."""
        session = self.current
        if session is None or session.socket is None:
            return
        session.resumable = resumable
        socket, session.socket = session.socket, None
        if session.transport is not None:
            session.transport.abort()
        else:
            await socket.close(code=4000)
        self._changed()

    async def reconnect(self) -> None:
        """Ask the bot to reconnect (op 7), as Discord does before moving a session."""
        session = self.current
        if session is not None and session.socket is not None:
            await self._send(session, {"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        """Close every socket (the double is stopping)."""
        for session in self.sessions.values():
            if session.socket is not None and not session.socket.closed:
                await session.socket.close(code=1001)
            session.socket = None

    # --- the websocket ------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """One gateway connection, from HELLO until the socket closes."""
        socket = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await socket.prepare(request)
        self.connections += 1
        connection = self.connections
        compress = request.query.get("compress") == "zlib-stream"
        pending = Session(id="", compressor=zlib.compressobj() if compress else None, connection=connection)
        pending.socket, pending.transport = socket, request.transport
        await self._send(pending, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_ms}})
        session: Session | None = None
        try:
            async for msg in socket:
                if msg.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                op = int(payload.get("op", -1))
                self.frames.append(Frame("in", op, None, None, time.monotonic(), connection, payload.get("d")))
                self._changed()
                if op == HEARTBEAT:
                    await self._send(session or pending, {"op": HEARTBEAT_ACK})
                elif op == IDENTIFY:
                    session = await self._identify(pending, payload["d"])
                elif op == RESUME:
                    session = await self._resume(pending, payload["d"])
                if session is None and op in (IDENTIFY, RESUME):
                    break
        finally:
            if session is not None and session.socket is socket:
                session.socket = None
            self._changed()
        return socket

    async def _identify(self, pending: Session, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self._token():
            assert pending.socket is not None
            await pending.socket.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        session = Session(id=secrets.token_hex(16), compressor=pending.compressor, connection=pending.connection)
        session.socket, session.transport = pending.socket, pending.transport
        self.sessions[session.id] = session
        self.current = session
        await self._dispatch(session, "READY", self._ready(session))
        for guild in self._guilds():
            await self._dispatch(session, "GUILD_CREATE", guild)
        return session

    async def _resume(self, pending: Session, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or not session.resumable or data.get("token") != self._token():
            await self._send(pending, {"op": INVALID_SESSION, "d": False})
            return None
        session.socket, session.compressor = pending.socket, pending.compressor
        session.connection, session.transport = pending.connection, pending.transport
        self.current = session
        seen = int(data.get("seq") or 0)
        for seq, event, payload in session.events:
            if seq > seen:
                await self._send(session, {"op": DISPATCH, "t": event, "s": seq, "d": payload})
        await self._dispatch(session, "RESUMED", {})
        session.queued = 0
        return session

    async def _dispatch(self, session: Session, event: str, data: Any) -> None:
        session.seq += 1
        session.events.append((session.seq, event, data))
        if session.socket is None or session.socket.closed:
            session.queued += 1
            return
        await self._send(session, {"op": DISPATCH, "t": event, "s": session.seq, "d": data})

    async def _send(self, session: Session, payload: dict[str, Any]) -> None:
        socket = session.socket
        if socket is None or socket.closed:
            return
        frame = Frame("out", payload["op"], payload.get("t"), payload.get("s"), time.monotonic(), session.connection)
        self.frames.append(frame)
        text = json.dumps(payload)
        try:
            if session.compressor is not None:
                data = session.compressor.compress(text.encode()) + session.compressor.flush(zlib.Z_SYNC_FLUSH)
                await socket.send_bytes(data)
            else:
                await socket.send_str(text)
        except (ConnectionError, RuntimeError):
            log.info("the gateway socket closed while sending %s", payload.get("t") or payload["op"])
        self._changed()
