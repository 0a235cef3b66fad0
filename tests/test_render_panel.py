"""The side panel and marks say the right thing: names, rounds, the keep, setup, battles, a key to the marks."""

from __future__ import annotations

import copy
import io
import math
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image
from rules_helpers import new_setup, play, played_to_round_limit

import rules
from render import board as board_module
from render import palette as P
from render import panel as panel_module
from render import pieces as pieces_module
from render import render_board
from render.geometry import RADIUS, layout
from render.legend import legend
from render.marks import ambush_centre, burst_centre
from render.panel import supply_chips
from render.samples import played_game, playout
from rules.removal import remove_all

TextLog = list[str]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextLog]:
    """Every string the board drawing writes, in order (the real drawing still happens)."""
    seen: TextLog = []
    original = panel_module.draw_text

    def record(draw: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        seen.append(text)
        original(draw, xy, text, *args, **kwargs)

    for module in (panel_module, board_module, pieces_module):
        monkeypatch.setattr(module, "draw_text", record)
    yield seen


def texts(log: TextLog, view: dict[str, Any], marks: list[Any] | None = None) -> str:
    """All the text of a board, joined with newlines."""
    log.clear()
    render_board(view, marks or [])
    return "\n".join(log)


def new_game() -> rules.GameState:
    """A game in setup, the Eyrie to play first."""
    return new_setup(3, first_player=1)


# --- battles ---------------------------------------------------------------------


def test_the_battle_line_names_factions_not_seat_numbers(drawn: TextLog) -> None:
    state = next(s for s, _ in playout(actions=400) if s.battle is not None)
    view = rules.view_for(state, None)
    assert isinstance(view["battle"]["attacker"], int)  # the engine names sides by seat
    text = texts(drawn, view)
    names = {0: "Marquise de Cat", 1: "Eyrie Dynasties"}
    attacker, defender = names[view["battle"]["attacker"]], names[view["battle"]["defender"]]
    assert f"{attacker} attacks" in text and f"attacks {defender}" in text.replace("\n", " ")
    assert "0 attacks" not in text and "1 attacks" not in text


def test_each_extra_hit_is_shown_with_its_source(drawn: TextLog) -> None:
    state, _ = played_game()
    view = rules.view_for(state, None)
    battle = {"attacker": 1, "defender": 0, "clearing": 5, "stage": "ambush", "sides": []}
    view["battle"] = dict(battle)
    assert "deals" not in texts(drawn, view)  # no hits before the dice
    sides = [
        {
            "seat": 1,
            "rolled": 2,
            "ignored_by": None,
            "extra": [{"source": "Commander", "hits": 1}, {"source": "defenseless", "hits": 1}],
        },
        {"seat": 0, "rolled": 1, "ignored_by": "Armorers", "extra": [{"source": "Sappers", "hits": 1}]},
    ]
    view["battle"] = dict(battle, stage="deal", sides=sides)
    text = " ".join(texts(drawn, view).split())
    assert "Eyrie Dynasties deals 4 hits: 2 rolled, 1 Commander, 1 defenseless" in text
    assert "Marquise de Cat deals 1 hit: 1 rolled (ignored: Armorers), 1 Sappers" in text


def test_a_real_battle_names_its_hits(drawn: TextLog) -> None:
    views = (rules.view_for(s, None) for s, _ in playout(actions=600) if s.battle is not None)
    view = next(v for v in views if v["battle"]["sides"])  # a battle past its roll
    text = " ".join(texts(drawn, view).split())
    for side in view["battle"]["sides"]:
        assert f"{view['seats'][side['seat']]['name']} deals " in text


# --- the round, the end of the game, setup -----------------------------------------------


def test_a_finished_game_says_so_and_names_no_turn(drawn: TextLog) -> None:
    state = played_to_round_limit(1)
    view = rules.view_for(state, None)
    text = texts(drawn, view)
    assert "Game over after round 1" in text
    assert "Winner: " in text
    assert "Turn:" not in text and "Round 2" not in text
    assert not any(line.startswith("▶") for line in text.split("\n"))  # no seat has the turn


def test_setup_shows_no_round_zero(drawn: TextLog) -> None:
    text = texts(drawn, rules.view_for(new_game(), None))
    assert "Setup" in text
    assert "Round 0" not in text


def test_the_keep_is_not_lost_before_it_is_placed(drawn: TextLog) -> None:
    state = new_game()
    assert "Keep: not placed yet" in rules.view_for(state, None)["seats"][0]["panel"]
    text = texts(drawn, rules.view_for(state, None))
    assert "Keep: not placed yet" in text and "lost" not in text
    placed = play(state, "keep 3")
    assert "Keep: clearing 3" in rules.view_for(placed, None)["seats"][0]["panel"]


def test_the_keep_is_lost_once_removed() -> None:
    state = play(new_game(), "keep 3").clone()
    remove_all(state, 3, {"marquise:keep": 1}, 1, "battle")
    assert "Keep: lost (no Field Hospitals)" in rules.view_for(state, None)["seats"][0]["panel"]


def test_no_prompt_is_shown_for_a_setup_step_the_engine_takes_itself(drawn: TextLog) -> None:
    state = play(new_game(), "keep 3")
    eyrie = [p for p in rules.view_for(state, None)["pending"] if p["seat"] == 1]
    assert eyrie, "the Eyrie's setup is still to come"
    text = " ".join(texts(drawn, rules.view_for(state, None)).split())
    assert "choose the corner" not in text
    assert "the first roost goes in clearing 1" in text
    # the engine does place it by itself once the Marquise is done
    state = play(state, "build sawmill 7", "build recruiter 7", "build workshop 11")
    assert state.clearings[0].get("eyrie:roost") == 1


def test_pending_decisions_the_engine_takes_itself_are_left_out(drawn: TextLog) -> None:
    view = rules.view_for(new_game(), None)
    view["pending"] = [
        dict(view["pending"][0]),
        {"seat": 1, "kind": "setup", "prompt": "choose the corner for the first roost", "auto": True},
        {"seat": 1, "kind": "setup", "prompt": "choose a leader"},
    ]
    text = texts(drawn, view)
    assert "Then Eyrie Dynasties: choose a leader" in text
    assert "first roost" not in text


def test_a_free_corner_choice_is_still_asked() -> None:
    state = rules.new_game({"factions": ["eyrie", "marquise"], "first_player": 0}, 3)
    state.pending.sort(key=lambda d: d["seat"])  # the Eyrie first: no corner taken yet, four to choose from
    prompt = rules.view_for(state, None)["pending"][0]["prompt"]
    assert prompt.startswith("choose the corner")


# --- the supply row --------------------------------------------------------------


def test_the_supply_row_keeps_the_declared_order() -> None:
    state, marks = played_game()
    view = rules.view_for(state, None)
    shuffled = copy.deepcopy(view)
    for seat in shuffled["seats"]:
        seat["supply"] = dict(sorted(seat["supply"].items()))  # as a saved game comes back: keys sorted
    assert list(shuffled["seats"][0]["supply"]) != list(view["seats"][0]["supply"])
    assert render_board(shuffled, marks) == render_board(view, marks)
    chips = supply_chips(shuffled["seats"][0]["supply"], "marquise", legend(view))
    assert [look.kind for look, _ in chips] == list(view["factions"]["marquise"]["pieces"])


# --- the marks and their key -------------------------------------------------------


def test_the_panel_has_a_key_to_the_marks_drawn(drawn: TextLog) -> None:
    state, _ = played_game()
    view = rules.view_for(state, None)
    assert "Last action:" not in texts(drawn, view)
    text = texts(drawn, view, [("move", 1, 5), ("battle", 5, None), ("remove", 5, None)])
    assert "Last action:" in text
    assert [w for w in ("moved", "placed", "removed", "battle", "ambush") if w in text.split("\n")] == [
        "moved",
        "removed",
        "battle",
    ]
    assert "placed" in texts(drawn, view, [("place", 3, None)]).split("\n")


def test_an_ambush_is_highlighted() -> None:
    state, _ = played_game()
    view = rules.view_for(state, None)
    geo = layout("autumn")
    spot = (geo.centre(5), RADIUS)
    plain = Image.open(io.BytesIO(render_board(view, [("battle", 5, None)]))).convert("RGB")
    ambushed = Image.open(io.BytesIO(render_board(view, [("battle", 5, None), ("ambush", 5, None)]))).convert("RGB")
    x, y = ambush_centre(spot)
    badge = (x - 30, y - 30, x + 30, y + 30)

    def magenta(image: Image.Image) -> int:
        return sum(n for n, colour in image.crop(badge).getcolors(3600) or [] if colour == P.HIGHLIGHT)

    assert magenta(ambushed) > magenta(plain) + 600  # a badge more than the battle's halo
    assert math.dist(ambush_centre(spot), burst_centre(spot)) > 80  # apart from the battle burst


# --- items ----------------------------------------------------------------------


def test_items_show_their_state(drawn: TextLog) -> None:
    state = new_game()
    state.seats[0].items = [
        {"item": "sword", "exhausted": True, "damaged": True},
        {"item": "boots", "exhausted": False, "damaged": False},
    ]
    state.item_supply["autumn"]["sword"] -= 1
    state.item_supply["autumn"]["boots"] -= 1
    text = texts(drawn, rules.view_for(state, None)).replace("\n", " ")  # a long line wraps
    assert "sword (exhausted, damaged)" in text and "boots" in text
    assert "{" not in text


def test_a_later_setup_is_not_asked_as_a_choice_before_its_turn(drawn: TextLog) -> None:
    state = new_game()  # the Marquise places the keep first; the Eyrie's corner depends on it
    text = " ".join(texts(drawn, rules.view_for(state, None)).split())
    assert "choose the corner" not in text
    assert "Then Eyrie Dynasties: sets up in turn" in text


def test_a_dominance_card_is_named_with_its_suit(drawn: TextLog) -> None:
    state = new_game()
    view = rules.view_for(state, None)
    view["seats"][0]["dominance"] = "dominance-fox"
    view["dominance_available"] = ["dominance-mouse"]
    text = " ".join(texts(drawn, view).split())
    assert "Dominance: Dominance (fox)" in text and "Dominance (mouse)" in text


def test_both_vagabonds_boards_are_drawn_with_items_relationships_and_quests(drawn: TextLog) -> None:
    state = rules.new_game({"factions": ["marquise", "eyrie", "vagabond", "vagabond2"], "first_player": 0}, 1)
    state = play(state, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    state = play(state, "character thief", "pawn fC", "character ranger", "pawn fE")
    state.seats[3].items[0].update(exhausted=True, damaged=True)  # the Ranger's boots
    text = " ".join(texts(drawn, rules.view_for(state, None)).split())  # long lines wrap
    assert "Character: Thief (Steal)" in text and "Character: Ranger (Hideout)" in text
    assert "Pawn: forest C" in text and "Pawn: forest E" in text
    assert "boots (exhausted, damaged)" in text
    # each board: a relationship with each non-Vagabond faction only (the Law's 9.3 step 6)
    assert text.count("Eyrie Dynasties indifferent; Marquise de Cat indifferent") == 2
    assert "Second Vagabond indifferent" not in text and "; Vagabond indifferent" not in text
    assert text.count("Quest up:") == 2 * 3  # the three shared quests, on each board


def test_no_name_or_faction_line_is_cut_short(drawn: TextLog) -> None:
    """Narrow columns (six seats under a 3x3 board) wrap a name or a board line; they never end it in '…'."""
    from render.samples import frontier_views

    for view, marks in [*frontier_views(12)[::4], (rules.view_for(played_game()[0], None), [])]:
        text = " ".join(texts(drawn, view, marks).split())
        for seat in view["seats"]:
            assert seat["name"] in text, seat["name"]
            for line in seat["panel"]:
                assert " ".join(line.split()) in text, line
