"""The Discord client: the command tree, persistent buttons, and the reminder loop started in setup_hook."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import tasks

from bot import messages
from bot.automation import AutomatedPlayers
from bot.discord import drawing
from bot.discord.buttons import AnswerButton, ChooseButton
from bot.discord.command_tree import build_commands
from bot.discord.decoding import RootTree, unreadable_button
from bot.discord.delivery import ChannelPoster, PostingClient, actor_of, post_move, run
from bot.service import GameService
from bot.service.outbox import Outbox
from bot.service.reminders import tick
from bot.service.table import Actor
from bot.settings import Settings, Shards

log = logging.getLogger(__name__)
BUTTONS = (ChooseButton, AnswerButton)

# What the bot needs in a server (docs/deploy.md explains each; a test keeps the two the same).
SCOPES = ("bot", "applications.commands")
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    attach_files=True,
    read_message_history=True,
    manage_threads=True,
    create_private_threads=True,
    send_messages_in_threads=True,
)


def invite_url(application_id: int) -> str:
    """The URL that adds the bot to a server with exactly the scopes and permissions it needs."""
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=SCOPES)


def shard_options(shards: Shards) -> dict[str, Any]:
    """The sharding arguments of the client: none (Discord says how many, this process runs all), or ids of a total."""
    if shards.ids is None:
        return {}
    return {"shard_ids": list(shards.ids), "shard_count": shards.count}


def quiet_voice_warnings() -> None:
    """The bot never joins voice: discord.py's warnings that voice libraries are missing would only mislead."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


class RootClient(discord.AutoShardedClient):
    """A sharded client with the rootbot command tree over one GameService (ROOTBOT_SHARDS picks the shards)."""

    def __init__(self, service: GameService, settings: Settings, sync: bool = False) -> None:
        quiet_voice_warnings()
        super().__init__(intents=discord.Intents.default(), **shard_options(settings.shards))
        self.service = service
        self.settings = settings
        self.sync_on_start = sync
        self.poster = ChannelPoster(self, drawing.painter_for(settings.render_workers))
        self._drawing: asyncio.Task[None] | None = None
        delay, turn = settings.automated_delay_seconds, settings.automated_turn_seconds
        self.automation = AutomatedPlayers(service, self.post_move, delay, turn, workers=settings.automated_workers)
        self.tree = RootTree(self)
        self.tree.on_error = on_tree_error  # type: ignore[method-assign]
        for command in build_commands():
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        """Register persistent buttons, sync commands when asked, and start the reminder loop."""
        self.add_dynamic_items(*BUTTONS)
        if self.application_id:
            log.info(messages.INVITE.format(url=invite_url(self.application_id)))
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        elif self.sync_on_start:
            await self.tree.sync()
        self.reminder_loop.change_interval(seconds=self.settings.reminder_poll_seconds)
        self.reminder_loop.start()
        self._drawing = asyncio.create_task(self._start_drawing())  # the drawing workers start meanwhile

    async def post_move(self, outbox: Outbox) -> None:
        """Post an automated player's move as a person's is shown."""
        await post_move(self, outbox)

    def wake(self, channel_id: int) -> None:
        """Play the automated moves of a channel's game, if an automated seat is to act."""
        self.automation.wake(channel_id)

    async def _start_drawing(self) -> None:
        """Start the drawing workers (a failure is logged: they are tried again with the first picture)."""
        try:
            await self.poster.painter.start()
        except Exception:
            log.exception("could not start the drawing workers")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button press no button of the bot matches is answered (the others are the view store's)."""
        if interaction.type is discord.InteractionType.component and not known_button(interaction):
            await unreadable_button(interaction)

    @tasks.loop(seconds=60)
    async def reminder_loop(self) -> None:
        """Send due reminders, then boards owed too long (a crash, an outage); neither raises: the loop cannot die."""
        await tick(self.service, self.poster.post, self.poster.already_posted)
        await self.automation.resume()  # after a restart, and should a task have stopped: never a game held up
        try:
            await self.poster.boards.late(self.poster, self.service)
        except Exception:
            log.exception("could not look for late boards")

    @reminder_loop.before_loop
    async def _before_reminders(self) -> None:
        await self.wait_until_ready()

    def actor_of(self, interaction: discord.Interaction, channel_id: int) -> Actor:
        """Who pressed a button, in the game of the channel the button belongs to."""
        return actor_of(interaction, channel_id=channel_id)

    async def answer(
        self, interaction: discord.Interaction, work: Awaitable[Outbox], game_channel: int | None = None
    ) -> None:
        """Answer a button press with what the service call returns (delivery.run)."""
        await run(interaction, work, game_channel)

    async def close(self) -> None:
        """Stop the loop and the database with the client."""
        self.reminder_loop.cancel()
        await self.automation.close()
        await super().close()
        await self.poster.boards.close()
        await self.service.store.close()


if TYPE_CHECKING:
    _POSTS: type[PostingClient] = RootClient  # the client commands, buttons and delivery ask for (mypy checks it)


def known_button(interaction: discord.Interaction) -> bool:
    """Whether a component interaction's custom_id is one of the bot's persistent buttons."""
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str):
        return False
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in BUTTONS)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Refused checks get their reason privately; anything else is logged and the user told briefly."""
    interaction.extras["refused"] = True
    if isinstance(error, app_commands.CheckFailure):
        text = str(error) or messages.NOT_A_MODERATOR
    elif isinstance(error, app_commands.TransformerError):
        text = str(error)
    else:
        log.exception("command failed", exc_info=error)
        text = messages.NOT_FINISHED_ERROR
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
