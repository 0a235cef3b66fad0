"""Load benchmark (not a test): many active games receiving moves, on SQLite or PostgreSQL, in one process or several.

The games are copies of one started game played `--advance` moves into its first rounds (each then goes its own way).
Each worker process plays its share of the channels through the service as the bot does: a move is acknowledged when
it is saved (its text is ready to send), its board goes into the per-channel queue (bot.board_queue: only the newest
waiting board of a channel is drawn) and is drawn by the painter's worker processes (bot.painter), then the game row
is told it was shown. Three ways to run it:

  --burst               every game gets one move at the same moment; printed last:
                        burst: N moves, ack p50/p95, board p50/p95, lost, errors, rss (the bot process's peak)
  (default)             random moves for --seconds, --in-flight commands at once per process; moves/s and latencies
  --processes 1,2       the default load run once per count of processes (a fresh database each time); printed last:
                        processes: 1 -> A moves/s, 2 -> B moves/s, ratio R

A move is lost when it was acknowledged but its log line is not in the database, or when its board was never shown
(the game still owes it at the end); an error is an exception, a refusal or a board that could not be drawn.
Usage: python -m tools.loadbench [--games 1000] [--burst] [--postgres] [--processes 1,2] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

import rules
from bot.board_queue import BoardQueue, ShownMarks, Waiting
from bot.cli import collect_less_often
from bot.painter import Painter
from bot.service import GameService
from bot.service.outbox import Outbox
from bot.service.table import Actor
from bot.settings import Settings
from bot.storage.store import Store
from rules.argtypes import at_least, counts, positive_seconds
from tools.bench import percentile
from tools.pgtemp import TempPostgres

FIRST_CHANNEL = 10_000
GUILD = 1
PLAYERS = ((501, "alice", "marquise"), (502, "bob", "eyrie"))
COPIED = ("games", "seats", "actions", "deadlines")
MIB = 1024 * 1024


@dataclass
class Spec:
    """What one worker process does."""

    url: str
    low: int
    high: int
    burst: bool
    seconds: float
    in_flight: int
    seed: int
    render_workers: int
    pool: int
    queue: int


@dataclass
class Measured:
    """What one worker process measured (milliseconds from each move's arrival)."""

    acks: list[float] = field(default_factory=list)
    boards: list[float] = field(default_factory=list)
    acked: list[int] = field(default_factory=list)  # the channels of acknowledged moves, once per move
    errors: list[str] = field(default_factory=list)
    wall: float = 0.0
    ack_cpu: float = 0.0  # seconds of this process's CPU from the start until its last acknowledgment
    rss_mib: float = 0.0
    workers_rss_mib: list[float] = field(default_factory=list)
    drawn: int = 0
    coalesced: int = 0
    most_waiting: int = 0


# --- the games --------------------------------------------------------------------


async def seed_games(url: str, games: int, advance: int = 0) -> dict[int, int]:
    """One started game played `advance` random moves, copied row by row into `games` channels; the log lines of
    each channel then."""
    store = await Store.open(url)
    service = GameService(store, Settings(), seed_for=lambda _c: 7)
    first = Actor(FIRST_CHANNEL, PLAYERS[0][0], PLAYERS[0][1], GUILD)
    await service.create(first, seats=2)
    for user, name, faction in PLAYERS:
        await service.join(Actor(FIRST_CHANNEL, user, name, GUILD), faction)
    await service.start(first)
    chooser = random.Random(3)
    for _ in range(advance):
        if not await random_move(service, FIRST_CHANNEL, chooser):
            break
    await store.run(_copy_games(games))
    lines = await log_lines(store)
    await store.close()
    return lines


async def random_move(service: GameService, channel: int, chooser: random.Random) -> bool:
    """Play one random legal move in a channel's game (False when nobody is to act)."""
    plan = await plan_move(service, channel, chooser)
    if plan is None:
        return False
    out = await service.submit(Actor(channel, plan[0], "p", GUILD), plan[1])
    return not out.refused


async def plan_move(service: GameService, channel: int, chooser: random.Random) -> tuple[int, str] | None:
    """A random legal move of whoever is to act in a channel: (their user id, the move's notation)."""
    table = await service.table(channel)
    seat = rules.to_act(table.state)
    if seat is None or table.game.status != "active":
        return None
    action = chooser.choice(rules.legal_actions(table.state, seat))
    return table.seated_user(seat) or 0, action.notation()


def _copy_games(games: int) -> Callable[[Session], None]:
    """Work that copies the first game's rows into the other channels."""

    def work(s: Session) -> None:
        s.execute(sa.text("UPDATE games SET board_owed = NULL, board_due_at = NULL"))  # the seeding showed none
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


async def log_lines(store: Store) -> dict[int, int]:
    """How many log lines each channel has."""
    query = sa.text("SELECT channel_id, count(*) FROM actions GROUP BY channel_id")
    return await store.run(lambda s: {int(c): int(n) for c, n in s.execute(query).all()})


async def boards_owed(store: Store) -> int:
    """Games whose board is still owed (saved, never shown)."""
    query = sa.text("SELECT count(*) FROM games WHERE board_owed IS NOT NULL")
    return int(await store.run(lambda s: s.execute(query).scalar_one()))


# --- one worker process ------------------------------------------------------------


class Player:
    """Plays moves in some channels through the service, as the bot does: acknowledged when saved, board after."""

    def __init__(self, service: GameService, painter: Painter, started: float) -> None:
        self.service, self.painter, self.started = service, painter, started
        self.cpu = time.process_time()
        self.queue = BoardQueue(painter.slots)
        self.marks = ShownMarks(service.boards_shown)
        self.out = Measured()
        self._arrived: dict[int, list[tuple[int, float]]] = {}  # channel: (version, arrival) of moves awaiting a board

    def ms(self, since: float) -> float:
        """Milliseconds from a moment until now."""
        return (time.perf_counter() - since) * 1000

    async def move(self, channel: int, user: int, notation: str, arrived: float) -> None:
        """One move: acknowledged once saved; its board queued, and its latency taken when a board covering it shows."""
        try:
            out = await self.service.submit(Actor(channel, user, "p", GUILD), notation)
        except Exception as err:  # the benchmark counts it; the bot would log it and answer privately
            self.out.errors.append(f"{type(err).__name__}: {err}"[:200])
            return
        if out.refused:
            self.out.errors.append(f"refused: {out.reply}"[:200])
            return
        self.out.acks.append(self.ms(arrived))
        self.out.acked.append(channel)
        self.out.ack_cpu = time.process_time() - self.cpu
        if out.board is not None:
            self._arrived.setdefault(channel, []).append((out.board.version, arrived))
            self.queue.put(channel, Waiting(out.board.version, self._draw(out), self._deliver(channel, out)))

    def _draw(self, out: Outbox) -> Callable[[], Any]:
        job = out.board
        assert job is not None
        return lambda: self.painter.board(job.view, job.marks)

    def _deliver(self, channel: int, out: Outbox) -> Callable[[bytes | None], Any]:
        job = out.board
        assert job is not None

        async def deliver(png: bytes | None) -> None:
            if png is None:
                self.out.errors.append("a board could not be drawn")
            waiting = self._arrived.get(channel, [])
            for _version, arrived in [w for w in waiting if w[0] <= job.version]:
                self.out.boards.append(self.ms(arrived))
            self._arrived[channel] = [w for w in waiting if w[0] > job.version]
            if job.owed:
                self.marks.mark(channel, job.version)

        return deliver

    def finish(self) -> Measured:
        """The figures, with memory and the queue's counts."""
        self.out.rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        self.out.workers_rss_mib = [peak_rss_mib(pid) for pid in self.painter.worker_pids()]
        self.out.drawn, self.out.coalesced = self.queue.drawn, self.queue.coalesced
        self.out.most_waiting = self.service.store.gate.most_waiting
        return self.out


def peak_rss_mib(pid: int) -> float:
    """A process's peak resident memory (VmHWM) in MiB (0 when it cannot be read)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def work(spec: Spec, go: Callable[[], None]) -> Measured:
    """One worker process: open the store and the painter, plan, wait for the signal, then play and measure."""
    store = await Store.open(spec.url, pool=spec.pool, queue=spec.queue)
    service = GameService(store, Settings())
    painter = Painter(spec.render_workers)
    await painter.start()
    chooser = random.Random(spec.seed)
    channels = range(spec.low, spec.high)
    plans = [(c, await plan_move(service, c, chooser)) for c in channels] if spec.burst else []
    await asyncio.to_thread(go)
    player = Player(service, painter, time.perf_counter())
    if spec.burst:
        await asyncio.gather(*(player.move(c, p[0], p[1], player.started) for c, p in plans if p is not None))
    else:
        await sustained(player, service, channels, chooser, spec)
    player.out.wall = time.perf_counter() - player.started  # the moves acknowledged; boards may still be drawn
    await player.queue.settled()
    await player.marks.close()
    measured = player.finish()
    painter.close()
    await store.close()
    return measured


async def sustained(
    player: Player, service: GameService, channels: range, chooser: random.Random, spec: Spec
) -> None:
    """Random moves in random channels for a while, `in_flight` at once."""
    end = time.perf_counter() + spec.seconds
    planning: dict[int, asyncio.Lock] = {}

    async def one() -> None:
        while time.perf_counter() < end:
            channel = chooser.choice(channels)
            async with planning.setdefault(channel, asyncio.Lock()):  # one player per channel: the plan stays legal
                plan = await plan_move(service, channel, chooser)
                if plan is not None:
                    await player.move(channel, plan[0], plan[1], time.perf_counter())

    await asyncio.gather(*(one() for _ in range(spec.in_flight)))


def worker_main(text: str) -> int:
    """Be one worker process: print 'ready', wait for a line on stdin, play, print the figures as JSON."""
    spec = Spec(**json.loads(text))
    collect_less_often()  # as the bot's process does

    def go() -> None:
        print("ready", flush=True)
        sys.stdin.readline()

    measured = asyncio.run(work(spec, go))
    print(json.dumps(asdict(measured)), flush=True)
    return 0


# --- the parent ----------------------------------------------------------------------


def run_workers(specs: list[Spec]) -> list[Measured]:
    """Start the worker processes, let them all go at once when every one is ready, and collect their figures."""
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "tools.loadbench", "--worker", json.dumps(asdict(spec))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for spec in specs
    ]
    for run in runs:
        assert run.stdout is not None
        if run.stdout.readline().strip() != "ready":
            raise SystemExit(f"loadbench: a worker process failed to start (exit {run.wait()})")
    for run in runs:
        assert run.stdin is not None
        run.stdin.write("go\n")
        run.stdin.flush()
    results = []
    for run in runs:
        out, _ = run.communicate()
        if run.returncode != 0:
            raise SystemExit(f"loadbench: a worker process failed (exit {run.returncode})")
        results.append(Measured(**json.loads(out.strip().splitlines()[-1])))
    return results


def shares(games: int, processes: int, make: Callable[[int, int, int], Spec]) -> list[Spec]:
    """One spec per process, each with its share of the channels."""
    share = games // processes
    specs = []
    for i in range(processes):
        low = FIRST_CHANNEL + i * share
        high = FIRST_CHANNEL + (games if i == processes - 1 else (i + 1) * share)
        specs.append(make(i, low, high))
    return specs


@contextmanager
def database(postgres: bool, folder: Path, durable: bool = True) -> Iterator[Callable[[str], str]]:
    """A maker of fresh databases: on a throwaway PostgreSQL server (durable: fsync on, as in production), or
    SQLite files in a folder."""
    if not postgres:
        yield lambda name: f"sqlite+aiosqlite:///{folder / f'{name}.db'}"
        return
    server = TempPostgres.start(durable=durable)
    try:
        yield server.create_database
    finally:
        server.stop()


async def lost_moves(url: str, before: dict[int, int], results: list[Measured]) -> tuple[int, int]:
    """Acknowledged moves whose log line is missing, and boards never shown."""
    store = await Store.open(url)
    after, owed = await log_lines(store), await boards_owed(store)
    await store.close()
    acked: dict[int, int] = {}
    for result in results:
        for channel in result.acked:
            acked[channel] = acked.get(channel, 0) + 1
    missing = sum(max(0, n - (after.get(c, 0) - before.get(c, 0))) for c, n in acked.items())
    return missing, owed


def median(values: list[float]) -> float:
    """The median (0 when there is none)."""
    return statistics.median(values) if values else 0.0


def p95(values: list[float]) -> float:
    """The 95th percentile (0 when there is none)."""
    return percentile(values, 95) if values else 0.0


def burst_report(results: list[Measured], lost: tuple[int, int], where: str) -> list[str]:
    """The burst's figures; the last line is the summary."""
    acks = [ms for r in results for ms in r.acks]
    boards = [ms for r in results for ms in r.boards]
    errors = [e for r in results for e in r.errors]
    workers = [mib for r in results for mib in r.workers_rss_mib]
    lines = [
        f"loadbench: a burst on {where}, {len(results)} process(es), {sum(r.drawn for r in results)} boards drawn, "
        f"{sum(r.coalesced for r in results)} coalesced; at most {max(r.most_waiting for r in results)} commands "
        f"waited for the database at once",
        f"  the bot's process: {cpu_per_ack(results):.2f} ms of CPU per move acknowledged (until its last "
        f"acknowledgment; on a busy machine the acknowledgments wait for the CPU as well)",
        f"  drawing workers: {len(workers)}, peak rss {', '.join(f'{m:.0f}' for m in workers) or '-'} MiB",
    ]
    lines += [f"  error: {e}" for e in sorted(set(errors))[:5]]
    lines.append(
        f"burst: {len(acks) + len(errors)} moves, ack p50 {median(acks):.0f} ms p95 {p95(acks):.0f} ms, "
        f"board p50 {median(boards):.0f} ms p95 {p95(boards):.0f} ms, {sum(lost)} lost, {len(errors)} errors, "
        f"rss {max(r.rss_mib for r in results):.0f} MiB"
    )
    return lines


def cpu_per_ack(results: list[Measured]) -> float:
    """Milliseconds of the bot processes' CPU per acknowledged move, until each process's last acknowledgment."""
    acks = sum(len(r.acks) for r in results)
    return 1000 * sum(r.ack_cpu for r in results) / acks if acks else 0.0


def rate(results: list[Measured], seconds: float) -> float:
    """Moves acknowledged per second over the measured window."""
    return sum(len(r.acks) for r in results) / seconds


def sustained_report(results: list[Measured], lost: tuple[int, int], where: str, seconds: float) -> list[str]:
    """One sustained run's figures."""
    acks = [ms for r in results for ms in r.acks]
    boards = [ms for r in results for ms in r.boards]
    errors = sum(len(r.errors) for r in results)
    return [
        f"loadbench: {len(results)} process(es) on {where}, {seconds:.0f} s: {len(acks)} moves acknowledged, "
        f"{rate(results, seconds):.1f} moves/s; ack median {median(acks):.0f} ms p95 {p95(acks):.0f} ms, board median "
        f"{median(boards):.0f} ms p95 {p95(boards):.0f} ms; {sum(r.coalesced for r in results)} boards coalesced; "
        f"{sum(lost)} lost ({lost[0]} moves, {lost[1]} boards), {errors} errors, rss "
        f"{max(r.rss_mib for r in results):.0f} MiB",
    ]


def parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=at_least(1), default=1000)
    parser.add_argument("--burst", action="store_true", help="one move in every game at the same moment")
    parser.add_argument("--seconds", type=positive_seconds, default=30, help="length of a sustained run (default 30)")
    parser.add_argument("--in-flight", type=at_least(1), default=8, help="commands in flight per process (default 8)")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL server instead of SQLite")
    parser.add_argument("--processes", type=counts(1), default=(1,), help="processes, or counts to compare: 1,2")
    parser.add_argument("--render-workers", type=at_least(0), default=2, help="drawing processes in all (default 2)")
    parser.add_argument("--pool", type=at_least(1), default=10, help="PostgreSQL connections per process")
    parser.add_argument("--queue", type=at_least(1), default=5000, help="commands that may wait for the database")
    parser.add_argument("--advance", type=at_least(0), default=30, help="moves played before the games are copied")
    parser.add_argument(
        "--no-fsync", action="store_true", help="PostgreSQL without fsync (when the disk is no limit)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the load benchmark and print the figures (or, with --worker, be one worker process)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"] and len(argv) == 2:
        return worker_main(argv[1])
    args = parser().parse_args(argv)
    where = "PostgreSQL" if args.postgres else "SQLite"
    lines: list[str] = []
    rates: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as folder, database(args.postgres, Path(folder), not args.no_fsync) as fresh:
        for processes in args.processes:
            url = fresh(f"load{processes}")
            before = asyncio.run(seed_games(url, args.games, args.advance))

            def make(i: int, low: int, high: int, processes: int = processes, url: str = url) -> Spec:
                drawing = max(1, args.render_workers // processes) if args.render_workers else 0
                return Spec(url, low, high, args.burst, args.seconds, args.in_flight, i, drawing, args.pool, args.queue)

            results = run_workers(shares(args.games, processes, make))
            lost = asyncio.run(lost_moves(url, before, results))
            if args.burst:
                lines += burst_report(results, lost, where)
            else:
                lines += sustained_report(results, lost, where, args.seconds)
                rates.append((processes, rate(results, args.seconds)))
    if len(rates) > 1:
        shown = ", ".join(f"{n} -> {r:.1f} moves/s" for n, r in rates)
        lines.append(f"processes: {shown}, ratio {rates[-1][1] / rates[0][1] if rates[0][1] else 0.0:.2f}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
