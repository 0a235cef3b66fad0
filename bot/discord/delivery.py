"""Turning an Outbox into Discord messages: answer within 3 seconds, pictures drawn off the event loop."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
from collections.abc import Awaitable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import discord

from bot import messages
from bot.automation import ChannelGone
from bot.discord import drawing
from bot.discord.attachments import MISSING_PERMISSIONS, Pictures
from bot.discord.board_posts import LIVE_PREFIX, Attach, BoardPosts, BoardsSeen
from bot.discord.buttons import choices_view, public_view
from bot.discord.clients import ServiceClient
from bot.discord.drawing import file_of
from bot.painter import Painter
from bot.service.outbox import LiveBoard, Outbox, SeatPost, SeatThread, TeamPlan
from bot.service.table import Actor

if TYPE_CHECKING:
    from bot.service import GameService
    from bot.service.boards import Boards
    from bot.service.threads import Threads

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds; Discord wants a first answer within 3
INTERACTION_GONE = {10062, 10015, 50027}  # unknown interaction (too late), unknown webhook, invalid webhook token
T = TypeVar("T")
DONE = "Done."
MESSAGE_LIMIT = 2000
HISTORY = 100  # the channel's newest messages looked at for a board shown before a restart (one request)


def actor_of(interaction: discord.Interaction, channel_id: int | None = None, moderator: bool = False) -> Actor:
    """Who sent an interaction, and in which channel."""
    user = interaction.user
    return Actor(
        channel_id=channel_id or interaction.channel_id or 0,
        user_id=user.id,
        name=user.display_name,
        guild_id=interaction.guild_id,
        moderator=moderator,
    )


def mentions(outbox: Outbox) -> discord.AllowedMentions:
    """Ping exactly the users and roles the outbox names, nobody else."""
    users = [discord.Object(u) for u in outbox.mentions]
    roles = [discord.Object(r) for r in outbox.mention_roles]
    return discord.AllowedMentions(everyone=False, users=users, roles=roles, replied_user=False)


def board_files(outbox: Outbox) -> list[discord.File]:
    """The board picture, if there is one (none when it goes to the live board message instead)."""
    return [file_of(outbox.board_png, board_name(outbox))] if outbox.board_png and outbox.live is None else []


def board_name(outbox: Outbox) -> str:
    """The file name of an outbox's board: it carries the game version drawn (see drawing.board_name)."""
    return drawing.board_name(outbox.board.version if outbox.board is not None else 0)


def reply_files(outbox: Outbox) -> list[discord.File]:
    """The private pictures and attachments: a hand, a privately shown board, an export."""
    files = [file_of(data, name) for name, data in outbox.attachments.items()]
    if outbox.hand_png:
        files.append(file_of(outbox.hand_png, drawing.HAND_FILE))
    if outbox.board_png and not outbox.public and outbox.live is None:
        files.append(file_of(outbox.board_png, board_name(outbox)))
    return files


async def promptly(interaction: discord.Interaction, work: Awaitable[T]) -> T:
    """Await work for an interaction; if its first answer would come too late, acknowledge it privately first.

    Every call for one interaction shares one budget counted from the first (a moderator check, then the
    command), so Discord gets a first answer within its 3 seconds however slow the database or the work is.
    """
    loop = asyncio.get_running_loop()
    started = interaction.extras.setdefault("started", loop.time())
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=max(DEFER_AFTER - (loop.time() - started), 0))
    if not done and not interaction.response.is_done():
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException:  # too late already: the answer will go to the channel (see run)
            log.warning("could not acknowledge a slow interaction in channel %s", interaction.channel_id)
    return await task


