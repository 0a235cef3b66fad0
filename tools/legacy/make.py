"""Write the saved games of older versions into tests/data/legacy/, by running those versions themselves.

Usage: .venv/bin/python tools/legacy/make.py [NAME ...]     (every entry of VERSIONS when none is named)

For each entry of VERSIONS the commit is checked out with `git worktree add` in a temporary folder and run with this
checkout's virtual environment, the old tree first on PYTHONPATH (so its own rules/, render/ and bot/ are imported;
the dependencies have not changed). Through that commit's own console it plays each game's script part-way into
one SQLite database (games in progress whose last action the player may still undo), exports each game with its
`rootbot export` (with --full where it has it), and plays each script to its end in a scratch database to export a
finished game. Everything written goes to tests/data/legacy/<name>/ and is described in
tests/data/legacy/manifest.json (commit, why it was chosen, database revision, state schema, files, commands).

When the saved state or the record changes, add an entry here for the new version (a commit on main) and run this
script for it: tests/test_old_versions.py then checks every entry against today's code.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "legacy"
MANIFEST = DATA / "manifest.json"
PYTHON = sys.executable
MAIN = "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))"  # old trees have no bot/__main__.py
PROBE = """
import json, sqlite3, sys
import rules
from bot.cli import channel_id
from rules.state import GameState
db, channel = sys.argv[1:3]
row = sqlite3.connect(db).execute("select state from games where channel_id = ?", (channel_id(channel),)).fetchone()
state = GameState.loads(row[0])
seat = state.last_actor
print(json.dumps({"over": state.over, "undo": seat is not None and rules.undo_refusal(state, seat) is None}))
"""
SEED = "from bot.cli import channel_id, seeded; print(seeded(channel_id('game'), None))"
TRIES = 25  # lines added after the wanted cut until the last action is one its player may undo


@dataclass(frozen=True)
class Game:
    """One game: the script (an example of that commit, or one its scriptgen writes) and where to stop it."""

    channel: str
    example: str = ""  # a file of the old tree, e.g. assets/examples/short-game.txt
    generate: tuple[str, ...] = ()  # else the arguments of that commit's scriptgen (bot/ or, later, tools/)
    stop: float = 0.4  # the share of the script's command lines played into the database


@dataclass(frozen=True)
class Version:
    """An old commit and the games it writes."""

    name: str
    commit: str
    why: str
    games: tuple[Game, ...] = field(default_factory=tuple)


SHORT = Game("game", example="assets/examples/short-game.txt")
FRONTIER = "marquise,eyrie,vagabond,tinker,spinners,alliance"
CORNERED = "marquise,eyrie,spinners,alliance,vagabond,tinker"  # three corner factions on team A
NEWCOMERS = "hundreds,riverfolk,marquise,duchy,lizards,vagabond"  # 3x3: the four newest factions, two a team
VERSIONS = (
    Version("a60aa8c", "a60aa8c", "the first bot: database revision 0002, state schema 1, the Marquise and the Eyrie",
            (SHORT,)),
    Version("9ead3fb", "9ead3fb", "the last commit at database revision 0002", (SHORT,)),
    Version("b589521", "b589521", "database revision 0003 begins; its finished export replayed as 'a DIFFERENT state'",
            (SHORT,)),
    Version("e7cbbc3", "e7cbbc3", "the last commit at database revision 0003 (state schema 1)", (SHORT,)),
    Version("6471d1b", "6471d1b", "the first with the Woodland Alliance (state schema 2)",
            (Game("game", example="assets/examples/alliance-game.txt"),)),
    Version("87d6567", "87d6567", "the first with the Vagabond playable",
            (Game("game", example="assets/examples/vagabond-game.txt"),)),
    Version("b3467d4", "b3467d4", "the first with the Second Vagabond",
            (Game("game", generate=("--factions", "vagabond,vagabond2,eyrie", "--seed", "5"), stop=0.5),)),
    Version("bd0f766", "bd0f766", "the first with The Spore playable",
            (Game("game", example="assets/examples/spore-game.txt"),)),
    Version("e99ba9a", "e99ba9a", "the first with the Spinners of Mercy playable",
            (Game("game", example="assets/examples/spinners-game.txt"),)),
    Version("a142de1", "a142de1", "the first with Old Man Tinker playable",
            (Game("game", example="assets/examples/tinker-game.txt"),)),
    Version("4fb3d57", "4fb3d57", "the last commit at database revision 0004; the issue's Vagabond pair game",
            (Game("game", generate=("--factions", "vagabond,vagabond2,marquise", "--seed", "7"), stop=0.5),)),
    Version("87439cc", "87439cc", "the first with the 3x3 mode playable (database revision 0005)",
            (Game("game", example="assets/examples/frontier-game.txt", stop=0.3),)),
    Version("db2c6b0", "db2c6b0", "the last commit at database revision 0005, before records carried their rules "
            "revision (two Vagabonds with both sets of ruin items; a second game in the same database)",
            (Game("game", generate=("--factions", "vagabond,vagabond2,marquise", "--seed", "7"), stop=0.5),
             Game("tinker", example="assets/examples/tinker-game.txt", stop=0.5))),
    Version("db2c6b0-readings", "db2c6b0", "games of revision 4 that meet the readings merged at 1baa1fb: a 3x3 "
            "game (Imperial Isolation, contraband; Wings of the Alliance once finished), a Spore game with the Tinker "
            "(overgrowth only at a growth), and a 3x3 game with three corner factions on one side (the last skipped "
            "in setup)",
            (Game("game", generate=("--mode", "frontier", "--factions", FRONTIER, "--teams", "A,A,A,B,B,B", "--seed",
                                    "5", "--win-points", "15", "--round-limit", "0"), stop=0.6),
             Game("spore", generate=("--factions", "spore,tinker,marquise", "--seed", "1", "--win-points", "15",
                                     "--round-limit", "5"), stop=0.5),
             Game("cornered", generate=("--mode", "frontier", "--factions", CORNERED, "--teams", "A,A,A,B,B,B",
                                        "--seed", "1", "--win-points", "15", "--round-limit", "0"), stop=0.3))),
    Version("f4f117c", "f4f117c", "main before the readings had their flags: database revision 0006, rules "
            "revision 7 (the 3x3 example past its bridge fee asked with several cards in hand, and a Spore game)",
            (Game("game", example="assets/examples/frontier-game.txt", stop=0.7),
             Game("spore", example="assets/examples/spore-game.txt", stop=0.5))),
    Version("60bd46f", "60bd46f", "main before the Hundreds', Duchy's and Riverfolk's fixes had their flags (rules "
            "revision 8 records): the four newest factions' example games, cut past a Raze that takes a ruin item, the "
            "Riverfolk's offers, Royal Claim and the Cult's rituals",
            (Game("hundreds", example="assets/examples/hundreds-game.txt", stop=0.6),
             Game("lizards", example="assets/examples/lizards-game.txt", stop=0.5),
             Game("duchy", example="assets/examples/duchy-game.txt", stop=0.6),
             Game("riverfolk", example="assets/examples/riverfolk-game.txt", stop=0.5))),
    Version("60bd46f-mixed", "60bd46f", "games of 60bd46f's scriptgen mixing the four newest factions: three seats "
            "(the Hundreds, the Riverfolk, the Vagabond), four seats (the Duchy, the Cult, the Hundreds, the "
            "Riverfolk), the Hundreds beside two Vagabonds (two items under each ruin), and a 3x3 game; each cut past "
            "a Raze that takes a ruin's item",
            (Game("three", generate=("--factions", "hundreds,riverfolk,vagabond", "--seed", "3", "--win-points", "15",
                                     "--round-limit", "5"), stop=0.75),
             Game("four", generate=("--factions", "duchy,lizards,hundreds,riverfolk", "--seed", "5", "--win-points",
                                    "15", "--round-limit", "4"), stop=0.72),
             Game("vagabonds", generate=("--factions", "hundreds,vagabond,vagabond2", "--seed", "2", "--win-points",
                                         "15", "--round-limit", "4"), stop=0.6),
             Game("frontier", generate=("--mode", "frontier", "--factions", NEWCOMERS, "--teams", "A,A,A,B,B,B",
                                        "--seed", "1", "--win-points", "15", "--round-limit", "0"), stop=0.85))),
)


class Tree:
    """A commit checked out in a temporary worktree, run with this checkout's Python."""

    def __init__(self, commit: str, folder: Path) -> None:
        self.commit = commit
        self.path = folder / "tree"
        git("worktree", "add", "--detach", str(self.path), commit)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("ROOTBOT_", "DISCORD_"))}
        self.env["PYTHONPATH"] = str(self.path)

    def python(self, *args: str) -> str:
        """Run Python in the old tree; its standard output (a failure stops the script, saying why)."""
        done = subprocess.run([PYTHON, *args], cwd=self.path, env=self.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{self.commit}: python {' '.join(args[:3])} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def rootbot(self, *args: str) -> str:
        """The old `rootbot` command line."""
        return self.python("-c", MAIN, *args)

    def remove(self) -> None:
        """Take the worktree away again."""
        git("worktree", "remove", "--force", str(self.path))


def git(*args: str) -> str:
    """Run git in this checkout."""
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def commands(lines: list[str]) -> list[int]:
    """Indexes of the lines that are commands (not blank, not comments)."""
    return [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]


def make(version: Version) -> dict[str, Any]:
    """Write one version's database and exports; its manifest entry."""
    out = DATA / version.name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="legacy-") as temp:
        folder = Path(temp)
        tree = Tree(version.commit, folder)
        try:
            entry = _write(version, tree, folder, out)
        finally:
            tree.remove()
    return entry


