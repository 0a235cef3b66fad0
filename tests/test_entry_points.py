"""`--help` works on every command-line entry point: each module of the project that builds an argparse parser and
runs as a program, and each subcommand of each (found by searching the code, so a new tool is covered unnamed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "render", "bot", "tools")
SUBCOMMANDS = re.compile(r"^usage: .*?\{([-\w,]+)\}", re.S)


def entry_points() -> list[str]:
    """Modules (dotted names) that make an ArgumentParser and run as a program."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "ArgumentParser(" in text and '__name__ == "__main__"' in text:
                found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return found


ENTRY_POINTS = entry_points()


def _help(argv: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROOTBOT_", "DISCORD_"))}
    return subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)


def test_the_search_finds_the_known_entry_points():
    assert {"bot.cli", "rules.playout", "tools.bench", "tools.loadbench", "render.bench"} <= set(ENTRY_POINTS)
    assert any(name.startswith("tools.legacy.") for name in ENTRY_POINTS)


@pytest.mark.parametrize("module", ENTRY_POINTS)
def test_help_exits_0_without_a_traceback_on_every_entry_point_and_subcommand(module: str):
    ran = _help([sys.executable, "-m", module, "--help"])
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr[-2000:]
    assert ran.stdout.startswith("usage:"), ran.stdout[:200]
    found = SUBCOMMANDS.match(ran.stdout)
    for sub in found[1].split(",") if found else []:
        nested = _help([sys.executable, "-m", module, sub, "--help"])
        assert nested.returncode == 0 and "Traceback" not in nested.stderr, (sub, nested.stderr[-2000:])
        assert nested.stdout.startswith("usage:"), (sub, nested.stdout[:200])


def test_the_installed_rootbot_command_answers_help():
    ran = _help([str(Path(sys.executable).with_name("rootbot")), "--help"])
    assert ran.returncode == 0 and ran.stdout.startswith("usage: rootbot") and "Traceback" not in ran.stderr