async def run(interaction: discord.Interaction, work: Awaitable[Outbox], game_channel: int | None = None) -> None:
    """Run a service call and answer; if it is slow, acknowledge first so the interaction never fails.

    `game_channel` is the game's channel when the interaction may come from elsewhere (a button in a private
    thread): what is public then goes to the game's channel, and the presser is answered privately. When the
    interaction can no longer be answered (its token expired, or Discord gave up on it), what is public is
    posted in the channel instead, so an accepted move is always shown.
    """
    try:
        outbox = await promptly(interaction, work)
    except Exception:  # a bug or a lost database: the transaction rolled back, so the game is unchanged
        log.exception("command failed in channel %s", interaction.channel_id)
        outbox = Outbox.refusal(messages.NOT_FINISHED_ERROR)
    interaction.extras["outbox"] = outbox  # for the offline console and tests: what the service answered
    client: PostingClient = interaction.client  # type: ignore[assignment]
    await client.poster.pictures.seen(game_channel or interaction.channel_id, interaction.app_permissions.attach_files)
    try:
        if outbox.public and game_channel is not None and game_channel != interaction.channel_id:
            await _elsewhere(interaction, outbox, game_channel)
        else:
            await deliver(interaction, outbox)
    except discord.HTTPException as err:
        if not gone(err):
            log.exception("could not deliver an answer in channel %s", interaction.channel_id)
            await _tell_not_shown(interaction, outbox)
        else:
            await _in_channel_instead(interaction, outbox, game_channel)
    except Exception:  # the command was saved: never claim the game is unchanged
        log.exception("could not deliver an answer in channel %s", interaction.channel_id)
        await _tell_not_shown(interaction, outbox)
    live_board(interaction.client, outbox)  # type: ignore[arg-type]
    await private_posts(interaction, outbox)
    await team_threads(interaction, outbox, game_channel or interaction.channel_id)
    await client.poster.notices(outbox, game_channel or interaction.channel_id)
    if outbox.automated_next and (game_channel or interaction.channel_id):
        client.wake(game_channel or interaction.channel_id or 0)  # an automated seat is to act


async def post_move(client: PostingClient, outbox: Outbox) -> None:
    """Post a move made without an interaction (an automated player's) as a person's is shown: the text in its channel
    with the board after it, the live board, each seat's private post, the team threads, the moderators' notices."""
    channel_id = outbox.channel_id
    try:
        await client.poster.post(outbox, board_after=True)
    except (discord.NotFound, discord.Forbidden) as err:  # the channel was deleted, or the bot may no longer post
        raise ChannelGone(channel_id) from err  # there (pictures refused alone fall back to text): the seats stop
    live_board(client, outbox)
    for post in outbox.seat_posts:
        await client.poster.seat_post(client.service, post)
    if outbox.team_threads and channel_id is not None:
        await client.poster.team_threads(client.service, channel_id, True)
    await client.poster.notices(outbox, channel_id)


def gone(err: discord.HTTPException) -> bool:
    """Whether Discord refused because the interaction can no longer be answered (too late, token expired)."""
    return err.code in INTERACTION_GONE


async def _in_channel_instead(interaction: discord.Interaction, outbox: Outbox, game_channel: int | None) -> None:
    """Post what is public as a channel message when the interaction itself cannot carry it any more."""
    log.warning("the interaction in channel %s can no longer be answered", interaction.channel_id)
    if not outbox.public or interaction.extras.get("public_shown"):
        return
    client: PostingClient = interaction.client  # type: ignore[assignment]
    outbox.channel_id = game_channel or interaction.channel_id
    try:
        await client.poster.post(outbox, board_after=True)
    except Exception:
        log.exception("could not post the answer in channel %s either", outbox.channel_id)


async def private_posts(interaction: discord.Interaction, outbox: Outbox) -> None:
    """Each seat's private post goes to its thread (or DM); the sender's own, if that fails, privately here."""
    client: PostingClient = interaction.client  # type: ignore[assignment]
    for post in outbox.seat_posts:
        if await client.poster.seat_post(client.service, post):
            continue
        if post.user_id == interaction.user.id:
            try:
                await _say(interaction, messages.THREAD_NOT_DELIVERED.format(text=post.text), ephemeral=True)
            except discord.HTTPException:
                log.info("could not show %s their private post either", post.user_id)


