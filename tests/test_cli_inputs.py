"""Every malformed input to the command line ends in one clear line naming the input and a non-zero exit."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli

LOBBY = "@alice /root create seats:2 factions:marquise,eyrie\n@alice /root join faction:marquise\n"
STARTED = LOBBY + "@bob /root join faction:eyrie\n@alice /root start\n"
TOKEN = "DISCORD_TOKEN=not-a-real-token\n"
TOKEN_AND_DB = TOKEN + "ROOTBOT_DATABASE_URL=sqlite+aiosqlite:///{tmp}/"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Good inputs to damage: a console database with a started game, its full and redacted exports."""
    folder = tmp_path_factory.mktemp("made")
    script = folder / "start.txt"
    script.write_text(STARTED)
    db = folder / "games.db"
    argv = ["console", "--quiet", "--script", str(script), "--db", str(db), "--images", str(folder / "img")]
    assert cli.main(argv) == 0
    full, redacted = folder / "full.json", folder / "redacted.json"
    assert cli.main(["export", "--db", str(db), "--out", str(full), "--full"]) == 0
    assert cli.main(["export", "--db", str(db), "--out", str(redacted)]) == 0
    return {"db": db, "full": full, "redacted": redacted, "script": script}


def _record(made: dict[str, Path]) -> dict:
    return json.loads(made["full"].read_text())


def _edited(made: dict[str, Path], **changes: object) -> str:
    record = _record(made)
    for key, value in changes.items():
        if value is None:
            record.pop(key)
        else:
            record[key] = value
    return json.dumps(record)


def _deep_options(made: dict[str, Path]) -> str:
    """A good record whose options carry a list nested 950 deep (JSON reads it; the state's copy of it recursed)."""
    record = _record(made)
    record["options"]["x"] = "@"
    return json.dumps(record).replace('"@"', "[" * 950 + "]" * 950)


