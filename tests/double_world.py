"""Helpers for the end-to-end tests: a Discord double on 127.0.0.1 and the real `rootbot run` process against it.

Each test gets its own double, channel and database (`world` fixture); the bot process is started by the test
(after it has set up channels and permissions) and stopped at the end, its log printed when a test fails. Waits
are on conditions with generous timeouts (`double.until`), never fixed sleeps.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.console.offline import Sent
from bot.discord.delivery import DONE
from bot.service import GameService
from bot.storage.store import Store
from tools.double.payloads import Channel, Message
from tools.double.players import Players
from tools.double.process import BotProcess
from tools.double.server import DiscordDouble, Interaction, Member

ALICE, BOB, CAROL, MO = Member("alice"), Member("bob"), Member("carol"), Member("mo", manage_guild=True)
TIMESTAMP = re.compile(r"<t:\d+(:\w)?>")
CHANNEL_MENTION = re.compile(r"<#\d+>")


@dataclass
class World:
    """A double, its game channel, players, and the bot process (not started yet)."""

    double: DiscordDouble
    bot: BotProcess
    players: Players
    game: Channel
    folder: Path

    async def start(self) -> None:
        """Start the bot process and wait until it is connected."""
        await self.bot.start()

    async def lobby(
        self,
        *members: Member,
        factions: tuple[str, ...] = ("marquise", "eyrie"),
        channel: Channel | None = None,
        **create: Any,
    ) -> None:
        """Create, join and start a game in a channel (the game channel, alice and bob by default)."""
        members = members or (ALICE, BOB)
        first, where = members[0], (channel or self.game).id
        await self.posted(await self.players.run(first, where, "root create", seats=len(factions), **create))
        for member, faction in zip(members, factions, strict=True):
            await self.posted(await self.players.run(member, where, "root join", faction=faction))
        await self.posted(await self.players.run(first, where, "root start"))

    async def posted(self, answered: Interaction) -> Message:
        """The public post of an answered interaction (after the private note if the bot deferred privately)."""
        if not public(answered.shown) and not any(m.content == DONE for m in answered.shown):
            raise AssertionError(f"refused: {texts(answered.shown)}")
        found: list[Message] = await self.double.until(lambda: public(answered.shown), 60, "the public post")
        return found[0]

    async def board_of(self, message: Message) -> Message:
        """The message once its board is on it: a move is shown as text at once, its board attached when drawn."""
        await self.double.until(lambda: message.board is not None, 60, "the board of the move")
        return message

    def saved(self, channel_id: int | None = None) -> tuple[str, int, int]:
        """What a failure must not corrupt: the game's status, row version and number of log lines."""
        channel = channel_id or self.game.id
        status, version = self.bot.query("SELECT status, version FROM games WHERE channel_id = ?", channel)[0]
        lines = self.bot.query("SELECT count(*) FROM actions WHERE channel_id = ?", channel)[0][0]
        return str(status), int(version), int(lines)

    async def replays(self, channel_id: int | None = None) -> bool:
        """Whether the saved record replays to the saved state (the game is not corrupted)."""
        store = await Store.open_read_only(f"sqlite+aiosqlite:///{self.bot.db}")
        try:
            record = await GameService(store).export(channel_id or self.game.id, full=True)
        finally:
            await store.close()
        state = rules.replay(rules.Record(dict(record["options"]), int(record["seed"]), record["actions"]))
        return bool(state.digest() == record["digest"])


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    """A fresh double with a #game channel and a bot process ready to start; everything is stopped after."""
    double = DiscordDouble()
    await double.start()
    game = double.add_channel("game")
    bot = BotProcess(double, tmp_path)
    try:
        yield World(double, bot, Players(double), game, tmp_path)
    finally:
        await bot.stop()
        await double.stop()
        print(bot.logged()[-30_000:])  # pytest shows it only when the test failed


def public(messages: list[Message]) -> list[Message]:
    """The messages everyone sees."""
    return [m for m in messages if not m.ephemeral]


def texts(messages: list[Message]) -> list[str]:
    """Their contents."""
    return [m.content for m in messages]


def normal(text: str) -> str:
    """Text without what differs between two runs of the same game (times, thread ids)."""
    return CHANNEL_MENTION.sub("<#…>", TIMESTAMP.sub("<t:…>", text))


def digest(data: bytes) -> str:
    """A short fingerprint of a file."""
    return hashlib.sha256(data).hexdigest()[:16]


def shown(message: Message) -> tuple[Any, ...]:
    """What a reader sees of a message of the double: text, who sees it, files and buttons."""
    files = tuple((a.filename, digest(a.data)) for a in message.attachments)
    buttons = tuple((b.get("label"), b.get("custom_id")) for b in message.buttons)
    return normal(message.content), message.ephemeral, files, buttons


def shown_offline(sent: Sent) -> tuple[Any, ...]:
    """The same for a message the offline harness recorded."""
    files = tuple((name, digest(data)) for name, data in sent.files.items())
    buttons = tuple((b.get("label"), b.get("custom_id")) for b in sent.buttons)
    return normal(sent.content), sent.ephemeral, files, buttons