async def team_threads(interaction: discord.Interaction, outbox: Outbox, channel_id: int | None) -> None:
    """Bring a team game's private team threads up to date; a failure is logged (the command itself is saved)."""
    client: PostingClient = interaction.client  # type: ignore[assignment]
    if channel_id is None:
        return
    try:
        await client.poster.team_threads(client.service, channel_id, outbox.team_threads)
    except Exception:
        log.exception("could not bring the team threads of channel %s up to date", channel_id)


def live_board(client: PostingClient, outbox: Outbox) -> None:
    """Queue the game's live board message's update (drawn and edited after the move is shown)."""
    if outbox.live is not None:
        client.poster.boards.live(client.poster, client.service, outbox)


async def _tell_not_shown(interaction: discord.Interaction, outbox: Outbox) -> None:
    """Say privately that a saved command could not be shown (if even that fails, it is only logged)."""
    try:
        await _say(interaction, messages.NOT_SHOWN_ERROR if not outbox.refused else outbox.reply, ephemeral=True)
    except Exception:
        log.exception("could not tell the user in channel %s", interaction.channel_id)


async def _elsewhere(interaction: discord.Interaction, outbox: Outbox, game_channel: int) -> None:
    """Post what is public in the game's channel (not the private thread the button was in); answer privately.

    The presser is acknowledged first: the channel post is a second request, and Discord may be slow to take it.
    """
    client: PostingClient = interaction.client  # type: ignore[assignment]
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    outbox.channel_id = game_channel
    await client.poster.post(outbox, board_after=True)
    interaction.extras["public_shown"] = True
    await _say(interaction, outbox.reply or DONE, ephemeral=True)


async def deliver(interaction: discord.Interaction, outbox: Outbox) -> None:
    """Send an outbox as the answer to an interaction: public text and board, private reply, buttons."""
    if outbox.public:
        await _public(interaction, outbox)
    else:
        await _private(interaction, outbox)


async def _public(interaction: discord.Interaction, outbox: Outbox) -> None:
    """The move as text at once (it is saved); its board is queued and attached to that message once drawn."""
    deferred_privately = interaction.response.is_done()
    if deferred_privately:  # the first followup replaces the private "thinking…" note
        await _say(interaction, outbox.reply or DONE, ephemeral=True, files=reply_files(outbox))
    view = _view(public_view(outbox))
    allowed = mentions(outbox)
    attach = await _say(interaction, outbox.public, files=board_files(outbox), view=view, allowed=allowed)
    interaction.extras["public_shown"] = True
    if outbox.board is not None and outbox.board_png is None and outbox.live is None:
        client: PostingClient = interaction.client  # type: ignore[assignment]
        channel = _channel_of(outbox, interaction)
        client.poster.boards.after(client.poster, client.service, channel, outbox, attach)
    if outbox.reply and not deferred_privately:
        await _say(interaction, outbox.reply, ephemeral=True, files=reply_files(outbox))


async def _private(interaction: discord.Interaction, outbox: Outbox) -> None:
    channel = _channel_of(outbox, interaction)
    view = _view(choices_view(channel, outbox.choices_version, outbox.choices, outbox.choices_confirm))
    if outbox.board is not None or outbox.hand is not None or outbox.attachments:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        client: PostingClient = interaction.client  # type: ignore[assignment]
        await drawing.render(outbox, client.poster.painter)
    await _say(interaction, outbox.reply or DONE, ephemeral=True, files=reply_files(outbox), view=view)


