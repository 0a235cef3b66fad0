"""Load benchmark (not a test): many active games receiving moves, on SQLite in one process or PostgreSQL in several.

The games are copies of one started game (each then goes its own way); each worker process plays random legal
moves in its share of the channels through the service, with several commands in flight, and draws each move's
board picture. Printed: commands per second, median and p95 latency of a move with its picture, database size.
Usage: python -m tools.loadbench [--games 1000] [--seconds 60] [--in-flight 8] [--postgres --processes 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

import rules
from bot.discord.drawing import board_png
from bot.service import GameService
from bot.service.table import Actor
from bot.settings import Settings
from bot.storage.store import Store
from rules.argtypes import at_least, positive_seconds
from tools.bench import percentile
from tools.pgtemp import TempPostgres

FIRST_CHANNEL = 10_000
GUILD = 1
PLAYERS = ((501, "alice", "marquise"), (502, "bob", "eyrie"))
COPIED = ("games", "seats", "actions", "deadlines")


async def seed_games(url: str, games: int) -> None:
    """One started game, copied row by row into `games` channels."""
    store = await Store.open(url)
    service = GameService(store, Settings(), seed_for=lambda _c: 7)
    first = Actor(FIRST_CHANNEL, PLAYERS[0][0], PLAYERS[0][1], GUILD)
    await service.create(first, seats=2)
    for user, name, faction in PLAYERS:
        await service.join(Actor(FIRST_CHANNEL, user, name, GUILD), faction)
    await service.start(first)
    await store.run(_copy_games(games))
    await store.close()


def _copy_games(games: int) -> Callable[[Session], None]:
    """Work that copies the first game's rows into the other channels."""

    def work(s: Session) -> None:
        for table in COPIED:
            rows = [dict(r) for r in s.execute(sa.text(f"SELECT * FROM {table}")).mappings()]
            copies = [_copy(row, FIRST_CHANNEL + i) for i in range(1, games) for row in rows]
            if copies:
                names = list(copies[0])
                insert = f"INSERT INTO {table} ({', '.join(names)}) VALUES (:{', :'.join(names)})"
                s.execute(sa.text(insert), copies)

    return work


def _copy(row: dict[str, Any], channel: int) -> dict[str, Any]:
    copy = {k: v for k, v in row.items() if k != "id"}
    copy["channel_id"] = channel
    return copy


async def play(url: str, channels: range, seconds: float, in_flight: int, seed: int) -> dict[str, Any]:
    """Play random moves in some channels for a while; the latency of each accepted move with its picture."""
    store = await Store.open(url)
    service = GameService(store, Settings())
    chooser = random.Random(seed)
    latencies: list[float] = []
    refused = 0
    end = time.monotonic() + seconds

    async def one_move() -> None:
        nonlocal refused
        channel = chooser.choice(channels)
        table = await service.table(channel)
        seat = rules.to_act(table.state)
        if seat is None or table.game.status != "active":
            return
        action = chooser.choice(rules.legal_actions(table.state, seat))
        user = table.seated_user(seat) or 0
        start = time.perf_counter()
        out = await service.submit(Actor(channel, user, "p", GUILD), action.notation())
        if out.refused:
            refused += 1
            return
        if out.board is not None:
            await asyncio.to_thread(board_png, out.board.view, out.board.marks)
        latencies.append((time.perf_counter() - start) * 1000)

    async def worker() -> None:
        while time.monotonic() < end:
            await one_move()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(in_flight)))
    wall = time.perf_counter() - started
    await store.close()
    return {"latencies": latencies, "refused": refused, "wall": wall}


async def database_size(url: str) -> int:
    """Bytes the database takes (PostgreSQL: pg_database_size; SQLite: the file and its WAL)."""
    if url.startswith("sqlite"):
        path = Path(url.split(":///", 1)[1])
        return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    store = await Store.open(url)
    size = await store.run(lambda s: s.execute(sa.text("SELECT pg_database_size(current_database())")).scalar_one())
    await store.close()
    return int(size)


def run_workers(url: str, games: int, processes: int, seconds: float, in_flight: int) -> list[dict[str, Any]]:
    """Start one worker process per share of the channels, all at once; what each measured."""
    share = games // processes
    runs = []
    for i in range(processes):
        low = FIRST_CHANNEL + i * share
        high = FIRST_CHANNEL + (games if i == processes - 1 else (i + 1) * share)
        command = [sys.executable, "-m", "tools.loadbench", "--worker", url, f"{low}-{high}", str(seconds)]
        runs.append(subprocess.Popen([*command, str(in_flight), str(i)], stdout=subprocess.PIPE))
    results = []
    for run in runs:
        out, _ = run.communicate()
        if run.returncode != 0:
            raise SystemExit(f"loadbench: a worker process failed (exit {run.returncode})")
        results.append(json.loads(out))
    return results


def report(results: list[dict[str, Any]], size: int, where: str, games: int) -> list[str]:
    """The figures, one line each."""
    moves = [ms for r in results for ms in r["latencies"]]
    wall = max(r["wall"] for r in results)
    if not moves:
        return [f"loadbench: no move was accepted on {where}"]
    return [
        f"loadbench: {games} active games on {where}, {len(results)} process(es), {wall:.0f} s",
        f"  moves:      {len(moves)} accepted ({sum(r['refused'] for r in results)} refused), "
        f"{len(moves) / wall:.1f} commands/s",
        f"  move + PNG: median {statistics.median(moves):.0f} ms, p95 {percentile(moves, 95):.0f} ms",
        f"  database:   {size / 1e6:.1f} MB",
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the load benchmark and print the figures (or, with --worker, be one worker process)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--worker":
        url, span, seconds, in_flight, seed = argv[1:6]
        low, high = (int(x) for x in span.split("-"))
        result = asyncio.run(play(url, range(low, high), float(seconds), int(in_flight), int(seed)))
        print(json.dumps(result))
        return 0
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=at_least(1), default=1000)
    parser.add_argument("--seconds", type=positive_seconds, default=60)
    parser.add_argument("--in-flight", type=at_least(1), default=8, help="commands in flight per process")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL server instead of SQLite")
    parser.add_argument("--processes", type=at_least(1), default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        server = None
        if args.postgres:
            server = TempPostgres.start(durable=True)
            url, where = server.create_database("load"), "PostgreSQL"
        else:
            url, where = f"sqlite+aiosqlite:///{Path(folder) / 'load.db'}", "SQLite"
        try:
            asyncio.run(seed_games(url, args.games))
            results = run_workers(url, args.games, args.processes, args.seconds, args.in_flight)
            size = asyncio.run(database_size(url))
        finally:
            if server is not None:
                server.stop()
    print("\n".join(report(results, size, where, args.games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
