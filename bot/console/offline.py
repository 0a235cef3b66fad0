"""Discord without the network: fake INTERACTION_CREATE payloads through the real CommandTree, answers recorded.

The seams are discord.py's own: `Interaction(data=…, state=client._connection)`, the webhook adapter ContextVar
(`discord.webhook.async_.async_context`) and `CommandTree._call`. Both are private API, which is why discord.py is
pinned to ~=2.7 and tests/test_bot_harness.py checks this module first on every upgrade.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.discord import drawing
from bot.discord.board_posts import LIVE_PREFIX, BoardsSeen
from bot.discord.buttons import AnswerButton, ChooseButton, public_view
from bot.discord.client import RootClient
from bot.discord.decoding import unreadable_button
from bot.discord.delivery import ChannelPoster, board_name
from bot.service import GameService
from bot.service.outbox import Outbox

APP_ID = 710_000_000_000_000_001
BOT_ID = 710_000_000_000_000_002
GUILD_ID = 710_000_000_000_000_003
EPHEMERAL = 64
ATTACHMENT_LIMIT = 10 * 1024 * 1024
MANAGE_GUILD = discord.Permissions(manage_guild=True).value
PLAYER_PERMISSIONS = discord.Permissions(send_messages=True, use_application_commands=True).value


def stable_id(kind: str, name: str) -> int:
    """A snowflake-sized id that is always the same for a name (so console games can be resumed)."""
    digest = hashlib.sha256(f"{kind}:{name.lower()}".encode()).hexdigest()
    return 100_000_000_000_000_000 + int(digest[:15], 16) % 800_000_000_000_000_000


@dataclass(frozen=True)
class OfflineUser:
    """A pretend Discord member."""

    name: str
    moderator: bool = False
    roles: tuple[int, ...] = ()
    bot: bool = False  # a bot account (another bot on the server): Discord marks it so

    @property
    def id(self) -> int:
        """Its stable user id."""
        return stable_id("user", self.name)


@dataclass
class Result:
    """Everything one interaction produced: the messages sent, and the service's outbox if a command ran."""

    sent: list[Sent]
    outbox: Outbox | None = None
    check_failed: bool = False

    @property
    def refused(self) -> bool:
        """Whether the command was refused (by a check, by the service or by the engine)."""
        return self.check_failed or bool(self.outbox and self.outbox.refused)

    @property
    def public(self) -> list[Sent]:
        """Messages everyone in the channel sees."""
        return [s for s in self.sent if s.public]

    @property
    def private(self) -> list[Sent]:
        """Messages only one user sees (ephemeral answers and DMs)."""
        return [s for s in self.sent if s.ephemeral and not s.deferred]

    @property
    def text(self) -> str:
        """All text sent, public and private, one message per line."""
        return "\n".join(s.content for s in self.sent if s.content)