async def _say(
    interaction: discord.Interaction,
    text: str,
    ephemeral: bool = False,
    files: list[discord.File] | None = None,
    view: Any = discord.utils.MISSING,
    allowed: discord.AllowedMentions | None = None,
) -> Attach:
    """Send text (split to Discord's 2000 characters), the pictures and buttons with the last part; how to attach a
    picture to that last part later (an edit of it)."""
    parts = chunks(text)
    mentioned = allowed or discord.AllowedMentions.none()
    attach: Attach = _original(interaction, mentioned)
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        extra: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": mentioned}
        if last:
            extra["view"] = view
        if interaction.response.is_done():
            sent = await interaction.followup.send(part, files=(files or []) if last else [], wait=True, **extra)
            attach = _followup(sent, mentioned)
        elif last and files:
            await interaction.response.send_message(part, files=files, **extra)
        else:
            await interaction.response.send_message(part, **extra)
    return attach


def _original(interaction: discord.Interaction, allowed: discord.AllowedMentions) -> Attach:
    """Attaching files to an interaction's first answer (the same mentions: an edit pings nobody)."""

    async def attach(files: list[discord.File]) -> Any:
        return await interaction.edit_original_response(attachments=files, allowed_mentions=allowed)

    return attach


def _followup(message: discord.WebhookMessage, allowed: discord.AllowedMentions) -> Attach:
    """Attaching files to a follow-up message of an interaction."""

    async def attach(files: list[discord.File]) -> Any:
        return await message.edit(attachments=files, allowed_mentions=allowed)

    return attach


