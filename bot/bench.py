"""Benchmark (not a test): a scripted game through the console path, timed command by command.

Each command goes the whole way: console line parsed, fake interaction through discord.py's command tree, the
service, the engine, the database commit, and the board PNG drawn in a worker thread.
Usage: python -m bot.bench [--script assets/examples/short-game.txt] [--repeat 3]
       python -m bot.bench --boards    (board pictures the channel gets under each board posting setting)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot import images, messages
from bot.cli import DEFAULT_CHANNEL, seeded
from bot.console import Console, OffsetClock
from bot.offline import OfflineBot
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store

EXAMPLE = Path(__file__).resolve().parents[1] / "assets" / "examples" / "short-game.txt"


async def timed_run(lines: list[str], folder: Path) -> tuple[list[float], list[float]]:
    """Milliseconds of every command, and of the accepted moves (those that post a board)."""
    store = await Store.open(f"sqlite+aiosqlite:///{folder / 'bench.db'}")
    clock = OffsetClock()
    service = GameService(store, Settings(), clock=clock, seed_for=lambda cid: seeded(cid, None))
    shell = Console(OfflineBot(service), clock, DEFAULT_CHANNEL, None, write=lambda _: None)
    every, moves = [], []
    for line in lines:
        start = time.perf_counter()
        result = await shell.run_line(line)
        elapsed = (time.perf_counter() - start) * 1000
        if result is None:
            continue
        every.append(elapsed)
        if result.outbox is not None and result.outbox.board_png and result.public and not result.refused:
            moves.append(elapsed)
    await store.close()
    return every, moves


BOARD_SETTINGS = [(when, live) for live in (False, True) for when in ("move", "turn", "request")]


async def count_boards(lines: list[str], folder: Path, when: str, live: bool) -> tuple[int, int]:
    """Board pictures posted as new channel messages, and live board edits, when a script runs under a setting."""
    store = await Store.open(f"sqlite+aiosqlite:///{folder / f'boards-{when}-{live}.db'}")
    clock = OffsetClock()
    service = GameService(store, Settings(), clock=clock, seed_for=lambda cid: seeded(cid, None))
    bot = OfflineBot(service)
    shell = Console(bot, clock, DEFAULT_CHANNEL, None, write=lambda _: None)
    creator = next(ln.split()[0] for ln in lines if "/root create" in ln)
    for line in lines:
        await shell.run_line(line)
        if "/root create" in line:
            await shell.run_line(f"{creator} /root boards when:{when} live:{live}")
    await store.close()
    pictures = [s for s in bot.adapter.sent if images.BOARD_FILE in s.files]
    edits = sum(1 for s in pictures if s.kind == "edit")
    return sum(1 for s in pictures if s.public), edits


def board_report(lines: list[str]) -> list[str]:
    """One line per board posting setting: how many board pictures the channel gets."""
    out = []
    with tempfile.TemporaryDirectory() as folder:
        for when, live in BOARD_SETTINGS:
            posted, edited = asyncio.run(count_boards(lines, Path(folder), when, live))
            name = f"{when}{' + live' if live else ''}"
            out.append(
                messages.BENCH_BOARDS.format(
                    setting=name,
                    posted=messages.plural(posted, "board picture") + " posted,",
                    edited=messages.plural(edited, "live board edit"),
                )
            )
    return out


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) of some values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--script", default=str(EXAMPLE))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--boards", action="store_true", help="count board pictures under each posting setting")
    args = parser.parse_args(argv)
    lines = [ln for ln in Path(args.script).read_text(encoding="utf-8").splitlines() if ln.strip()]
    if args.boards:
        print(f"boards: {Path(args.script).name}, {len(lines)} lines")
        print("\n".join(board_report(lines)))
        return 0
    every: list[float] = []
    moves: list[float] = []
    started = time.perf_counter()
    for i in range(args.repeat + 1):
        with tempfile.TemporaryDirectory() as folder:
            run_all, run_moves = asyncio.run(timed_run(lines, Path(folder)))
        if i:  # the first run warms up imports, fonts and the static map layer
            every += run_all
            moves += run_moves
    wall = time.perf_counter() - started
    print(f"bench: {len(every)} commands ({len(moves)} moves with a board PNG) over {args.repeat} runs")
    print(f"  every command: median {statistics.median(every):.1f} ms, p95 {percentile(every, 95):.1f} ms")
    print(f"  moves + PNG:   median {statistics.median(moves):.1f} ms, p95 {percentile(moves, 95):.1f} ms")
    print(f"  throughput:    {1000 / statistics.mean(every):.1f} commands/s (wall {wall:.1f} s incl. warm-up)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
