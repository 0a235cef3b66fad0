"""Benchmark (not a test): random playouts of one faction with the others, and its cost per action beside a
Marquise–Eyrie playout measured in the same run.

Line-ups come from the registry: the faction with each other playable faction (two seats), then three-, four- and
six-seat tables of it with others in registry order, and 3x3 games where the mode seats it. Every game is checked
with the playout's invariants; the last line prints the totals.
Usage: python -m tools.faction_bench --faction lizards [--rounds 10] [--seed 1000]
       python -m tools.faction_bench --faction vagabond --character ronin   (the first Vagabond to choose takes it)
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules import registry
from rules.argtypes import at_least, whole_number
from rules.errors import RulesError
from rules.playout import Outcome, known_character, play
from rules.setup import normalise

BASELINE = {"factions": ["marquise", "eyrie"]}


@dataclass
class Tally:
    """What a set of games came to."""

    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)
    wins: Counter[str] = field(default_factory=Counter)
    verbs: Counter[str] = field(default_factory=Counter)

    def ms_per_action(self) -> float:
        """Milliseconds per action over these games."""
        return 1000 * self.seconds / max(self.actions, 1)


def lineups(fid: str) -> list[dict[str, Any]]:
    """The games of one round: the faction with each other one, at bigger tables, and in the 3x3 mode."""
    others = [f for f in registry.playable_ids() if f != fid]
    out: list[dict[str, Any]] = [{"factions": [fid, other]} for other in others]
    for size in (3, 4, 6):
        for start in range(0, len(others), size - 1):
            group = (others * 2)[start : start + size - 1]
            out.append({"factions": [fid, *group]})
    out += _frontier(fid, others)
    return out


def _frontier(fid: str, others: list[str]) -> list[dict[str, Any]]:
    """Up to two 3x3 games the mode accepts with the faction on team A."""
    found = []
    for group in itertools.combinations(others, 5):
        factions = [fid, *group]
        options = {"factions": factions, "mode": "frontier", "teams": dict(zip(factions, "AAABBB", strict=True))}
        try:
            normalise(options)
        except RulesError:
            continue
        found.append(options)
        if len(found) == 2:
            break
    return found


def run(
    options: dict[str, Any], seed: int, tally: Tally, fid: str, character: str | None = None
) -> Outcome | None:
    """Play one game into the tally (the first Vagabond to choose taking `character`, if named); what it came to
    (None: it crashed)."""
    began = time.perf_counter()
    tally.games += 1
    try:
        out = play(options, seed, character=character)
    except Exception as err:  # a crash is a finding of the benchmark, reported with the game that found it
        tally.violations.append(f"seed {seed} {','.join(options['factions'])}: crashed: {err!r}")
        return None
    tally.seconds += time.perf_counter() - began
    tally.actions += out.actions
    tally.violations += [f"seed {seed}: {v}" for v in out.violations]
    tally.verbs.update(text.split()[0] for text in (out.record.actions if out.record else []) if text)
    if out.state is not None and any(out.state.seats[w].faction == fid for w in out.state.winners):
        tally.wins[str(len(options["factions"])) + ("x3" if options.get("mode") == "frontier" else "")] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--faction", required=True, choices=registry.playable_ids())
    parser.add_argument("--rounds", type=at_least(1), default=10, help="times each line-up is played")
    parser.add_argument("--seed", type=whole_number, default=1000)
    parser.add_argument("--character", default=None, help="the character the first Vagabond to choose takes")
    parser.add_argument("--watch", default="", help="comma-separated verbs whose plays are counted")
    args = parser.parse_args(argv)
    if args.character is not None:
        try:
            known_character(args.character, {"factions": [args.faction]})
        except RulesError as err:
            parser.error(str(err))
    games, base = Tally(), Tally()
    seed = args.seed
    for _ in range(args.rounds):
        for options in lineups(args.faction):
            run(options, seed, games, args.faction, args.character)
            seed += 1
        for _ in range(2):  # the baseline interleaved, so both see the same machine
            run(BASELINE, seed, base, "")
            seed += 1
    for line in games.violations[:10]:
        print("violation", line)
    ratio = games.ms_per_action() / base.ms_per_action()
    print(f"wins of {args.faction} by table: {dict(games.wins)}")
    watched = [v.strip() for v in args.watch.split(",") if v.strip()]
    if watched:
        print("played: " + ", ".join(f"{verb} {games.verbs[verb]}" for verb in watched))
    who = args.faction + (f" ({args.character})" if args.character else "")
    print(
        f"{who}: {games.games} games, {len(games.violations)} violations, {sum(games.wins.values())} won, "
        f"{games.ms_per_action():.3f} ms/action vs Marquise-Eyrie {base.ms_per_action():.3f}: ratio {ratio:.2f}"
    )
    return 1 if games.violations else 0


if __name__ == "__main__":
    sys.exit(main())