@dataclass
class Sent:
    """One message the bot sent: an interaction answer, a channel post or a DM."""

    kind: str
    content: str = ""
    ephemeral: bool = False
    to_user: int | None = None
    files: dict[str, bytes] = field(default_factory=dict)
    components: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] = field(default_factory=list)
    deferred: bool = False
    channel_id: int | None = None
    nonce: str | None = None
    message_id: int | None = None
    thread_id: int | None = None

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Every button of the message (label and custom_id)."""
        return [c for row in self.components for c in row.get("components", []) if c.get("type") == 2]

    @property
    def board(self) -> bytes:
        """Its board picture (empty if it has none)."""
        return next((data for name, data in self.files.items() if drawing.is_board(name)), b"")

    @property
    def public(self) -> bool:
        """Whether everyone in the channel sees it."""
        return self.kind in ("reply", "channel") and not self.ephemeral and not self.deferred


def _payload(params: Any) -> dict[str, Any]:
    if params.payload is not None:
        return dict(params.payload)
    for part in params.multipart or []:
        if part.get("name") == "payload_json":
            return dict(json.loads(part["value"]))
    return {}


def _files(files: Any) -> dict[str, bytes]:
    out = {}
    for f in files or []:
        f.reset()
        out[f.filename] = f.fp.read()
    return out


class RecordingAdapter(AsyncWebhookAdapter):
    """Stands in for Discord's interaction endpoints and keeps everything sent."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.sent: list[Sent] = []
        self.user: int | None = None
        self.channel: int | None = None
        self._originals: dict[str, Sent | None] = {}  # interaction token: its first answer (None: deferred so far)

    def _record(self, kind: str, body: dict[str, Any], files: Any, deferred: bool = False) -> Sent:
        flags = int(body.get("flags") or 0)
        sent = Sent(
            kind=kind,
            content=str(body.get("content") or ""),
            ephemeral=bool(flags & EPHEMERAL),
            to_user=self.user,
            files=_files(files),
            components=list(body.get("components") or []),
            choices=list(body.get("choices") or []),
            deferred=deferred,
            channel_id=self.channel,
        )
        self.sent.append(sent)
        return sent

    async def create_interaction_response(self, interaction_id: int, token: str, **kwargs: Any) -> Any:
        """Record an initial response: a message (4), a deferral (5, 6), a button update (7) or choices (8)."""
        params = kwargs["params"]
        payload = _payload(params)
        kind = {4: "reply", 5: "defer", 6: "defer", 7: "update", 8: "autocomplete"}.get(int(payload["type"]), "other")
        sent = self._record(kind, dict(payload.get("data") or {}), params.files, deferred=kind == "defer")
        if kind in ("reply", "defer"):
            self._originals[token] = sent if kind == "reply" else None
        return {"interaction": {"id": str(interaction_id), "type": int(payload["type"])}}

    async def execute_webhook(self, webhook_id: int, token: str, **kwargs: Any) -> Any:
        """Record a followup message (the first after a deferral answers in its place)."""
        body = kwargs.get("payload") or _payload(_Params(None, kwargs.get("multipart"), None))
        sent = self._record("reply", dict(body), kwargs.get("files"))
        sent.message_id = next(_ids)
        if token in self._originals and self._originals[token] is None:
            self._originals[token] = sent
        if kwargs.get("wait"):
            return _message_payload(sent.message_id, int(webhook_id), dict(body))
        return None

    async def edit_original_interaction_response(self, application_id: int, token: str, **kwargs: Any) -> Any:
        """Record an edit of the first answer: the answer changes in place (what a reader sees), a picture added."""
        body = kwargs.get("payload") or _payload(_Params(None, kwargs.get("multipart"), None))
        original = self._originals.get(token)
        if original is None:
            original = self._record("reply", dict(body), kwargs.get("files"))
        else:
            _edited(original, dict(body), kwargs.get("files"))
        return _message_payload(original.message_id or next(_ids), 0, dict(body))

    async def edit_webhook_message(self, webhook_id: int, token: str, message_id: int, **kwargs: Any) -> Any:
        """Record an edit of a follow-up message, in place."""
        body = kwargs.get("payload") or _payload(_Params(None, kwargs.get("multipart"), None))
        found = next((s for s in self.sent if s.message_id == int(message_id)), None)
        if found is None:
            raise http_error(404, "Unknown Message")
        _edited(found, dict(body), kwargs.get("files"))
        return _message_payload(int(message_id), int(webhook_id), dict(body))


def _edited(sent: Sent, body: dict[str, Any], files: Any) -> None:
    """A message as an edit leaves it: new content, buttons or attachments where the edit gives them."""
    if "content" in body:
        sent.content = str(body.get("content") or "")
    if "components" in body:
        sent.components = list(body.get("components") or [])
    if "attachments" in body or files:  # the bot's edits replace the attachments (it adds a board to text)
        sent.files = _files(files)


@dataclass
class _Params:
    payload: Any
    multipart: Any
    files: Any


_ids = itertools.count(900_000_000_000_000_000)


def _message_payload(message_id: int, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": {"id": str(BOT_ID), "username": "rootbot", "discriminator": "0", "avatar": None, "bot": True},
        "content": body.get("content") or "",
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": int(body.get("flags") or 0),
        "components": list(body.get("components") or []),
    }


