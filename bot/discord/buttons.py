"""Persistent buttons: their context lives in the custom_id, so they still work after a restart.

A press is answered through the client that received it (`RootClient.answer`), so the buttons import nothing that
draws them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot import messages
from bot.discord.decoding import snowflake, unreadable_button
from bot.service.outbox import Choice, Outbox

if TYPE_CHECKING:
    from bot.discord.clients import ServiceClient

CUSTOM_ID_LIMIT = 100
ROW_WIDTH = 5


def choose_id(channel_id: int, version: int) -> str:
    """custom_id of the public 'Choose' (a decision) or 'Moves' (a step) button: the channel and the state's version."""
    return f"rb:c:{channel_id}:{version}"


def answer_id(channel_id: int, version: int, notation: str, confirm: bool = False) -> str:
    """custom_id of a private answer button; 'g' marks the game row's version, which never repeats ('k' for a
    Confirm button: the same, but the player has already been told what the action pays)."""
    return f"rb:a:{channel_id}:{'k' if confirm else 'g'}{version}:{notation}"


async def stale_button() -> Outbox:
    """The answer to a button made before answer buttons carried the game row's version."""
    return Outbox.refusal(messages.STALE_BUTTON)


class ChooseButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rb:c:(?P<channel>[0-9]{1,20}):(?P<version>[0-9]{1,18})"
):
    """Public: the seat to act presses it and privately gets its choices (a decision) or likeliest moves (a step)."""

    def __init__(self, channel_id: int, version: int, label: str = "Choose") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.primary, custom_id=choose_id(channel_id, version)
        )
        super().__init__(button)
        self.channel_id, self.version = channel_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChooseButton:
        """Rebuild the button from its custom_id."""
        label = getattr(item, "label", None) or "Choose"
        return cls(int(match["channel"]), int(match["version"]), label)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the presser their choices, privately (or tell them it is not theirs)."""
        if not snowflake(self.channel_id):
            await unreadable_button(interaction)
            return
        client: ServiceClient = interaction.client  # type: ignore[assignment]
        actor = client.actor_of(interaction, self.channel_id)
        await client.answer(interaction, client.service.choices(actor, self.version), self.channel_id)


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:a:(?P<channel>[0-9]{1,20}):(?P<game>[gk]?)(?P<version>[0-9]{1,18}):(?P<notation>.+)",
):
    """Private: one answer to a decision, submitted as that action at that version of the game's row."""

    def __init__(
        self,
        channel_id: int,
        version: int,
        notation: str,
        old_format: bool = False,
        label: str | None = None,
        confirm: bool = False,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or notation)[:80],
            style=discord.ButtonStyle.primary if confirm else discord.ButtonStyle.secondary,
            custom_id=answer_id(channel_id, version, notation, confirm),
        )
        super().__init__(button)
        self.channel_id, self.version, self.notation = channel_id, version, notation
        self.old_format, self.confirm = old_format, confirm

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnswerButton:
        """Rebuild the button from its custom_id (one without 'g' carries an engine version: always stale)."""
        label = getattr(item, "label", None)
        channel, version, notation = int(match["channel"]), int(match["version"]), match["notation"]
        return cls(channel, version, notation, old_format=not match["game"], label=label, confirm=match["game"] == "k")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the answer; a stale or wrong-seat press is refused privately."""
        if not snowflake(self.channel_id):
            await unreadable_button(interaction)
            return
        client: ServiceClient = interaction.client  # type: ignore[assignment]
        if self.old_format:
            await client.answer(interaction, stale_button())
            return
        actor = client.actor_of(interaction, self.channel_id)
        work = client.service.submit(actor, self.notation, expected_version=self.version, confirmed=self.confirm)
        await client.answer(interaction, work, self.channel_id)


def public_view(outbox: Outbox) -> discord.ui.View | None:
    """The one public button: 'Choose' for a pending decision, 'Moves' for a step (its player sees the rest)."""
    if outbox.prompt is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ChooseButton(outbox.prompt.channel_id, outbox.prompt.version, outbox.prompt.label))
    return view


def choices_view(
    channel_id: int, version: int | None, choices: list[Choice], confirm: bool = False
) -> discord.ui.View | None:
    """Answer buttons, one per choice (those whose custom_id would be too long are left out)."""
    if version is None or not choices or not channel_id:
        return None
    view = discord.ui.View(timeout=None)
    for i, choice in enumerate(choices[:20]):
        if len(answer_id(channel_id, version, choice.notation, confirm)) > CUSTOM_ID_LIMIT:
            continue
        item = AnswerButton(channel_id, version, choice.notation, label=choice.label, confirm=confirm)
        item.row = i // ROW_WIDTH
        view.add_item(item)
    return view
