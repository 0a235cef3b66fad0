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
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import NamedTuple

from bot.painter import PRELOADED, WorkerPool, main_hidden, worker_start
from rules.autoplay import Budget, decide
from rules.state import GameState

log = logging.getLogger(__name__)
DECIDING_PRELOADED = [*PRELOADED, "rules.autoplay", "bot.deciding"]
TIMEOUT_SECONDS = 10.0  # a decision's wall-clock allowance past its turn's CPU budget (a busy machine, a slow start)


class Decision(NamedTuple):
    """An automated seat's choice in notation, the CPU seconds it took, and the process that made it."""

    notation: str
    seconds: float
    pid: int


def choose_in_worker(state: GameState, seat: int, turn_seconds: float, spent: float, seed: int) -> Decision:
    """Decide in a worker process (the budget counts this worker's CPU, the decision alone)."""
    started = time.process_time()
    action = decide(state, seat, budget=Budget(turn_seconds=turn_seconds), seed=seed, spent=spent)
    return Decision(action.notation(), time.process_time() - started, os.getpid())


Work = Callable[[GameState, int, float, float, int], Decision]


def _warm() -> int:
    """Nothing but start a worker, with the search imported (preloaded when this pool started the forkserver)."""
    import rules.autoplay  # noqa: F401

    return os.getpid()


class Deciders(WorkerPool):
    """Where automated decisions are made: `workers` processes (0: none, the caller decides in a thread)."""

    def __init__(self, workers: int, work: Work = choose_in_worker, timeout: float = TIMEOUT_SECONDS) -> None:
        super().__init__()
        self.workers, self.work, self.timeout = workers, work, timeout
        self._free: asyncio.Semaphore | None = None  # a decision per worker at once: a timeout never counts a wait

    async def start(self) -> bool:
        """Start the workers now (else they start with the first decision); False when there are none. Should they
        fail to start (no forkserver here, no memory), decisions are made in a thread from then on, and it is logged."""
        if not self.workers:
            return False
        try:
            await self._executor()
        except (OSError, RuntimeError, BrokenProcessPool):
            log.exception("the decision workers could not start: automated players decide in a thread of the bot")
            self.workers = 0
        return bool(self.workers)

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

    def _new_pool(self) -> ProcessPoolExecutor:
        """A pool with its workers started."""
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(DECIDING_PRELOADED)  # unless the drawing workers started the forkserver first
        pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=worker_start, initargs=(os.getpid(),))
        with main_hidden():
            started = [pool.submit(_warm) for _ in range(self.workers)]
        for warm in started:
            warm.result()
        return pool

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
