"""What the slash commands and the buttons ask of the client that received an interaction, as a protocol: a leaf, so
they name it without importing the client (`bot.discord.client.RootClient`, which imports them) back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Awaitable

    import discord

    from bot.service import GameService
    from bot.service.outbox import Outbox
    from bot.service.table import Actor


class ServiceClient(Protocol):
    """A client over one game service that answers button presses."""

    @property
    def service(self) -> GameService:
        """The game service behind the client."""
        ...

    def actor_of(self, interaction: discord.Interaction, channel_id: int) -> Actor:
        """Who pressed a button, in the game of the channel the button belongs to."""
        ...

    async def answer(
        self, interaction: discord.Interaction, work: Awaitable[Outbox], game_channel: int | None = None
    ) -> None:
        """Answer a button press with what the service call returns."""
        ...
