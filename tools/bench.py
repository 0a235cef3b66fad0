"""Benchmark (not a test): a scripted game through the console path, timed command by command, beside a floor.

Each command goes the whole way: console line parsed, fake interaction through discord.py's command tree, the
service, the engine, the database commit, and the board PNG drawn in a worker thread (the console waits for each
move's board, which the bot draws after answering).
The floor is a small pipeline of its own, measured in the same run, one floor move right after each of the script's
moves (so both see the machine as it is at that moment: on a shared machine its load changes from second to
second): a synthetic board of
the reference size drawn in palette mode on a cached background (a map of 12 clearings, 30 paths, a river and 10
forests; 144 pieces, 36 of them counts; a panel of 30 lines of text), encoded as PNG at level 1, and the game's
20 KB state committed with plain sqlite3 (WAL, synchronous NORMAL, a version check). Its last line,
`bench: move X ms, floor Y ms, ratio R`, compares the median move with its PNG to the median floor.
It also prints the database's share of a move: the time spent waiting on the database (bot.storage.store counts it),
the transactions and statements a move takes, and its hand-overs to the database driver (each one a wake-up of the
event loop: on SQLite a trip to the store's worker thread, on PostgreSQL an await of asyncpg).
Usage: python -m tools.bench [--script assets/examples/short-game.txt] [--repeat 3] [--postgres]
       python -m tools.bench --boards    (board pictures the channel gets under each board posting setting)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import greenlet  # type: ignore[import-untyped]
from sqlalchemy import event

from bot import messages
from bot.cli import DEFAULT_CHANNEL, seeded
from bot.console import Console, ConsoleError, OffsetClock
from bot.console.offline import OfflineBot
from bot.service import GameService
from bot.settings import Settings
from bot.storage.store import Store
from rules.argtypes import at_least
from tools import floor
from tools.pgtemp import TempPostgres

EXAMPLE = Path(__file__).resolve().parents[1] / "assets" / "examples" / "short-game.txt"


@dataclass
class Timings:
    """What one run measured: milliseconds per command and per move, and the database's part of the moves."""

    every: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)  # ms per move of the floor pipeline, measured between runs
    move_db: list[float] = field(default_factory=list)  # ms waiting on the database, per move
    move_tx: list[int] = field(default_factory=list)  # transactions per move
    move_sql: list[int] = field(default_factory=list)  # statements per move (BEGIN/COMMIT not counted)
    move_hops: list[int] = field(default_factory=list)  # hand-overs to the database driver per move

    def add(self, other: Timings) -> None:
        """Pool another run's figures into these."""
        for name in ("every", "moves", "floor", "move_db", "move_tx", "move_sql", "move_hops"):
            getattr(self, name).extend(getattr(other, name))


def count_statements(store: Store) -> dict[str, int]:
    """Live counts of the transactions and statements a store's engine runs."""
    counts = {"tx": 0, "sql": 0}
    engine = store.sync_engine

    def begun(_conn: Any) -> None:
        counts["tx"] += 1

    def statement(_conn: Any, _cursor: Any, sql: str, *_rest: Any) -> None:
        if sql.split()[0].upper() not in ("BEGIN", "COMMIT"):
            counts["sql"] += 1

    event.listen(engine, "begin", begun)
    event.listen(engine, "before_cursor_execute", statement)
    return counts


@contextmanager
def count_handovers(store: Store) -> Iterator[Callable[[], int]]:
    """A live count of a store's hand-overs to its driver while the block runs.

    Counted: trips to the store's SQLite worker thread, and every await of an async driver inside SQLAlchemy's
    bridge (a switch from its greenlet back to the event loop: asyncpg; aiosqlite, which the store used before).
    """
    awaits = [0]
    first = store.handovers

    def trace(event: str, args: tuple[Any, Any]) -> None:
        origin, target = args
        if event == "switch" and target is origin.parent and not origin.dead:
            awaits[0] += 1

    previous = greenlet.settrace(trace)
    try:
        yield lambda: awaits[0] + store.handovers - first
    finally:
        greenlet.settrace(previous)


async def timed_run(lines: list[str], url: str, floor_db: floor.FloorDb | None = None) -> Timings:
    """Time every command of a script, and the accepted moves (those that post a board) with their database part;
    with a floor database, one floor move after each of the script's moves."""
    store = await Store.open(url)
    clock = OffsetClock()
    service = GameService(store, Settings(), clock=clock, seed_for=lambda cid: seeded(cid, None))
    shell = Console(OfflineBot(service), clock, DEFAULT_CHANNEL, None, write=lambda _: None)
    counts, out = count_statements(store), Timings()
    with count_handovers(store) as handovers:
        for line in lines:
            moves = len(out.moves)
            await timed_line(shell, store, line, counts, handovers, out)
            if floor_db is not None and len(out.moves) > moves:
                out.floor.extend(floor.floor_ms(floor_db, range(len(out.moves), len(out.moves) + 1)))
    await store.close()
    return out


