"""Channels where the bot may not attach files: their posts go out without pictures, and moderators are told once.

Interaction answers may always carry files (Discord exempts them), so only the bot's own posts are concerned: the
live board, a public post made elsewhere than the interaction, and private thread posts. A channel is marked when
an interaction there says the bot lacks Attach Files (`app_permissions`) or when Discord refuses an upload with
403 50013; it is cleared as soon as an interaction says the permission is back. While marked, nothing is uploaded
there, so the bot does not pile up refused requests (Discord bans an address after too many).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot import messages
from bot.service.reminders import moderators

log = logging.getLogger(__name__)

MISSING_PERMISSIONS = 50013
T = TypeVar("T")


class Pictures:
    """Which channels refuse the bot's pictures, and sending with a fallback to text alone."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.refused: set[int] = set()

    def allowed(self, channel_id: int) -> bool:
        """Whether posts in this channel (and its threads) may carry pictures."""
        return channel_id not in self.refused

    async def seen(self, channel_id: int | None, attach_files: bool) -> None:
        """What an interaction in the channel says of the bot's Attach Files permission there."""
        if channel_id is None:
            return
        if attach_files:
            self.refused.discard(channel_id)
        elif self._mark(channel_id):
            await self._tell(channel_id)

    async def send(self, channel_id: int, send: Callable[[list[discord.File]], Awaitable[T]], files: list[Any]) -> T:
        """send(files), or send([]) when the channel refuses pictures (tried first with them unless known)."""
        if not files or not self.allowed(channel_id):
            return await send([])
        try:
            return await send(files)
        except discord.Forbidden as err:
            if err.code != MISSING_PERMISSIONS:
                raise
        first = self._mark(channel_id)  # before any await: two uploads refused at once tell the moderators once
        result = await send([])  # the text went through: it was the pictures that were refused
        if first:
            await self._tell(channel_id)
        return result

    def _mark(self, channel_id: int) -> bool:
        """Mark the channel as refusing pictures; whether it was not marked yet."""
        if channel_id in self.refused:
            return False
        self.refused.add(channel_id)
        log.warning("no pictures in channel %s: the bot lacks Attach Files there", channel_id)
        return True

    async def _tell(self, channel_id: int) -> None:
        """Tell the channel's moderators that its posts go out without pictures (a failure is only logged)."""
        await self.tell_moderators(channel_id, messages.NO_PICTURES)

    async def tell_moderators(self, channel_id: int, template: str, **values: str) -> None:
        """Post a note to a channel's moderators ({mods}: their role's mention when set); a failure is only logged."""
        try:
            role = await self._moderator_role(channel_id)
            allowed = discord.AllowedMentions(everyone=False, users=False, roles=[discord.Object(role)] if role else [])
            text = template.format(mods=moderators(role), **values)
            await self.client.get_partial_messageable(channel_id).send(text, allowed_mentions=allowed)
        except Exception:
            log.exception("could not tell the moderators of channel %s", channel_id)

    async def _moderator_role(self, channel_id: int) -> int | None:
        """The moderator role of the channel's server, if it set one."""
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        service = getattr(self.client, "service", None)
        if guild is None or service is None:
            return None
        settings = await service.store.guild(guild.id)
        return settings.moderator_role() if settings else None
