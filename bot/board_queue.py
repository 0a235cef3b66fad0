"""Boards drawn after the move is shown, coalesced per channel: only a channel's newest waiting board is drawn.

A move is acknowledged as soon as it is saved; its board goes into this queue. Each channel holds at most one board
waiting to be drawn: a newer one replaces it (the older one is covered: the newest board shows everything it
showed), and one older than a board already delivered is dropped. A channel's boards are drawn and delivered one at
a time, in order, so no board ever shows an older state after a newer one; the newest is always drawn. At most
`slots` boards are drawn at once (one per drawing worker): the rest wait here, where they can still be coalesced,
not in the pool's own queue. Memory is bounded by one waiting board per channel with a move in flight.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

Draw = Callable[[], Awaitable[bytes]]
Deliver = Callable[[bytes | None], Coroutine[Any, Any, None]]
SHOWN_KEPT = 100_000  # channels whose newest shown version is remembered (an int each)
MARK_EVERY = 1.0  # seconds between two writes of the boards shown (one transaction for all the channels)


@dataclass
class Waiting:
    """A board to draw for a channel: the game version it shows, how to draw it, and where it goes once drawn.

    `deliver` gets the picture, or None when drawing failed; `covered` (if any) is told that a newer board took
    its place. Delivery runs in the context (contextvars) of whoever queued the board.
    """

    version: int
    draw: Draw
    deliver: Deliver
    covered: Callable[[], None] | None = None
    queued: float = field(default_factory=time.monotonic)
    context: contextvars.Context = field(default_factory=contextvars.copy_context)


class BoardQueue:
    """One drawer per channel with a board waiting; at most `slots` drawings at once over all channels."""

    def __init__(self, slots: int) -> None:
        self._slots = asyncio.Semaphore(slots)
        self._waiting: dict[int, Waiting] = {}
        self._drawers: dict[int, asyncio.Task[None]] = {}
        self._shown: dict[int, int] = {}  # channel: the newest version delivered, for the newest SHOWN_KEPT channels
        self._idle = asyncio.Event()
        self._idle.set()
        self.drawn = 0
        self.coalesced = 0

    def put(self, channel_id: int, board: Waiting) -> None:
        """Queue a channel's board; it replaces an older one still waiting, and is dropped if older than one shown."""
        older = self._waiting.get(channel_id)
        if board.version < max(self._shown.get(channel_id, -1), older.version if older else -1):
            self._cover(board)
            return
        if older is not None:
            self._cover(older)
        self._waiting[channel_id] = board
        if channel_id not in self._drawers:
            self._idle.clear()
            self._drawers[channel_id] = asyncio.create_task(self._drain(channel_id))

    def holds(self, channel_id: int) -> bool:
        """Whether a board of this channel is waiting or being drawn here."""
        return channel_id in self._drawers

    def waiting(self) -> int:
        """Boards waiting to be drawn (not counting those being drawn)."""
        return len(self._waiting)

    async def settled(self) -> None:
        """Wait until every queued board is drawn and delivered."""
        await self._idle.wait()

    def _cover(self, board: Waiting) -> None:
        self.coalesced += 1
        if board.covered is not None:
            board.context.run(board.covered)

    async def _drain(self, channel_id: int) -> None:
        """Draw and deliver a channel's newest waiting board, again while a newer one came meanwhile."""
        try:
            while channel_id in self._waiting:
                async with self._slots:
                    board = self._waiting.pop(channel_id, None)
                    if board is None:
                        break
                    png = await self._draw(channel_id, board)
                self._remember(channel_id, board.version)
                await self._deliver(channel_id, board, png)
        finally:
            del self._drawers[channel_id]
            if not self._drawers:
                self._idle.set()

    def _remember(self, channel_id: int, version: int) -> None:
        """Keep the newest version shown in a channel (a board queued late, older than it, is then dropped)."""
        newest = max(self._shown.pop(channel_id, -1), version)
        self._shown[channel_id] = newest  # to the end: the channels shown longest ago are forgotten first
        if len(self._shown) > SHOWN_KEPT:
            del self._shown[next(iter(self._shown))]

    async def _draw(self, channel_id: int, board: Waiting) -> bytes | None:
        try:
            png = await board.draw()
        except Exception:
            log.exception("could not draw the board of channel %s", channel_id)
            return None
        self.drawn += 1
        return png

    async def _deliver(self, channel_id: int, board: Waiting, png: bytes | None) -> None:
        try:
            await asyncio.create_task(board.deliver(png), context=board.context)
        except Exception:
            log.exception("could not deliver the board of channel %s", channel_id)


class ShownMarks:
    """Boards shown, written to the database in one transaction a second for all channels (`games.board_owed`).

    A busy channel's next move overwrites what it owes anyway, so most marks cost nothing; should the process die
    before a mark is written, the recovery loop finds that board in the channel (its file name carries its version)
    and only marks it (bot.discord.board_posts: BoardPosts.late).
    """

    def __init__(self, write: Callable[[dict[int, int]], Awaitable[None]], every: float = MARK_EVERY) -> None:
        self._write, self._every = write, every
        self._pending: dict[int, int] = {}
        self._timer: asyncio.Task[None] | None = None  # sleeping until the next write (None while writing)
        self._writing: asyncio.Lock | None = None

    def mark(self, channel_id: int, version: int) -> None:
        """A board of this version was shown in the channel (written within `every` seconds)."""
        self._pending[channel_id] = max(self._pending.get(channel_id, -1), version)
        if self._timer is None:
            self._timer = asyncio.create_task(self._later())

    async def _later(self) -> None:
        await asyncio.sleep(self._every)
        self._timer = None
        await self.flush()

    async def flush(self) -> None:
        """Write the marks now, after a write under way (a failure is logged: the recovery loop then finds those
        boards in their channels and marks them)."""
        if self._writing is None:
            self._writing = asyncio.Lock()
        async with self._writing:
            pending, self._pending = self._pending, {}
            if not pending:
                return
            try:
                await self._write(pending)
            except Exception:
                log.exception("could not mark %s boards shown", len(pending))

    async def close(self) -> None:
        """Stop the timer (if it is only waiting) and write what is pending, after a write under way."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        await self.flush()
