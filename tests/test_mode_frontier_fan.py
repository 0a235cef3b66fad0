"""The fan factions in the Frontier Alliance Mode: their contraband (3x3.2) and their search of the rubble and
seizure (3x3.3), each paid as one of the faction's own moves or battles. Literal states.

Line-up: team A the Marquise, the Eyrie and a Vagabond; team B Old Man Tinker, The Spore and the Spinners of
Mercy (home map Winter, clearings 13-24). Clearing 2 (mouse) on Map 1 ends the top bridge; 13 (mouse) on Map 2
is its other end.
"""

from __future__ import annotations

import pytest
from frontier_helpers import blank
from rules_helpers import check, goto, legal, play, put, set_hand

import rules
from rules.factions.spinners import ACTIONS, infirmary_kind
from rules.factions.tinker.board import OLD_MAN
from rules.items import lay
from rules.map_pieces import shift
from rules.state import GameState

LINEUP = ("marquise", "eyrie", "vagabond", "tinker", "spore", "spinners")
MARQUISE, TINKER, SPORE, SPINNERS = 0, 3, 4, 5
TEA = "root-tea-fox"
"""A mouse card crafting a tea (2 points)."""


def fan_game() -> GameState:
    """A blank frontier game of this line-up; the Old Man still in his forest."""
    return blank(factions=LINEUP)


def lying(state: GameState, cid: int, item: str) -> None:
    """Contraband lying in a clearing (taken from its map's supply)."""
    lay(state, item, cid, by=MARQUISE)
    state.item_supply[state.board.map_of(cid)][item] -= 1


def old_man_to(state: GameState, cid: int) -> None:
    """Put the Old Man in a clearing (from his forest)."""
    forest = next(f for f, pieces in state.forests.items() if pieces.get(OLD_MAN))
    shift(state, OLD_MAN, forest, cid, 1)


def crafted(state: GameState, seat: int, step: str) -> GameState:
    """The seat crafts the tea card in its crafting step (a second card in hand keeps the step waiting)."""
    set_hand(state, seat, TEA, "bake-sale")
    return play(goto(check(state), seat, step), f"craft {TEA}")


# --- Old Man Tinker ------------------------------------------------------------------------------------------


def test_3x3_2_the_tinker_crafts_contraband_with_gears_on_the_rival_map_and_a_drone_carries_it() -> None:
    state = fan_game()
    old_man_to(state, 2)
    put(state, 2, "tinker", "gear")
    put(state, 2, "tinker", "drone")
    before = state.item_supply["autumn"]["tea"]
    state = crafted(state, TINKER, "tinker.craft")
    assert state.map_items == [{"item": "tea", "clearing": 2, "carrier": "tinker:drone", "by": TINKER, "points": 2}]
    assert state.seats[TINKER].points == 0 and state.item_supply["autumn"]["tea"] == before - 1


def test_3x3_3_the_tinker_searches_for_a_daylight_action_and_seizes_where_a_crusade_went_for_free() -> None:
    state = fan_game()
    lying(state, 2, "sword")
    lying(state, 13, "boots")
    put(state, 2, "tinker", "drone")
    put(state, 13, "tinker", "drone")
    state = goto(check(state), TINKER, "tinker.actions")
    actions = state.turn.flags["actions"]
    assert legal(state, "search") == ["search 2 sword", "search 13 boots"]
    assert legal(state, "seize") == ["seize 13 boots"]  # Map 2 is the Tinker's home map
    state = play(state, "search 2 sword")
    assert state.map_items[0]["carrier"] == "tinker:drone" and state.turn.flags["actions"] == actions - 1
    state.turn.flags.update({"actions": 0, "crusade": 13})  # the battle after a Crusade into 13 costs nothing
    state = play(state, "seize 13 boots")
    assert state.items_removed == ["boots"] and state.seats[TINKER].points == 1
    assert state.turn.flags["actions"] == 0 and state.turn.flags["crusade"] is None


def test_3x3_3_without_an_action_left_the_tinker_neither_searches_nor_seizes_and_is_told_why() -> None:
    state = fan_game()
    lying(state, 13, "boots")
    put(state, 13, "tinker", "drone")
    state = goto(check(state), TINKER, "tinker.actions")
    state.turn.flags["actions"] = 0
    assert legal(state, "search") == [] and legal(state, "seize") == []
    with pytest.raises(rules.IllegalActionError, match="seizing takes one of your battles"):
        rules.apply(state, rules.parse(state, "seize 13 boots"))


