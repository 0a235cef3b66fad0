"""Channels where the bot may not attach files: posts go out without pictures and moderators are told once."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from bot import messages
from bot.discord.attachments import Pictures

CHANNEL = 42


class Client:
    """The little of discord.Client that Pictures uses: a channel to tell the moderators in."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def get_channel(self, _channel_id: int) -> None:
        return None

    def get_partial_messageable(self, _channel_id: int) -> Any:
        async def send(text: str, **_: Any) -> None:
            self.told.append(text)

        return SimpleNamespace(send=send)


def refused() -> discord.Forbidden:
    """Discord's 403 50013 for an upload without Attach Files."""
    return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50013, "message": "Missing"})


async def post(pictures: Pictures, sent: list[int]) -> str:
    """One post with a picture, in a channel that refuses pictures (Discord answers after a moment)."""

    async def send(files: list[discord.File]) -> str:
        await asyncio.sleep(0.01)
        if files:
            raise refused()
        sent.append(len(files))
        return "posted"

    return await pictures.send(CHANNEL, send, ["board.png"])


async def test_two_uploads_refused_at_once_are_posted_without_pictures_and_the_moderators_told_once() -> None:
    client = Client()
    pictures = Pictures(client)  # type: ignore[arg-type]
    sent: list[int] = []
    assert await asyncio.gather(post(pictures, sent), post(pictures, sent)) == ["posted", "posted"]
    assert sent == [0, 0] and not pictures.allowed(CHANNEL)
    assert client.told == [messages.NO_PICTURES.format(mods=messages.MODERATORS)]


async def test_an_interaction_saying_the_permission_is_missing_tells_once_and_its_return_clears_it() -> None:
    client = Client()
    pictures = Pictures(client)  # type: ignore[arg-type]
    await asyncio.gather(pictures.seen(CHANNEL, False), pictures.seen(CHANNEL, False))
    assert len(client.told) == 1 and not pictures.allowed(CHANNEL)
    await pictures.seen(CHANNEL, True)
    assert pictures.allowed(CHANNEL)
