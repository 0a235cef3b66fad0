"""A local Discord double for end-to-end tests: Discord's REST API and gateway on 127.0.0.1, kept in memory.

The real bot process (`rootbot run`, discord.py's own HTTP client and gateway) talks to it over sockets, pointed
here by the test-only setting in `bot/discord/redirect.py`. It models what the bot uses, the way Discord answers:

- REST under `/api/v10`: gateway discovery, the bot user and application, command sync (bulk overwrite, guild
  and global), interaction callbacks (message, deferral, update, autocomplete) and follow-ups (the first
  follow-up after a deferral resolves the "thinking" message and keeps its ephemeral flag; edits of the original;
  a token valid 15 minutes, then 401 50027; a first answer later than 3 s is 404 10062 "Unknown interaction",
  a second one 400 40060), channel messages (multipart uploads checked against `payload_json`'s attachments,
  2000 characters, 10 files of at most 10 MiB, component limits, `enforce_nonce` answering a repeated nonce with
  the first message), edits, deletions, history, private and public threads with their members, DMs (closed DMs
  403 50007), users, members, roles and channels. Permissions of the bot per channel (`deny`) give 403 50013, as
  do uploads without Attach Files (interaction answers are exempt, as on Discord). Rate-limit headers per bucket
  (`X-RateLimit-*`, optionally enforced), and every answer carries `Via` like Discord's (discord.py treats a 429
  without it as a Cloudflare ban).
- The gateway (`gateway.py`): hello, heartbeat and ack, identify (wrong token: close 4004), READY with a
  resume URL, GUILD_CREATE, INTERACTION_CREATE and THREAD_CREATE dispatches, resume with replay of missed
  events, invalid session, reconnect requests, zlib-stream compression, and a socket cut without a close frame.
- Misbehaviour on demand (`fault`): 429 with `retry_after` (route or global), any status (5xx, 403…),
  answering an error after the work was done (a 5xx after the message was created), slow answers, and a
  connection dropped before or after the work.

Every request is recorded (`requests`) with its route template, status and times, and every message, upload,
interaction and gateway frame is kept for assertions. Tests wait on conditions (`until`), never on sleeps.

What it does not model: voice, presences, guild member chunking and privileged intents, message content and
reactions, embeds beyond storing them, MESSAGE_CREATE/UPDATE gateway events (the bot does not listen to them),
audit log reasons, sharding (one shard; `/gateway/bot` says so), the per-day command-create limit, CDN image
processing, archived or locked threads, slowmode, role hierarchy and channel overwrites beyond the bot's own
denied permissions, Cloudflare bans, OAuth2 beyond the application object, attachment size limits raised by
boosts, and the exact bucket sizes of Discord's rate limits (they are not published; tests set their own).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import math
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.console.offline import stable_id
from tools.double import payloads as p
from tools.double.gateway import Gateway, Session
from tools.double.payloads import Attachment, Channel, Message

log = logging.getLogger(__name__)

APP_ID = 710_000_000_000_000_001  # the same ids as the offline harness (bot/console/offline.py), so transcripts compare
BOT_ID = 710_000_000_000_000_002
GUILD_ID = 710_000_000_000_000_003
OWNER_ID = 710_000_000_000_000_009
TOKEN = "double-token"
API = "/api/v10"
FIRST_ANSWER_SECONDS = 3.0
TOKEN_LIFETIME_SECONDS = 15 * 60
NONCE_SECONDS = 5 * 60
CONTENT_LIMIT = 2000
FILES_LIMIT = 10
FILE_SIZE_LIMIT = 10 * 1024 * 1024
CALLBACK_MESSAGE, DEFER_MESSAGE, DEFER_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE = 4, 5, 6, 7, 8


class DiscordError(Exception):
    """An error answer: HTTP status, Discord's JSON error code and message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def missing_permissions() -> DiscordError:
    """403 50013, what Discord answers when the bot lacks a permission in a channel."""
    return DiscordError(403, 50013, "Missing Permissions")


def invalid_form(reason: str) -> DiscordError:
    """400 50035 with the reason."""
    return DiscordError(400, 50035, f"Invalid Form Body: {reason}")


@dataclass
class Request:
    """One REST request the double received, and what it answered."""

    method: str
    route: str  # the template, e.g. "POST /channels/{channel_id}/messages" (the raw path when unknown)
    path: str
    params: dict[str, str]
    query: dict[str, str]
    arrived: float
    status: int = 0
    answered: float | None = None
    body: Any = None
    files: list[Attachment] = field(default_factory=list)
    fault: str | None = None

    @property
    def channel_id(self) -> int | None:
        """The channel in its path, if any."""
        value = self.params.get("channel_id")
        return int(value) if value and value.isdigit() else None


@dataclass
class Fault:
    """A misbehaviour for the next `times` requests of a route (optionally of one channel).

    `status` answers that status (429: `retry_after` seconds, `global_` for the global limit); `delay` answers
    late; `drop` cuts the connection; `after_work` does the work first (the message exists) and misbehaves after.
    """

    route: str
    status: int = 0
    times: int = 1
    retry_after: float = 0.5
    global_: bool = False
    delay: float = 0.0
    drop: bool = False
    after_work: bool = False
    channel_id: int | None = None
    code: int = 0
    message: str = ""
    used: int = 0

    def matches(self, route: str, params: dict[str, str]) -> bool:
        """Whether it applies to a request of this route and path parameters."""
        if self.used >= self.times or self.route != route:
            return False
        return self.channel_id is None or params.get("channel_id") == str(self.channel_id)

    def describe(self) -> str:
        """A short name for the request log."""
        parts = [str(self.status)] if self.status else []
        parts += ["global"] if self.global_ else []
        parts += [f"delay {self.delay:g}s"] if self.delay else []
        parts += ["drop"] if self.drop else []
        parts += ["after work"] if self.after_work else []
        return " ".join(parts)