def chunks(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Text cut into messages Discord accepts, at line breaks where possible."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            parts.append(current)
            candidate = line
        current = candidate
    parts.append(current)
    return [p for p in parts if p] or [""]


def _channel_of(outbox: Outbox, interaction: discord.Interaction) -> int:
    return outbox.channel_id or interaction.channel_id or 0


def _view(view: discord.ui.View | None) -> Any:
    # discord.py wants MISSING, not None, when a message has no components.
    return view if view is not None else discord.utils.MISSING


class PostingClient(ServiceClient, Protocol):
    """A client that also posts through a live Discord connection (`RootClient`)."""

    @property
    def poster(self) -> ChannelPoster:
        """Its poster of reminders, live boards and private posts."""
        ...

    def wake(self, channel_id: int) -> None:
        """Something happened in a channel's game: its automated seats may have moves to make."""
        ...


class ChannelPoster:
    """Posts reminders, live boards and private posts (threads, DMs) through a live Discord client."""

    def __init__(self, client: discord.Client, painter: Painter = drawing.IN_THREAD) -> None:
        self.client = client
        self.boards = BoardPosts(painter)
        self._live_locks: dict[int, asyncio.Lock] = {}
        self._live_shown: dict[int, int] = {}  # channel: the game version its live board shows
        self._private_locks: dict[int, asyncio.Lock] = {}
        self._threads: dict[tuple[int, str], SeatThread] = {}  # (channel, faction): threads this process made
        self._live_ids: dict[int, tuple[int, int]] = {}  # channel: (its game, the live board message this process
        # posted for it)
        self._teams_done: set[int] = set()  # channels whose team threads this process brought up to date
        self._told: set[tuple[int, str]] = set()  # (channel, notice): what this process told the moderators
        self.pictures = Pictures(client)

    @property
    def service(self) -> GameService:
        """The game service of the client this poster posts for."""
        return cast("GameService", getattr(self.client, "service"))  # noqa: B009  (a RootClient's)

    @property
    def painter(self) -> Painter:
        """Where this process draws its pictures."""
        return self.boards.painter

    async def notices(self, outbox: Outbox, channel_id: int | None) -> None:
        """Tell a game's moderators what an outbox asks: each notice once a channel while this process runs."""
        for notice in outbox.notices:
            if channel_id is None or (channel_id, notice) in self._told:
                continue
            self._told.add((channel_id, notice))  # before the await: two commands at once tell once
            await self.pictures.tell_moderators(channel_id, notice)

    async def seat_post(self, service: Threads, post: SeatPost) -> bool:
        """Send a seat's private post to its player's thread, made (or a DM opened) first if need be.

        A thread that is gone is made again once. False when nothing could reach the player (it is logged).
        """
        async with self._private_locks.setdefault(post.channel_id, asyncio.Lock()):
            for attempt in range(2):
                try:
                    where = await self._private_channel(service, post, fresh=attempt > 0)
                    await self._send_private(where, post)
                    return True
                except discord.HTTPException as err:
                    log.info(
                        "private post for %s in channel %s failed (try %s)", post.user_id, post.channel_id, attempt
                    )
                    if err.code == MISSING_PERMISSIONS:  # a new thread would be refused the same way
                        break
        return False

    async def _private_channel(self, service: Threads, post: SeatPost, fresh: bool) -> SeatThread:
        """The player's private thread (or DM channel), made when the seat has none for this player."""
        key = (post.channel_id, post.faction)
        stored = self._threads.get(key, post.stored)  # one made since the post was: made by this process
        if stored is not None and stored.user_id == post.user_id and not fresh:
            return stored
        if stored is not None and stored.kind == "thread" and stored.user_id != post.user_id:
            await self._leave_quietly(stored.channel, stored.user_id)  # the seat changed hands
        try:
            where, kind = await self._make_thread(post), "thread"
        except (discord.HTTPException, discord.ClientException):  # no permission, or no threads in this channel
            log.info("no private thread in channel %s; a DM instead", post.channel_id)
            user = self.client.get_user(post.user_id) or await self.client.fetch_user(post.user_id)
            where, kind = (await user.create_dm()).id, "dm"
        await service.remember_thread(post.channel_id, post.faction, post.user_id, where, kind)
        self._threads[key] = SeatThread(where, post.user_id, kind)
        return self._threads[key]

    async def _make_thread(self, post: SeatPost) -> int:
        thread_id = await self._private_thread(post.channel_id, post.thread_name)
        await self.client.http.add_user_to_thread(thread_id, post.user_id)
        return thread_id

    async def _private_thread(self, channel_id: int, name: str) -> int:
        """A new private thread of a text channel that members cannot invite others to (only the bot is in it)."""
        parent = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        if not isinstance(parent, discord.TextChannel):
            raise discord.ClientException("private threads live in text channels")
        thread = await parent.create_thread(
            name=name, type=discord.ChannelType.private_thread, invitable=False, auto_archive_duration=10080
        )
        return thread.id

    async def team_threads(self, service: Threads, channel_id: int, changed: bool) -> None:
        """Bring a team game's private team threads up to date: made once, the team's players in, no one else.

        It runs when a command changed who plays (a start, a seat handed over) and on a channel's first command in
        this process (so a restart finishes what a crash or an outage left undone). Where no private thread is
        allowed, the moderators are told once and the game goes on; another failure waits for the next command.
        """
        if not changed and channel_id in self._teams_done:
            return
        async with self._private_locks.setdefault(channel_id, asyncio.Lock()):
            plans = await service.team_plans(channel_id)
            done: set[str] = set()
            try:
                for plan in plans:
                    if plan.kind != "none":
                        await self._team_thread(service, plan)
                    done.add(plan.team)
            except NoPrivateThreads:
                await self._no_team_threads(service, [p for p in plans if p.team not in done])
            except (discord.HTTPException, discord.ClientException, ThreadGone):  # a 5xx, an outage: next time
                log.info("the team threads of channel %s are not up to date; tried again later", channel_id)
                self._teams_done.discard(channel_id)
                return
            self._teams_done.add(channel_id)

    async def _team_thread(self, service: Threads, plan: TeamPlan) -> None:
        """One team's thread brought up to date; a thread deleted on Discord's side is made again once."""
        for attempt in range(2):
            try:
                await self._sync_team_thread(service, plan)
                return
            except ThreadGone:
                if attempt:
                    raise
                log.info("team %s's thread of channel %s is gone; made again", plan.team, plan.channel_id)
                plan = dataclasses.replace(plan, thread_id=None, added=frozenset(), welcomed=False)

    async def _made_before(self, channel_id: int, name: str) -> int | None:
        """The bot's active private thread of that name in the channel, made by an attempt whose id was not kept."""
        try:
            parent = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
            guild = getattr(parent, "guild", None)
            if guild is None:
                return None
            found = (await self.client.http.get_active_threads(guild.id)).get("threads", [])
        except discord.HTTPException:
            log.info("could not look for a team thread made before in channel %s", channel_id)
            return None
        me = self.client.user.id if self.client.user else None
        ids = [
            int(t["id"])
            for t in found
            if t.get("parent_id") == str(channel_id) and t.get("name") == name and t.get("owner_id") == str(me)
        ]
        return min(ids) if ids else None

    async def _gone(self, thread_id: int, err: discord.NotFound) -> Exception:
        """What a 404 in a thread means: the thread itself is gone, or only what the call named (a user)."""
        try:
            await self.client.fetch_channel(thread_id)
        except discord.NotFound:
            return ThreadGone(thread_id)
        return err

    async def _sync_team_thread(self, service: Threads, plan: TeamPlan) -> None:
        channel_id, team = plan.channel_id, plan.team
        thread_id = plan.thread_id
        if thread_id is None and plan.kind == "making":  # an attempt before stopped between Discord and the table
            thread_id = await self._made_before(channel_id, plan.name)
        if thread_id is None:
            await service.remember_team_thread(channel_id, team, kind="making")
            try:
                thread_id = await self._private_thread(channel_id, plan.name)
            except discord.HTTPException as err:
                if not refused(err):  # a 5xx, a rate limit: not a refusal
                    raise
                raise NoPrivateThreads from err
            except discord.ClientException as err:  # not a text channel: it holds no private threads
                raise NoPrivateThreads from err
            await service.remember_team_thread(
                channel_id, team, thread_id=thread_id, kind="thread", members="[]", welcomed=False
            )
        added = set(plan.added)
        new = sorted(plan.members - added)
        for user_id in new:
            try:
                await self.client.http.add_user_to_thread(thread_id, user_id)
            except discord.Forbidden as err:
                raise NoPrivateThreads from err
            except discord.NotFound as err:
                if isinstance(await self._gone(thread_id, err), ThreadGone):
                    raise ThreadGone(thread_id) from err
                log.info("user %s could not join team %s's thread (not on the server?)", user_id, team)
                continue
            added.add(user_id)
            await service.remember_team_thread(channel_id, team, members=json.dumps(sorted(added)))
        for user_id in sorted(added - plan.members):  # a seat changed hands: its old player leaves
            await self._leave_quietly(thread_id, user_id)
            added.discard(user_id)
            await service.remember_team_thread(channel_id, team, members=json.dumps(sorted(added)))
        thread = self.client.get_partial_messageable(thread_id)
        quiet = discord.AllowedMentions.none()  # they are in it already; a mention would add whoever it names
        try:
            if not plan.welcomed:
                await thread.send(plan.welcome, allowed_mentions=quiet, nonce=_nonce("tw", thread_id))
                await service.remember_team_thread(channel_id, team, welcomed=True)
                return
            for user_id in new:
                await thread.send(plan.joined[user_id], allowed_mentions=quiet, nonce=_nonce("tj", thread_id, user_id))
        except discord.NotFound as err:
            raise await self._gone(thread_id, err) from err

    async def _no_team_threads(self, service: Threads, plans: list[TeamPlan]) -> None:
        """No private team thread is allowed: keep that (never tried again nor said twice), tell the moderators."""
        missing = [p for p in plans if p.kind != "none"]
        if not missing:
            return
        for plan in missing:
            await service.remember_team_thread(plan.channel_id, plan.team, kind="none")
        teams = " and ".join(messages.TEAM_LABEL.format(team=p.team) for p in missing)
        log.warning("no private team threads in channel %s", missing[0].channel_id)
        await self.pictures.tell_moderators(missing[0].channel_id, messages.NO_TEAM_THREADS, teams=teams)

    async def _leave_quietly(self, thread_id: int, user_id: int | None) -> None:
        if user_id is None:
            return
        try:
            await self.client.http.remove_user_from_thread(thread_id, user_id)
        except discord.HTTPException:
            log.info("could not take user %s out of thread %s", user_id, thread_id)

    async def _send_private(self, where: SeatThread, post: SeatPost) -> None:
        """Text (split to Discord's limit), the hand picture and the answer buttons with the last part.

        In a thread the picture follows the game channel's permission (a DM takes pictures anyway).
        """
        if post.hand is not None and post.hand_png is None:
            post.hand_png = await drawing.hand_picture(post.hand, self.painter)
        channel = self.client.get_partial_messageable(where.channel)
        allowed = discord.AllowedMentions(everyone=False, users=[discord.Object(post.user_id)], roles=False)
        parts = chunks(post.text)
        view = _view(choices_view(post.channel_id, post.choices_version, post.choices))
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            files = [file_of(post.hand_png, drawing.HAND_FILE)] if last and post.hand_png else []
            extra = view if last else discord.utils.MISSING

            async def send(files: list[discord.File], part: str = part, extra: Any = extra) -> None:
                await channel.send(part, files=files, view=extra, allowed_mentions=allowed)

            if where.kind == "thread":
                await self.pictures.send(post.channel_id, send, files)
            else:
                await send(files)

    async def live_board(self, service: Boards, live: LiveBoard, png: bytes) -> None:
        """Edit the game's live board message (or post it at the bottom): one current board in the channel.

        A failed edit (the message was deleted, say) posts a new one, after deleting the old one; its id is stored,
        so after a restart the same message is edited (one posted just before a crash, its id not stored yet, is
        found by the recovery loop: BoardPosts.late). An older board never replaces a newer one.
        """
        channel_id = live.channel_id
        async with self._live_locks.setdefault(channel_id, asyncio.Lock()):
            if self._live_shown.get(channel_id, -1) > live.version:
                return
            posted = self._live_ids.get(channel_id)  # one posted since by this process, for this game
            old = posted[1] if posted is not None and posted[0] == live.game else live.message_id
            caption = messages.LIVE_BOARD_CAPTION.format(text=live.caption)
            channel = self.client.get_partial_messageable(channel_id)
            board = [_board_file(png, live.version)]
            if old is not None and not live.repost:
                message = channel.get_partial_message(old)
                try:
                    await self.pictures.send(
                        channel_id, lambda files: message.edit(content=caption, attachments=files), board
                    )
                    self._live_shown[channel_id] = live.version
                    return
                except discord.HTTPException:
                    log.info("the live board of channel %s could not be edited; posting it anew", channel_id)
            if old is not None:  # first: a crash between the two then leaves no stale live board (the new one is
                await _delete_quietly(channel.get_partial_message(old))  # still owed, and posted after a restart)
            sent = await self.pictures.send(channel_id, lambda files: channel.send(caption, files=files), board)
            self._live_shown[channel_id] = live.version
            await self.adopt_live_board(service, live, sent.id, None)

    async def adopt_live_board(self, service: Boards, live: LiveBoard, new: int, old: int | None) -> None:
        """Make a newly posted live board message the game's (its id stored) and delete the one it replaces."""
        channel_id = live.channel_id
        await service.remember_board_message(channel_id, new)
        self._live_ids[channel_id] = (live.game, new)
        if old is not None and old != new:
            await _delete_quietly(self.client.get_partial_messageable(channel_id).get_partial_message(old))

    async def post(self, outbox: Outbox, board_after: bool = False) -> None:
        """Send an outbox to its channel as a normal message (reminders cannot be ephemeral).

        With `board_after` (a move's public result), the text goes at once and the board is attached once drawn.
        """
        channel_id = outbox.channel_id or 0
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        later = board_after and outbox.board is not None and outbox.board_png is None and outbox.live is None
        if not later:
            await drawing.render(outbox, self.painter)
        extra: dict[str, Any] = {"nonce": outbox.nonce} if outbox.nonce else {}  # discord.py enforces it
        # (without one, discord.py sends a random nonce of its own: its retry of a request Discord took is dropped)

        async def send(files: list[discord.File]) -> discord.Message:
            return await channel.send(  # type: ignore[union-attr]
                outbox.public, files=files, view=_view(public_view(outbox)), allowed_mentions=mentions(outbox), **extra
            )

        sent = await self.pictures.send(channel_id, send, board_files(outbox))
        if later:
            self.boards.after(self, self.service, channel_id, outbox, self._attach_to(sent))

    def _attach_to(self, message: discord.Message) -> Attach:
        """Attaching files to a channel message of the bot (none where the bot may not attach files)."""

        async def attach(files: list[discord.File]) -> None:
            if self.pictures.allowed(message.channel.id):
                await self.pictures.send(message.channel.id, lambda kept: message.edit(attachments=kept), files)

        return attach

    async def boards_shown(self, channel_id: int, live_message: int | None) -> BoardsSeen:
        """The boards this bot shows in a channel: the newest game version among its last HISTORY messages and its
        live board message (-1: none), and the newest live board message it posted there (a board's file name
        carries its version: drawing.board_name). Raises discord.HTTPException when Discord cannot say."""
        channel = self.client.get_partial_messageable(channel_id)
        seen = BoardsSeen()
        async for message in channel.history(limit=HISTORY):
            self._see(seen, message)
        if live_message is not None:
            try:
                self._see(seen, await channel.fetch_message(live_message))
            except discord.NotFound:
                log.info("the live board message of channel %s is gone", channel_id)
        return seen

    def _see(self, seen: BoardsSeen, message: discord.Message) -> None:
        me = self.client.user
        if me is None or message.author.id != me.id:
            return
        live = message.content.startswith(LIVE_PREFIX) and message.interaction_metadata is None
        seen.take([a.filename for a in message.attachments], message.id if live else None)

    async def already_posted(self, outbox: Outbox, since: int) -> bool:
        """Whether this bot already posted the same text in the channel since then (a post before a crash)."""
        channel = self.client.get_channel(outbox.channel_id or 0) or await self.client.fetch_channel(
            outbox.channel_id or 0
        )
        after = datetime.fromtimestamp(since - 1, tz=UTC)
        async for message in channel.history(limit=50, after=after):  # type: ignore[union-attr]
            if message.author == self.client.user and message.content == outbox.public:
                return True
        return False


class ThreadGone(Exception):
    """A thread was deleted on Discord's side."""


class NoPrivateThreads(Exception):
    """The server or channel does not let the bot make (or fill) a private thread."""


def refused(err: discord.HTTPException) -> bool:
    """Whether Discord refused for good (a missing permission, a feature the server lacks), not for the moment."""
    return err.status == 403 or (400 <= err.status < 500 and err.status not in (404, 429))


def _nonce(kind: str, *ids: int) -> str:
    """A message nonce fixed by what the message is (Discord drops a repeat of it; at most 25 characters)."""
    return kind + hashlib.sha256(":".join(map(str, ids)).encode()).hexdigest()[:20]


def _board_file(png: bytes, version: int) -> discord.File:
    return file_of(png, drawing.board_name(version))


async def _delete_quietly(message: discord.PartialMessage) -> None:
    """Delete an old live board; if it is gone already or cannot be deleted, it is left alone."""
    try:
        await message.delete()
    except discord.HTTPException:
        log.info("could not delete the old live board message %s", message.id)
