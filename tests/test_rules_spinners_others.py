"""The Spinners of Mercy (seed 001) beside the other factions: the Tinker's drones and robots, a Vagabond hit, a
faction with nothing left on the map, and a whole table's First Response reach.

Autumn map: clearing 5 touches 1 and 2; 1 touches 5, 9 and 10. A fox infirmary in 1 with webs in 1 and 5 makes 5
connected by web to an infirmary (SOM.2.2).
"""

from __future__ import annotations

from rules_helpers import (
    blank_table,
    check,
    count,
    force_dice,
    goto,
    legal,
    play,
    put,
    to_area,
)
from test_rules_tinker import robot
from test_rules_tinker import table as tinker_table
from vagabond_helpers import item_specs, pawn_to, set_items

import rules
from rules.battle import start
from rules.factions.spinners import WARD, response_reach
from rules.factions.tinker import board as tb

S = 2  # the Spinners' seat in these tables


def ward(s: rules.GameState, seat: int = S) -> dict[str, int]:
    return dict(s.seats[seat].areas.get(WARD, {}))


def station(s: rules.GameState) -> rules.GameState:
    """A fox infirmary and a web in 1; a Spinners warrior and a web in 5 (connected by web to the infirmary)."""
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 1, "spinners", "web")
    put(s, 5, "spinners", "web")
    put(s, 5, "spinners", "warrior")
    return s


def battle(s: rules.GameState, attacker: int, cid: int, defender: str, dice: tuple[int, int]) -> rules.GameState:
    """Start a battle with forced dice (the higher die is the attacker's) and run it to the first decision."""
    force_dice(check(s), *dice)
    start(s, attacker, cid, defender)
    rules.flow.advance(s)
    return s


# --- Old Man Tinker: drones are warriors, a robot's gears are not pieces of the clearing -----------------------------


def tinker_station() -> rules.GameState:
    """Eyrie (seat 0), Tinker (seat 1) and Spinners (seat 2), the Spinners' station ready in 1 and 5."""
    s = tinker_table(("eyrie", "tinker", "spinners"))
    return station(s)


def track(s: rules.GameState, name: str) -> int:
    """Gears on a robot's track (the Tinker sits at seat 1 here)."""
    return tb.gears_on(s, 1, name)


def test_drones_hit_in_a_connected_clearing_may_be_carried_to_the_ward_som_2_3():
    s = tinker_station()
    put(s, 5, "tinker", "drone", 2)
    put(s, 5, "eyrie", "warrior", 3)
    s = battle(goto(s, 0, "daylight.cards"), 0, 5, "tinker", (2, 0))
    assert rules.to_act(s) == S and legal(s) == ["pass", "respond 5"]
    s = play(s, "respond 5")
    assert ward(s) == {"tinker:drone": 2} and count(s, 5, "tinker", "drone") == 0
    assert rules.problems(s) == []  # the drones still count in the Tinker's box of tokens, in the Ward


def test_a_discharged_drone_comes_back_a_drone_som_4_1():
    s = tinker_station()
    to_area(s, S, WARD, "tinker", "drone")
    s = goto(check(s), S, "spinners.discharge")
    assert legal(s) == ["discharge tinker 1"]
    s = play(s, "discharge tinker 1")
    assert count(s, 1, "tinker", "drone") == 1 and ward(s) == {} and s.seats[S].points == 1
    check(s)


def test_hits_on_a_robot_drop_gears_and_are_not_answered_som_2_3():
    s = tinker_station()
    robot(s, "birdbot", 5, 2)
    put(s, 5, "eyrie", "warrior", 3)
    s = battle(goto(s, 0, "daylight.cards"), 0, 5, "tinker", (1, 0))
    assert not any(d.get("what") == "respond" for d in s.pending) and ward(s) == {}
    assert track(s, "birdbot") == 1 and count(s, 5, "tinker", "gear") == 1


def test_drones_beside_a_robot_go_to_the_ward_while_the_robots_hit_still_drops_a_gear_som_2_4():
    s = tinker_station()
    robot(s, "birdbot", 5, 2)
    put(s, 5, "tinker", "drone", 1)
    put(s, 5, "eyrie", "warrior", 3)
    s = battle(goto(s, 0, "daylight.cards"), 0, 5, "tinker", (2, 0))
    assert rules.to_act(s) == 1  # the Tinker chooses what takes the first hit; the second falls on the other
    s = play(s, "hit drone")
    assert rules.to_act(s) == S and legal(s) == ["pass", "respond 5"]
    s = play(s, "respond 5")
    assert ward(s) == {"tinker:drone": 1}
    assert track(s, "birdbot") == 1 and count(s, 5, "tinker", "gear") == 1
    check(s)


# --- the Vagabond: a pawn, not a warrior --------------------------------------------------------------------------


def vagabond_station() -> rules.GameState:
    """Marquise, Eyrie, Vagabond (seat 2) and Spinners (seat 3); the Vagabond in 5 with two swords."""
    s = blank_table(("marquise", "eyrie", "vagabond", "spinners"))
    station(s)
    pawn_to(s, 5)
    set_items(s, "sword", "sword", "boots")
    return check(s)


def test_a_vagabond_hit_gives_no_first_response_som_2_3():
    s = vagabond_station()
    put(s, 5, "marquise", "warrior", 3)
    s = battle(goto(s, 0, "marquise.actions"), 0, 5, "vagabond", (2, 0))
    assert not any(d.get("what") == "respond" for d in s.pending) and ward(s, 3) == {}
    while rules.to_act(s) == 2 and s.pending:  # the Vagabond damages two items
        s = play(s, legal(s)[0])
    assert sum("damaged" in i for i in item_specs(s)) == 2


def test_warriors_the_vagabond_hits_may_be_carried_off_som_2_3():
    s = vagabond_station()
    put(s, 5, "marquise", "warrior", 2)
    s = battle(goto(s, 2, "vagabond.daylight"), 2, 5, "marquise", (2, 0))
    assert rules.to_act(s) == 3 and legal(s) == ["pass", "respond 5"]
    s = play(s, "respond 5")
    assert ward(s, 3) == {"marquise:warrior": 2} and count(s, 5, "marquise", "warrior") == 0
    check(s)


# --- a faction with nothing left on the map -------------------------------------------------------------------------


def test_patients_of_a_faction_with_nothing_on_the_map_still_come_back_as_its_warriors():
    s = blank_table(("marquise", "eyrie", "spinners"))
    station(s)
    to_area(s, S, WARD, "eyrie", "warrior", 2)
    assert not any(piece.startswith("eyrie:") for pieces in s.clearings for piece in pieces)
    s = play(goto(check(s), S, "spinners.discharge"), "discharge eyrie 1")
    assert count(s, 1, "eyrie", "warrior") == 1 and ward(s) == {"eyrie:warrior": 1}


def test_the_panel_names_the_clearings_first_response_reaches_som_2_3():
    s = blank_table(("marquise", "eyrie", "spinners"))
    station(s)
    put(s, 10, "spinners", "web")
    put(s, 3, "spinners", "web")  # not joined to the others
    assert response_reach(s) == [1, 5, 10]
    assert "First Response reaches: 1, 5, 10" in rules.view_for(check(s), None)["seats"][S]["panel"]