def _write(version: Version, tree: Tree, folder: Path, out: Path) -> dict[str, Any]:
    seed = tree.python("-c", SEED).strip()
    db = out / "games.db"
    games = []
    full = "--full" in tree.rootbot("export", "--help")
    for game in version.games:
        script = _script(game, tree, folder)
        whole = folder / f"{game.channel}-whole.txt"
        whole.write_text("\n".join(script) + "\n")
        cut = _play_part(game, tree, script, db, seed, folder)
        (out / f"{game.channel}.txt").write_text("\n".join(script[:cut]) + "\n")
        _export(tree, db, game.channel, out / f"{game.channel}-export.json", full, folder)
        scratch = folder / f"{game.channel}-whole.db"
        _console(tree, whole, scratch, game.channel, seed, folder)
        _export(tree, scratch, game.channel, out / f"{game.channel}-finished.json", full, folder)
        games.append({
            "channel": game.channel,
            "script": game.example or f"python -m {_scriptgen(tree)} {' '.join(game.generate)}",
            "played": f"{game.channel}.txt ({len(commands(script[:cut]))} of {len(commands(script))} command lines)",
            "export": f"{game.channel}-export.json (rootbot export{' --full' if full else ''}, in progress)",
            "finished": f"{game.channel}-finished.json (the whole script in a scratch database, then rootbot export)",
        })
    return {
        "name": version.name,
        "commit": git("rev-parse", version.commit).strip(),
        "subject": git("log", "-1", "--format=%s", version.commit).strip()[:120],
        "why": version.why,
        "database": "games.db",
        "revision": _revision(db),
        "schema": _schema(db),
        "seed": int(seed),
        "games": games,
    }


