"""Find where today's engine replays an old commit's games otherwise than that commit played them.

Usage: .venv/bin/python tools/legacy/differ.py COMMIT REVISION [--games N] [--seed S] [--lineup NAME ...]

The old commit is checked out as tools/legacy/make.py does and plays N random games of each line-up with its own
engine (uniform legal choices; in the 3x3 mode now and then a moderator edit laying contraband, as `rules.playout
--stir` does), keeping the digest of the state after every line. Each record is then replayed here under rules
revision REVISION and compared line by line (`rules.digest_as`): the first line refused or giving another state is
printed, with the paths of the saved tree that differ. Run it after a rule change, with the commit before the
change and the revision its records carry, to find the records the change would break (docs/architecture.md,
"Versions of records and states").
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import rules  # noqa: E402
from rules.argtypes import at_least, share, whole_number  # noqa: E402
from rules.migrate import written  # noqa: E402
from rules.record import replaying  # noqa: E402
from rules.revisions import CURRENT, revision  # noqa: E402
from rules.words import echo  # noqa: E402
from tools.legacy.make import Tree, git  # noqa: E402

FRONTIER_TEAMS = ("A", "A", "A", "B", "B", "B")
LINEUPS: dict[str, dict[str, Any]] = {
    "woodland": {"factions": ["marquise", "eyrie", "alliance", "vagabond"]},
    "fans": {"factions": ["spore", "spinners", "tinker", "marquise"]},
    "spore": {"factions": ["spore", "eyrie", "vagabond"]},
    "spinners": {"factions": ["spinners", "vagabond", "alliance"]},
    "vagabonds": {"factions": ["vagabond", "vagabond2", "tinker"]},
    "frontier": {"factions": ["marquise", "eyrie", "vagabond", "tinker", "spinners", "alliance"]},
    "frontier-spore": {"factions": ["spore", "eyrie", "alliance", "marquise", "spinners", "vagabond"]},
    "frontier-corners": {"factions": ["marquise", "eyrie", "spinners", "alliance", "vagabond", "tinker"]},
    "frontier-homeland": {"factions": ["spore", "marquise", "eyrie", "alliance", "vagabond", "tinker"]},
    "hundreds": {"factions": ["hundreds", "vagabond", "vagabond2", "spinners"]},
    "hundreds-spore": {"factions": ["hundreds", "spore", "tinker"]},
    "duchy": {"factions": ["duchy", "marquise", "alliance"]},
    "duchy-hundreds": {"factions": ["duchy", "hundreds", "vagabond", "eyrie"]},
    "riverfolk": {"factions": ["riverfolk", "vagabond", "eyrie"]},
    "riverfolk-lizards": {"factions": ["riverfolk", "lizards", "hundreds", "duchy"]},
    "lizards": {"factions": ["lizards", "marquise", "spinners"]},
    "frontier-newcomers": {"factions": ["hundreds", "riverfolk", "marquise", "duchy", "lizards", "vagabond"]},
}
"""Line-ups played (3x3 ones are those whose name begins 'frontier': teams A,A,A,B,B,B in seat order)."""
OLD_SIDE = """
import json, random, sys
import rules
from rules.edits import apply_edit
from rules.modes import mode_of
out, seed0, games, steps, stir = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
lineups = json.loads(sys.argv[6])
played = []
for name, options in lineups.items():
    for seed in range(seed0, seed0 + games):
        chooser, lines = random.Random(seed), []
        try:
            state = rules.new_game(options, seed)
            digests = [state.digest()]
            while not state.over and len(lines) < steps:
                stirs = getattr(mode_of(state), "playout_stir", None)  # older modes have none
                if stirs and stir and not state.pending and state.turn.phase != "setup" and chooser.random() < stir:
                    nudge = stirs(state, chooser)
                    if nudge is not None:
                        state = apply_edit(state, nudge)[0]
                        lines.append(nudge)
                        digests.append(state.digest())
                        continue
                seat = rules.to_act(state)
                action = chooser.choice(rules.legal_actions(state, seat))
                state, _ = rules.apply(state, action)
                lines.append(action.notation())
                digests.append(state.digest())
        except Exception as err:
            print(f"{name} seed {seed}: the old engine failed after {len(lines)} lines: {err!r}")
            continue
        played.append({"lineup": name, "options": options, "seed": seed, "actions": lines, "digests": digests})
json.dump(played, open(out, "w"))
"""
DIGEST_SIDE = """
import json, sys
import rules
for game in json.load(open(sys.argv[1])):
    print(rules.replay(rules.Record(game["options"], game["seed"], game["actions"])).digest())
"""
TREE_SIDE = """
import json, sys
import rules
game = json.load(open(sys.argv[1]))
print(json.dumps(rules.replay(rules.Record(game["options"], game["seed"], game["actions"])).to_json()))
"""


def options_of(name: str) -> dict[str, Any]:
    """A line-up's engine options (3x3 line-ups get their teams)."""
    options = dict(LINEUPS[name])
    if name.startswith("frontier"):
        options["mode"] = "frontier"
        options["teams"] = dict(zip(options["factions"], FRONTIER_TEAMS, strict=True))
    return options


