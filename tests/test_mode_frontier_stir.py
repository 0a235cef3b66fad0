"""The moderator edit `!lay ITEM CLEARING` (contraband put right) and the 3x3 playout stir built on it."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from frontier_helpers import options as frontier_options

import rules
from rules.errors import InvalidActionError, RulesError
from rules.modes import find_mode
from rules.playout import play, playout_options
from rules.setup import normalise


def test_lay_puts_an_item_of_that_map_s_supply_in_the_clearing_and_replays() -> None:
    state = _started()
    autumn_swords = state.item_supply[state.board.map_of(5)]["sword"]
    after, events = rules.apply_edit(state, "!lay sword 5")
    assert after.map_items == [{"item": "sword", "clearing": 5, "carrier": None, "by": None}]
    assert after.item_supply[after.board.map_of(5)]["sword"] == autumn_swords - 1
    assert rules.problems(after) == [] and any(e.public == "Moderator edit: !lay sword 5" for e in events)
    assert state.map_items == []  # the state it was given is unchanged


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("!lay sword 99", "there is no clearing 99"),
        ("!lay", "could not read"),
        ("!lay banana 5", "has no banana"),
    ],
)
def test_a_bad_lay_is_refused_with_its_reason_and_changes_nothing(text: str, says: str) -> None:
    state = _started()
    before = state.dumps()
    with pytest.raises(RulesError, match=says):
        rules.apply_edit(state, text)
    assert state.dumps() == before


def test_an_emptied_supply_refuses_lay() -> None:
    state = _started()
    state.item_supply[state.board.map_of(5)]["crossbow"] = 0
    with pytest.raises(InvalidActionError, match=r"has no crossbow \(it has "):
        rules.apply_edit(state, "!lay crossbow 5")


def test_the_frontier_stir_is_a_lay_edit_and_the_standard_game_has_none() -> None:
    state = _started()
    nudge = find_mode("frontier").playout_stir(state, Random(1))
    assert nudge is not None and nudge.startswith("!lay ")
    assert find_mode("standard").playout_stir(state, Random(1)) is None


def test_stirred_3x3_playouts_search_and_seize_with_no_violation() -> None:
    """A few seeded games, so that a rule change elsewhere that reshuffles one walk does not hide the moment: the
    stir lays contraband, and searches and seizures follow, with no violation in any game."""
    options = playout_options("frontier", "marquise,eyrie,vagabond,tinker,spinners,spore", "A,A,A,B,B,B", "x", None)
    options["board"] = "autumn"
    normalise(options)
    verbs: Counter[str] = Counter()
    for seed in range(4000, 4004):
        result = play(options, seed, 5, frozenset({"search", "seize"}), 0.02)
        assert result.violations == [], seed
        verbs.update(a.split()[0] for a in result.record.actions)
    assert verbs["!lay"] > 0 and verbs["search"] > 0 and verbs["seize"] > 0


def _started() -> rules.GameState:
    state = rules.new_game(frontier_options(("marquise", "eyrie", "vagabond", "tinker", "spinners", "vagabond2")), 3)
    while state.turn.phase == "setup" and state.pending:
        seat = rules.to_act(state)
        assert seat is not None
        state, _ = rules.apply(state, rules.legal_actions(state, seat)[0], seat=seat)
    return state