@dataclass
class Member:
    """A member of the double's server: a name, roles, and Manage Server for moderators."""

    name: str
    roles: tuple[int, ...] = ()
    manage_guild: bool = False

    @property
    def id(self) -> int:
        """A stable id from the name (the offline harness's, so transcripts compare)."""
        return stable_id("user", self.name)

    @property
    def permissions(self) -> int:
        """Their permissions in a channel, as interactions carry them."""
        names = ("send_messages", "use_application_commands", "view_channel")
        base = sum(p.PERMISSIONS[name] for name in names)
        return base | (p.PERMISSIONS["manage_guild"] if self.manage_guild else 0)


@dataclass
class Interaction:
    """One interaction the double sent to the bot, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    channel_id: int
    user_id: int
    payload: dict[str, Any]
    created: float  # monotonic
    message_id: int | None = None  # the message of a pressed component
    callback: int | None = None
    callback_at: float | None = None
    answered_at: float | None = None  # monotonic: when the user first saw an answer (not the "thinking…" note)
    late: bool = False
    expired: bool = False
    original: Message | None = None
    messages: list[Message] = field(default_factory=list)  # what it showed, in order (the original first)
    choices: list[dict[str, Any]] = field(default_factory=list)
    errors: list[tuple[str, int]] = field(default_factory=list)

    @property
    def first_answer_seconds(self) -> float | None:
        """Seconds from dispatch to the first callback (None if none came)."""
        return None if self.callback_at is None else self.callback_at - self.created

    @property
    def reply_seconds(self) -> float | None:
        """Seconds from dispatch to the arrival of the first answer the user sees (None if none came)."""
        return None if self.answered_at is None else self.answered_at - self.created

    def saw_answer(self) -> None:
        """Note the moment the user first saw an answer."""
        if self.answered_at is None:
            self.answered_at = time.monotonic()

    @property
    def shown(self) -> list[Message]:
        """Messages the user sees (the "thinking…" note once resolved), in order."""
        return [m for m in self.messages if not m.loading and not m.deleted]

    @property
    def answered(self) -> bool:
        """Whether the user saw an answer (not only a deferral)."""
        return self.callback in (CALLBACK_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE) or bool(self.shown)

    @property
    def failed(self) -> bool:
        """Whether Discord would show "This interaction failed" (no first answer within 3 s)."""
        return self.late or self.callback is None


Params = dict[str, str]
Body = dict[str, Any]
Files = list[Attachment]
Handler = Callable[[Params, Body, Files, Request], Awaitable[Any]]


class DiscordDouble:
    """Discord on 127.0.0.1: REST, gateway, state, misbehaviour and records (see the module docstring)."""

    def __init__(self, token: str = TOKEN, heartbeat_ms: int = 41_250) -> None:
        self.token = token
        self.ids = p.Snowflakes()
        self.base_url = ""
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.members: dict[int, Member] = {}
        self.roles: dict[int, tuple[str, int]] = {GUILD_ID: ("@everyone", p.ALL_TEXT)}
        self.commands: dict[str, dict[str, Any]] = {}  # name: the synced command (guild or global)
        self.synced: list[str] = []  # "guild" or "global", per sync request
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.requests: list[Request] = []
        self.faults: list[Fault] = []
        self.closed_dms: set[int] = set()
        self.nonce_repeats = 0
        self.first_answer_seconds = FIRST_ANSWER_SECONDS
        self.token_lifetime = TOKEN_LIFETIME_SECONDS
        self.bucket_limit: dict[str, tuple[int, float]] = {}  # route: (requests, per seconds), enforced
        self._windows: dict[str, tuple[float, int]] = {}
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self._tick = asyncio.Event()
        self.gateway = Gateway(lambda: self.token, self._ready, self._guilds, self._changed, heartbeat_ms)
        self._runner: web.AppRunner | None = None
        self._routes: list[tuple[str, re.Pattern[str], str, Handler]] = []
        self._add_routes()

    # --- life -----------------------------------------------------------------------------------
    async def start(self) -> str:
        """Listen on a free port of 127.0.0.1; the base URL (http://127.0.0.1:PORT)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/resume", self.gateway.handle)
        app.router.add_get("/attachments/{channel}/{attachment}/{name}", self._cdn)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        return self.base_url

    async def stop(self) -> None:
        """Close every socket and stop listening."""
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordDouble:
        await self.start()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.stop()

    # --- the server and its people --------------------------------------------------------------
    def add_channel(self, name: str, denied: tuple[str, ...] = (), channel_id: int | None = None) -> Channel:
        """A text channel of the server (the bot lacking the `denied` permissions there)."""
        cid = channel_id or stable_id("channel", name)
        for perm in denied:
            if perm not in p.PERMISSIONS:
                raise KeyError(f"unknown permission {perm}")
        self.channels[cid] = Channel(cid, name, p.TEXT, GUILD_ID, denied=set(denied))
        return self.channels[cid]

    def add_role(self, name: str, permissions: int = 0) -> int:
        """A role of the server; its id."""
        role_id = stable_id("role", name)
        self.roles[role_id] = (name, permissions)
        return role_id

    def add_member(self, member: Member) -> Member:
        """A member of the server."""
        self.members[member.id] = member
        return member

    def deny(self, channel_id: int, *permissions: str) -> None:
        """Take permissions from the bot in a channel (and its threads) from now on."""
        self.channels[channel_id].denied.update(permissions)

    def fault(self, route: str, **how: Any) -> Fault:
        """Misbehave on the next requests of a route ("POST /channels/{channel_id}/messages"); see Fault."""
        fault = Fault(route, **how)
        self.faults.append(fault)
        return fault

    def expire(self, interaction: Interaction) -> None:
        """Let an interaction's token run out (as 15 minutes would)."""
        interaction.expired = True

    # --- waiting and looking ----------------------------------------------------------------------
    def _changed(self) -> None:
        self._tick.set()
        self._tick = asyncio.Event()

    async def until(self, check: Callable[[], Any], timeout: float = 30.0, what: str = "", poll: float = 0.25) -> Any:
        """Wait until check() is truthy (re-checked on every change and every `poll` s); its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = check()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"waited {timeout:g}s for {what or check}")
            tick = self._tick
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tick.wait(), timeout=min(left, poll))

    def in_channel(self, channel_id: int, public_only: bool = True) -> list[Message]:
        """Messages of a channel in order (by default only those everyone sees)."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id and not m.deleted and not m.loading and not (public_only and m.ephemeral)
        ]

    def threads_of(self, parent_id: int) -> list[Channel]:
        """Threads made in a channel."""
        return [c for c in self.channels.values() if c.is_thread and c.parent_id == parent_id]

    def calls(self, route: str, channel_id: int | None = None) -> list[Request]:
        """Requests of a route template (of one channel)."""
        return [r for r in self.requests if r.route == route and (channel_id is None or r.channel_id == channel_id)]

    def unknown_routes(self) -> list[str]:
        """Requests the double does not model (a new route the bot started using shows here)."""
        return [f"{r.method} {r.path}" for r in self.requests if r.route.split(" ", 1)[1].startswith("?")]

    def failed_interactions(self) -> list[Interaction]:
        """Interactions Discord would show as failed (no first answer within 3 s)."""
        return [i for i in self.interactions.values() if i.failed and i.type != 4]

    # --- interactions -----------------------------------------------------------------------------
    async def interact(
        self, kind: int, member: Member, channel_id: int, data: dict[str, Any], message: Message | None = None
    ) -> Interaction:
        """Send an INTERACTION_CREATE (2 command, 3 component, 4 autocomplete) through the gateway."""
        self.add_member(member)
        itx = Interaction(
            id=self.ids.next(),
            token="itx-" + secrets.token_urlsafe(24),
            type=kind,
            channel_id=channel_id,
            user_id=member.id,
            payload={},
            created=time.monotonic(),
            message_id=message.id if message else None,
        )
        itx.payload = self._interaction_payload(itx, member, data, message)
        self.interactions[itx.id] = itx
        self._by_token[itx.token] = itx
        itx.created = time.monotonic()
        await self.gateway.dispatch("INTERACTION_CREATE", itx.payload)
        return itx

    def _interaction_payload(
        self, itx: Interaction, member: Member, data: dict[str, Any], message: Message | None
    ) -> dict[str, Any]:
        where = self.channels[itx.channel_id]
        out: dict[str, Any] = {
            "id": str(itx.id),
            "application_id": str(APP_ID),
            "type": itx.type,
            "token": itx.token,
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(itx.channel_id),
            "channel": p.channel(where, BOT_ID),
            "member": p.member(member.id, member.name, list(member.roles), member.permissions),
            "data": data,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": FILE_SIZE_LIMIT,
            "app_permissions": str(self._bot_permissions(where)),
        }
        if message is not None:
            out["message"] = self._message_payload(message)
        return out

    def _bot_permissions(self, channel: Channel) -> int:
        denied = self._denied(channel)
        return sum(bit for name, bit in p.PERMISSIONS.items() if name not in denied and name != "manage_guild")

    def _denied(self, channel: Channel) -> set[str]:
        if channel.is_thread and channel.parent_id in self.channels:
            return channel.denied | self.channels[channel.parent_id].denied
        return channel.denied

    # --- gateway payloads -------------------------------------------------------------------------
    def _bot_user(self) -> dict[str, Any]:
        return p.user(BOT_ID, "rootbot", bot=True)

    def _ready(self, session: Session) -> dict[str, Any]:
        return {
            "v": 10,
            "user": {**self._bot_user(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.base_url.replace("http", "ws", 1) + "/resume",
            "shard": [0, 1],
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [],
            "user_settings": {},
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
        }

    def _guilds(self) -> list[dict[str, Any]]:
        roles = [p.role(rid, name, perms, i) for i, (rid, (name, perms)) in enumerate(self.roles.items())]
        text = [c for c in self.channels.values() if c.guild_id == GUILD_ID and not c.is_thread and not c.deleted]
        threads = [c for c in self.channels.values() if c.is_thread and not c.deleted]
        bot_member = p.member(BOT_ID, "rootbot", [])
        bot_member["user"] = self._bot_user()
        return [
            {
                "id": str(GUILD_ID),
                "name": "double",
                "icon": None,
                "splash": None,
                "discovery_splash": None,
                "owner_id": str(OWNER_ID),
                "afk_channel_id": None,
                "afk_timeout": 300,
                "verification_level": 0,
                "default_message_notifications": 0,
                "explicit_content_filter": 0,
                "roles": roles,
                "emojis": [],
                "stickers": [],
                "features": [],
                "mfa_level": 0,
                "nsfw_level": 0,
                "application_id": None,
                "system_channel_id": None,
                "system_channel_flags": 0,
                "rules_channel_id": None,
                "vanity_url_code": None,
                "description": None,
                "banner": None,
                "premium_tier": 0,
                "preferred_locale": "en-US",
                "public_updates_channel_id": None,
                "joined_at": p.iso(time.time()),
                "large": False,
                "unavailable": False,
                "member_count": len(self.members) + 1,
                "voice_states": [],
                "members": [bot_member],
                "channels": [p.channel(c, BOT_ID) for c in text],
                "threads": [p.channel(c, BOT_ID) for c in threads],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
                "soundboard_sounds": [],
                "premium_subscription_count": 0,
            }
        ]

    # --- REST plumbing ----------------------------------------------------------------------------
    def _add(self, method: str, template: str, handler: Handler) -> None:
        pattern = re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "$")
        self._routes.append((method, pattern, template, handler))

    def _route(self, method: str, path: str) -> tuple[str, dict[str, str], Handler | None]:
        for want, pattern, template, handler in self._routes:
            match = pattern.match(path)
            if want == method and match is not None:
                return f"{method} {template}", dict(match.groupdict()), handler
        return f"{method} ?{path}", {}, None

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        route, params, handler = self._route(request.method, path)
        record = Request(request.method, route, path, params, dict(request.query), time.monotonic())
        self.requests.append(record)
        self._changed()
        try:
            body, files = await _read_body(request)
        except DiscordError as err:
            return self._error(record, err)
        record.body, record.files = body, files
        if handler is None:
            return self._error(record, DiscordError(404, 0, "404: Not Found"))
        if not self._authorised(request, route):
            return self._error(record, DiscordError(401, 0, "401: Unauthorized"))
        fault = next((f for f in self.faults if f.matches(route, params)), None)
        if fault is not None:
            fault.used += 1
            record.fault = fault.describe()
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if not fault.after_work and (fault.status or fault.drop):
                return await self._misbehave(request, record, fault)
        limited = self._over_limit(route, params)
        if limited is not None:
            return self._rate_limited(record, limited, False, route, params)
        try:
            data = await handler(params, body, files, record)
        except DiscordError as err:
            return self._error(record, err)
        if fault is not None and fault.after_work and (fault.status or fault.drop):
            return await self._misbehave(request, record, fault)
        status = 204 if data is None else 200
        return self._answer(record, status, data, route, params)

    def _authorised(self, request: web.Request, route: str) -> bool:
        if "/interactions/" in route or "/webhooks/" in route:
            return True  # the interaction token is the credential
        return request.headers.get("Authorization") == f"Bot {self.token}"

    async def _misbehave(self, request: web.Request, record: Request, fault: Fault) -> web.StreamResponse:
        if fault.drop:
            record.status = -1
            record.answered = time.monotonic()
            if request.transport is not None:
                request.transport.abort()
            self._changed()
            return web.Response(status=500)
        if fault.status == 429:
            return self._rate_limited(record, fault.retry_after, fault.global_, record.route, record.params)
        message = fault.message or {403: "Missing Permissions", 500: "Internal Server Error"}.get(fault.status, "error")
        return self._error(record, DiscordError(fault.status, fault.code, message))

    def _headers(self, route: str, params: dict[str, str]) -> dict[str, str]:
        limit, per = self.bucket_limit.get(route, (50, 1.0))
        key = f"{route}:{_major(params)}"
        start, count = self._windows.get(key, (time.time(), 0))
        if time.time() - start >= per:
            start, count = time.time(), 0
        self._windows[key] = (start, count + 1)
        reset = start + per
        return {
            "Via": "1.1 google",
            "X-RateLimit-Bucket": hashlib.sha1(route.encode()).hexdigest()[:16],
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(max(limit - count - 1, 0)),
            "X-RateLimit-Reset": f"{reset:.3f}",
            "X-RateLimit-Reset-After": f"{max(reset - time.time(), 0):.3f}",
        }

    def _over_limit(self, route: str, params: dict[str, str]) -> float | None:
        if route not in self.bucket_limit:
            return None
        limit, per = self.bucket_limit[route]
        start, count = self._windows.get(f"{route}:{_major(params)}", (time.time(), 0))
        left = start + per - time.time()
        return left if left > 0 and count >= limit else None

    def _rate_limited(
        self, record: Request, retry_after: float, global_: bool, route: str, params: dict[str, str]
    ) -> web.Response:
        headers = {"Via": "1.1 google", "Retry-After": str(math.ceil(retry_after))}
        if global_:
            headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
        else:
            headers.update(self._headers(route, params))
            headers.update({"X-RateLimit-Remaining": "0", "X-RateLimit-Scope": "user"})
            headers["X-RateLimit-Reset-After"] = f"{retry_after:.3f}"
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": global_}
        return self._json(record, 429, body, headers)

    def _error(self, record: Request, err: DiscordError) -> web.Response:
        return self._json(record, err.status, {"message": err.message, "code": err.code}, {"Via": "1.1 google"})

    def _answer(self, record: Request, status: int, data: Any, route: str, params: dict[str, str]) -> web.Response:
        headers = self._headers(route, params)
        if status == 204:
            record.status, record.answered = 204, time.monotonic()
            self._changed()
            return web.Response(status=204, headers=headers)
        return self._json(record, status, data, headers)

    def _json(self, record: Request, status: int, data: Any, headers: dict[str, str]) -> web.Response:
        record.status, record.answered = status, time.monotonic()
        self._changed()
        headers = {**headers, "Content-Type": "application/json"}  # exactly this: discord.py compares the string
        return web.Response(body=json.dumps(data).encode(), status=status, headers=headers)

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        wanted = int(request.match_info["attachment"])
        for msg in self.messages.values():
            for att in msg.attachments:
                if att.id == wanted:
                    return web.Response(body=att.data, content_type=att.content_type)
        raise web.HTTPNotFound()

    # --- routes -----------------------------------------------------------------------------------
    def _add_routes(self) -> None:
        add = self._add
        add("GET", "/gateway", self._get_gateway)
        add("GET", "/gateway/bot", self._get_gateway_bot)
        add("GET", "/users/@me", self._get_me)
        add("GET", "/oauth2/applications/@me", self._get_application)
        add("GET", "/applications/@me", self._get_application)
        add("GET", "/users/{user_id}", self._get_user)
        add("POST", "/users/@me/channels", self._open_dm)
        add("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self._sync_commands)
        add("PUT", "/applications/{application_id}/commands", self._sync_commands)
        add("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self._list_commands)
        add("GET", "/applications/{application_id}/commands", self._list_commands)
        add("POST", "/interactions/{interaction_id}/{token}/callback", self._callback)
        add("POST", "/webhooks/{application_id}/{token}", self._followup)
        add("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self._get_followup)
        add("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", self._edit_followup)
        add("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", self._delete_followup)
        add("POST", "/channels/{channel_id}/messages", self._send)
        add("GET", "/channels/{channel_id}/messages", self._history)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete)
        add("GET", "/channels/{channel_id}", self._get_channel)
        add("POST", "/channels/{channel_id}/threads", self._make_thread)
        add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._join_thread)
        add("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self._leave_thread)
        add("GET", "/channels/{channel_id}/thread-members", self._thread_members)
        add("GET", "/guilds/{guild_id}", self._get_guild)
        add("GET", "/guilds/{guild_id}/channels", self._guild_channels)
        add("GET", "/guilds/{guild_id}/roles", self._guild_roles)
        add("GET", "/guilds/{guild_id}/members", self._list_members)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member)

    async def _get_gateway(self, *_: Any) -> Any:
        return {"url": self.base_url.replace("http", "ws", 1) + "/gateway"}

    async def _get_gateway_bot(self, *_: Any) -> Any:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.base_url.replace("http", "ws", 1) + "/gateway", "shards": 1, "session_start_limit": limit}

    async def _get_me(self, *_: Any) -> Any:
        return {**self._bot_user(), "verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"}

    async def _get_application(self, *_: Any) -> Any:
        return {
            "id": str(APP_ID),
            "name": "rootbot",
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": p.user(OWNER_ID, "owner"),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": self._bot_user(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
        }

    async def _get_user(self, params: dict[str, str], *_: Any) -> Any:
        user_id = int(params["user_id"])
        if user_id == BOT_ID:
            return self._bot_user()
        member = self.members.get(user_id)
        if member is None:
            raise DiscordError(404, 10013, "Unknown User")
        return p.user(user_id, member.name)

    async def _open_dm(self, _params: dict[str, str], body: dict[str, Any], *_: Any) -> Any:
        user_id = int(body["recipient_id"])
        if user_id not in self.members:
            raise DiscordError(400, 50035, "Invalid Form Body: unknown recipient")
        dm = next((c for c in self.channels.values() if c.type == p.DM and c.recipient == user_id), None)
        if dm is None:
            dm = Channel(self.ids.next(), "", p.DM, recipient=user_id)
            self.channels[dm.id] = dm
        return p.channel(dm, BOT_ID, p.user(user_id, self.members[user_id].name))

    async def _sync_commands(self, params: dict[str, str], body: Any, *_: Any) -> Any:
        if not isinstance(body, list):
            raise invalid_form("a list of commands")
        self.synced.append("guild" if "guild_id" in params else "global")
        out = []
        for command in body:
            _check_command(command)
            known = self.commands.get(command["name"])
            synced = {
                **command,
                "id": known["id"] if known else str(self.ids.next()),
                "application_id": str(APP_ID),
                "version": str(self.ids.next()),
                "type": command.get("type", 1),
            }
            if "guild_id" in params:
                synced["guild_id"] = params["guild_id"]
            out.append(synced)
        self.commands = {c["name"]: c for c in out}
        return out

    async def _list_commands(self, *_: Any) -> Any:
        return list(self.commands.values())

    # interactions
    def _interaction(self, token: str, route_id: str | None = None) -> Interaction:
        itx = self._by_token.get(token)
        if itx is None or (route_id is not None and str(itx.id) != route_id):
            raise DiscordError(404, 10062, "Unknown interaction")
        return itx

    async def _callback(self, params: Params, body: Body, files: Files, rec: Request) -> Any:
        itx = self._interaction(params["token"], params["interaction_id"])
        if itx.callback is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if rec.arrived - itx.created > self.first_answer_seconds:
            itx.late = True
            itx.errors.append((rec.route, 404))
            raise DiscordError(404, 10062, "Unknown interaction")
        kind = int(body.get("type", 0))
        data = dict(body.get("data") or {})
        resource: dict[str, Any] = {"type": kind}
        if kind == CALLBACK_MESSAGE:
            itx.original = self._interaction_message(itx, data, files, int(data.get("flags") or 0))
            resource["message"] = self._message_payload(itx.original)
        elif kind == DEFER_MESSAGE:
            flags = (int(data.get("flags") or 0) & p.EPHEMERAL) | p.LOADING
            itx.original = self._interaction_message(itx, {"content": ""}, [], flags)
            resource["message"] = self._message_payload(itx.original)
        elif kind == UPDATE_MESSAGE:
            target = self.messages.get(itx.message_id or 0)
            if target is None:
                raise DiscordError(404, 10008, "Unknown Message")
            self._fill(target, data, files)
            itx.saw_answer()
            resource["message"] = self._message_payload(target)
        elif kind == AUTOCOMPLETE:
            itx.choices = list(data.get("choices") or [])
            if len(itx.choices) > 25:
                raise invalid_form("at most 25 choices")
        elif kind != DEFER_UPDATE:
            raise invalid_form(f"callback type {kind}")
        itx.callback, itx.callback_at = kind, rec.arrived
        original = itx.original
        return {
            "interaction": {
                "id": str(itx.id),
                "type": itx.type,
                "response_message_id": str(original.id) if original else None,
                "response_message_loading": bool(original and original.loading),
                "response_message_ephemeral": bool(original and original.ephemeral),
            },
            "resource": resource,
        }

    def _interaction_message(self, itx: Interaction, data: Body, files: Files, flags: int) -> Message:
        _check_message(data, files)
        msg = Message(self.ids.next(), itx.channel_id, BOT_ID, interaction_id=itx.id, webhook_id=APP_ID)
        msg.flags = flags & (p.EPHEMERAL | p.LOADING)
        msg.visible_to = itx.user_id if msg.ephemeral else None
        self._fill(msg, data, files)
        self.messages[msg.id] = msg
        itx.messages.append(msg)
        if not msg.loading:
            itx.saw_answer()
        return msg

    def _live_token(self, params: dict[str, str]) -> Interaction:
        itx = self._by_token.get(params["token"])
        if itx is None or str(APP_ID) != params["application_id"]:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if itx.expired or time.monotonic() - itx.created > self.token_lifetime:
            itx.errors.append(("webhook", 401))
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if itx.callback is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return itx

    async def _followup(self, params: Params, body: Body, files: Files, _r: Request) -> Any:
        itx = self._live_token(params)
        original = itx.original
        if original is not None and original.loading:  # the first follow-up resolves the "thinking…" note
            _check_message(body, files)
            original.flags &= ~p.LOADING
            self._fill(original, body, files)
            itx.saw_answer()
            return self._message_payload(original)
        msg = self._interaction_message(itx, body, files, int(body.get("flags") or 0))
        return self._message_payload(msg)

    def _followup_message(self, itx: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            if itx.original is None:
                raise DiscordError(404, 10008, "Unknown Message")
            return itx.original
        msg = self.messages.get(int(message_id)) if message_id.isdigit() else None
        if msg is None or msg.interaction_id != itx.id or msg.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def _get_followup(self, params: dict[str, str], *_: Any) -> Any:
        itx = self._live_token(params)
        return self._message_payload(self._followup_message(itx, params["message_id"]))

    async def _edit_followup(self, params: Params, body: Body, files: Files, _r: Request) -> Any:
        itx = self._live_token(params)
        msg = self._followup_message(itx, params["message_id"])
        _check_message(body, files)
        msg.flags &= ~p.LOADING
        self._fill(msg, body, files, edit=True)
        itx.saw_answer()
        return self._message_payload(msg)

    async def _delete_followup(self, params: dict[str, str], *_: Any) -> Any:
        itx = self._live_token(params)
        self._followup_message(itx, params["message_id"]).deleted = True
        return None

    # channel messages
    def _channel(self, params: dict[str, str]) -> Channel:
        cid = int(params["channel_id"]) if params["channel_id"].isdigit() else 0
        channel = self.channels.get(cid)
        if channel is None or channel.deleted:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _may_post(self, channel: Channel, files: list[Attachment]) -> None:
        if channel.type == p.DM:
            if channel.recipient in self.closed_dms:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return
        denied = self._denied(channel)
        needed = "send_messages_in_threads" if channel.is_thread else "send_messages"
        if needed in denied or "view_channel" in denied or (files and "attach_files" in denied):
            raise missing_permissions()
        if channel.type == p.PRIVATE_THREAD and BOT_ID not in channel.members and "manage_threads" in denied:
            raise missing_permissions()

    async def _send(self, params: Params, body: Body, files: Files, _r: Request) -> Any:
        channel = self._channel(params)
        self._may_post(channel, files)
        _check_message(body, files)
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            seen = self._nonces.get((channel.id, str(nonce)))
            if seen is not None and time.time() - seen[1] < NONCE_SECONDS:
                self.nonce_repeats += 1
                return self._message_payload(self.messages[seen[0]])
        msg = Message(self.ids.next(), channel.id, BOT_ID, nonce=str(nonce) if nonce is not None else None)
        self._fill(msg, body, files)
        self.messages[msg.id] = msg
        if msg.nonce is not None:
            self._nonces[(channel.id, msg.nonce)] = (msg.id, time.time())
        return self._message_payload(msg)

    def _message(self, params: dict[str, str]) -> Message:
        channel = self._channel(params)
        mid = params["message_id"]
        msg = self.messages.get(int(mid)) if mid.isdigit() else None
        if msg is None or msg.channel_id != channel.id or msg.deleted or msg.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def _get_message(self, params: dict[str, str], *_: Any) -> Any:
        if "read_message_history" in self._denied(self._channel(params)):  # as for history (Discord's docs)
            raise missing_permissions()
        return self._message_payload(self._message(params))

    async def _edit(self, params: Params, body: Body, files: Files, _r: Request) -> Any:
        msg = self._message(params)
        if msg.author_id != BOT_ID:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if files:
            self._may_post(self._channel(params), files)
        _check_message(body, files)
        self._fill(msg, body, files, edit=True)
        return self._message_payload(msg)

    async def _delete(self, params: dict[str, str], *_: Any) -> Any:
        self._message(params).deleted = True
        return None

    async def _history(self, params: dict[str, str], _b: Any, _f: Any, rec: Request) -> Any:
        channel = self._channel(params)
        if "read_message_history" in self._denied(channel):
            raise missing_permissions()
        limit = min(int(rec.query.get("limit", "50")), 100)
        after, before = int(rec.query.get("after", "0")), int(rec.query.get("before", str(2**63)))
        found = [m for m in self.in_channel(channel.id) if after < m.id < before]
        found = found[:limit] if "after" in rec.query else found[-limit:]
        return [self._message_payload(m) for m in reversed(found)]  # newest first, as Discord answers

    # threads, channels, members
    async def _get_channel(self, params: dict[str, str], *_: Any) -> Any:
        channel = self._channel(params)
        recipient = None
        if channel.type == p.DM and channel.recipient in self.members:
            recipient = p.user(channel.recipient, self.members[channel.recipient].name)
        return p.channel(channel, BOT_ID, recipient)

    async def _make_thread(self, params: dict[str, str], body: dict[str, Any], *_: Any) -> Any:
        parent = self._channel(params)
        kind = int(body.get("type", p.PRIVATE_THREAD))
        denied = self._denied(parent)
        needed = "create_private_threads" if kind == p.PRIVATE_THREAD else "create_public_threads"
        if parent.type != p.TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if needed in denied or "view_channel" in denied:
            raise missing_permissions()
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid_form("thread name of 1 to 100 characters")
        thread = Channel(self.ids.next(), name, kind, GUILD_ID, parent.id, members={BOT_ID}, owner_id=BOT_ID)
        thread.invitable = bool(body.get("invitable", True))
        self.channels[thread.id] = thread
        payload = p.channel(thread, BOT_ID)
        await self._dispatch_quietly("THREAD_CREATE", {**payload, "newly_created": True})
        return payload

    async def _dispatch_quietly(self, event: str, data: Any) -> None:
        if self.gateway.current is not None:
            await self.gateway.dispatch(event, data)

    def _thread(self, params: dict[str, str]) -> Channel:
        thread = self._channel(params)
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        return thread

    async def _join_thread(self, params: dict[str, str], *_: Any) -> Any:
        thread = self._thread(params)
        user_id = int(params["user_id"])
        if user_id not in self.members and user_id != BOT_ID:
            raise DiscordError(404, 10013, "Unknown User")
        thread.members.add(user_id)
        return None

    async def _leave_thread(self, params: dict[str, str], *_: Any) -> Any:
        self._thread(params).members.discard(int(params["user_id"]))
        return None

    async def _thread_members(self, params: dict[str, str], *_: Any) -> Any:
        thread = self._thread(params)
        joined = p.iso(time.time())
        return [{"id": str(thread.id), "user_id": str(u), "join_timestamp": joined, "flags": 0} for u in thread.members]

    def _guild(self, params: dict[str, str]) -> None:
        if params["guild_id"] != str(GUILD_ID):
            raise DiscordError(404, 10004, "Unknown Guild")

    async def _get_guild(self, params: dict[str, str], *_: Any) -> Any:
        self._guild(params)
        return self._guilds()[0]

    async def _guild_channels(self, params: dict[str, str], *_: Any) -> Any:
        self._guild(params)
        return self._guilds()[0]["channels"]

    async def _guild_roles(self, params: dict[str, str], *_: Any) -> Any:
        self._guild(params)
        return self._guilds()[0]["roles"]

    async def _list_members(self, params: dict[str, str], *_: Any) -> Any:
        self._guild(params)
        return [p.member(m.id, m.name, list(m.roles)) for m in self.members.values()]

    async def _get_member(self, params: dict[str, str], *_: Any) -> Any:
        self._guild(params)
        member = self.members.get(int(params["user_id"]))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return p.member(member.id, member.name, list(member.roles))

    # --- messages -----------------------------------------------------------------------------------
    def _fill(self, msg: Message, body: dict[str, Any], files: list[Attachment], edit: bool = False) -> None:
        """Set a message's content, components and attachments from a create or edit body."""
        if "content" in body:
            msg.content = str(body.get("content") or "")
        if "components" in body:
            msg.components = list(body.get("components") or [])
        if "embeds" in body:
            msg.embeds = list(body.get("embeds") or [])
        if "attachments" in body or files:
            kept = {str(a.get("id")) for a in body.get("attachments") or []}
            old = [a for a in msg.attachments if str(a.id) in kept] if edit else []
            msg.attachments = old + files
        allowed = body.get("allowed_mentions") or {}
        msg.mention_roles = [int(r) for r in allowed.get("roles", []) if str(r).isdigit()]
        if edit:
            msg.edited = time.time()
        msg.mentions = [int(u) for u in allowed.get("users", []) if str(u).isdigit()]

    def _message_payload(self, msg: Message) -> dict[str, Any]:
        channel = self.channels.get(msg.channel_id)
        guild = channel.guild_id if channel is not None and channel.type != p.DM else None
        return p.message(msg, self._bot_user(), self.base_url, guild)


def _major(params: dict[str, str]) -> str:
    return "+".join(params[k] for k in ("channel_id", "guild_id", "application_id", "token") if k in params)


async def _read_body(request: web.Request) -> tuple[Any, list[Attachment]]:
    """A JSON body, or a multipart one: payload_json and the files it lists (checked as Discord checks them)."""
    kind = request.content_type
    if kind == "multipart/form-data":
        return await _read_multipart(request)
    raw = await request.read()
    if not raw:
        return {}, []
    try:
        return json.loads(raw), []
    except ValueError:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from None


async def _read_multipart(request: web.Request) -> tuple[Any, list[Attachment]]:
    reader = await request.multipart()
    body: Any = {}
    parts: dict[str, Attachment] = {}
    while True:
        part = await reader.next()
        if part is None:
            break
        name = getattr(part, "name", None) or ""
        data = await part.read()  # type: ignore[union-attr]
        if name == "payload_json":
            body = json.loads(data)
        elif name.startswith("files["):
            index = name[len("files[") : -1]
            filename = getattr(part, "filename", None) or ""
            ctype = part.headers.get("Content-Type", "application/octet-stream")
            parts[index] = Attachment(int(index) if index.isdigit() else 0, filename, ctype, bytes(data))
        else:
            raise DiscordError(400, 50035, f"Invalid Form Body: unexpected part {name}")
    listed = (body.get("data", body) if isinstance(body, dict) else {}).get("attachments") or []
    files = []
    for entry in listed:
        key = str(entry.get("id"))
        if key not in parts and entry.get("filename"):
            raise invalid_form(f"attachment {key} has no file part")
        if key in parts:
            if entry.get("filename") and entry["filename"] != parts[key].filename:
                raise invalid_form(f"attachment {key} is named {entry['filename']} but its part {parts[key].filename}")
            parts[key].description = entry.get("description")
            files.append(parts.pop(key))
    files += parts.values()  # a file part no entry lists is still attached, as Discord does
    return body, files


def _check_message(body: dict[str, Any], files: list[Attachment]) -> None:
    """Discord's limits on a message: content, files, components."""
    content = body.get("content")
    if content is not None and len(str(content)) > CONTENT_LIMIT:
        raise invalid_form(f"content must be {CONTENT_LIMIT} or fewer in length")
    if len(files) > FILES_LIMIT:
        raise invalid_form(f"at most {FILES_LIMIT} files")
    for f in files:
        if f.size > FILE_SIZE_LIMIT:
            raise DiscordError(413, 40005, "Request entity too large")
        if not f.filename:
            raise invalid_form("a file needs a name")
    rows = body.get("components") or []
    if len(rows) > 5:
        raise invalid_form("at most 5 rows of components")
    for row in rows:
        items = row.get("components") or []
        if row.get("type") != 1 or not 1 <= len(items) <= 5:
            raise invalid_form("an action row holds 1 to 5 components")
        for item in items:
            if item.get("type") == 2 and item.get("style") != 5:
                if not 1 <= len(str(item.get("custom_id") or "")) <= 100:
                    raise invalid_form("custom_id of 1 to 100 characters")
                if len(str(item.get("label") or "")) > 80:
                    raise invalid_form("button label of at most 80 characters")


def _check_command(command: dict[str, Any]) -> None:
    """Discord's limits on a command: name, description, options."""
    name = str(command.get("name") or "")
    if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
        raise invalid_form(f"command name '{name}'")
    if command.get("type", 1) == 1 and not 1 <= len(str(command.get("description") or "")) <= 100:
        raise invalid_form(f"description of /{name}")
    options = command.get("options") or []
    if len(options) > 25:
        raise invalid_form(f"/{name} has more than 25 options")
    for option in options:
        if option.get("type") in (1, 2):
            _check_command({**option, "type": 1})
        elif len(option.get("choices") or []) > 25:
            raise invalid_form(f"option {option.get('name')} of /{name} has more than 25 choices")