# --- The Spore ---------------------------------------------------------------------------------------------------


def spore_game() -> GameState:
    """The homeland and a mycelium in 13: the Spore commands infected in 13 and next to it (2, 17, 22, 23)."""
    state = fan_game()
    put(state, 13, "spore", "homeland")
    put(state, 13, "spore", "mycelium")
    return state


def test_3x3_2_the_spore_crafts_contraband_with_mushrooms_and_its_infected_carry_it_home_for_points() -> None:
    state = spore_game()
    put(state, 2, "spore", "mushroom", 2)  # two pairs: one is left, so crafting waits (no Evening scoring yet)
    put(state, 2, "marquise", "warrior", 2, controller="spore")
    state = crafted(state, SPORE, "spore.craft")
    carried = {"item": "tea", "clearing": 2, "carrier": "marquise:warrior:spore", "by": SPORE, "points": 2}
    assert state.map_items == [carried] and state.seats[SPORE].points == 0
    set_hand(state, SPORE, "mouse-in-a-sack")  # the bridge fee into 13 (mouse)
    state = play(goto(state, SPORE, "spore.command"), "move 2>13 x1")
    assert state.map_items == [] and state.seats[SPORE].points == 2
    assert [i["item"] for i in state.seats[SPORE].items] == ["tea"]


def test_3x3_3_the_spore_searches_and_seizes_with_a_command_of_infected_it_can_command() -> None:
    state = spore_game()
    lying(state, 13, "sword")
    lying(state, 3, "boots")  # far from the network: those infected can't be commanded
    put(state, 13, "marquise", "warrior", controller="spore")
    put(state, 3, "marquise", "warrior", controller="spore")
    state = goto(check(state), SPORE, "spore.command")
    assert legal(state, "search") == ["search 13 sword"] and legal(state, "seize") == ["seize 13 sword"]
    searched = play(state, "search 13 sword")
    assert searched.map_items[0]["carrier"] == "marquise:warrior:spore" and searched.turn.flags["commands"] == 1
    seized = play(state, "seize 13 sword")
    assert seized.items_removed == ["sword"] and seized.seats[SPORE].points == 1
    assert seized.turn.flags["commands"] == 1


def test_3x3_2_contraband_falls_when_the_spore_infects_its_carriers() -> None:
    state = spore_game()
    put(state, 13, "marquise", "warrior", 2)
    lay(state, "sword", 13, carrier="marquise:warrior", by=MARQUISE)
    state.item_supply["autumn"]["sword"] -= 1
    state = goto(check(state), SPORE, "spore.infection")  # Birdsong: the homeland infects both warriors
    assert state.clearings[12].get("marquise:warrior:spore") == 2
    assert state.map_items[0]["carrier"] is None  # no Marquise warrior carries it any more: it lies there
    assert legal(goto(state, SPORE, "spore.command"), "search") == ["search 13 sword"]


# --- Spinners of Mercy -------------------------------------------------------------------------------------------


def test_3x3_2_the_spinners_craft_contraband_with_an_infirmary_on_the_rival_map_and_a_warrior_carries_it() -> None:
    state = fan_game()
    put(state, 2, "spinners", infirmary_kind("mouse"))
    put(state, 2, "spinners", "warrior")
    state = crafted(state, SPINNERS, "spinners.craft")
    carried = {"item": "tea", "clearing": 2, "carrier": "spinners:warrior", "by": SPINNERS, "points": 2}
    assert state.map_items == [carried]
    assert state.seats[SPINNERS].points == 0


def test_3x3_3_a_spinners_search_starts_a_skitter_and_a_seizure_is_an_action_where_a_web_is() -> None:
    state = fan_game()
    lying(state, 13, "sword")
    put(state, 13, "spinners", "warrior", 2)
    state = goto(check(state), SPINNERS, "spinners.daylight")
    assert legal(state, "search") == ["search 13 sword"] and legal(state, "seize") == []  # no web in 13
    put(state, 13, "spinners", "web")
    assert legal(check(state), "seize") == ["seize 13 sword"]
    searched = play(state, "search 13 sword")
    assert searched.map_items[0]["carrier"] == "spinners:warrior"
    assert searched.turn.flags["actions"] == ACTIONS - 1 and searched.turn.flags["skitter"]
    seized = play(state, "seize 13 sword")
    assert seized.seats[SPINNERS].points == 1 and seized.turn.flags["actions"] == ACTIONS - 1
    assert not seized.turn.flags["skitter"]
