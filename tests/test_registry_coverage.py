"""What every registered faction and mode has, computed from the registries, so one added later is held to it
without being named here: random playouts without violations, a whole console example game, help for every field
of its commands. (Elsewhere, also computed from the registries: every command's checked example in
docs/commands.md, tests/test_bot_docs.py; the hidden-information re-deal, tests/test_hidden_information.py; every
piece kind drawn and told apart, tests/test_render_pieces.py.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from lineups import lineups_of
from test_bot_console import played

from bot.service.notation import field_help, verb_options, verbs
from rules import problems, registry
from rules.modes import find_mode
from rules.modes import playable_ids as mode_ids
from rules.playout import play

EXAMPLES = Path(__file__).resolve().parents[1] / "assets" / "examples"
CREATE = re.compile(r"^@\w+ /root create (.*)$", re.M)
PLAYOUT_ROUNDS = 8  # rounds of a playout in a mode without a round limit of its own


def example_games() -> dict[str, dict[str, Any]]:
    """Each example script that plays a whole game: its mode and factions, read from its /root create line."""
    found = {}
    for path in sorted(EXAMPLES.glob("*-game.txt")):
        line = CREATE.search(path.read_text(encoding="utf-8"))
        if line is None:
            continue
        words = dict(word.split(":", 1) for word in line.group(1).split() if ":" in word)
        mode = find_mode(words.get("mode", "standard")).id
        found[path.name] = {"mode": mode, "factions": [registry.find_faction(f) for f in words["factions"].split(",")]}
    return found


def playouts() -> list[dict[str, Any]]:
    """For each mode, one line-up per faction it can seat (a three-seat game where the mode allows one)."""
    games = []
    for mode_id in mode_ids():
        mode = find_mode(mode_id)
        lineups = lineups_of(mode)
        if not mode.teams:
            lineups = [g for fid in registry.playable_ids() if (g := _headed_by(lineups, fid))]
        rounds = {} if mode.rounds else {"round_limit": PLAYOUT_ROUNDS}
        games += [{**g, "mode": mode_id, **rounds} for g in lineups]
    return games


def _headed_by(lineups: list[dict[str, Any]], fid: str) -> dict[str, Any] | None:
    """The line-up the faction heads, three seats if there is one (None: it heads none the mode accepts)."""
    heads = [g for g in lineups if g["factions"][0] == fid]
    return next((g for g in heads if len(g["factions"]) == 3), heads[0] if heads else None)


def test_the_playouts_seat_every_faction_in_every_mode() -> None:
    for mode_id in mode_ids():
        seated = {f for g in playouts() if g["mode"] == mode_id for f in g["factions"]}
        assert seated == set(registry.playable_ids()), mode_id


@pytest.mark.parametrize("options", playouts(), ids=lambda o: f"{o['mode']}-{'-'.join(o['factions'])}")
def test_every_faction_plays_a_random_game_to_its_end_in_every_mode(options: dict[str, Any]) -> None:
    result = play(options, 11)
    assert result.violations == []
    assert result.state is not None and result.state.over
    assert problems(result.state) == []
    played = {text.split()[0] for text in result.record.actions} if result.record else set()
    assert len(played) > 5


@pytest.mark.parametrize("fid", registry.playable_ids())
def test_every_faction_has_a_whole_console_example_game(fid: str) -> None:
    assert any(fid in game["factions"] for game in example_games().values()), f"no assets/examples/*-game.txt has {fid}"


@pytest.mark.parametrize("mode_id", mode_ids())
def test_every_mode_has_a_whole_console_example_game(mode_id: str) -> None:
    assert any(game["mode"] == mode_id for game in example_games().values()), f"no example game is {mode_id}"


@pytest.mark.parametrize("name", sorted(example_games()))
def test_every_example_game_plays_to_its_end_with_nothing_refused(name: str) -> None:
    code, out = played(name)
    assert code == 0
    assert " 0 refused" in out.strip().splitlines()[-1] and "0 unreadable" in out.strip().splitlines()[-1]
    assert "The game is over" in out


@pytest.mark.parametrize("verb", verbs())
def test_every_field_of_every_command_says_what_to_type(verb: str) -> None:
    bare = [o.field for o in verb_options(verb) if field_help(verb, o.field) == o.field]
    assert not bare, f"/{verb}: no help declared for {bare} (Action.field_help or rules.actions.FIELD_HELP)"


def test_a_field_without_help_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules import actions

    monkeypatch.setattr(actions, "FIELD_HELP", {k: v for k, v in actions.FIELD_HELP.items() if k != "src"})
    with pytest.raises(AssertionError, match="no help declared for"):
        test_every_field_of_every_command_says_what_to_type("move")
