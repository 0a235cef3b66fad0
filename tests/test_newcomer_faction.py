"""A faction added by following docs/architecture.md alone (tests/newcomer_faction.py) is discovered, plays, is
drawn, and gets slash commands with help, with no edit to any shared file."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import newcomer_faction as newts
import pytest
from PIL import Image
from test_bot_console import run_console

import rules
from bot.discord import drawing
from bot.discord.command_tree import build_commands
from bot.service.notation import field_help, verbs
from render.palette import hex_rgb
from rules import registry
from rules.playout import play
from rules.view import view_for
from tools import docexamples, scriptgen


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    newts.register()
    yield
    newts.unregister()


def test_it_is_found_by_its_id_and_alias_and_is_playable() -> None:
    assert newts.ID in registry.playable_ids()
    assert registry.find_faction("newts") == newts.ID


def test_random_games_with_it_play_to_their_end_without_violations() -> None:
    played: set[str] = set()
    for seed in (1, 2, 3):
        result = play({"factions": ["marquise", newts.ID, "eyrie"], "round_limit": 5}, seed)
        assert result.violations == []
        assert result.state is not None and result.state.over
        assert result.record is not None
        played |= {text.split()[0] for text in result.record.actions}
    assert {"den", "pond"} <= played


def test_its_verbs_get_slash_commands_with_the_help_it_declares() -> None:
    assert {"den", "pond"} <= set(verbs())
    names = {command.name: command for command in build_commands()}
    assert {"den", "pond"} <= set(names)
    assert field_help("pond", "clearing") == "a clearing you rule with no pond yet"
    described = {p.name: p.description for p in names["pond"].parameters}
    assert described["clearing"] == "a clearing you rule with no pond yet"


def test_its_pieces_are_drawn_on_the_board() -> None:
    result = play({"factions": ["marquise", newts.ID], "round_limit": 3}, 2)
    assert result.state is not None
    png = drawing.board_png(view_for(result.state, None), [])
    colours = Image.open(BytesIO(png)).convert("RGB").getcolors(1 << 20) or []
    assert hex_rgb(newts.Newts.colour) in {rgb for _, rgb in colours}
    assert newts.NAME in str(view_for(result.state, None))


def test_a_whole_console_game_with_it_plays_with_nothing_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "newts-game.txt"
    argv = ["--out", str(script), "--factions", f"marquise,{newts.ID}", "--win-points", "8", "--round-limit", "3"]
    assert scriptgen.main(argv) == 0
    text = script.read_text(encoding="utf-8")
    assert "/den " in text
    capsys.readouterr()
    assert run_console(tmp_path, script) == 0
    out = capsys.readouterr().out
    assert " 0 refused" in out.strip().splitlines()[-1]
    assert "The game is over" in out
    assert sorted((tmp_path / "img").glob("*-board-v*.png"))


def test_the_command_examples_look_for_its_verbs_in_the_game_it_declares(tmp_path: Path) -> None:
    shown = [game for game in docexamples.other_games() if f"@nina /root join faction:{newts.ID}" in game.lobby]
    assert [game.lobby[0] for game in shown] == [f"@alice /root create seats:3 factions:marquise,eyrie,{newts.ID}"]
    state, _options, _seed = asyncio.run(docexamples.started_state(tmp_path, shown[0].lobby))
    assert [seat.faction for seat in state.seats if seat.faction == newts.ID] == [newts.ID]
    assert {"den", "pond"} & set(docexamples._walks(state))


def test_without_it_the_table_no_longer_knows_it() -> None:
    newts.unregister()
    try:
        assert "pond" not in verbs()
        with pytest.raises(rules.RulesError):
            rules.new_game({"factions": ["marquise", newts.ID]}, 1)
    finally:
        newts.register()
