"""Boards after the move: the move is answered as text as soon as it is saved, and its board follows.

The board goes into the per-channel queue (bot.board_queue: only a channel's newest waiting board is drawn, never an
older one after a newer one) and, once drawn by the painter's workers, is attached to the message that told the move
(an edit of that message), or put on the game's live board message. A board of a move is owed in the database until
shown (`games.board_owed`): when the process dies first, or Discord refuses the edit, the recovery loop (every
reminder tick, in any process) posts the game's board as it stands then (`late`). A board's file name carries the
game version it shows (drawing.board_name), so the loop first looks in the channel: a board shown just before a
crash, its mark not yet written, is only marked, never posted twice.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot import messages
from bot.board_queue import BoardQueue, ShownMarks, Waiting
from bot.discord import drawing
from bot.painter import Painter
from bot.service.outbox import LiveBoard, Outbox

if TYPE_CHECKING:
    from bot.service.boards import Boards, LateBoard

log = logging.getLogger(__name__)

Attach = Callable[[list[discord.File]], Awaitable[Any]]  # puts the board's file on the message that told the move
LIVE_PREFIX = messages.LIVE_BOARD_CAPTION.split("{", 1)[0]  # how a live board message's text starts


@dataclass
class BoardsSeen:
    """What a channel shows of the bot's boards: the newest version, and its newest live board message posted (with
    the version it shows)."""

    version: int = -1
    live_message: int | None = None
    live_version: int = -1

    def take(self, names: list[str], live_message: int | None = None) -> None:
        """Take in the file names of one of the bot's messages in the channel (and its id if it is a live board)."""
        newest = max((v for v in map(drawing.board_version, names) if v is not None), default=-1)
        self.version = max(self.version, newest)
        if live_message is not None and newest >= 0 and live_message > (self.live_message or 0):
            self.live_message, self.live_version = live_message, newest


class ChannelPoster(Protocol):
    """What the boards need of the poster of a live Discord client (bot.discord.delivery.ChannelPoster)."""

    async def live_board(self, service: Boards, live: LiveBoard, png: bytes) -> None:
        """Edit the game's live board message (or post it at the bottom)."""
        ...

    async def post(self, outbox: Outbox, board_after: bool = False) -> None:
        """Send an outbox to its channel as a normal message."""
        ...

    async def notices(self, outbox: Outbox, channel_id: int | None) -> None:
        """Tell a game's moderators what an outbox asks, once."""
        ...

    async def boards_shown(self, channel_id: int, live_message: int | None) -> BoardsSeen:
        """The newest board version the bot shows in a channel, and its newest live board message there."""
        ...

    async def adopt_live_board(self, service: Boards, live: LiveBoard, new: int, old: int | None) -> None:
        """Make a live board message posted before a restart the game's (and delete the one it replaced)."""
        ...


def refused_for_good(err: discord.HTTPException) -> bool:
    """Whether Discord refuses a post for good (the channel is gone, a permission is missing), not for the moment."""
    return 400 <= err.status < 500 and err.status != 429


def unstored(seen: BoardsSeen, live: LiveBoard, owed: int) -> bool:
    """Whether the newest live board message seen was posted before a crash, its id not yet stored: newer than the
    stored one and showing at least the board owed (one showing less is an earlier game's, left in the channel)."""
    return (seen.live_message or 0) > (live.message_id or 0) and seen.live_version >= owed


