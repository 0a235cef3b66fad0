"""Seeded random playouts: every action legal, invariants after each, replay and JSON equality at the end."""

import re

import pytest

from rules import problems
from rules.playout import main, play

OPTIONS = {"factions": ["marquise", "eyrie"], "round_limit": 60}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_game_plays_to_the_end_without_violations(seed: int) -> None:
    result = play(OPTIONS, seed)
    assert result.violations == []
    assert result.state is not None and result.state.over
    assert result.state.winners
    assert problems(result.state) == []
    assert result.actions > 50


@pytest.mark.parametrize(
    ("factions", "board", "seed"),
    [
        (["marquise", "eyrie", "vagabond"], "autumn", 7),
        (["vagabond", "marquise"], "autumn", 10),
        (["eyrie", "vagabond"], "winter", 9),
    ],
)
def test_random_games_with_the_vagabond(factions: list[str], board: str, seed: int) -> None:
    result = play({"factions": factions, "board": board, "round_limit": 60}, seed)
    assert result.violations == []
    assert result.state is not None and result.state.over
    verbs = {text.split()[0] for text in result.record.actions} if result.record else set()
    assert {"character", "pawn"} <= verbs
    assert verbs & {"aid", "explore", "quest", "strike", "steal", "labor", "hideout", "repair"}


def test_winter_and_eyrie_first() -> None:
    result = play({"factions": ["eyrie", "marquise"], "board": "winter", "round_limit": 60}, 21)
    assert result.violations == []
    assert result.state is not None and result.state.over


def test_cli_prints_the_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--games", "2", "--seed", "40"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 0
    assert re.fullmatch(r"playout: 2 games, \d+ actions, 0 violations, \d+\.\d+ ms/action", last)


def test_a_violation_makes_the_cli_fail(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import rules.playout as playout

    monkeypatch.setattr(playout, "problems", lambda state: ["planted problem"] if state.version == 10 else [])
    code = main(["--games", "1", "--seed", "40"])
    out = capsys.readouterr()
    assert code == 1
    assert "planted problem" in out.err
    assert ", 1 violations," in out.out


@pytest.mark.parametrize("factions", [["tinker", "marquise", "eyrie"], ["alliance", "tinker", "eyrie", "marquise"]])
def test_random_games_with_old_man_tinker(factions: list[str]) -> None:
    result = play({"factions": factions, "round_limit": 40}, 7)
    assert result.violations == []
    assert result.state is not None and result.state.over
