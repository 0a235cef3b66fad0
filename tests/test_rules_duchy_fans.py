"""The Underground Duchy (Law of Root 12) beside the fan factions and the 3x3 mode: the Spore's infection (TS.2.4,
TS.4.1), the Spinners' First Response and Ward (SOM.2.3, SOM.2.4, SOM.4.1), Old Man Tinker's drones and robots in
its battles (OMT.2.3, OMT.2.4), and the 3x3 team rules with the Duchy as a Militant (seed 002, sections 2 and 5).

The map is Autumn unless a test says otherwise: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Clearing 5
touches 1 and 2; 9 touches 1, 4 and 12.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    force_dice,
    goto,
    legal,
    pieces,
    play,
    put,
    set_hand,
    to_area,
)
from test_rules_duchy import frontier_table
from test_rules_tinker import robot, tokens
from test_rules_tinker import table as tinker_table

import rules
from rules.battle import start
from rules.factions.duchy import board as db
from rules.factions.spinners import WARD
from rules.factions.tinker import board as tb
from rules.items import lay
from rules.rule import rules as rules_clearing
from rules.state import GameState


def refused(s: GameState, text: str, reason: str) -> None:
    """The action is refused with this reason, and the state is not touched."""
    before = s.digest()
    with pytest.raises(rules.IllegalActionError, match=reason):
        rules.apply(s, rules.parse(s, text))
    assert s.digest() == before


def battle(s: GameState, attacker: int, cid: int, defender: str, dice: tuple[int, int]) -> GameState:
    """Start a battle with forced dice (the higher die is the attacker's) and run it to the first decision."""
    force_dice(check(s), *dice)
    start(s, attacker, cid, defender)
    rules.flow.advance(s)
    return s


# --- the Spore (seed 000) --------------------------------------------------------------------------------------

S0, M1, D2 = 0, 1, 2  # a table of Spore, Marquise and Duchy


def spore_table() -> GameState:
    """Spore (seat 0), Marquise (1), Duchy (2); the Homeland Mushroom and a mycelium in 5, a Duchy tunnel in 5."""
    s = blank_table(("spore", "marquise", "duchy"))
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    put(s, 5, "duchy", "tunnel")
    return s


def test_warriors_in_the_burrow_are_never_infected_12_2_2_ts_4_1():
    """The Burrow touches the Homeland's clearing through the tunnel, but an infection marker is a Spore piece, and
    no non-Duchy piece may be placed in the Burrow (12.2.2): only the warrior on the map is infected."""
    s = spore_table()
    put(s, 1, "duchy", "warrior")
    to_area(s, D2, db.BURROW, "duchy", "warrior", 3)
    s = goto(check(s), S0, "spore.infection")
    assert pieces(s, 1).get("duchy:warrior:spore") == 1
    assert s.seats[D2].areas[db.BURROW] == {"duchy:warrior": 3}
    check(s)


def test_infected_duchy_warriors_cannot_go_down_a_tunnel_12_2_2_ts_2_4():
    s = spore_table()
    put(s, 2, "duchy", "tunnel")
    put(s, 2, "duchy", "warrior", 1)
    put(s, 2, "duchy", "warrior", 2, controller="spore")  # the Spore's now: the Duchy no longer commands them
    s = goto(check(s), D2, "duchy.assembly")
    moves = legal(s, "move")
    assert "move 2>burrow x1" in moves and "move 2>burrow x2" not in moves
    refused(s, "move 2>burrow x2", "you have only 1 warrior in clearing 2")


def test_an_infected_duchy_warrior_is_still_a_duchy_piece_for_sway_12_5_3_ts_2_4():
    """Ownership of a piece never changes (Golden Rules): a clearing with only an infected Duchy warrior still lets
    the Duchy reveal a card of its suit."""
    s = blank_table(("spore", "marquise", "duchy"))
    put(s, 8, "duchy", "warrior", 1, controller="spore")  # fox
    put(s, 7, "duchy", "warrior")  # mouse
    s = goto(set_hand(check(s), D2, "anvil", "sword"), D2, "duchy.sway")
    assert "sway marshal anvil sword" in legal(s, "sway")


# --- the Spinners of Mercy (seed 001) ------------------------------------------------------------------------------

M0, D1, S2 = 0, 1, 2  # a table of Marquise, Duchy and Spinners


def spinners_table() -> GameState:
    """A fox infirmary and a web in 1; a Spinners warrior and a web in 5 (connected by web to the infirmary)."""
    s = blank_table(("marquise", "duchy", "spinners"))
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 1, "spinners", "web")
    put(s, 5, "spinners", "web")
    put(s, 5, "spinners", "warrior")
    return s