class BoardPosts:
    """The painter and the board queue of one process, and where each drawn board goes."""

    def __init__(self, painter: Painter) -> None:
        self.painter = painter
        self.queue = BoardQueue(painter.slots)
        self.marks: ShownMarks | None = None  # made with the first board (it writes through the service)

    async def settled(self) -> None:
        """Wait until every queued board is drawn and shown, and its mark written."""
        await self.queue.settled()
        if self.marks is not None:
            await self.marks.flush()

    async def close(self) -> None:
        """Write the marks still pending and stop the painter's workers."""
        if self.marks is not None:
            await self.marks.close()
        self.painter.close()

    def after(self, poster: ChannelPoster, service: Boards, channel_id: int, outbox: Outbox, attach: Attach) -> None:
        """Queue an outbox's board; once drawn it is attached to the message already sent (by `attach`)."""
        job = outbox.board
        if job is None:
            return

        async def deliver(png: bytes | None) -> None:
            if png is None:
                await self._not_drawn(poster, service, channel_id, outbox)
                return
            outbox.board_png = png
            await attach([drawing.file_of(png, drawing.board_name(job.version))])
            await self._shown(service, channel_id, outbox)

        self.queue.put(channel_id, Waiting(job.version, self._draw(outbox), deliver))

    def live(self, poster: ChannelPoster, service: Boards, outbox: Outbox) -> None:
        """Queue an outbox's board for the game's live board message (edited, or posted anew at the bottom)."""
        job, live = outbox.board, outbox.live
        if job is None or live is None:
            return

        async def deliver(png: bytes | None) -> None:
            if png is None:
                await self._not_drawn(poster, service, live.channel_id, outbox)
                return
            outbox.board_png = png
            await poster.live_board(service, live, png)
            await self._shown(service, live.channel_id, outbox)

        self.queue.put(live.channel_id, Waiting(live.version, self._draw(outbox), deliver))

    async def late(self, poster: ChannelPoster, service: Boards) -> int:
        """Post the boards owed longer than their grace (a process died, Discord failed): how many were posted.

        A board the channel already shows (its version, or a newer one, on one of the bot's messages: shown in the
        second before a crash, its mark not yet written) is only marked shown, not posted again.
        """
        posted = 0
        for late in await service.late_boards(skip=self.queue.holds):
            channel_id = late.outbox.channel_id or 0
            seen = await self._look(poster, service, late)
            if seen is None:
                continue
            if seen >= late.owed:
                log.info("the board of channel %s is shown already (before a restart): not posted again", channel_id)
                self._mark(service, channel_id, seen)
            elif await self._post_late(poster, service, late.outbox):
                posted += 1
        return posted

    async def _look(self, poster: ChannelPoster, service: Boards, late: LateBoard) -> int | None:
        """The newest board version a late board's channel shows; None when Discord cannot say now (looked for again
        after the grace: still owed) or the channel is gone (given up)."""
        channel_id = late.outbox.channel_id or 0
        try:
            return await self._seen(poster, service, late)
        except discord.HTTPException as err:
            if refused_for_good(err):  # nothing can be shown there: not owed any more
                log.warning("the channel %s of a late board is gone; given up: %r", channel_id, err)
                self._mark(service, channel_id, late.owed)
            else:
                log.warning("could not look for the board of channel %s already shown: %r", channel_id, err)
        except Exception as err:  # Discord unreachable
            log.warning("could not look for the board of channel %s already shown: %r", channel_id, err)
        return None

    async def _seen(self, poster: ChannelPoster, service: Boards, late: LateBoard) -> int:
        """The newest board version the channel shows (-1: none, or the bot may not read its history); a live board
        posted before a crash, its id not yet stored, becomes the game's live board."""
        outbox = late.outbox
        channel_id, live = outbox.channel_id or 0, outbox.live
        try:
            seen = await poster.boards_shown(channel_id, live.message_id if live is not None else None)
        except discord.Forbidden:  # no Read Message History: posted again (a repeat is possible, never a loss)
            return -1
        if live is not None and seen.live_message is not None and unstored(seen, live, late.owed):
            await poster.adopt_live_board(service, live, seen.live_message, live.message_id)
            outbox.live = replace(live, message_id=seen.live_message)
        return seen.version

    async def _post_late(self, poster: ChannelPoster, service: Boards, outbox: Outbox) -> bool:
        """Draw and post a late board; a failure for the moment leaves it owed (tried again after the grace)."""
        channel_id = outbox.channel_id or 0
        await drawing.render(outbox, self.painter)
        if outbox.board_png is None:
            await self._not_drawn(poster, service, channel_id, outbox)
            return False
        try:
            if outbox.live is not None:
                await poster.live_board(service, outbox.live, outbox.board_png)
            else:
                await poster.post(outbox)
        except discord.HTTPException as err:
            if not refused_for_good(err):
                log.warning("could not post the late board of channel %s (tried again later): %r", channel_id, err)
                return False
            log.warning("Discord refuses the late board of channel %s; given up: %r", channel_id, err)
            await self._shown(service, channel_id, outbox)  # not owed any more: never tried every minute
            return False
        except Exception:
            log.exception("could not post the late board of channel %s (tried again later)", channel_id)
            return False
        await self._shown(service, channel_id, outbox)
        return True

    def _draw(self, outbox: Outbox) -> Callable[[], Awaitable[bytes]]:
        job = outbox.board
        assert job is not None

        async def draw() -> bytes:
            return await self.painter.board(job.view, job.marks)

        return draw

    async def _shown(self, service: Boards, channel_id: int, outbox: Outbox) -> None:
        """The board is shown: no board up to its version is owed any more (written with the others, ShownMarks)."""
        job = outbox.board
        if job is None or not job.owed:
            return
        self._mark(service, channel_id, job.version)

    def _mark(self, service: Boards, channel_id: int, version: int) -> None:
        """No board up to this version is owed in the channel any more (written within a second, ShownMarks)."""
        if self.marks is None:
            self.marks = ShownMarks(service.boards_shown)
        self.marks.mark(channel_id, version)

    async def _not_drawn(self, poster: ChannelPoster, service: Boards, channel_id: int, outbox: Outbox) -> None:
        """Drawing failed (a fault in the bot): the moderators are told once, and the board is not owed any more."""
        outbox.tell_moderators(messages.NOT_DRAWN)
        await poster.notices(outbox, channel_id)
        await self._shown(service, channel_id, outbox)
