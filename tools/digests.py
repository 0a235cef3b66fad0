"""Print the final-state digest of every example game and every record the tests keep, to show behaviour unchanged.

Usage: .venv/bin/python tools/digests.py   (from the checkout's root). Each example script in assets/examples runs
through the offline console (`rootbot console --script`) into a scratch database; each game saved there prints its
state digest and version, with a digest of the console's transcript (without the scratch folder's path and the
clock's times). Each record in tests/data (exports and the records of records.json) is replayed and prints its
digest. Two checkouts that play alike print the same lines.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import re
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import rules
from bot import cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "assets" / "examples"
DATA = ROOT / "tests" / "data"
CLOCK_TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC")  # the console runs on the wall clock: reminders' times


def example_lines(script: Path) -> Iterator[str]:
    """The digest of the console's transcript and of every game the script leaves in its database."""
    with tempfile.TemporaryDirectory() as tmp:
        db, images = Path(tmp) / "games.db", Path(tmp) / "images"
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli.main(["console", "--script", str(script), "--db", str(db), "--images", str(images)])
        transcript = CLOCK_TIME.sub("TIME", out.getvalue().replace(tmp, "TMP"))
        yield f"{script.name} exit {code} transcript {_short(transcript)}"
        with contextlib.closing(sqlite3.connect(db)) as con:
            rows = con.execute("SELECT channel_id, state FROM games ORDER BY channel_id").fetchall()
        for channel, text in rows:
            if text is None:
                yield f"{script.name} channel {channel} no game started"
                continue
            state = rules.GameState.loads(text)
            yield f"{script.name} channel {channel} version {state.version} digest {state.digest()}"


def record_lines(path: Path) -> Iterator[str]:
    """The replayed digest of each record a file of tests/data holds (an export, or a list of records)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    found = raw if isinstance(raw, list) else [raw]
    for number, item in enumerate(found):
        record_json = item.get("record", item) if isinstance(item, dict) else None
        if not isinstance(record_json, dict) or not isinstance(record_json.get("actions"), list):
            continue
        if record_json.get("redacted"):
            continue
        name = f"{path.relative_to(ROOT)}[{number}]"
        record = rules.Record.from_json(record_json)
        if record.rules is None and "digest" in record_json:
            found_rules = rules.identify(record, digest=record_json["digest"])
            record = dataclasses.replace(record, rules=found_rules or rules.RULES_REVISION)
        try:
            state = rules.replay(record)
        except rules.RulesError as err:
            yield f"{name} refused: {err}"
            continue
        yield f"{name} version {state.version} digest {rules.digest_as(state, record.rules)}"


def _short(text: str) -> str:
    """A short digest of a text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def main() -> int:
    """Print every digest, examples first."""
    for script in sorted(EXAMPLES.glob("*.txt")):
        for line in example_lines(script):
            print(line, flush=True)
    for path in sorted(DATA.rglob("*.json")):
        if path.name == "manifest.json":
            continue
        for line in record_lines(path):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
