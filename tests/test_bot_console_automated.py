"""The console plays automated seats: a whole six-seat 3x3 game of automated players, and its --budget option."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import cli

GAME = Path(__file__).resolve().parents[1] / "assets" / "examples" / "automated-game.txt"


def run_console(tmp_path: Path, script: Path, *extra: str) -> int:
    return cli.main(
        ["console", "--script", str(script), "--db", str(tmp_path / "c.db"), "--images", str(tmp_path / "img"), *extra]
    )


def test_a_whole_3x3_game_of_automated_seats_runs_in_the_console(tmp_path, capsys):
    assert run_console(tmp_path, GAME, "--budget", "0.01") == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].startswith("console: 4 commands, 0 refused")
    moves = re.findall(r"^  \[#game\] \*\*(.+?)\*\* \(automated\): `", out, re.M)
    assert len(moves) > 100 and len(set(moves)) == 6  # every seat played, each named as automated
    assert "**The game is over.**" in out and "The game is over." in out.split("> @mo! /root status")[1]
    assert "Next: @" not in out  # nobody was asked to move


@pytest.mark.parametrize("budget", ["0", "-1", "61", "fast", "nan"])
def test_a_bad_console_budget_is_one_clear_message(tmp_path, capsys, budget):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["console", "--budget", budget, "--db", str(tmp_path / "c.db")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--budget" in err and "is not a number of seconds from 0.01 to 60" in err and "Traceback" not in err
    assert not (tmp_path / "c.db").exists()