def test_first_response_carries_hit_duchy_warriors_to_the_ward_and_they_come_back_at_an_infirmary_som_2_3():
    s = spinners_table()
    put(s, 5, "duchy", "warrior", 2)
    put(s, 5, "duchy", "tunnel")
    put(s, 5, "marquise", "warrior", 3)
    s = battle(goto(s, M0, "daylight.cards"), M0, 5, "duchy", (2, 0))
    assert rules.to_act(s) == S2 and legal(s) == ["pass", "respond 5"]
    s = play(s, "respond 5")
    assert s.seats[S2].areas[WARD] == {"duchy:warrior": 2} and count(s, 5, "duchy", "warrior") == 0
    assert count(s, 5, "duchy", "tunnel") == 1  # the spinner and web went instead of the hits
    s = goto(check(s), S2, "spinners.discharge")
    assert legal(s) == ["discharge duchy 1"]
    below = db.burrow(s, D1)
    s = play(s, "discharge duchy 1")
    assert count(s, 1, "duchy", "warrior") == 1  # at the infirmary, on the map: never into the Burrow
    assert db.burrow(s, D1) == below and s.seats[S2].areas[WARD] == {"duchy:warrior": 1}
    check(s)


# --- Old Man Tinker (seed 004) ----------------------------------------------------------------------------------

M_, D_, T_ = 0, 1, 2  # a table of Marquise, Duchy and Tinker


def test_drones_fight_the_duchy_as_warriors_and_score_nothing_when_removed_omt_2_3():
    s = tinker_table(("marquise", "duchy", "tinker"))
    tokens(s, 9, "drone", 2)
    put(s, 9, "duchy", "warrior", 2)
    s = goto(check(s), D_, "duchy.assembly")
    force_dice(s, 2, 1)
    s = play(s, "battle 9 tinker")
    assert count(s, 9, "tinker", "drone") == 0 and count(s, 9, "duchy", "warrior") == 1
    assert s.seats[D_].points == 0  # drones are warriors: no point (OMT.2.3)
    check(s)


def test_a_hit_on_a_robot_drops_a_gear_that_the_duchy_may_hit_next_omt_2_4():
    s = tinker_table(("marquise", "duchy", "tinker"))
    robot(s, "birdbot", 9, 1)
    put(s, 9, "duchy", "warrior", 3)
    s = goto(check(s), D_, "duchy.assembly")
    force_dice(s, 3, 0)
    s = play(s, "battle 9 tinker")
    assert tb.gears_on(s, T_, "birdbot") == 0 and count(s, 9, "tinker", "gear") == 0  # dropped, then removed
    assert tb.robot_at(s, "birdbot") == 9 and s.seats[D_].points == 1  # the fallen gear is a token: a point
    check(s)


def test_drones_removing_a_citadel_cost_the_price_of_failure_omt_2_3_12_2_3():
    s = tinker_table(("marquise", "duchy", "tinker"))
    tokens(s, 9, "drone", 2)
    put(s, 9, "duchy", "citadel")
    s = goto(check(s), T_, "tinker.actions")
    db.data(s, D_)["swayed"] = ["marshal", "brigadier"]
    s = battle(set_hand(s, D_, "anvil"), T_, 9, "duchy", (1, 0))
    s = play(s, "pass")  # no ambush
    assert count(s, 9, "duchy", "citadel") == 0 and s.seats[T_].points >= 1
    assert db.swayed(s, D_) == ["marshal"] and s.seats[D_].hand == []
    check(s)


