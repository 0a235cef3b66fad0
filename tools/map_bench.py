"""Benchmark (not a test): random playouts on one map at tables of two to six seats, the fan factions among them,
and the cost per action beside a Marquise–Eyrie playout on Autumn measured in the same run.

Each game seats a seeded random line-up of the playable factions (every other game has a fan faction: the Spore, the
Spinners or Old Man Tinker), is checked with the playout's invariants and counts the map's own actions (the Ferry,
closed paths). The last line prints the totals.
Usage: python -m tools.map_bench --map lake [--games 300] [--seed 3000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import Any

from rules import registry
from rules.argtypes import at_least, whole_number
from rules.board import MAPS
from rules.errors import RulesError
from rules.setup import normalise
from tools.faction_bench import BASELINE, Tally, run

FAN = ("spore", "spinners", "tinker")
SEATS = (2, 3, 4, 5, 6)


def lineup(board: str, game: int, pick: random.Random) -> dict[str, Any]:
    """A line-up the engine accepts on this map: 2 to 6 seats in turn, a fan faction in every other game."""
    playable = registry.playable_ids()
    size = SEATS[game % len(SEATS)]
    while True:
        fan = [pick.choice([f for f in FAN if f in playable])] if game % 2 == 0 else []
        rest = pick.sample([f for f in playable if f not in fan], size - len(fan))
        factions = [*fan, *rest]
        pick.shuffle(factions)
        options: dict[str, Any] = {"factions": factions, "board": board}
        try:
            normalise(options)
        except RulesError:  # a line-up the engine refuses (a second Vagabond alone): draw again
            continue
        return options


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--map", required=True, choices=MAPS)
    parser.add_argument("--games", type=at_least(1), default=300)
    parser.add_argument("--seed", type=whole_number, default=3000)
    args = parser.parse_args(argv)
    games, base = Tally(), Tally()
    pick = random.Random(args.seed)
    verbs: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    seats: Counter[int] = Counter()
    began = time.perf_counter()
    for n in range(args.games):
        options = lineup(args.map, n, pick)
        seats[len(options["factions"])] += 1
        out = run(options, args.seed + n, games, "")
        if out is not None and out.record is not None and out.state is not None:
            verbs.update(a.split()[0] for a in out.record.actions if a.split()[0] in ("ferry", "clear"))
            winners.update(out.state.seats[w].faction for w in out.state.winners)
        if n % 5 == 4:  # the baseline interleaved, so both see the same machine
            run(BASELINE, args.seed + 100_000 + n, base, "")
    if not base.games:
        run(BASELINE, args.seed + 100_000, base, "")
    for line in games.violations[:10]:
        print("violation", line)
    ratio = games.ms_per_action() / base.ms_per_action()
    print(f"tables by seats: {dict(sorted(seats.items()))}; the map's own actions: {dict(verbs)}")
    print(f"wins by faction: {dict(winners.most_common())}")
    print(
        f"{args.map}: {games.games} games, {len(games.violations)} violations, {games.actions} actions, "
        f"{games.ms_per_action():.3f} ms/action vs Marquise-Eyrie on Autumn {base.ms_per_action():.3f} "
        f"({base.games} games): ratio {ratio:.2f}; {time.perf_counter() - began:.0f} s"
    )
    return 1 if games.violations else 0


if __name__ == "__main__":
    sys.exit(main())