CORRUPT = b"SQLite format 3\x00" + b"\x07" * 600  # a SQLite header, then garbage
NOTES = "just some notes\n" * 50
CUT = {"cut.json": lambda m: m["full"].read_text()[: len(m["full"].read_text()) // 2]}


def case(name: str, argv: str, named: str, files: dict | None = None, env: str | bytes | None = None) -> tuple:
    """One malformed input: the files it writes (text, bytes, or made from the good inputs; 'x/' is a folder),
    the command line ({tmp} is the case's folder, {db} the good database), a .env, and what the message names."""
    return (name, files or {}, argv.split(), env, named)


def edited(**changes: object) -> dict:
    return {"x.json": lambda m: _edited(m, **changes)}


def cases() -> list[tuple]:
    console = "console --script {script} --db "
    return [
        # rootbot replay
        case("replay missing file", "replay {tmp}/nothing.json", "nothing.json"),
        case("replay a folder", "replay {tmp}/dir", "dir", {"dir/": ""}),
        case("replay empty file", "replay {tmp}/e.json", "e.json", {"e.json": ""}),
        case("replay blank file", "replay {tmp}/b.json", "b.json", {"b.json": "  \n\n"}),
        case("replay not JSON", "replay {tmp}/t.json", "t.json", {"t.json": "hello there"}),
        case("replay truncated", "replay {tmp}/cut.json", "cut.json", CUT),
        case("replay a JSON list", "replay {tmp}/l.json", "l.json", {"l.json": "[1, 2]"}),
        case("replay a JSON string", "replay {tmp}/s.json", "s.json", {"s.json": '"x"'}),
        case("replay JSON null", "replay {tmp}/n.json", "n.json", {"n.json": "null"}),
        case("replay no options", "replay {tmp}/x.json", "options", edited(options=None)),
        case("replay options a list", "replay {tmp}/x.json", "options", edited(options=[1])),
        case("replay actions not a list", "replay {tmp}/x.json", "actions", edited(actions="keep 1")),
        case("replay actions numbers", "replay {tmp}/x.json", "actions", edited(actions=[1, 2])),
        case("replay no seed", "replay {tmp}/x.json", "seed", edited(seed=None)),
        case("replay seed text", "replay {tmp}/x.json", "seed", edited(seed="abc")),
        case("replay no digest", "replay {tmp}/x.json", "digest", edited(digest=None)),
        case("replay rules unknown", "replay {tmp}/x.json", "rules", edited(rules=99)),
        case("replay rules text", "replay {tmp}/x.json", "rules", edited(rules="4")),
        case("replay rules_until negative", "replay {tmp}/x.json", "rules_until", edited(rules_until=-1)),
        case("replay edited action", "replay {tmp}/x.json", "x.json", edited(actions=["fly 99>1"])),
        case("replay edited options", "replay {tmp}/x.json", "x.json", edited(options={"factions": ["nobody"]})),
        case("replay not UTF-8", "replay {tmp}/u.json", "u.json", {"u.json": b"\xff\xfe{\x00"}),
        case("replay binary", "replay {tmp}/p.json", "p.json", {"p.json": b"\x89PNG\r\n\x1a\n\x00\x00"}),
        case("replay nested too deep", "replay {tmp}/d.json", "d.json", {"d.json": "[" * 100_000 + "]" * 100_000}),
        case("replay options nested deep", "replay {tmp}/x.json", "x.json", {"x.json": _deep_options}),
        # rootbot console --script / --db / --images
        case("script missing", "console --script {tmp}/none.txt --db {tmp}/c.db", "none.txt"),
        case("script a folder", "console --script {tmp}/dir --db {tmp}/c.db", "dir", {"dir/": ""}),
        case("script not UTF-8", "console --script {tmp}/s.txt --db {tmp}/c.db", "s.txt", {"s.txt": b"@al\xff\n"}),
        case("console db corrupt", console + "{tmp}/bad.db", "bad.db", {"bad.db": CORRUPT}),
        case("console db not a database", console + "{tmp}/notes.db", "notes.db", {"notes.db": NOTES}),
        case("console db a folder", console + "{tmp}/dir", "dir", {"dir/": ""}),
        case("console db unwritable", console + "/proc/rootbot/c.db", "/proc/rootbot/c.db"),
        case("console db bad URL", console + "postgresql://host/x", "postgresql://host/x"),
        case("console images a file", console + "{tmp}/c.db --images {tmp}/img", "img", {"img": "x"}),
        # rootbot export
        case("export db missing", "export --db {tmp}/none.db", "none.db"),
        case("export db a folder", "export --db {tmp}/dir", "dir", {"dir/": ""}),
        case("export db corrupt", "export --db {tmp}/bad.db", "bad.db", {"bad.db": CORRUPT}),
        case("export db not a database", "export --db {tmp}/notes.db", "notes.db", {"notes.db": NOTES}),
        case("export db empty file", "export --db {tmp}/empty.db", "empty.db", {"empty.db": b""}),
        case("export out a folder", "export --db {db} --out {tmp}/dir", "dir", {"dir/": ""}),
        case("export out nowhere", "export --db {db} --out {tmp}/no/such/folder/x.json", "x.json"),
        case("export db bad URL", "export --db nosuchdialect://x/y", "nosuchdialect://x/y"),
        case("export channel past 2^63", "export --db {db} --channel 9223372036854775808", "9223372036854775808"),
        case("export channel zero", "export --db {db} --channel 0", "--channel 0 is not a Discord channel id"),
        case("export channel other digits", "export --db {db} --channel ¹٢", "--channel ¹٢"),
        case("export channel long", "export --db {db} --channel " + "9" * 5000, "is not a Discord channel id"),
        # rootbot migrate / backup
        case("migrate db a folder", "migrate --db {tmp}/dir", "dir", {"dir/": ""}),
        case("migrate db corrupt", "migrate --db {tmp}/bad.db", "bad.db", {"bad.db": CORRUPT}),
        case("migrate db not a database", "migrate --db {tmp}/notes.db", "notes.db", {"notes.db": NOTES}),
        case("backup db missing", "backup --db {tmp}/none.db --out {tmp}/b.db", "none.db"),
        case("backup db not a database", "backup --db {tmp}/n.db --out {tmp}/b.db", "n.db", {"n.db": NOTES}),
        case("backup out exists", "backup --db {db} --out {tmp}/b.db", "b.db", {"b.db": "x"}),
        # .env values
        case("env hours abc", "run", "ROOTBOT_REMINDER_HOURS", env="ROOTBOT_REMINDER_HOURS=abc\n"),
        case("env hours huge", "run", "ROOTBOT_REMINDER_HOURS", env="ROOTBOT_REMINDER_HOURS=1e308\n"),
        case("env hours nan", "run", "ROOTBOT_REMINDER_HOURS", env="ROOTBOT_REMINDER_HOURS=nan\n"),
        case("env log level", "run", "ROOTBOT_LOG_LEVEL", env="ROOTBOT_LOG_LEVEL=LOUD\n"),
        case("env database URL", "run", "ROOTBOT_DATABASE_URL", env="ROOTBOT_DATABASE_URL=not a url\n"),
        case("env database sync driver", "run", "ROOTBOT_DATABASE_URL", env="ROOTBOT_DATABASE_URL=sqlite:///x.db\n"),
        case("env guild id", "run", "ROOTBOT_DEV_GUILD", env="ROOTBOT_DEV_GUILD=my-server\n"),
        case("env guild other digits", "run", "ROOTBOT_DEV_GUILD", env="ROOTBOT_DEV_GUILD=١٢٣\n"),
        case("env notices wide", "run", "ROOTBOT_REMINDERS_BEFORE_NOTICE", env="ROOTBOT_REMINDERS_BEFORE_NOTICE=３\n"),
        case("env hours other digits", "run", "ROOTBOT_REMINDER_HOURS", env="ROOTBOT_REMINDER_HOURS=٢٤\n"),
        case("env notices zero", "run", "ROOTBOT_REMINDERS_BEFORE_NOTICE", env="ROOTBOT_REMINDERS_BEFORE_NOTICE=0\n"),
        case("env poll negative", "run", "ROOTBOT_REMINDER_POLL_SECONDS", env="ROOTBOT_REMINDER_POLL_SECONDS=-1\n"),
        case("env bad for migrate", "migrate", "ROOTBOT_REMINDER_HOURS", env="ROOTBOT_REMINDER_HOURS=abc\n"),
        case("env bad for bare rootbot", "", "ROOTBOT_LOG_LEVEL", env="ROOTBOT_LOG_LEVEL=chatty\n"),
        case("env file not UTF-8", "run", ".env", env=b"ROOTBOT_LOG_LEVEL=\xff\xfe\n"),
        case("run db a folder", "run", "dir", {"dir/": ""}, TOKEN_AND_DB + "dir"),
        case("run db not a database", "run", "n.db", {"n.db": NOTES}, TOKEN_AND_DB + "n.db"),
    ]


CASES = cases()


def _write(folder: Path, files: dict, made: dict[str, Path]) -> None:
    for name, content in files.items():
        if name.endswith("/"):
            (folder / name).mkdir()
            continue
        content = content(made) if callable(content) else content
        path = folder / name
        path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content)


def _fill(text: str, tmp: Path, made: dict[str, Path]) -> str:
    return text.format(tmp=tmp, db=made["db"], script=made["script"])


@pytest.mark.parametrize(("files", "argv", "env", "named"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_malformed_input_gets_one_clear_line(files, argv, env, named, tmp_path, made, monkeypatch, capsys):
    for key in [k for k in os.environ if k.startswith(("ROOTBOT_", "DISCORD_"))]:
        monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, files, made)
    if env is not None:
        _write(tmp_path, {".env": env if isinstance(env, bytes) else _fill(env, tmp_path, made)}, made)
    before = sorted(p.name for p in tmp_path.iterdir())
    code = cli.main([_fill(a, tmp_path, made) for a in argv])
    out, err = capsys.readouterr()
    assert code != 0
    assert "Traceback" not in out + err
    message = [line for line in err.splitlines() if line.strip()]
    assert len(message) == 1, err  # one line
    assert _fill(named, tmp_path, made) in message[0], message[0]
    if argv and argv[0] == "export":
        assert sorted(p.name for p in tmp_path.iterdir()) == before  # no empty database file left behind


def test_a_redacted_export_says_what_replay_cannot_check(made, capsys):
    assert cli.main(["replay", str(made["redacted"])]) == cli.REDACTED_EXIT
    out = capsys.readouterr().out
    assert "without its seed" in out and "cannot be replayed" in out and "Traceback" not in out


@pytest.mark.parametrize(
    "argv", ["replay {tmp}/missing.json", "console --script {tmp} --db {tmp}/c.db", "export --db {tmp}/x.db"]
)
def test_the_installed_command_prints_no_traceback(argv, tmp_path):
    rootbot = Path(sys.executable).with_name("rootbot")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROOTBOT_", "DISCORD_"))}
    run = subprocess.run(
        [str(rootbot), *argv.format(tmp=tmp_path).split()], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    assert str(tmp_path) in run.stderr and len(run.stderr.strip().splitlines()) == 1


def test_a_channel_id_past_discords_is_exit_2_and_the_largest_id_is_looked_up(made, capsys):
    """2^63 overflowed SQLite with a traceback; the largest snowflake is a channel that holds no game (exit 1)."""
    assert cli.main(["export", "--db", str(made["db"]), "--channel", str(2**63)]) == 2
    assert cli.main(["export", "--db", str(made["db"]), "--channel", str(2**63 - 1)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "no game" in err.lower()


def test_the_bot_runs_the_cyclic_collector_less_often_but_still_runs_it():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        cli.collect_less_often()
        assert gc.get_threshold() == (cli.GC_FIRST_GENERATION, 10, 10)
        assert gc.isenabled()
    finally:
        gc.set_threshold(*before)