def _scriptgen(tree: Tree) -> str:
    """The module that writes example scripts in that commit: bot.scriptgen until it moved to tools/."""
    return "tools.scriptgen" if (tree.path / "tools" / "scriptgen.py").exists() else "bot.scriptgen"


def _script(game: Game, tree: Tree, folder: Path) -> list[str]:
    """The game's whole script, as that commit has or writes it."""
    if game.example:
        return (tree.path / game.example).read_text().splitlines()
    target = folder / f"{game.channel}-generated.txt"
    tree.python("-m", _scriptgen(tree), "--out", str(target), *game.generate)
    return target.read_text().splitlines()


def _play_part(game: Game, tree: Tree, script: list[str], db: Path, seed: str, folder: Path) -> int:
    """Play the script up to a cut into the database; the number of its lines played."""
    lines = commands(script)
    wanted = int(len(lines) * game.stop)
    for extra in range(TRIES):
        cut = lines[wanted + extra] + 1
        trial = folder / "trial.db"
        trial.unlink(missing_ok=True)
        if db.exists():
            shutil.copy(db, trial)
        part = folder / f"{game.channel}-part.txt"
        part.write_text("\n".join(script[:cut]) + "\n")
        _console(tree, part, trial, game.channel, seed, folder)
        probe = json.loads(tree.python("-c", PROBE, str(trial), game.channel))
        if probe["undo"] and not probe["over"]:
            shutil.move(trial, db)
            return cut
    raise SystemExit(f"{tree.commit}: no cut after line {wanted} leaves an action its player may undo")


def _console(tree: Tree, script: Path, db: Path, channel: str, seed: str, folder: Path) -> None:
    """Run the old console on a script; every line must be accepted."""
    images = folder / "images"
    args = ["console", "--script", str(script), "--db", str(db), "--images", str(images), "--channel", channel]
    summary = tree.rootbot(*args, "--seed", seed, "--quiet").strip().splitlines()[-1]
    shutil.rmtree(images, ignore_errors=True)
    if " 0 refused" not in summary:
        raise SystemExit(f"{tree.commit}: {script.name}: {summary}")


def _export(tree: Tree, db: Path, channel: str, target: Path, full: bool, folder: Path) -> None:
    """The old `rootbot export` of a game, from a copy of the database (the old export may write to it)."""
    copy = folder / "export.db"
    shutil.copy(db, copy)
    tree.rootbot("export", "--db", str(copy), "--channel", channel, "--out", str(target), *(["--full"] if full else []))
    copy.unlink()


def _revision(db: Path) -> str:
    with sqlite3.connect(db) as con:
        return str(con.execute("select version_num from alembic_version").fetchone()[0])


def _schema(db: Path) -> int:
    with sqlite3.connect(db) as con:
        states = [json.loads(r[0]) for r in con.execute("select state from games where state is not null")]
    return max(int(s.get("schema", 1)) for s in states)


def main() -> int:
    """Write the named versions (all by default) and update the manifest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="entries of VERSIONS to write (default: all)")
    args = parser.parse_args()
    known = {v.name: v for v in VERSIONS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no such version: {', '.join(unknown)} (known: {', '.join(known)})")
    manifest = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {"versions": []}
    entries = {e["name"]: e for e in manifest["versions"]}
    for name in args.names or list(known):
        print(f"legacy: writing {name}", file=sys.stderr)
        entries[name] = make(known[name])
    manifest["versions"] = [entries[v.name] for v in VERSIONS if v.name in entries]
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