# --- the 3x3 mode (seed 002) ---------------------------------------------------------------------------------------


def frontier() -> tuple[GameState, int]:
    """The blank 3x3 table (the Duchy on team B with the Spore and the Spinners) and the Duchy's seat."""
    s = frontier_table()
    seat = s.seat_of("duchy")
    assert seat is not None
    return s, seat


def test_the_duchy_builds_where_its_team_governs_together_3x3_5():
    """One Mole and two Spinners govern against two Cats: the clearing is the team's, so the Duchy may build."""
    s, duchy = frontier()
    put(s, 6, "duchy", "warrior")
    put(s, 6, "spinners", "warrior", 2)
    put(s, 6, "marquise", "warrior", 2)
    assert rules_clearing(s, duchy, 6) and not rules_clearing(s, 0, 6)
    s = goto(set_hand(check(s), duchy, "anvil"), duchy, "duchy.assembly")
    assert "build citadel 6 anvil" in legal(s, "build")
    s = play(s, "build citadel 6 anvil")
    assert count(s, 6, "duchy", "citadel") == 1


def test_the_duchy_never_battles_its_teammates_3x3_5():
    s, duchy = frontier()
    put(s, 6, "duchy", "warrior", 2)
    put(s, 6, "spinners", "warrior")
    s = goto(set_hand(check(s), duchy, "anvil"), duchy, "duchy.assembly")
    assert legal(s, "battle") == []
    refused(s, "battle 6 spinners", "is on your team: you battle only enemies")


def test_contraband_goes_no_deeper_than_the_tunnel_3x3_2_12_2_2():
    """The Burrow is off the map: warriors going down a tunnel leave the contraband they carry lying in the
    clearing (they could not otherwise bring it home without crossing a bridge)."""
    s, duchy = frontier()
    put(s, 6, "duchy", "warrior", 2)
    put(s, 6, "duchy", "tunnel")
    lay(s, "sword", 6, carrier="duchy:warrior", by=duchy)
    s.item_supply["autumn"]["sword"] -= 1
    s = goto(check(s), duchy, "duchy.assembly")
    s = play(s, "move 6>burrow x1")
    assert s.map_items[0]["carrier"] == "duchy:warrior"  # one carrier is still there
    s = play(s, "move 6>burrow x1")
    assert s.map_items[0]["clearing"] == 6 and s.map_items[0]["carrier"] is None
    assert db.burrow(s, duchy) == 2
    check(s)


def test_the_marshal_s_move_searches_the_rubble_and_the_captain_s_battle_seizes_3x3_2_12_5_2():
    s, duchy = frontier()
    home = next(c for c in s.board.ids() if s.board.map_of(c) == "winter")
    put(s, 6, "duchy", "warrior")
    lay(s, "sword", 6, by=0)
    s.item_supply["autumn"]["sword"] -= 1
    put(s, home, "duchy", "warrior")
    lay(s, "hammer", home, by=0)
    s.item_supply["autumn"]["hammer"] -= 1
    db.data(s, duchy)["swayed"] = ["marshal", "captain"]
    s = goto(check(s), duchy, "duchy.parliament")
    assert not legal(s, "search") and not legal(s, "seize")  # only a minister under way pays for one
    s = play(s, "minister marshal")
    assert "search 6 sword" in legal(s, "search") and legal(s, "seize") == []
    s = play(s, "search 6 sword")
    assert s.map_items[0]["carrier"] == "duchy:warrior" and db.flags(s)["worked"] == ["marshal"]
    s = play(s, "minister captain")
    assert legal(s, "seize") == [f"seize {home} hammer"]
    s = play(s, f"seize {home} hammer")  # with nothing left to do, the turn goes on
    assert [i["item"] for i in s.map_items] == ["sword"] and s.seats[duchy].points == 1
    check(s)
