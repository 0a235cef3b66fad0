"""Automated seats benchmark (not a test): how long a person's moves wait for their acknowledgment while automated
games think in other channels of the same process, with the decisions in a thread of the process or in worker
processes (bot.deciding), one mode after the other in the same run.

Each mode opens a fresh SQLite database, starts `--games` games whose seats are all automated (they play on, `--delay`
seconds before each move, each turn with `--turn-seconds` of CPU) and one game of two people, who play random legal
moves one after another (`--gap` seconds apart) through the service; a move's acknowledgment is the time from its
arrival until it is saved. Printed per mode: the person's moves, ack p50/p95/max in ms, the automated moves played, and
last the p95s side by side and their ratio. Usage: python -m tools.automatedbench [--games 4] [--seconds 15] [--workers
1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bot.automation import AutomatedPlayers
from bot.service import GameService
from bot.service.outbox import Outbox
from bot.service.table import Actor
from bot.settings import Settings, sqlite_url
from bot.storage.store import Store
from rules.argtypes import at_least, positive_seconds
from tools.bench import percentile
from tools.loadbench import plan_move

GUILD = 1
MODERATOR = 900
PEOPLE = ((501, "alice", "marquise"), (502, "bob", "eyrie"))
PERSON_CHANNEL = 1
FIRST_AUTOMATED = 100


@dataclass
class Run:
    """What one mode measured."""

    mode: str
    acks: list[float]
    automated_moves: int

    def line(self) -> str:
        """The mode's figures in one line."""
        p50, p95 = percentile(self.acks, 50), percentile(self.acks, 95)
        return (
            f"{self.mode}: {len(self.acks)} moves of a person, ack p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
            f"max {max(self.acks):.1f} ms; {self.automated_moves} automated moves"
        )


async def _games(service: GameService, games: int) -> None:
    """A game of two people in PERSON_CHANNEL and `games` games of automated seats only."""
    person = Actor(PERSON_CHANNEL, MODERATOR, "mo", GUILD, moderator=True)
    await service.create(person, seats=2)
    for user, name, faction in PEOPLE:
        await service.join(Actor(PERSON_CHANNEL, user, name, GUILD), faction)
    await service.start(person)
    for channel in range(FIRST_AUTOMATED, FIRST_AUTOMATED + games):
        moderator = Actor(channel, MODERATOR, "mo", GUILD, moderator=True)
        made = await service.create(moderator, seats=2, factions="marquise,eyrie", automated="marquise,eyrie")
        assert not made.refused, made.reply
        assert not (await service.start(moderator)).refused


async def _person_plays(service: GameService, seconds: float, gap: float) -> list[float]:
    """The people's random moves for `seconds`: each one's milliseconds from arrival to acknowledgment."""
    chooser, acks = random.Random(5), []
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        plan = await plan_move(service, PERSON_CHANNEL, chooser)
        if plan is None:
            break
        arrived = time.perf_counter()
        out = await service.submit(Actor(PERSON_CHANNEL, plan[0], "p", GUILD), plan[1])
        acks.append((time.perf_counter() - arrived) * 1000)
        assert not out.refused, out.reply
        await asyncio.sleep(gap)
    return acks


async def one_mode(args: argparse.Namespace, workers: int) -> Run:
    """Run the load once, the decisions in `workers` processes (0: a thread of this process)."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(sqlite_url(Path(folder) / "bench.db"))
        service = GameService(store, Settings(), seed_for=lambda c: c)
        await _games(service, args.games)

        async def post(_outbox: Outbox) -> None:
            return None

        runner = AutomatedPlayers(service, post, args.delay, args.turn_seconds, workers=workers)
        if workers:
            await runner.deciders.start()
        for channel in range(FIRST_AUTOMATED, FIRST_AUTOMATED + args.games):
            runner.wake(channel)
        try:
            acks = await _person_plays(service, args.seconds, args.gap)
        finally:
            await runner.close()
            await store.close()
    return Run(f"workers {workers}" if workers else "thread", acks, runner.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=at_least(1), default=4, help="games of automated seats only")
    parser.add_argument("--seconds", type=positive_seconds, default=15.0, help="how long each mode runs")
    parser.add_argument("--workers", type=at_least(1), default=1, help="decision processes of the process mode")
    parser.add_argument("--delay", type=positive_seconds, default=0.05, help="wait before each automated move")
    parser.add_argument("--turn-seconds", type=positive_seconds, default=2.0, help="CPU of an automated turn")
    parser.add_argument("--gap", type=positive_seconds, default=0.05, help="seconds between the person's moves")
    args = parser.parse_args()
    runs = [asyncio.run(one_mode(args, workers)) for workers in (0, args.workers)]
    for run in runs:
        print(run.line())
    thread, process = (percentile(run.acks, 95) for run in runs)
    print(f"ack p95: thread {thread:.1f} ms, workers {process:.1f} ms, ratio {thread / max(process, 1e-9):.1f}")


if __name__ == "__main__":
    main()
