"""Boards after the move: the move is answered as text as soon as it is saved, and its board follows.

The board goes into the per-channel queue (bot.board_queue: only a channel's newest waiting board is drawn, never an
older one after a newer one) and, once drawn by the painter's workers, is attached to the message that told the move
(an edit of that message), or put on the game's live board message. A board of a move is owed in the database until
shown (`games.board_owed`): when the process dies first, or Discord refuses the edit, the recovery loop (every
reminder tick, in any process) posts the game's board as it stands then (`late`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot import messages
from bot.board_queue import BoardQueue, ShownMarks, Waiting
from bot.discord import drawing
from bot.painter import Painter
from bot.service.outbox import LiveBoard, Outbox

if TYPE_CHECKING:
    from bot.service.boards import Boards

log = logging.getLogger(__name__)

Attach = Callable[[list[discord.File]], Awaitable[Any]]  # puts the board's file on the message that told the move


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
            await attach([drawing.file_of(png, drawing.BOARD_FILE)])
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
        """Post the boards owed longer than their grace (a process died, Discord failed): how many were shown."""
        shown = 0
        for outbox in await service.late_boards(skip=self.queue.holds):
            channel_id = outbox.channel_id or 0
            try:
                await drawing.render(outbox, self.painter)
                if outbox.board_png is None:
                    await self._not_drawn(poster, service, channel_id, outbox)
                    continue
                if outbox.live is not None:
                    await poster.live_board(service, outbox.live, outbox.board_png)
                else:
                    await poster.post(outbox)
            except Exception:  # tried once more by the loop; then given up (not owed any more)
                log.exception("could not post the late board of channel %s", channel_id)
            await self._shown(service, channel_id, outbox)
            shown += 1
        return shown

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
        if self.marks is None:
            self.marks = ShownMarks(service.boards_shown)
        self.marks.mark(channel_id, job.version)

    async def _not_drawn(self, poster: ChannelPoster, service: Boards, channel_id: int, outbox: Outbox) -> None:
        """Drawing failed (a fault in the bot): the moderators are told once, and the board is not owed any more."""
        outbox.tell_moderators(messages.NOT_DRAWN)
        await poster.notices(outbox, channel_id)
        await self._shown(service, channel_id, outbox)
