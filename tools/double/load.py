"""Load figure (a benchmark, not a test): interactions per second the real stack sustains through the double.

A Discord double on 127.0.0.1 and one real `rootbot run` process (discord.py's gateway and HTTP client, the
service, SQLite, the board PNGs uploaded as multipart). `--games` channels each get a game; after the lobbies,
one seeded player per game plays `--moves` turns at the same time as the others (commands, /play, the public
Moves and Choose buttons and their private answers), each waiting for its answer before the next, as people do.

Printed: interactions answered per second over the measured window, and the median and p95 seconds from the
double dispatching INTERACTION_CREATE to the arrival of the answer the player sees (the message itself, or the
follow-up that replaces a deferral's "thinking…" note; after a private deferral, the private note sent once the
move is saved and drawn, just before its public post), and how many board pictures were uploaded.
Usage: python -m tools.double.load [--games 4] [--moves 15] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bot.messages import plural
from rules.argtypes import whole_number
from tools.bench import percentile
from tools.double.autoplay import AutoPlayer
from tools.double.payloads import BOARD_NAME
from tools.double.process import BotProcess
from tools.double.server import DiscordDouble, Interaction

FACTIONS = ("marquise", "eyrie")
AUTOCOMPLETE = 4


@dataclass
class Figures:
    """What a load run measured."""

    games: int
    interactions: int
    seconds: float
    median_ms: float
    p95_ms: float
    boards: int
    failed: int

    def lines(self) -> list[str]:
        """The printed report."""
        rate = self.interactions / self.seconds if self.seconds else 0.0
        return [
            f"load: {plural(self.games, 'game')} played at once through the double by the real bot process",
            f"  {plural(self.interactions, 'interaction')} in {self.seconds:.1f} s: {rate:.1f} interactions/s",
            f"  interaction create -> answer arrival: median {self.median_ms:.0f} ms, p95 {self.p95_ms:.0f} ms",
            f"  {plural(self.boards, 'board picture')} uploaded; "
            f"{plural(self.failed, 'interaction')} failed (no answer within 3 s)",
        ]


def figures(measured: list[Interaction], games: int, seconds: float) -> Figures:
    """The figures of the interactions sent in the measured window (autocomplete left out)."""
    played = [i for i in measured if i.type != AUTOCOMPLETE]
    delays = [1000 * s for s in (i.reply_seconds for i in played) if s is not None]
    boards = sum(1 for i in played for m in i.shown for a in m.attachments if BOARD_NAME.fullmatch(a.filename))
    return Figures(
        games=games,
        interactions=len(played),
        seconds=seconds,
        median_ms=statistics.median(delays) if delays else 0.0,
        p95_ms=percentile(delays, 95) if delays else 0.0,
        boards=boards,
        failed=sum(1 for i in played if i.failed or i.answered_at is None),
    )


async def play(auto: AutoPlayer, moves: int) -> None:
    """Up to `moves` turns of one game (fewer if it ends)."""
    for _ in range(moves):
        if not await auto.turn():
            return


async def run(games: int, moves: int, seed: int, folder: Path) -> Figures:
    """Start a double and the bot, open the games, then play them all at once and measure."""
    async with DiscordDouble() as double:
        channels = [double.add_channel(f"game-{n}") for n in range(games)]
        bot = BotProcess(double, folder)
        await bot.start()
        try:
            players = [AutoPlayer(double, bot, c.id, seed=seed + n) for n, c in enumerate(channels)]
            for auto in players:
                await auto.lobby(FACTIONS)
            before = set(double.interactions)
            started = time.monotonic()
            await asyncio.gather(*(play(auto, moves) for auto in players))
            seconds = time.monotonic() - started
            measured = [i for k, i in double.interactions.items() if k not in before]
        finally:
            await bot.stop()
    return figures(measured, games, seconds)


def main(argv: list[str] | None = None) -> int:
    """Run the load benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=whole_number, default=4, help="games played at the same time (default 4)")
    parser.add_argument("--moves", type=whole_number, default=15, help="turns played in each game (default 15)")
    parser.add_argument("--seed", type=whole_number, default=1, help="the players' choices (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.moves < 1:
        parser.error("--games and --moves take a whole number of at least 1")
    with tempfile.TemporaryDirectory() as folder:
        result = asyncio.run(run(args.games, args.moves, args.seed, Path(folder)))
    print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
