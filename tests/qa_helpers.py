"""Shared set-up of the QA tests: services and offline bots on a temporary database, closed after each test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_harness import FakeClock, OfflineUser, db_url, offline_bot, open_service

from bot.console.offline import OfflineBot
from bot.service import GameService

OPENED: list[GameService] = []
A, B, M = OfflineUser("alice"), OfflineUser("bob"), OfflineUser("mo", moderator=True)


@pytest.fixture(autouse=True)
async def close_stores() -> AsyncIterator[None]:
    """Close every store a test opened, even when the test fails half way."""
    OPENED.clear()
    yield
    for service in OPENED:
        await service.store.close()


async def qa_service(tmp_path: Path, clock: FakeClock | None = None) -> GameService:
    """A service on a fresh database file, closed after the test."""
    service = await open_service(db_url(tmp_path), clock or FakeClock())
    OPENED.append(service)
    return service


async def qa_bot(tmp_path: Path, clock: FakeClock | None = None) -> OfflineBot:
    """An offline bot on a fresh database file, closed after the test."""
    bot = await offline_bot(db_url(tmp_path), clock or FakeClock())
    OPENED.append(bot.service)
    return bot


async def qa_bot_game(tmp_path: Path, channel: int, clock: FakeClock | None = None) -> OfflineBot:
    """An offline bot with a started Marquise (alice) v Eyrie (bob) game in a channel."""
    return await start_game(await qa_bot(tmp_path, clock), channel)


async def start_game(bot: OfflineBot, channel: int) -> OfflineBot:
    """Start a Marquise (alice) v Eyrie (bob) game in a channel of a bot."""
    for user, path, options in (
        (A, "root create", {"seats": 2}),
        (A, "root join", {"faction": "marquise"}),
        (B, "root join", {"faction": "eyrie"}),
        (B, "root start", {}),
    ):
        assert not (await bot.slash(user, channel, path, **options)).refused
    return bot
