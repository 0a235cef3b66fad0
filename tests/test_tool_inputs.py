"""The benchmark and playout commands answer a malformed argument with one error line and exit 2, never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from render import bench as render_bench
from rules import playout
from tools import bench, docexamples, docgen, loadbench, render_digests, scriptgen
from tools.legacy import differ

MAIN: dict[str, Callable[[list[str]], int]] = {
    "playout": playout.main,
    "render.bench": render_bench.main,
    "docgen": docgen.main,
    "bench": bench.main,
    "loadbench": loadbench.main,
    "scriptgen": scriptgen.main,
    "docexamples": docexamples.main,
    "render_digests": render_digests.main,
    "legacy.differ": differ.main,
}

BAD = [
    ("playout", "--games 0", "at least 1"),
    ("playout", "--games -5", "at least 1"),
    ("playout", "--games many", "not a whole number"),
    ("playout", "--games ¹", "not a whole number"),
    ("playout", "--games ٣", "not a whole number"),
    ("playout", "--seed " + "9" * 5000, "is not a whole number (digits 0-9)"),
    ("playout", "--seed ٣", "is not a whole number (digits 0-9)"),
    ("loadbench", "--seconds ٣", "not a number of seconds"),
    ("playout", "--check-every 0", "at least 1"),
    ("playout", "--round-limit 0", "at least 1"),
    ("playout", "--mode frontier --teams A,B", "needs --factions"),
    ("playout", "--factions marquise,eyrie --teams A", "one letter per faction"),
    ("playout", "--prefer fly,move", "names verbs this game has not: fly"),
    ("playout", "--prefer search", "names verbs this game has not: search"),  # a 3x3 verb, in a standard game
    ("playout", "--stir 2", "not a share from 0 to 1"),
    ("playout", "--stir lots", "not a number"),
    ("render.bench", "--help-me", "unrecognized arguments"),
    ("render.bench", "zero", "not a whole number"),
    ("render.bench", "0", "at least 1"),
    ("docgen", "--bogus", "unrecognized arguments"),
    ("bench", "--repeat 0", "at least 1"),
    ("bench", "--script /nonexistent/script.txt", "can't be played: [Errno 2]"),
    ("loadbench", "--games 0", "at least 1"),
    ("loadbench", "--processes 0", "at least 1"),
    ("loadbench", "--in-flight 0", "at least 1"),
    ("loadbench", "--seconds -1", "not a number of seconds above zero"),
    ("loadbench", "--seconds nan", "not a number of seconds above zero"),
    ("loadbench", "--processes 1,x", "not a whole number"),
    ("loadbench", "--processes 1,,2", "not a list of whole numbers such as 1,2"),
    ("loadbench", "--processes 2,0", "at least 1"),
    ("loadbench", "--render-workers -1", "at least 0"),
    ("loadbench", "--pool 0", "at least 1"),
    ("scriptgen", "--out /tmp/never-written.txt --win-points 0", "no script written: win_points takes"),
    ("scriptgen", "--out /tmp/never-written.txt --mode bogus", "no script written: generated line refused"),
    ("scriptgen", "--out /proc/no/such/x.txt", "no script written: [Errno"),
    ("docexamples", "--out /nonexistent-folder/x.json", "there is no folder /nonexistent-folder"),
    ("docexamples", "--out /tmp", "/tmp is a folder"),
    ("render_digests", "--write /tmp", "/tmp is a folder"),
    ("render_digests", "--write /nonexistent-folder/x.txt", "there is no folder /nonexistent-folder"),
    ("render_digests", "--check /nonexistent-folder/x.txt", "can't read /nonexistent-folder/x.txt"),
    ("render_digests", "--check /tmp", "can't read /tmp"),
    # checked before a worktree of the old commit is made
    ("legacy.differ", "HEAD 0", "0 is not a rules revision this engine knows"),
    ("legacy.differ", "HEAD 999", "999 is not a rules revision this engine knows"),
    ("legacy.differ", "no-such-commit 1", "there is no commit 'no-such-commit'"),
    ("legacy.differ", "HEAD 1 --games 0", "at least 1"),
    ("legacy.differ", "HEAD 1 --steps -1", "at least 1"),
    ("legacy.differ", "HEAD 1 --stir 5", "not a share from 0 to 1"),
    ("legacy.differ", "HEAD 1 --keep /etc/hostname", "/etc/hostname is not a folder"),
]


def _run(tool: str, argv: str) -> int:
    try:
        return MAIN[tool](argv.split())
    except SystemExit as stop:  # argparse's own exit
        assert isinstance(stop.code, int)
        return stop.code


@pytest.mark.parametrize(("tool", "argv", "named"), BAD, ids=[f"{t} {a[:40]}" for t, a, _ in BAD])
def test_a_bad_argument_is_one_line_and_exit_2(
    tool: str, argv: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The message names what was wrong; nothing runs; no traceback."""
    assert _run(tool, argv) == 2
    out = capsys.readouterr()
    assert named in out.err
    assert "Traceback" not in out.err + out.out
    assert out.out == ""


def test_a_stirred_3x3_playout_reports_the_verbs_it_leaned_to(capsys: pytest.CaptureFixture[str]) -> None:
    """--prefer and --stir print how often each preferred verb (and the stir's edit) was played."""
    argv = ["--mode", "frontier", "--games", "1", "--seed", "4000", "--stir", "0.02", "--prefer", "seize"]
    assert playout.main(argv) == 0
    played = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("played: "))
    counts = dict(part.rsplit(" ", 1) for part in played.removeprefix("played: ").split(", "))
    assert set(counts) == {"!lay", "seize"} and int(counts["!lay"]) > 0


@pytest.mark.parametrize("content", [b"just some notes\n", b"\xd0\xcf\x11 not text"])
def test_a_bench_script_that_is_not_a_console_script_is_one_line(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "script.txt"
    script.write_bytes(content)
    assert bench.main(["--script", str(script)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bench: the script {script} can't be played: ") and err.count("\n") == 1


def test_a_good_argument_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The checks refuse only bad values: one short playout runs and reports."""
    assert playout.main(["--games", "1", "--round-limit", "1"]) == 0
    assert "1 games" in capsys.readouterr().out


@pytest.mark.parametrize("tool", sorted(MAIN))
def test_help_is_printed(tool: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--help prints the usage and exits 0 (a percent sign in a help text once made argparse fail)."""
    assert _run(tool, "--help") == 0
    out = capsys.readouterr()
    assert out.out.startswith("usage:") and out.err == ""


def test_a_digests_file_that_is_not_text_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Checked before any picture is drawn: the file is read first."""
    saved = tmp_path / "digests.txt"
    saved.write_bytes(b"\xff\xfe\x00 not text")
    assert render_digests.main(["--check", str(saved)]) == 2
    out = capsys.readouterr()
    assert out.err.startswith(f"can't read {saved}: ") and out.err.count("\n") == 1 and out.out == ""
