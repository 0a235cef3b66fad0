"""The automated players' runner: after a short delay, each automated seat to act decides off the event loop and its
choice is played through the service's one path of every move, then posted like any move.

The decisions are made in worker processes (`bot.deciding`), or with none in a thread of this process.
One task per channel plays its automated moves one after another (a whole automated turn, then the next automated
seat), waking again whenever anything happens in the channel. A choice made for a game version that moved on (a
moderator acted meanwhile) is dropped and made afresh. Each turn has a CPU budget: the decisions of one turn share
it (`rules.autoplay.Budget.turn_seconds`: past it the player ends the turn). A restart resumes through `resume`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.deciding import Deciders, choose
from bot.service import GameService
from bot.service.automated import Due
from bot.service.outbox import Outbox

log = logging.getLogger(__name__)

Post = Callable[[Outbox], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]
SEED_MIX = 1_000_003


class ChannelGone(Exception):
    """Discord says a game's channel is gone, or the bot may no longer post there: its automated seats would play on
    where nobody sees them."""


class AutomatedPlayers:
    """Plays the automated seats of every game of a service, posting each move with `post`."""

    def __init__(
        self,
        service: GameService,
        post: Post,
        delay: float,
        turn_seconds: float,
        sleep: Sleep = asyncio.sleep,
        workers: int = 0,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service, self.post, self.delay, self.turn_seconds, self.sleep = service, post, delay, turn_seconds, sleep
        self.now = now
        self.deciders = Deciders(workers)  # worker processes deciding (0: a thread of this process, `choose`)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # channels woken while their task was busy: look once more before stopping
        self._spent: dict[int, tuple[tuple[int, int, int], float]] = {}  # channel: (turn, CPU seconds spent)
        self.moves = 0  # moves played by this process (for the console's summary)

    def wake(self, channel_id: int) -> None:
        """Something happened in a channel: play its automated moves, if any, unless that is already under way."""
        task = self._tasks.get(channel_id)
        if task is not None and not task.done():
            self._again.add(channel_id)
            return
        self._tasks[channel_id] = asyncio.create_task(self._play(channel_id))

    async def resume(self) -> None:
        """Wake every game in play with an automated seat (at start, after a restart; then now and again)."""
        try:
            channels = await self.service.store.automated_channels()
        except Exception:
            log.exception("could not look for games with automated seats")
            return
        for channel_id in channels:
            self.wake(channel_id)

    async def settled(self) -> None:
        """Wait until no channel has automated moves under way (the console and tests)."""
        while running := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def close(self) -> None:
        """Stop every task (a move being saved is either saved whole or not at all)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self.deciders.close()

    async def _play(self, channel_id: int) -> None:
        """Play a channel's automated moves one after another, until a person (or nobody) is to act."""
        try:
            while True:
                self._again.discard(channel_id)
                if not await self._step(channel_id) and channel_id not in self._again:
                    return
        except Exception:  # logged; the next wake (any command, the reminder loop) tries again
            log.exception("automated moves stopped in channel %s", channel_id)

    async def _step(self, channel_id: int) -> bool:
        """Decide one automated move, then play it the delay after it fell due; False when no automated seat is to
        act. However long the decision took (a lone choice is instant, a search takes its budget), the move comes the
        same delay after: its timing would otherwise hint at what the seat's hidden cards allow."""
        due = await self.service.automated_due(channel_id)
        if due is None:
            return False
        fell_due = self.now()
        seed = (due.version * SEED_MIX + channel_id) % 2**62
        notation: str | None
        try:
            notation, used = await self._decide(due, seed)
        except Exception:  # a failing decision (or worker) never stalls the game: the engine's default answer instead
            log.exception("the automated player of seat %s in channel %s could not decide", due.seat, channel_id)
            notation, used = None, 0.0
        self._spend(due, used)
        await self.sleep(max(0.0, self.delay - (self.now() - fell_due)))
        outbox = await self.service.play_automated(due, notation)
        if outbox is None:
            log.info("the automated move of seat %s in channel %s was dropped: the game moved on", due.seat, channel_id)
            return True
        self.moves += 1
        try:
            await self.post(outbox)
        except ChannelGone:  # the move stands; the game waits for a moderator instead of playing on unseen
            log.warning("the channel %s is gone or closed to the bot: its automated game is paused", channel_id)
            await self.service.pause_unseen(channel_id)
            return False
        except Exception:  # saved: the move stands (its board is owed and drawn later)
            log.exception("could not post an automated move in channel %s", channel_id)
        return True

    async def _decide(self, due: Due, seed: int) -> tuple[str, float]:
        """The choice of the seat to act and the CPU seconds it took: in a worker process, or a thread without one."""
        args = (due.state, due.seat, self.turn_seconds, self._turn_spent(due), seed)
        if await self.deciders.start():
            decision = await self.deciders.choose(*args)
        else:
            decision = await asyncio.to_thread(choose, *args, clock=time.thread_time)
        return decision.notation, decision.seconds

    def _turn_spent(self, due: Due) -> float:
        """The CPU seconds the decisions of this turn took so far."""
        turn, spent = self._spent.get(due.channel_id, (None, 0.0))
        return spent if turn == due.turn else 0.0

    def _spend(self, due: Due, used: float) -> None:
        turn, spent = self._spent.get(due.channel_id, (None, 0.0))
        self._spent[due.channel_id] = (due.turn, (spent if turn == due.turn else 0.0) + used)

    def spent(self, channel_id: int) -> float:
        """The CPU seconds spent on the current automated turn of a channel."""
        return self._spent.get(channel_id, (None, 0.0))[1]
