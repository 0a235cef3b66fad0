"""Games recorded and saved by the engine before the engine seams still replay and play on, unchanged.

The files under tests/data/legacy were written by commit 9ead3fb (before the seams): 24 random playouts
(records, outcomes and a saved mid-game state in that engine's JSON shape), the example short game's
export and outcome, and a console database saved part-way through that game.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import rules
from bot import cli
from rules.state import GameState

LEGACY = Path(__file__).resolve().parent / "data" / "legacy"
GAMES = json.loads((LEGACY / "records.json").read_text())


def _outcome(state: GameState) -> dict[str, object]:
    return {
        "points": [s.points for s in state.seats],
        "winners": list(state.winners),
        "over": state.over,
        "round": state.turn.round,
    }


def _expected(game: dict[str, object], limit: object = None) -> dict[str, object]:
    """The old outcome; a game ended by its round limit now shows the last round played (the old engine showed
    the next one)."""
    out = {k: game[k] for k in ("points", "winners", "over", "round")}
    if limit and out["over"] and out["round"] == int(str(limit)) + 1:
        out["round"] = int(str(limit))
    return out


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_a_legacy_record_replays_to_the_same_end(index: int) -> None:
    game = GAMES[index]
    record = rules.Record.from_json(game["record"])
    state = rules.replay(record)  # every recorded action must still be accepted
    assert _outcome(state) == _expected(game, record.options.get("round_limit"))
    assert rules.problems(state) == []


@pytest.mark.parametrize("index", range(0, len(GAMES), 3))
def test_a_legacy_saved_state_loads_and_plays_on_to_the_same_end(index: int) -> None:
    game = GAMES[index]
    state = GameState.from_json(game["mid_state"])
    assert rules.problems(state) == []
    assert GameState.loads(state.dumps()).dumps() == state.dumps()
    for text in game["record"]["actions"][game["mid_index"] :]:
        state, _ = rules.apply(state, rules.parse(state, text))
    assert _outcome(state) == _expected(game, game["record"]["options"].get("round_limit"))


def test_the_legacy_export_replays_to_the_same_end() -> None:
    outcome = json.loads((LEGACY / "short-game-outcome.json").read_text())
    raw = json.loads((LEGACY / "short-game-export.json").read_text())
    state = rules.replay(rules.Record.from_json(raw))
    assert {**_outcome(state), "actions": len(raw["actions"])} == {**outcome, **_expected(outcome, 3)}


def test_a_game_saved_midway_by_the_old_bot_loads_and_plays_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "old.db"
    shutil.copy(LEGACY / "midgame.db", db)
    images = tmp_path / "img"
    assert cli.main(["console", "--script", str(LEGACY / "part2.txt"), "--db", str(db), "--images", str(images)]) == 0
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    assert " 0 refused" in summary, summary
    out = tmp_path / "game.json"
    assert cli.main(["export", "--db", str(db), "--out", str(out)]) == 0
    raw = json.loads(out.read_text())
    state = rules.replay(rules.Record.from_json(raw))
    outcome = json.loads((LEGACY / "short-game-outcome.json").read_text())
    assert {**_outcome(state), "actions": len(raw["actions"])} == {**outcome, **_expected(outcome, 3)}
