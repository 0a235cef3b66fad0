"""The bot's words: counts with the right plural, possessives that read, the right round once a game is over."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_helpers import new_game, played_to_round_limit

from bot import cli, messages
from bot.service.present import board_job, board_text


def test_plural_counts_nouns() -> None:
    assert messages.plural(1, "point") == "1 point"
    assert messages.plural(0, "point") == "0 points"
    assert messages.plural(2, "hit") == "2 hits"
    assert messages.plural(1.0, "hour") == "1 hour"
    assert messages.plural(0.5, "hour") == "0.5 hours"
    assert messages.plural(3, "more player") == "3 more players"
    assert messages.plural(2, "wood", "wood") == "2 wood"


def test_possessives_of_names_ending_in_s() -> None:
    assert messages.possessive("Eyrie Dynasties") == "Eyrie Dynasties'"
    assert messages.possessive("Marquise de Cat") == "Marquise de Cat's"


def _strings() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for name, value in vars(messages).items():
        if isinstance(value, str) and name.isupper():
            out.append((name, value))
        elif isinstance(value, dict):
            out += [(f"{name}[{k}]", v) for k, v in value.items() if isinstance(v, str)]
    return out


@pytest.mark.parametrize(("name", "text"), _strings(), ids=[name for name, _ in _strings()])
def test_no_message_hedges_its_plural_or_guesses_a_possessive(name: str, text: str) -> None:
    assert "(s)" not in text, name
    assert " pts" not in text, name
    assert "}'s" not in text, f"{name}: a name ending in s would read {{name}}'s; use possessive()"


def test_the_eyrie_s_turn_reads_eyrie_dynasties_apostrophe() -> None:
    state = new_game(keep=3, first_player=1)
    assert state.seats[state.turn.seat].faction == "eyrie"
    text = board_text(state)
    assert "Eyrie Dynasties' turn" in text
    assert "Dynasties's" not in text


def test_a_game_ended_by_the_round_limit_says_so_with_its_last_round() -> None:
    state = played_to_round_limit(1)
    assert board_job(state, []).view["round"] == 1
    text = board_text(state)
    assert "over after round 1" in text
    assert "turn" not in text  # nobody's turn any more


def _console(tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str) -> str:
    """What the offline console prints for a script."""
    path = tmp_path / "script.txt"
    path.write_text(script)
    cli.main(["console", "--script", str(path), "--db", str(tmp_path / "c.db"), "--images", str(tmp_path / "i")])
    return capsys.readouterr().out


def test_the_console_speaks_in_plurals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _console(
        tmp_path,
        capsys,
        "@alice /root create seats:2 factions:marquise,eyrie win_points:1\n"
        "@alice /root join faction:marquise\n"
        "@alice /root start\n"
        "@bob /root join faction:eyrie\n"
        "@bob /root start\n"
        "@alice /root status\n"
        "@alice /root hand\n",
    )
    assert "First to 1 point wins" in out
    assert "1 more player must join" in out
    assert "(alice, 0 points)" in out
    assert "Your hand (Marquise de Cat, 3 cards)" in out
    assert "(s)" not in out and " pts" not in out


def test_the_console_summary_counts_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    last = _console(tmp_path, capsys, "@alice /root create seats:2\n").strip().splitlines()[-1]
    assert last == "console: 1 command, 0 refused, 0 pictures, 0 unreadable lines"