class _Response:
    """What discord.HTTPException reads from a failed response."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = {403: "Forbidden", 404: "Not Found"}.get(status, "Bad Request")


def http_error(status: int, text: str = "refused") -> discord.HTTPException:
    """The exception discord.py raises for an HTTP status (403 Forbidden, 404 NotFound, else HTTPException)."""
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(_Response(status), text)


@dataclass
class FakeThread:
    """A thread the bot made: its channel, name, type (12 private) and who is in it."""

    parent_id: int
    name: str
    kind: int
    members: set[int] = field(default_factory=set)


class FakeDiscord:
    """Discord's REST API for what the bot posts itself (messages, edits, private threads, DMs), kept in memory.

    It replaces `client.http.request`, so the real discord.py code runs down to the HTTP call. One instance
    may serve several OfflineBots in turn: Discord keeps its threads and messages over a restart of the bot.
    `refuse[route]` makes a route fail with an HTTP status ('POST /channels/{channel_id}/threads': 403).
    """

    def __init__(self) -> None:
        self.adapter: RecordingAdapter | None = None
        self.messages: dict[int, int] = {}  # message id: its channel
        self.threads: dict[int, FakeThread] = {}
        self.dms: dict[int, int] = {}  # DM channel id: its user
        self.gone: set[int] = set()  # channels and messages deleted on Discord's side
        self.strangers: set[int] = set()  # users Discord does not know (they left the server)
        self.refuse: dict[str, int] = {}

    async def request(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        """Answer one REST call as Discord would."""
        key = f"{route.method} {route.path}"
        if key in self.refuse:
            raise http_error(self.refuse[key])
        ids = [int(part) for part in route.url.split("/") if part.isdigit()]
        body = dict(kwargs.get("json") or {})
        for part in form or []:
            if part.get("name") == "payload_json":
                body = dict(json.loads(part["value"]))
        handler = getattr(self, "_" + _ROUTES.get(key, "unknown"))
        return await handler(ids, body, files)

    async def _unknown(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        raise http_error(400, "the offline Discord does not know this call")

    async def _send(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        channel = ids[0]
        if channel in self.gone:
            raise http_error(404, "Unknown Channel")
        message_id = next(_ids)
        self.messages[message_id] = channel
        self._keep(self._kind(channel), channel, message_id, body, files)
        return _message_payload(message_id, channel, body)

    async def _edit(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        channel, message_id = ids
        if self.messages.get(message_id) != channel or message_id in self.gone:
            raise http_error(404, "Unknown Message")
        self._keep("edit", channel, message_id, body, files)
        return _message_payload(message_id, channel, body)

    async def _delete(self, ids: list[int], body: dict[str, Any], files: Any) -> None:
        if self.messages.get(ids[1]) != ids[0] or ids[1] in self.gone:
            raise http_error(404, "Unknown Message")
        self.gone.add(ids[1])

    async def _thread(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        thread_id = next(_ids)
        self.threads[thread_id] = FakeThread(ids[0], str(body["name"]), int(body["type"]), {BOT_ID})
        return self.thread_payload(thread_id)

    async def _join(self, ids: list[int], body: dict[str, Any], files: Any) -> None:
        thread = self.threads.get(ids[0])
        if thread is None or ids[0] in self.gone:
            raise http_error(404, "Unknown Channel")
        if ids[1] in self.strangers:
            raise http_error(404, "Unknown User")
        thread.members.add(ids[1])

    async def _leave(self, ids: list[int], body: dict[str, Any], files: Any) -> None:
        thread = self.threads.get(ids[0])
        if thread is not None:
            thread.members.discard(ids[1])

    async def _channel(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        if ids[0] in self.gone:
            raise http_error(404, "Unknown Channel")
        if ids[0] in self.threads:
            return self.thread_payload(ids[0])
        return _channel(ids[0], str(ids[0]))

    async def _active_threads(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        return {"threads": [self.thread_payload(t) for t in self.threads if t not in self.gone], "members": []}

    async def _dm(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        user_id = int(body["recipient_id"])
        channel = next((c for c, u in self.dms.items() if u == user_id), None) or next(_ids)
        self.dms[channel] = user_id
        return {"id": str(channel), "type": 1, "recipients": [_user(OfflineUser(str(user_id)), user_id)]}

    async def _user(self, ids: list[int], body: dict[str, Any], files: Any) -> Any:
        return _user(OfflineUser(str(ids[0])), ids[0])

    def _kind(self, channel: int) -> str:
        return "thread" if channel in self.threads else "dm" if channel in self.dms else "channel"

    def _owner(self, channel: int) -> int | None:
        if channel in self.dms:
            return self.dms[channel]
        players = sorted(self.threads[channel].members - {BOT_ID}) if channel in self.threads else []
        return players[0] if len(players) == 1 else None  # a team's thread has several: nobody's own

    def _keep(self, kind: str, channel: int, message_id: int, body: dict[str, Any], files: Any) -> None:
        if self.adapter is None:
            return
        where = self.threads[channel].parent_id if channel in self.threads else channel
        sent = Sent(
            kind=kind,
            content=str(body.get("content") or ""),
            ephemeral=kind in ("thread", "dm"),
            to_user=self._owner(channel),
            files=_files(files),
            components=list(body.get("components") or []),
            channel_id=where,
            message_id=message_id,
            thread_id=channel if kind == "thread" else None,
        )
        self.adapter.sent.append(sent)

    def thread_payload(self, thread_id: int) -> dict[str, Any]:
        """A thread as Discord describes it."""
        thread = self.threads[thread_id]
        return {
            "id": str(thread_id),
            "type": thread.kind,
            "guild_id": str(GUILD_ID),
            "parent_id": str(thread.parent_id),
            "owner_id": str(BOT_ID),
            "name": thread.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": len(thread.members),
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
                "invitable": False,
            },
        }


_ROUTES = {
    "POST /channels/{channel_id}/messages": "send",
    "PATCH /channels/{channel_id}/messages/{message_id}": "edit",
    "DELETE /channels/{channel_id}/messages/{message_id}": "delete",
    "POST /channels/{channel_id}/threads": "thread",
    "PUT /channels/{channel_id}/thread-members/{user_id}": "join",
    "DELETE /channels/{channel_id}/thread-members/{user_id}": "leave",
    "GET /channels/{channel_id}": "channel",
    "GET /guilds/{guild_id}/threads/active": "active_threads",
    "POST /users/@me/channels": "dm",
    "GET /users/{user_id}": "user",
}


class RecordingPoster(ChannelPoster):
    """Reminders kept instead of sent; live boards and private threads (or DMs) go through FakeDiscord."""

    def __init__(self, client: discord.Client, adapter: RecordingAdapter, gone: set[int] | None = None) -> None:
        super().__init__(client)
        self.adapter = adapter
        self.gone = gone if gone is not None else set()  # messages deleted on Discord's side (FakeDiscord.gone)

    async def post(self, outbox: Outbox, board_after: bool = False) -> None:
        """Keep a channel post, with its board and buttons, as Discord would show it (the board attached once drawn
        when it comes `board_after` the text)."""
        later = board_after and outbox.board is not None and outbox.board_png is None and outbox.live is None
        if not later:
            await drawing.render(outbox, self.painter)
        view = public_view(outbox)
        components: list[Any] = list(view.to_components()) if view else []
        files = {board_name(outbox): outbox.board_png} if outbox.board_png and outbox.live is None else {}
        where, nonce = outbox.channel_id, outbox.nonce
        sent = Sent("channel", outbox.public, files=files, components=components, channel_id=where, nonce=nonce)
        self.adapter.sent.append(sent)
        if later:

            async def attach(files: list[discord.File]) -> None:
                sent.files = _files(files)

            self.boards.after(self, self.service, where or 0, outbox, attach)

    async def boards_shown(self, channel_id: int, live_message: int | None) -> BoardsSeen:
        """The boards kept for a channel: its public messages as they stand after their edits (not those deleted)."""
        seen = BoardsSeen()
        shown = [s for s in self.adapter.sent if s.channel_id == channel_id and s.message_id not in self.gone]
        for sent in [s for s in shown if s.public or s.kind == "edit"]:
            live = sent.content.startswith(LIVE_PREFIX) and sent.kind != "reply"
            seen.take(list(sent.files), sent.message_id if live else None)
        return seen

    async def already_posted(self, outbox: Outbox, _since: int) -> bool:
        """Whether a post with this nonce is already kept."""
        return any(s.kind == "channel" and s.nonce == outbox.nonce for s in self.adapter.sent)


class OfflineBot:
    """The real client and command tree, driven by fake interactions; every answer is recorded."""

    def __init__(self, service: GameService, discord_api: FakeDiscord | None = None) -> None:
        self.client = RootClient(service, service.settings)
        self.adapter = RecordingAdapter()
        self.discord = discord_api or FakeDiscord()
        self.discord.adapter = self.adapter
        self.client.http.request = self.discord.request  # type: ignore[method-assign]
        self.client.poster = RecordingPoster(self.client, self.adapter, self.discord.gone)
        self.client.automation.delay = 0.0  # offline, an automated player's moves follow each command at once
        self.client.automation.deciders.workers = 0  # and are decided in a thread: no worker process to start
        state = self.client._connection
        state.application_id = APP_ID
        me: Any = _user(OfflineUser("rootbot"))
        me.update(id=str(BOT_ID), bot=True)
        state.user = discord.ClientUser(state=state, data=me)
        guild: Any = {"id": str(GUILD_ID), "name": "offline", "roles": [_role(GUILD_ID)], "owner_id": str(BOT_ID)}
        state._add_guild(discord.Guild(data=guild, state=state))
        self.client.add_dynamic_items(*_dynamic_items())
        self.users: dict[int, OfflineUser] = {}
        self.channels: dict[int, str] = {}
        self.settle = True  # wait for each interaction's board before returning its Result

    async def resume(self) -> Result:
        """What a (re)started bot does first: play the automated moves of every game waiting for them."""
        start = len(self.adapter.sent)
        await self.client.automation.resume()
        await self.client.automation.settled()
        await self.client.poster.boards.settled()
        return Result(self.adapter.sent[start:], None, False)

    @property
    def tree(self) -> app_commands.CommandTree[Any]:
        """The command tree under test."""
        return self.client.tree

    @property
    def service(self) -> GameService:
        """The service behind the commands."""
        return self.client.service

    def find(self, path: str) -> app_commands.Command[Any, Any, Any]:
        """A command by its path, e.g. 'root join' or 'move'."""
        words = path.strip().lstrip("/").split()
        command: Any = self.tree.get_command(words[0])
        for word in words[1:]:
            command = command.get_command(word) if isinstance(command, app_commands.Group) else None
        if not isinstance(command, app_commands.Command):
            raise KeyError(path)
        return command

    async def slash(self, user: OfflineUser, channel_id: int, path: str, /, **options: Any) -> Result:
        """Run a slash command as a user in a channel; options by their Discord names."""
        command = self.find(path)
        data = self._command_data(command, options, focused=None)
        return await self._dispatch(user, channel_id, 2, data)

    async def autocomplete(
        self, user: OfflineUser, channel_id: int, path: str, focused: str, /, **options: Any
    ) -> list[dict[str, Any]]:
        """The choices Discord would show while the user types the focused option."""
        command = self.find(path)
        data = self._command_data(command, options, focused=focused)
        result = await self._dispatch(user, channel_id, 4, data)
        return result.sent[-1].choices if result.sent else []

    async def click(self, user: OfflineUser, channel_id: int, message: Sent, custom_id: str) -> Result:
        """Press a button of a message the bot sent."""
        body = {"content": message.content, "components": message.components, "flags": 64 if message.ephemeral else 0}
        extra = {"message": _message_payload(next(_ids), channel_id, body)}
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._dispatch(user, channel_id, 3, data, extra)

    async def interact(
        self,
        user: OfflineUser,
        channel_id: int,
        kind: int,
        data: dict[str, Any],
        components: list[dict[str, Any]] | None = None,
    ) -> Result:
        """Any interaction as its JSON payload: a command (2), a button press on a message with these components (3)
        or an autocomplete request (4); nothing is checked here, as nothing is by Discord's wire."""
        extra = None
        if kind == 3:
            body = {"content": "", "components": components or [], "flags": 0}
            extra = {"message": _message_payload(next(_ids), channel_id, body)}
        return await self._dispatch(user, channel_id, kind, data, extra)

    def _command_data(
        self, command: app_commands.Command[Any, Any, Any], options: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        params = {p.display_name: p for p in command.parameters}
        resolved: dict[str, Any] = {}
        values = []
        for name, value in options.items():
            if name not in params:
                raise KeyError(f"/{command.qualified_name} has no option '{name}'")
            kind = params[name].type
            if kind is AppCommandOptionType.user and not isinstance(value, OfflineUser):
                value = OfflineUser(str(value).lstrip("@"))
            if isinstance(value, OfflineUser):
                self.users[value.id] = value
            entry = {"name": name, "type": kind.value, "value": _option_value(kind, value, resolved, name == focused)}
            if name == focused:
                entry["focused"] = True
            values.append(entry)
        if focused is not None and focused not in options:
            values.append({"name": focused, "type": params[focused].type.value, "value": "", "focused": True})
        data: dict[str, Any] = {"id": str(stable_id("command", command.qualified_name)), "type": 1}
        chain = command.qualified_name.split()
        data["name"] = chain[0]
        nested: list[dict[str, Any]] = values
        for word in reversed(chain[1:]):
            nested = [{"type": 1, "name": word, "options": nested}]
        data["options"] = nested
        if resolved:
            data["resolved"] = resolved
        return data

    async def _dispatch(
        self, user: OfflineUser, channel_id: int, kind: int, data: dict[str, Any], extra: dict[str, Any] | None = None
    ) -> Result:
        self.users[user.id] = user
        payload = self._interaction(user, channel_id, kind, data, extra or {})
        start = len(self.adapter.sent)
        token = async_context.set(self.adapter)
        self.adapter.user, self.adapter.channel = user.id, channel_id
        try:
            interaction: discord.Interaction = discord.Interaction(data=payload, state=self.client._connection)  # type: ignore[arg-type]
            self._add_roles(user)
            if kind == 3:
                await self._press(interaction, data.get("custom_id"))
            else:
                await self.tree._call(interaction)
            if self.settle:  # boards are drawn after the answer: a test or script sees each line's pictures with it
                await self.client.automation.settled()  # and the automated moves that follow it
                await self.client.poster.boards.settled()
        finally:
            async_context.reset(token)
        outbox = interaction.extras.get("outbox")
        return Result(self.adapter.sent[start:], outbox, bool(interaction.extras.get("refused")))

    async def _press(self, interaction: discord.Interaction, custom_id: Any) -> None:
        store = self.client._connection._view_store
        for pattern, factory in store._dynamic_items.items():
            match = pattern.fullmatch(custom_id) if isinstance(custom_id, str) else None
            if match is not None:
                await store.schedule_dynamic_item_call(2, factory, interaction, custom_id, match)
                return
        await unreadable_button(interaction)  # what RootClient.on_interaction answers on Discord

    def _add_roles(self, user: OfflineUser) -> None:
        guild = self.client.get_guild(GUILD_ID)
        if guild is None:
            return
        for role_id in user.roles:
            if guild.get_role(role_id) is None:
                data: Any = _role(role_id)
                guild._add_role(discord.Role(guild=guild, state=self.client._connection, data=data))

    def _interaction(
        self, user: OfflineUser, channel_id: int, kind: int, data: dict[str, Any], extra: dict[str, Any]
    ) -> dict[str, Any]:
        permissions = PLAYER_PERMISSIONS | (MANAGE_GUILD if user.moderator else 0)
        interaction_id = next(_ids)
        return {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"offline-{interaction_id}",  # one per interaction: an edit finds its own answer
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": self._channel_payload(channel_id),
            "member": _member(user, permissions),
            "data": data,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_LIMIT,
            "app_permissions": str(discord.Permissions.all().value),
            **extra,
        }

    def _channel_payload(self, channel_id: int) -> dict[str, Any]:
        if channel_id in self.discord.threads:
            return self.discord.thread_payload(channel_id)
        return _channel(channel_id, self.channel_name(channel_id))

    def channel_name(self, channel_id: int) -> str:
        """The console name of a channel."""
        return self.channels.get(channel_id, str(channel_id))


def _dynamic_items() -> tuple[Any, ...]:
    return (ChooseButton, AnswerButton)


def _channel(channel_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "rate_limit_per_user": 0,
    }


def _user(user: OfflineUser, user_id: int | None = None) -> dict[str, Any]:
    return {
        "id": str(user_id or user.id),
        "username": user.name,
        "global_name": user.name,
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
    }


def _member(user: OfflineUser, permissions: int) -> dict[str, Any]:
    return {
        "user": _user(user),
        "roles": [str(r) for r in user.roles],
        "permissions": str(permissions),
        "joined_at": "2026-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
    }


def _role(role_id: int) -> dict[str, Any]:
    return {
        "id": str(role_id),
        "name": f"role-{role_id}",
        "color": 0,
        "hoist": False,
        "position": 1,
        "permissions": "0",
        "managed": False,
        "mentionable": True,
    }


def _option_value(kind: AppCommandOptionType, value: Any, resolved: dict[str, Any], focused: bool) -> Any:
    if focused:
        return str(value)
    if kind is AppCommandOptionType.integer:
        return int(value)
    if kind is AppCommandOptionType.number:
        return float(value)
    if kind is AppCommandOptionType.boolean:
        return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes", "y")
    if kind is AppCommandOptionType.user:
        user = value if isinstance(value, OfflineUser) else OfflineUser(str(value).lstrip("@"))
        resolved.setdefault("users", {})[str(user.id)] = _user(user)
        member = _member(user, PLAYER_PERMISSIONS)
        member.pop("user")
        resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)
    if kind is AppCommandOptionType.role:
        role_id = value if isinstance(value, int) else stable_id("role", str(value).lstrip("@&"))
        resolved.setdefault("roles", {})[str(role_id)] = _role(role_id)
        return str(role_id)
    return str(value)


__all__ = ["FakeDiscord", "OfflineBot", "OfflineUser", "RecordingAdapter", "Result", "Sent", "http_error", "stable_id"]
