"""The bot's words: counts with the right plural, possessives that read, the right round once a game is over."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_helpers import new_game, played_to_round_limit

from bot import cli, messages
from bot.present import board_job, board_text, shown_round


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


def test_a_game_ended_by_the_round_limit_shows_its_last_round() -> None:
    state = played_to_round_limit(1)
    assert shown_round(state) == 1
    assert board_job(state, []).view["round"] == 1
    assert "after round 1" in board_text(state)
    assert "turn" not in board_text(state)  # nobody's turn any more


def test_a_game_not_ended_by_the_limit_keeps_its_round() -> None:
    state = new_game(keep=3)
    state.options = {**state.options, "round_limit": 5}
    assert shown_round(state) == state.turn.round == 1
    state.over = True  # won on points in round 1
    assert shown_round(state) == 1


def test_the_console_speaks_in_plurals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "words.txt"
    script.write_text(
        "@alice /root create seats:2 factions:marquise,eyrie win_points:1\n"
        "@alice /root join faction:marquise\n"
        "@alice /root start\n"
        "@bob /root join faction:eyrie\n"
        "@bob /root start\n"
        "@alice /root status\n"
        "@alice /root hand\n"
    )
    cli.main(["console", "--script", str(script), "--db", str(tmp_path / "c.db"), "--images", str(tmp_path / "i")])
    out = capsys.readouterr().out
    assert "First to 1 point wins" in out
    assert "1 more player must join" in out
    assert "(alice, 0 points)" in out
    assert "Your hand (Marquise de Cat, 3 cards)" in out
    assert "(s)" not in out and " pts" not in out
