"""Automated decisions off the bot's process: in a small pool of worker processes, or (no workers) in a thread.

The search is pure Python and holds the GIL while it thinks, so in a thread it would slow every other game's answers
in the same process; a worker process does not. Its CPU budget is measured there, where the worker's clock counts
the decision alone. A worker that dies or outthinks its timeout is stopped, the pool replaced, and the caller given
the error (the runner then plays the engine's default answer): a game never waits on a worker. Decisions of other
games under way in the same pool then fail too, and answer by default as well. The workers start like
the drawing ones (bot/painter.py): forkserver, below the bot's priority, gone when the bot is gone.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import NamedTuple

from bot.painter import PRELOADED, WorkerPool
from rules.autoplay import Budget, decide
from rules.state import GameState

log = logging.getLogger(__name__)
DECIDING_PRELOADED = (*PRELOADED, "rules.autoplay", "bot.deciding")
TIMEOUT_SECONDS = 10.0  # a decision's wall-clock allowance past its turn's CPU budget (a busy machine, a slow start)


Clock = Callable[[], float]


class Decision(NamedTuple):
    """An automated seat's choice in notation, the CPU seconds it took, and the process that made it."""

    notation: str
    seconds: float
    pid: int


def choose(
    state: GameState, seat: int, turn_seconds: float, spent: float, seed: int, clock: Clock = time.process_time
) -> Decision:
    """An automated seat's choice: each decision takes the player's own share of the CPU, and all of a turn's
    together at most `turn_seconds`, counted on `clock` (a worker's whole CPU; in a thread, the thread's own)."""
    started = clock()
    action = decide(state, seat, budget=Budget(turn_seconds=turn_seconds), seed=seed, spent=spent)
    return Decision(action.notation(), clock() - started, os.getpid())


Work = Callable[[GameState, int, float, float, int], Decision]


class Deciders(WorkerPool):
    """Where automated decisions are made: `workers` processes (0: none, the caller decides in a thread)."""

    preload = DECIDING_PRELOADED
    log = log
    fallback = "the decision workers could not start: automated players decide in a thread of the bot"

    def __init__(self, workers: int, work: Work = choose, timeout: float = TIMEOUT_SECONDS) -> None:
        super().__init__(workers)
        self.work, self.timeout = work, timeout
        self._free: asyncio.Semaphore | None = None  # a decision per worker at once: a timeout never counts a wait

    async def choose(self, state: GameState, seat: int, turn_seconds: float, spent: float, seed: int) -> Decision:
        """A decision made in a worker; raises when the worker died or took longer than its turn's budget allows
        (the pool is then replaced), or when the workers cannot start."""
        if self._free is None:
            self._free = asyncio.Semaphore(self.workers)
        async with self._free:
            pool = await self._executor()
            future = asyncio.get_running_loop().run_in_executor(
                pool, partial(self.work, state, seat, turn_seconds, spent, seed)
            )
            try:
                return await asyncio.wait_for(future, turn_seconds + self.timeout)
            except BaseException:  # died, timed out or cancelled: a worker may still be thinking, so none is kept
                self._drop(pool)
                raise

    def _drop(self, pool: ProcessPoolExecutor) -> None:
        """Stop a pool's workers now (whatever they were thinking is dropped); the next decision starts a new pool."""
        if self._pool is pool:
            self._pool = None
        processes = dict(getattr(pool, "_processes", None) or {})
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            if process.is_alive():
                process.kill()

    @property
    def busy(self) -> bool:
        """Whether every worker is in the middle of a decision now."""
        return self._free is not None and self._free.locked()

    def close(self) -> None:
        """Stop the workers (a decision under way is dropped: the game makes it afresh after a restart)."""
        if self._pool is not None:
            self._drop(self._pool)
