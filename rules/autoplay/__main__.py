"""Benchmark the automated player: python -m rules.autoplay --faction F --against random|greedy --games N --seed S
[--seats 2] [--budget SECONDS] [--iterations N] [--round-limit R].

Two seats: the automated faction against a baseline player of each other faction in turn (its seat alternating;
the rotation starts at the (S-1)th other faction, so another seed meets other opponents first).
More seats (--seats 4): one automated player against baseline players; its win share is printed against the fair
share (one game in the number of seats). The last line: `autoplay: F vs random, N games, W wins (P%), T ms/decision
p95`. See rules.autoplay.bench for how a game ends and what counts as a win.
"""

from __future__ import annotations

import argparse
import sys
import time

from rules.argtypes import at_least, positive_seconds, whole_number
from rules.autoplay.bench import BASELINES, check_faction, lineups, percentile, play
from rules.autoplay.budget import Budget
from rules.errors import RulesError

BENCH_ROUND_LIMIT = 30
"""The round limit of benchmark games (the engine's playouts use 60; these games rarely last 20)."""


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(prog="python -m rules.autoplay", description=__doc__)
    p.add_argument("--faction", required=True, help="the automated player's faction")
    p.add_argument("--against", choices=sorted(BASELINES), default="random")
    p.add_argument("--games", type=at_least(1), default=10)
    p.add_argument("--seed", type=whole_number, default=1)
    p.add_argument("--seats", type=at_least(2), default=2)
    p.add_argument("--budget", type=positive_seconds, default=Budget().cpu_seconds, help="CPU seconds a decision")
    p.add_argument("--turn-budget", type=positive_seconds, default=Budget().turn_seconds, help="CPU seconds a turn")
    p.add_argument("--iterations", type=at_least(1), default=None, help="playouts a decision at most")
    p.add_argument("--round-limit", type=at_least(1), default=BENCH_ROUND_LIMIT)
    p.add_argument("--verbose", action="store_true", help="a line per game")
    return p


def main(argv: list[str] | None = None) -> int:
    """Play the benchmark games and print the figures."""
    args = parser().parse_args(argv)
    try:
        faction = check_faction(args.faction)
        if args.seats > 6:
            raise RulesError(f"--seats {args.seats} is too many: a standard game seats at most 6")
    except RulesError as err:
        print(f"autoplay: {err}", file=sys.stderr)
        return 2
    budget = Budget(cpu_seconds=args.budget, turn_seconds=args.turn_budget, iterations=args.iterations)
    against = BASELINES[args.against]
    wins, decisions, turns, skipped, cut = 0, [], [], 0, 0
    started = time.process_time()
    for g, lineup in enumerate(lineups(faction, args.seats, args.games, args.seed - 1)):
        try:
            game = play(lineup, lineup.index(faction), against, budget, args.seed + g, args.round_limit)
        except RulesError as err:
            skipped += 1
            print(f"game {g + 1} ({','.join(lineup)}): not played: {err}", file=sys.stderr)
            continue
        wins += game.won
        cut += game.cut
        decisions += game.decisions
        turns += game.turns
        if args.verbose:
            result = ("won" if game.won else "lost") + (" (cut at the action cap)" if game.cut else "")
            print(f"game {g + 1}: {','.join(lineup)} points {game.points} round {game.rounds} {result}")
    played = args.games - skipped
    share = wins / played if played else 0.0
    cap = budget.iterations or "no cap"
    print(f"budget: {budget.cpu_seconds} s CPU a decision, {budget.turn_seconds} s a turn, playouts {cap}")
    print(f"turn CPU p95 {percentile(turns, 0.95) * 1000:.0f} ms, max {max(turns, default=0) * 1000:.0f} ms")
    cpu = time.process_time() - started
    print(f"decisions {len(decisions)}, total CPU {cpu:.0f} s, games not played {skipped}, cut at the action cap {cut}")
    if args.seats > 2:
        fair = 1 / args.seats
        print(f"win share {share:.1%} against a fair share of {fair:.1%}: {share / fair:.1f}x")
    p95 = percentile(decisions, 0.95) * 1000
    print(
        f"autoplay: {faction} vs {args.against}, {played} games, {wins} wins ({share:.0%}), {p95:.0f} ms/decision p95"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
