"""The JSON shapes Discord sends (users, members, roles, channels, guilds, messages, interactions), for the double."""

from __future__ import annotations

import re
import struct
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
BOARD_NAME = re.compile(r"board(-v\d+)?\.png")  # the bot's board pictures (helpers for tests)
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
MAGIC = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF8", "image/gif"))

# Permission bits (discord-api-docs, "Permissions").
PERMISSIONS = {
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "manage_guild": 1 << 5,
    "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
}
ALL_TEXT = sum(PERMISSIONS.values()) - PERMISSIONS["manage_guild"]


class Snowflakes:
    """Ids as Discord makes them: milliseconds since 2015 in the high bits, so they sort by time."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """A fresh id, later than every one before."""
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


def iso(epoch: float) -> str:
    """A timestamp as Discord writes it."""
    return datetime.fromtimestamp(epoch, UTC).isoformat()


def user(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    """A user object."""
    out: dict[str, Any] = {
        "id": str(user_id),
        "username": name,
        "global_name": None if bot else name,
        "discriminator": "0",
        "avatar": None,
        "public_flags": 0,
    }
    if bot:
        out["bot"] = True
    return out


def member(user_id: int, name: str, roles: list[int], permissions: int | None = None) -> dict[str, Any]:
    """A guild member object (with `permissions` as interactions carry it)."""
    out: dict[str, Any] = {
        "user": user(user_id, name),
        "nick": None,
        "roles": [str(r) for r in roles],
        "joined_at": iso(1_700_000_000),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if permissions is not None:
        out["permissions"] = str(permissions)
    return out


def role(role_id: int, name: str, permissions: int, position: int) -> dict[str, Any]:
    """A role object."""
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "hoist": False,
        "position": position,
        "permissions": str(permissions),
        "managed": False,
        "mentionable": True,
        "flags": 0,
    }


@dataclass
class Channel:
    """A channel of the double: a text channel, a thread (11 public, 12 private) or a DM (1)."""

    id: int
    name: str
    type: int = TEXT
    guild_id: int | None = None
    parent_id: int | None = None
    denied: set[str] = field(default_factory=set)  # permissions the bot lacks here ('attach_files')
    members: set[int] = field(default_factory=set)  # a thread's members
    recipient: int | None = None  # a DM's other user
    invitable: bool = True
    owner_id: int | None = None
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        """Whether it is a thread."""
        return self.type in THREAD_TYPES


def channel(ch: Channel, bot_id: int, recipient: dict[str, Any] | None = None) -> dict[str, Any]:
    """A channel object (text channel, thread or DM)."""
    if ch.type == DM:
        return {"id": str(ch.id), "type": DM, "last_message_id": None, "recipients": [recipient] if recipient else []}
    out: dict[str, Any] = {
        "id": str(ch.id),
        "type": ch.type,
        "guild_id": str(ch.guild_id),
        "name": ch.name,
        "position": 0,
        "nsfw": False,
        "parent_id": str(ch.parent_id) if ch.parent_id else None,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }
    if ch.is_thread:
        out.update(
            owner_id=str(ch.owner_id or bot_id),
            message_count=0,
            member_count=len(ch.members),
            total_message_sent=0,
            thread_metadata={
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": iso(time.time()),
                "locked": False,
                "invitable": ch.invitable,
                "create_timestamp": iso(time.time()),
            },
        )
    else:
        denied = sum(PERMISSIONS[p] for p in ch.denied)
        out.update(
            topic=None,
            permission_overwrites=[{"id": str(bot_id), "type": 1, "allow": "0", "deny": str(denied)}] if denied else [],
        )
    return out


@dataclass
class Attachment:
    """A file as Discord received it: the part of the multipart body, checked against payload_json."""

    id: int
    filename: str
    content_type: str
    data: bytes
    description: str | None = None

    @property
    def size(self) -> int:
        """Its size in bytes."""
        return len(self.data)

    @property
    def sniffed(self) -> str:
        """The type Discord gives it from its bytes (uploads say application/octet-stream)."""
        for magic, kind in MAGIC:
            if self.data.startswith(magic):
                return kind
        return self.content_type

    @property
    def dimensions(self) -> tuple[int, int] | None:
        """Width and height of a PNG (from its IHDR chunk), else None."""
        if self.sniffed != "image/png" or len(self.data) < 24 or self.data[12:16] != b"IHDR":
            return None
        width, height = struct.unpack(">II", self.data[16:24])
        return int(width), int(height)


@dataclass
class Message:
    """A message of the double (an interaction answer, a follow-up, a channel post, a thread or DM post)."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    attachments: list[Attachment] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    nonce: str | None = None
    interaction_id: int | None = None
    visible_to: int | None = None  # an ephemeral message's one reader
    created: float = field(default_factory=time.time)
    edited: float | None = None
    deleted: bool = False
    webhook_id: int | None = None
    mentions: list[int] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        """Whether only one user sees it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether it is still the 'thinking…' note of a deferred answer."""
        return bool(self.flags & LOADING)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Its buttons (label, custom_id)."""
        return [c for row in self.components for c in row.get("components", []) if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button with this label or custom_id (KeyError if none)."""
        for b in self.buttons:
            if b.get("label") == label or b.get("custom_id") == label:
                return b
        raise KeyError(f"no button '{label}' on message {self.id}: {[b.get('label') for b in self.buttons]}")

    def file(self, name: str) -> Attachment | None:
        """The attachment of that file name, if any."""
        return next((a for a in self.attachments if a.filename == name), None)

    @property
    def board(self) -> Attachment | None:
        """Its board picture, if any (board.png, or board-v<game version>.png)."""
        return next((a for a in self.attachments if BOARD_NAME.fullmatch(a.filename)), None)


def message(msg: Message, author: dict[str, Any], base_url: str, guild_id: int | None) -> dict[str, Any]:
    """A message object."""
    out: dict[str, Any] = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        "author": author,
        "content": msg.content,
        "timestamp": iso(msg.created),
        "edited_timestamp": iso(msg.edited) if msg.edited else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [str(r) for r in msg.mention_roles],
        "attachments": [attachment(a, msg, base_url) for a in msg.attachments],
        "embeds": msg.embeds,
        "pinned": False,
        "type": 0 if msg.interaction_id is None else 20,
        "flags": msg.flags,
        "components": msg.components,
    }
    if msg.nonce is not None:
        out["nonce"] = msg.nonce
    if msg.webhook_id is not None:
        out["webhook_id"] = str(msg.webhook_id)
    if guild_id is not None:
        out["guild_id"] = str(guild_id)
    return out


def attachment(att: Attachment, msg: Message, base_url: str) -> dict[str, Any]:
    """An attachment object (its URL is served by the double)."""
    url = f"{base_url}/attachments/{msg.channel_id}/{att.id}/{att.filename}"
    out: dict[str, Any] = {
        "id": str(att.id),
        "filename": att.filename,
        "size": att.size,
        "url": url,
        "proxy_url": url,
        "content_type": att.sniffed,
    }
    if att.dimensions is not None:
        out["width"], out["height"] = att.dimensions
    if att.description:
        out["description"] = att.description
    return out
