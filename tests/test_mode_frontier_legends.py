"""The Frontier Alliance Mode's Legendary Abilities (3x3.6) Master Craftsman and Vanguard Leader, on literal states.

Clearing 5 of the joined board is a rabbit clearing next to clearings 1 and 2 (Map 1).
"""

from __future__ import annotations

import pytest
from frontier_helpers import MARQUISE, VAGABOND, blank
from frontier_helpers import sixth_faction as sixth_faction
from rules_helpers import count, legal, play, put, set_hand
from vagabond_helpers import daylight, item_specs, pawn_to, set_items

from rules.movement import why_not_move
from rules.state import GameState

pytestmark = pytest.mark.usefixtures("sixth_faction")


def vagabond_at(cid: int, *items: str, ability: str | None = None) -> GameState:
    """A blank frontier game with team A's Vagabond in a clearing holding exactly these items (and a Legend)."""
    state = blank()
    pawn_to(state, cid)
    autumn, winter = state.item_supply["autumn"], state.item_supply["winter"]
    autumn["hammer"], winter["hammer"] = autumn["hammer"] + winter["hammer"], 0  # both maps' hammers to hand out
    set_items(state, *items)
    if ability:
        state.seats[VAGABOND].data["legend"] = ability
    return state


# --- Master Craftsman ------------------------------------------------------------------------------------


def test_3x3_6_master_craftsman_pays_one_symbol_with_a_hammer_of_his_clearing_once_a_turn() -> None:
    plain = vagabond_at(5, "hammer", "hammer")
    set_hand(plain, VAGABOND, "crossbow-mouse", "mouse-in-a-sack")
    assert legal(daylight(plain), "craft") == []  # a fox and a mouse card in a rabbit clearing

    state = vagabond_at(5, "hammer", "hammer", ability="master-craftsman")
    set_hand(state, VAGABOND, "crossbow-mouse", "mouse-in-a-sack")
    state = daylight(state)
    assert sorted(legal(state, "craft")) == ["craft crossbow-mouse", "craft mouse-in-a-sack"]
    state = play(state, "craft mouse-in-a-sack")
    assert item_specs(state) == ["hammer", "hammer:exhausted", "sack"]
    assert legal(state, "craft") == []  # a hammer is still up, but the ability is used for this turn


def test_3x3_6_master_craftsman_waives_only_one_requirement_and_every_symbol_still_takes_a_hammer() -> None:
    state = vagabond_at(5, "hammer", "hammer", ability="master-craftsman")
    set_hand(state, VAGABOND, "foxfolk-steel", "bake-sale")
    assert legal(daylight(state), "craft") == ["craft bake-sale"]  # fox+fox would need two requirements waived

    state = vagabond_at(5, "hammer", ability="master-craftsman")
    set_hand(state, VAGABOND, "bake-sale", "tax-collector", "mouse-in-a-sack")
    assert legal(daylight(state), "craft") == ["craft mouse-in-a-sack"]  # one hammer pays one symbol


def test_3x3_6_a_craft_his_clearing_pays_leaves_master_craftsman_for_later_in_the_turn() -> None:
    state = vagabond_at(5, "hammer", "hammer", ability="master-craftsman")
    set_hand(state, VAGABOND, "a-visit-to-friends", "mouse-in-a-sack")
    state = play(daylight(state), "craft a-visit-to-friends")  # rabbit, in a rabbit clearing
    assert not state.turn.flags.get("master_used")
    state = play(state, "craft mouse-in-a-sack")
    assert state.turn.flags["master_used"]
    assert item_specs(state) == ["boots", "hammer:exhausted", "hammer:exhausted", "sack"]


# --- Vanguard Leader ---------------------------------------------------------------------------------------


def vanguard_game(ability: str | None) -> GameState:
    """The Vagabond with boots in clearing 5 beside a Marquise warrior; team B's drones rule 5 and 1."""
    state = vagabond_at(5, "boots", ability=ability)
    put(state, 5, "marquise", "warrior")
    put(state, 5, "tinker", "drone", 2)
    put(state, 1, "tinker", "drone", 2)
    return daylight(state)


def test_3x3_6_vanguard_leader_takes_one_allied_warrior_along_ignoring_rule() -> None:
    state = vanguard_game("vanguard-leader")
    assert why_not_move(state, MARQUISE, 5, 1, 1) is not None  # alone, the Marquise rules neither clearing
    assert "vanguard 5>1 marquise" in legal(state, "vanguard")
    state = play(state, "vanguard 5>1 marquise")
    assert count(state, 1, "marquise", "warrior") == 1 and count(state, 5, "marquise", "warrior") == 0
    assert state.clearings[0].get("vagabond:pawn") == 1 and item_specs(state) == ["boots:exhausted"]


def test_3x3_6_without_vanguard_leader_no_warrior_goes_along() -> None:
    state = vanguard_game(None)
    assert legal(state, "vanguard") == []
    state = play(state, "move 5>1")
    assert count(state, 5, "marquise", "warrior") == 1