async def timed_line(
    shell: Console, store: Store, line: str, counts: dict[str, int], handovers: Callable[[], int], out: Timings
) -> None:
    """Run one console line, adding its time (and, for a move, its database figures) to out."""
    db, tx, sql, hops = store.db_seconds, counts["tx"], counts["sql"], handovers()
    start = time.perf_counter()
    result = await shell.run_line(line)
    elapsed = (time.perf_counter() - start) * 1000
    if result is None:
        return
    out.every.append(elapsed)
    if result.outbox is not None and result.outbox.board_png and result.public and not result.refused:
        out.moves.append(elapsed)
        out.move_db.append((store.db_seconds - db) * 1000)
        out.move_tx.append(counts["tx"] - tx)
        out.move_sql.append(counts["sql"] - sql)
        out.move_hops.append(handovers() - hops)


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
    pictures = [s for s in bot.adapter.sent if s.board]
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


def run_all(lines: list[str], repeat: int, url_for: Callable[[int], str], folder: Path) -> Timings:
    """Run the script repeat+1 times (the first warms up imports, fonts and the static map layer), a floor move
    after each of its moves, so both see the machine as it is then."""
    total = Timings()
    for i in range(repeat + 1):
        with closing(floor.FloorDb.open(folder / f"floor-{i}.db").connection) as connection:
            floor_db = floor.FloorDb(connection)
            floor.floor_ms(floor_db, range(1))  # its warm-up: the background and the fonts
            run = asyncio.run(timed_run(lines, url_for(i), floor_db))
        if i:
            total.add(run)
    return total


def report(total: Timings, repeat: int, wall: float, where: str) -> list[str]:
    """The figures, one line each."""
    every, moves, db = total.every, total.moves, total.move_db
    share = 100 * sum(db) / sum(moves) if moves else 0.0
    return [
        f"bench: {len(every)} commands ({len(moves)} moves with a board PNG) over {repeat} runs on {where}",
        f"  every command: median {statistics.median(every):.1f} ms, p95 {percentile(every, 95):.1f} ms",
        f"  moves + PNG:   median {statistics.median(moves):.1f} ms, p95 {percentile(moves, 95):.1f} ms",
        f"  database:      median {statistics.median(db):.2f} ms of a move ({share:.1f}% of move time), "
        f"{statistics.mean(total.move_tx):.1f} transactions, {statistics.mean(total.move_sql):.1f} statements, "
        f"{statistics.mean(total.move_hops):.1f} hand-overs to the driver",
        f"  throughput:    {1000 / statistics.mean(every):.1f} commands/s (wall {wall:.1f} s incl. warm-up)",
        f"  floor:         median {statistics.median(total.floor):.1f} ms, p95 {percentile(total.floor, 95):.1f} ms "
        f"(palette board, PNG level 1, plain sqlite3 commit; {len(total.floor)} moves, each after one of the script's)",
        f"bench: move {statistics.median(moves):.1f} ms, floor {statistics.median(total.floor):.1f} ms, "
        f"ratio {statistics.median(moves) / statistics.median(total.floor):.2f}",
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--script", default=str(EXAMPLE))
    parser.add_argument("--repeat", type=at_least(1), default=3)
    parser.add_argument("--boards", action="store_true", help="count board pictures under each posting setting")
    parser.add_argument("--postgres", action="store_true", help="run on a throwaway PostgreSQL server")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except (OSError, UnicodeDecodeError, ConsoleError) as err:  # a script that can't be read or played
        print(f"bench: the script {args.script} can't be played: {err}", file=sys.stderr)
        return 2


def sqlite_files(folder: Path) -> Callable[[int], str]:
    """The URL of the i-th run's SQLite file in a folder."""
    return lambda i: f"sqlite+aiosqlite:///{folder / f'bench-{i}.db'}"


def _run(args: argparse.Namespace) -> int:
    lines = [ln for ln in Path(args.script).read_text(encoding="utf-8").splitlines() if ln.strip()]
    if args.boards:
        print(f"boards: {Path(args.script).name}, {len(lines)} lines")
        print("\n".join(board_report(lines)))
        return 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        if args.postgres:
            server = TempPostgres.start(durable=True)
            try:
                urls = [server.create_database("bench") for _ in range(args.repeat + 1)]
                total = run_all(lines, args.repeat, urls.__getitem__, Path(folder))
                where = "PostgreSQL (throwaway, durable)"
            finally:
                server.stop()
        else:
            total = run_all(lines, args.repeat, sqlite_files(Path(folder)), Path(folder))
            where = "SQLite"
    print("\n".join(report(total, args.repeat, time.perf_counter() - started, where)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
