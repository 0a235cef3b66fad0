"""Drawing pictures off the event loop: in a pool of worker processes, or (no workers) in a thread of this process.

Composing a board holds the GIL, so a thread would still slow every other command of the process; a worker process
does not. The pool starts at the first picture (forkserver with render/ preloaded, so a worker starts in a fraction
of a second), and a pool whose worker died (killed, out of memory) is replaced and the picture drawn again once.
With no workers, pictures are drawn with `asyncio.to_thread` as before (the console and the in-process tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import select
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import TypeVar

from rules.state import Mark
from rules.view_types import View

log = logging.getLogger(__name__)
T = TypeVar("T")
PRELOADED = ["render", "bot.painter"]  # imported once by the forkserver, so each worker starts with them
NICE = 10  # workers yield the CPU to the bot's own process and the database: moves are answered first
WARM_SECONDS = 0.3  # a new worker's warm-up: long enough that the next warm-up starts another worker
WATCH_SECONDS = 2.0  # how often a worker looks whether the bot still runs, where it cannot wait on a pidfd


def draw_board(view: View, marks: list[Mark]) -> bytes:
    """The board as PNG bytes (run in a worker; render/ is imported there, never in the bot's event loop)."""
    from render import render_board  # preloaded by the forkserver; imported on first use in thread mode
    from render.scale import POSTED

    return render_board(view, last=marks, scale=POSTED)


def draw_hand(view: View) -> bytes:
    """A seat's hand as PNG bytes (run in a worker)."""
    from render import render_hand

    return render_hand(view)


@contextlib.contextmanager
def main_hidden() -> Iterator[None]:
    """Hide the program's main module from multiprocessing while workers start: a worker needs bot.painter and
    render/ only, and would otherwise import the main module again (with Discord, SQLAlchemy and the whole service:
    about 100 MiB more in each worker). Nothing else reads these attributes in the meantime."""
    main = sys.modules["__main__"]
    saved = {name: getattr(main, name) for name in ("__spec__", "__file__") if hasattr(main, name)}
    main.__spec__ = None
    if "__file__" in saved:
        del main.__file__
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(main, name, value)


def worker_start(bot: int) -> None:
    """A worker's start: below the bot's process, so drawing never delays an answer (an idle CPU still draws); and
    gone when the bot is gone (killed with SIGKILL, say), which the pool itself would never notice."""
    with contextlib.suppress(OSError):  # not allowed here: drawing at the same priority is fine too
        os.nice(NICE)
    threading.Thread(target=_exit_with, args=(bot,), daemon=True, name="rootbot-watch").start()


def _exit_with(bot: int) -> None:
    """Wait until the bot's process ends, then end this worker (the forkserver then ends too)."""
    try:
        watched = os.pidfd_open(bot)
    except (AttributeError, OSError):  # no pidfd here (an older kernel): look every WATCH_SECONDS
        while _alive(bot):
            time.sleep(WATCH_SECONDS)
    else:
        select.select([watched], [], [])
    os._exit(0)


def _alive(pid: int) -> bool:
    """Whether a process still runs."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _warm(seconds: float, modules: tuple[str, ...]) -> int:
    """Import a worker's modules and keep the new worker busy a moment, so that each warm-up starts a worker of its
    own (the modules are preloaded by the forkserver; imported here too in case another pool started it first)."""
    for name in modules:
        importlib.import_module(name)
    time.sleep(seconds)
    return multiprocessing.current_process().pid or 0


class WorkerPool:
    """A pool of `workers` processes started on first use (0: none, the caller works in a thread instead): the
    drawing and the deciding workers."""

    preload: tuple[str, ...] = tuple(PRELOADED)
    log = log
    fallback = "the drawing workers could not start: pictures are drawn in a thread of the bot instead"

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Lock | None = None

    async def start(self) -> bool:
        """Start the workers now (else they start with the first use); False when there are none. Should they fail
        to start (no forkserver here, no memory), the work is done in a thread from then on, and it is logged."""
        if not self.workers:
            return False
        try:
            await self._executor()
        except (OSError, RuntimeError, BrokenProcessPool):
            self.log.exception(self.fallback)
            self.workers = 0
        return bool(self.workers)

    def _new_pool(self) -> ProcessPoolExecutor:
        """A pool with every worker started (each warm-up keeps one busy, so each starts a worker of its own)."""
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(self.preload))  # unless another pool started the forkserver first
        pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=worker_start, initargs=(os.getpid(),))
        with main_hidden():
            warm_ups = [pool.submit(_warm, WARM_SECONDS, self.preload) for _ in range(self.workers)]
        for started in warm_ups:
            started.result()
        return pool

    async def _executor(self) -> ProcessPoolExecutor:
        """The pool, started on a thread the first time: starting a process waits for it, never on the event loop."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self._pool is None:
                self._pool = await asyncio.to_thread(self._new_pool)
            return self._pool

    def worker_pids(self) -> list[int]:
        """The process ids of the workers running now (the benchmarks read their memory)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return [int(pid) for pid in processes]


class Painter(WorkerPool):
    """Where pictures are drawn: `workers` processes (0: a thread of this process, calling `in_thread`)."""

    def __init__(self, workers: int, in_thread: tuple[Callable[..., bytes], Callable[..., bytes]] | None = None):
        super().__init__(workers)
        self._in_thread = in_thread or (draw_board, draw_hand)

    @property
    def slots(self) -> int:
        """How many pictures may be drawn at once (a worker each; two threads with no worker)."""
        return self.workers or 2

    async def board(self, view: View, marks: list[Mark]) -> bytes:
        """A board picture, drawn off the event loop."""
        if not await self.start():
            return await asyncio.to_thread(self._in_thread[0], view, marks)
        return await self._in_pool(partial(draw_board, view, marks))

    async def hand(self, view: View) -> bytes:
        """A hand picture, drawn off the event loop."""
        if not await self.start():
            return await asyncio.to_thread(self._in_thread[1], view)
        return await self._in_pool(partial(draw_hand, view))

    async def _in_pool(self, work: Callable[[], T]) -> T:
        """Run work in a worker process; a broken pool (a worker died) is replaced and the work tried once more."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = await self._executor()
            try:
                return await loop.run_in_executor(pool, work)
            except BrokenProcessPool:
                if attempt:
                    raise
                log.warning("a drawing worker died; starting new ones")
                if self._pool is pool:
                    self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers (pictures still waiting are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