def first_difference(game: dict[str, Any], number: int) -> int | None:
    """The number of lines after which today's replay under the revision first differs (0: the setup), or None."""
    record = rules.Record(game["options"], game["seed"], game["actions"], rules=number)
    states = replaying(record)
    for count, digest in enumerate(game["digests"]):
        try:
            state = next(states)
        except rules.RulesError:
            return count
        if rules.digest_as(state, number) != digest:
            return count
    return None


def paths(old: Any, new: Any, at: str = "") -> list[str]:
    """The paths at which two JSON trees differ."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [p for k in sorted(set(old) | set(new), key=str) for p in paths(old.get(k), new.get(k), f"{at}.{k}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [p for i, (a, b) in enumerate(zip(old, new, strict=True)) for p in paths(a, b, f"{at}[{i}]")]
    return [] if old == new else [at or "."]


def explain(tree: Tree, folder: Path, game: dict[str, Any], count: int, number: int) -> str:
    """What differs after that many lines: today's refusal, or the tree paths."""
    cut = {**game, "actions": game["actions"][:count]}
    try:
        mine = rules.replay(rules.Record(cut["options"], cut["seed"], cut["actions"], rules=number))
    except rules.RulesError as err:
        return f"refused today: {err}"
    file = folder / "cut.json"
    file.write_text(json.dumps(cut))
    theirs = json.loads(tree.python("-c", TREE_SIDE, str(file)))
    return "differs at " + ", ".join(paths(theirs, written(mine.to_json(), revision(number)))[:12])


def _records(tree: Tree, path: Path, number: int) -> int:
    """Replay given records with the old engine; print its digests and whether today's replay gives them."""
    games = json.loads(path.read_text())
    digests = tree.python("-c", DIGEST_SIDE, str(path)).split()
    differ = 0
    for game, digest in zip(games, digests, strict=True):
        try:
            state = rules.replay(rules.Record(game["options"], game["seed"], game["actions"], rules=number))
            alike = rules.digest_as(state, number) == digest
        except rules.RulesError:
            alike = False
        differ += not alike
        print(f"{game.get('name', game['seed'])}: {digest} ({'alike' if alike else 'DIFFERENT'} today)")
    return 1 if differ else 0


def known_revision(text: str) -> int:
    """An argparse type: a rules revision this engine knows."""
    value = whole_number(text)
    if not 1 <= value <= CURRENT:
        raise argparse.ArgumentTypeError(f"{value} is not a rules revision this engine knows (1 to {CURRENT})")
    return value


def checked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse, before any worktree is made, a commit this checkout has not and a --keep that is not a folder."""
    try:
        git("rev-parse", "--verify", "--quiet", f"{args.commit}^{{commit}}")
    except subprocess.CalledProcessError:
        parser.error(f"there is no commit {echo(args.commit, 40)!r} in this checkout")
    if args.keep is not None and args.keep.exists() and not args.keep.is_dir():
        parser.error(f"--keep: {args.keep} is not a folder")


def main(argv: list[str] | None = None) -> int:
    """Play the old games, replay them today, print each first difference; 1 when any was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("revision", type=known_revision, help="the rules revision the commit's records replay under")
    parser.add_argument("--games", type=at_least(1), default=4, help="games per line-up")
    parser.add_argument("--seed", type=whole_number, default=1)
    parser.add_argument("--steps", type=at_least(1), default=1500, help="lines per game at most")
    parser.add_argument("--stir", type=share, default=0.02, help="share of 3x3 lines before which contraband is laid")
    parser.add_argument("--lineup", action="append", choices=sorted(LINEUPS), help="default: every line-up")
    parser.add_argument("--keep", type=Path, help="a folder to keep the old games in (<line-up>.json)")
    parser.add_argument(
        "--records", type=Path, help="instead of playing games, replay these records (a JSON list of options, seed, "
        "actions, and a name) with the old engine and print its digest of each, and whether today's replay agrees"
    )
    args = parser.parse_args(argv)
    checked(parser, args)
    lineups = {name: options_of(name) for name in args.lineup or LINEUPS}
    found = 0
    with tempfile.TemporaryDirectory(prefix="differ-") as temp:
        folder = Path(temp)
        tree = Tree(args.commit, folder)
        try:
            if args.records:
                return _records(tree, args.records, args.revision)
            out = folder / "games.json"
            for name, options in lineups.items():
                stir = args.stir if options.get("mode") == "frontier" else 0.0
                fields = [str(out), str(args.seed), str(args.games), str(args.steps), str(stir)]
                print(tree.python("-c", OLD_SIDE, *fields, json.dumps({name: options})), end="")
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    shutil.copy(out, args.keep / f"{name}.json")
                for game in json.loads(out.read_text()):
                    count = first_difference(game, args.revision)
                    lines = len(game["actions"])
                    if count is None:
                        print(f"{name} seed {game['seed']}: {lines} lines replay alike")
                        continue
                    found += 1
                    line = game["actions"][count - 1] if count else "(setup)"
                    why = explain(tree, folder, game, count, args.revision)
                    print(f"{name} seed {game['seed']}: line {count} of {lines} '{line}': {why}")
        finally:
            tree.remove()
    print(f"{found} game(s) differ", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
