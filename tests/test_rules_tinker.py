"""Old Man Tinker (seed 004, sections OMT.1-OMT.6): one test or more per paragraph, each naming its section.

Tables are Marquise (seat 0), Eyrie (seat 1) and Tinker (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Forests: A (1, 2, 5, 10), B (1, 9, 10, 12),
C (2, 6, 10, 11, 12), D (4, 9, 12), E (4, 7, 8, 12), F (3, 7, 11, 12), G (3, 6, 11).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import ClassVar

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    craft_for,
    discard_keys,
    force_dice,
    goto,
    hand_keys,
    legal,
    new_table,
    play,
    play_events,
    public_text,
    put,
    set_hand,
    step,
    to_discard,
)

import rules
from rules import registry
from rules.actions import WORD, Action, Build, parse_pattern, register_for
from rules.battle import start
from rules.factions.tinker import board as tb
from rules.factions.tinker.actions import Flip, Restructure
from rules.factions.tinker.board import FACTORY, GEAR, OLD_MAN
from rules.rng import below
from rules.rule import ruler
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "tinker")
M, E, T = 0, 1, 2


# --- literal states -----------------------------------------------------------------------------------------


def table(factions: tuple[str, ...] = FACTIONS) -> GameState:
    """A game past setup with an empty map, empty hands and bare robot tracks (robots and Old Man in the supply)."""
    s = blank_table(factions)
    seat = s.seats[s.seat_of("tinker") or 0]
    for robot in tb.ROBOTS:
        seat.supply[tb.FAMILY] += seat.areas.get(robot, {}).get(GEAR, 0)
        seat.areas[robot] = {}
    for fid in list(s.forests):
        for piece, n in list(s.forests[fid].items()):
            if piece.startswith("tinker:"):
                tb.to_supply(s, s.seat_of("tinker") or 0, fid, piece, n)
    return check(s)


def robot(s: GameState, name: str, cid: int, gears: int) -> GameState:
    """Put a robot in a clearing with gears on its track, all from the Tinker's supply."""
    seat = s.seat_of("tinker")
    assert seat is not None
    put(s, cid, "tinker", name)
    s.seats[seat].supply[tb.FAMILY] -= gears
    tb.set_gears(s, seat, name, gears)
    return s


def old_man(s: GameState, where: int | str) -> GameState:
    """Put the Old Man in a clearing (an int) or a forest (its id)."""
    seat = s.seat_of("tinker")
    assert seat is not None
    s.seats[seat].supply["oldman"] -= 1
    tb.add(s, where, OLD_MAN, 1)
    return s


def tokens(s: GameState, cid: int, side: str, n: int = 1) -> GameState:
    """Put n Tinker tokens with a side up in a clearing."""
    return put(s, cid, "tinker", side, n)


def attacked(s: GameState, cid: int, first: int, second: int) -> GameState:
    """The Eyrie battle the Tinker in a clearing with the dice forced (the higher die is the Eyrie's)."""
    force_dice(check(s), first, second)
    s = goto(s, E, "daylight.cards")
    start(s, E, cid, "tinker")
    rules.flow.advance(s)
    return s


def track(s: GameState, name: str) -> int:
    return tb.gears_on(s, T, name)


def level(s: GameState, n: int, marker: str = "gear") -> GameState:
    s.seats[T].data["level"] = n
    s.seats[T].data["marker"] = marker
    return s


# --- OMT.3 setup --------------------------------------------------------------------------------------------


def test_setup_gathers_the_pieces_and_readies_the_machines_omt_3_2():
    s = new_table(FACTIONS)
    seat = s.seats[T]
    assert seat.supply == {"oldman": 0, "birdbot": 0, "wolfbot": 0, "catbot": 0, "gear": 9, "factory": 3}
    assert all(track(s, r) == 2 for r in tb.ROBOTS)  # two gears each, the leftmost of three spaces empty
    assert tb.level(s, T) == 1 and tb.marker(s, T) == "gear"
    assert tb.factories(s) == []
    check(s)


def test_materialize_puts_the_robots_in_a_clearing_with_fewest_pieces_and_the_old_man_next_to_it_omt_3_1():
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 1)
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    assert rules.to_act(s) == T
    offered = legal(s)
    # The garrison leaves one warrior in most clearings; the keep's, the buildings' and the roost's hold more.
    assert "materialize 2 fA" in offered and "materialize 2 fC" in offered and "materialize 2 fB" not in offered
    assert not any(a.split()[1] in ("1", "3", "5", "9") for a in offered)
    with pytest.raises(rules.IllegalActionError, match="fewest pieces"):
        rules.parse(s, "materialize 5 fA")
    s = play(s, "materialize 2 fC")
    assert all(tb.robot_at(s, r) == 2 for r in tb.ROBOTS)
    assert tb.old_man(s) == "C"
    check(s)


def test_tinker_answers_to_its_aliases():
    for alias in ("tinker", "old-man-tinker", "omt", "beaver"):
        s = rules.new_game({"factions": ["marquise", alias]}, 1)
        assert s.seats[1].faction == "tinker"


# --- OMT.2.1 crafting ---------------------------------------------------------------------------------------


def test_crafting_removes_gears_from_the_old_mans_clearing_omt_2_1():
    s = table()
    old_man(s, 12)
    tokens(s, 12, "gear", 2)
    tokens(s, 12, "drone", 3)  # drones are no crafting pieces
    tokens(s, 1, "gear", 2)  # gears away from the Old Man neither
    set_hand(s, T, "foxfolk-steel", "favor-of-the-foxes", "anvil")
    s = goto(check(s), T, "tinker.craft")
    offered = legal(s, "craft")
    assert "craft foxfolk-steel" in offered and "craft anvil" in offered
    assert "craft favor-of-the-foxes" not in offered  # three fox: only two gears there
    s = play(s, "craft foxfolk-steel")
    assert count(s, 12, "tinker", "gear") == 0 and count(s, 12, "tinker", "drone") == 3
    assert count(s, 1, "tinker", "gear") == 2
    assert s.seats[T].points == 2 and s.seats[T].supply["gear"] == 15 - 7 + 2
    assert legal(s, "craft") == []  # the gears are used up
    check(s)


def test_no_crafting_while_the_old_man_is_in_a_forest_omt_2_1():
    s = table()
    old_man(s, "B")
    tokens(s, 12, "gear", 2)
    set_hand(s, T, "anvil")
    s = goto(check(s), T, "tinker.craft")
    assert step(s) != (T, "tinker.craft")  # nothing could be crafted: the step passes by itself


# --- OMT.2.2 the Old Man ------------------------------------------------------------------------------------


def bustle_table() -> GameState:
    s = table()
    old_man(s, 12)
    put(s, 12, "marquise", "warrior", 3)
    put(s, 9, "eyrie", "warrior", 2)
    return goto(check(s), T, "tinker.bustle")


def test_the_old_man_ignores_rule_and_moves_between_forests_and_clearings_omt_2_2():
    s = bustle_table()
    offered = legal(s, "bustle")
    assert "bustle 12>9" in offered  # the Tinker rules neither 12 nor 9
    assert "bustle 12>fB" in offered and "bustle 12>fE" in offered
    s = play(s, "bustle 12>fD", "bustle fD>fE", "bustle fE>8")
    assert tb.old_man(s) == 8
    assert legal(s, "bustle") == []  # three moves at most


def test_the_old_man_is_treated_as_a_token_in_battle_omt_2_2():
    s = table()
    old_man(s, 9)
    tokens(s, 9, "drone", 1)
    put(s, 9, "eyrie", "warrior", 3)
    s = attacked(s, 9, 3, 0)
    # three hits: the drone (a warrior) goes first, then the Tinker chooses among the Old Man and nothing else
    assert count(s, 9, "tinker", "drone") == 0
    assert tb.old_man(s) is None  # off the map until the Tinker places him
    assert s.seats[E].points == 1  # removing the Old Man scores one point (3.2.1)
    assert rules.to_act(s) == T and s.pending[0]["what"] == "oldman"
    assert sorted(legal(s)) == ["oldman fB", "oldman fD"]
    s = play(s, "oldman fD")
    assert tb.old_man(s) == "D"
    check(s)


def test_a_lone_old_man_makes_the_tinker_defenseless_and_lands_in_the_only_forest_omt_2_2():
    s = table()
    old_man(s, 8)  # clearing 8 touches forest E only
    put(s, 8, "marquise", "warrior", 1)
    force_dice(check(s), 0, 0)
    s = goto(s, M, "marquise.actions")
    s, events = play_events(s, "battle 8 tinker")
    assert "defenseless" in public_text(events)
    assert tb.old_man(s) == "E" and s.seats[M].points == 1
    assert not s.pending
    check(s)


# --- OMT.2.3 two-sided tokens -------------------------------------------------------------------------------


def test_drones_are_warriors_and_gears_are_tokens_omt_2_3():
    s = table()
    tokens(s, 9, "drone", 2)
    put(s, 9, "eyrie", "warrior", 1)
    tokens(s, 1, "gear", 3)
    put(s, 1, "eyrie", "warrior", 1)
    check(s)
    assert ruler(s, 9) == "tinker"  # drones rule
    assert ruler(s, 1) == "eyrie"  # gears don't
    s = attacked(s, 9, 2, 2)
    # the drones are not defenseless, deal hits and are worth nothing
    assert count(s, 9, "eyrie", "warrior") == 0 and count(s, 9, "tinker", "drone") == 1
    assert s.seats[E].points == 0
    s = attacked(s, 1, 3, 0)
    # defenseless: 1 rolled hit + 1 extra; a point per gear removed and the Despot's extra point
    assert count(s, 1, "tinker", "gear") == 1 and s.seats[E].points == 3
    check(s)


def test_both_sides_share_one_supply_of_fifteen_omt_2_3():
    s = table()
    assert s.seats[T].supply["gear"] == 15
    tokens(s, 3, "drone", 4)
    tokens(s, 3, "gear", 5)
    assert s.seats[T].supply["gear"] == 6
    check(s)


# --- OMT.2.4 robots -----------------------------------------------------------------------------------------


def test_gears_on_a_robot_are_warriors_for_rule_omt_2_4():
    s = table()
    robot(s, "birdbot", 9, 2)
    put(s, 9, "eyrie", "warrior", 1)
    check(s)
    assert ruler(s, 9) == "tinker"
    robot(s, "wolfbot", 9, 2)
    put(s, 9, "marquise", "warrior", 3)
    assert ruler(s, 9) == "tinker"  # two robots with two gears each: four warriors
    put(s, 9, "marquise", "warrior", 1)
    assert ruler(s, 9) is None  # four against four


def test_gears_on_a_robot_deal_hits_and_a_hit_drops_the_leftmost_gear_in_the_clearing_omt_2_4():
    s = table()
    robot(s, "birdbot", 9, 3)
    put(s, 9, "eyrie", "warrior", 3)
    force_dice(check(s), 3, 2)
    s = goto(s, T, "tinker.actions")
    s, events = play_events(s, "battle 9 eyrie")
    assert "Old Man Tinker rolls 3 hits, Eyrie Dynasties rolls 2 hits" in public_text(events)
    assert count(s, 9, "eyrie", "warrior") == 0
    assert track(s, "birdbot") == 1 and count(s, 9, "tinker", "gear") == 2
    assert tb.robot_at(s, "birdbot") == 9
    check(s)


def test_the_tinker_chooses_between_drones_and_robots_when_hit_omt_2_4():
    s = table()
    robot(s, "birdbot", 9, 2)
    tokens(s, 9, "drone", 2)
    put(s, 9, "eyrie", "warrior", 3)
    s = attacked(s, 9, 1, 1)
    assert rules.to_act(s) == T and sorted(legal(s)) == ["hit birdbot", "hit drone"]
    s = play(s, "hit birdbot")
    assert track(s, "birdbot") == 1 and count(s, 9, "tinker", "drone") == 2 and count(s, 9, "tinker", "gear") == 1


def test_spilled_gears_can_be_hit_in_the_same_battle_omt_2_4():
    s = table()
    robot(s, "catbot", 9, 1)
    put(s, 9, "eyrie", "warrior", 3)
    s = attacked(s, 9, 3, 0)
    # three hits: the gear falls off the robot, then the fallen gear is removed (a token, one point)
    assert track(s, "catbot") == 0 and count(s, 9, "tinker", "gear") == 0
    assert s.seats[E].points == 2  # one point for the gear, one more for the Despot
    assert tb.robot_at(s, "catbot") == 9  # made of metal
    check(s)


def test_a_broken_robot_cannot_rule_move_or_take_hits_but_is_still_a_piece_omt_2_4():
    s = table()
    robot(s, "wolfbot", 9, 0)
    old_man(s, 12)
    put(s, 9, "eyrie", "warrior", 1)
    check(s)
    assert ruler(s, 9) == "eyrie"
    s = goto(s, T, "tinker.actions")
    assert not any(a.startswith("crusade 9>") for a in legal(s))
    assert "battle 9 eyrie" not in legal(s)
    s = goto(s, E, "daylight.cards")
    from rules.battle import battle_options

    assert any(b.defender == "tinker" for b in battle_options(s, E, [9]))  # the robot is still a Tinker piece there


def test_robots_cannot_be_removed_and_a_favor_takes_their_gears_omt_2_4():
    s = table()
    robot(s, "birdbot", 9, 2)
    tokens(s, 9, "drone", 1)
    put(s, 2, "marquise", "workshop")
    put(s, 7, "marquise", "workshop")
    put(s, 11, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-mice")
    s = goto(check(s), M, "marquise.craft")
    s, events = play_events(s, "craft favor-of-the-mice")
    assert tb.robot_at(s, "birdbot") == 9 and track(s, "birdbot") == 0
    assert count(s, 9, "tinker", "drone") == 0
    assert "made of metal" in public_text(events)
    check(s)


def test_option_keep_leaves_the_robots_gears_after_a_favor_omt_2_4():
    s = table()
    s.options = {**s.options, "tinker_full_removal": "keep"}
    robot(s, "birdbot", 9, 2)
    put(s, 2, "marquise", "workshop")
    put(s, 7, "marquise", "workshop")
    put(s, 11, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-mice")
    s = play(goto(check(s), M, "marquise.craft"), "craft favor-of-the-mice")
    assert tb.robot_at(s, "birdbot") == 9 and track(s, "birdbot") == 2
    check(s)


def test_a_crusade_moves_robots_with_their_gears_omt_2_4_omt_5_1():
    s = table()
    robot(s, "birdbot", 9, 2)
    robot(s, "catbot", 9, 1)
    robot(s, "wolfbot", 9, 0)
    tokens(s, 9, "drone", 1)
    s = goto(check(s), T, "tinker.actions")
    offered = legal(s, "crusade")
    assert "crusade 9>4 birdbot+catbot" in offered and "crusade 9>4 x1 birdbot" in offered
    assert not any("wolfbot" in a for a in offered)  # broken: it can't move
    s = play(s, "crusade 9>4 x1 birdbot+catbot")
    assert tb.robot_at(s, "birdbot") == 4 and tb.robot_at(s, "catbot") == 4 and tb.robot_at(s, "wolfbot") == 9
    assert count(s, 4, "tinker", "drone") == 1 and track(s, "birdbot") == 2
    assert ruler(s, 4) == "tinker"


# --- OMT.2.5 factories --------------------------------------------------------------------------------------


def test_the_robots_of_a_crusade_may_be_named_in_any_order_omt_5_1():
    s = table()
    robot(s, "birdbot", 9, 2)
    robot(s, "catbot", 9, 1)
    s = goto(check(s), T, "tinker.actions")
    assert rules.parse(s, "crusade 9>4 catbot+birdbot").notation() == "crusade 9>4 birdbot+catbot"


def test_a_refused_crusade_of_robots_alone_gives_the_reason_not_a_drone_count_omt_5_1():
    s = table()
    robot(s, "birdbot", 9, 1)
    put(s, 9, "eyrie", "warrior", 3)
    put(s, 4, "eyrie", "warrior", 3)
    s = goto(check(s), T, "tinker.actions")
    with pytest.raises(rules.IllegalActionError, match="you rule neither clearing 9 nor clearing 4") as refused:
        rules.parse(s, "crusade 9>4 birdbot")
    assert "drone" not in str(refused.value)


def build_table(*ruled: int) -> GameState:
    s = table()
    for cid in ruled:
        tokens(s, cid, "drone", 1)
    return goto(check(s), T, "tinker.build")


def test_factories_go_in_ruled_clearings_at_most_three_never_two_in_one_omt_2_5_omt_5_2():
    s = build_table(1, 3, 4, 6)
    assert sorted(legal(s, "build")) == ["build factory 1", "build factory 3", "build factory 4", "build factory 6"]
    s = play(s, "build factory 1", "build factory 4")
    assert "build factory 1" not in legal(s, "build")  # never two in one clearing
    s = play(s, "build factory 6")
    assert tb.factories(s) == [1, 4, 6] and s.seats[T].points == 0
    assert s.turn.step != "tinker.build"  # all three built: nothing more to do, the step ends by itself
    s.turn.step = "tinker.build"
    assert "all three factories" in rules.explain(s, T, Build("factory", 3))


def test_a_factory_may_have_only_one_other_adjacent_omt_2_5():
    s = build_table(1, 5, 2, 9)  # 1-5, 5-2, 1-9 are paths
    s = play(s, "build factory 5")
    offered = legal(s, "build")
    assert "build factory 1" in offered and "build factory 2" in offered and "build factory 9" in offered
    s = play(s, "build factory 1")
    offered = legal(s, "build")
    assert "build factory 2" not in offered  # 5 would have two neighbours
    assert "build factory 9" not in offered  # 1 would have two neighbours
    s.turn.step = "tinker.build"  # (with nothing left to build the step ended by itself)
    assert "more than one other factory" in rules.explain(s, T, Build("factory", 2))


def test_meltdown_lowers_production_once_per_removal_omt_2_5():
    s = table()
    level(s, 3)
    put(s, 9, "tinker", "factory")
    put(s, 9, "eyrie", "warrior", 2)
    s = attacked(s, 9, 2, 0)
    assert tb.factories(s) == [] and tb.level(s, T) == 2 and s.seats[E].points == 2  # a building, and the Despot
    check(s)


def test_a_favor_removing_two_factories_lowers_production_by_one_omt_2_5():
    s = table()
    level(s, 3)
    put(s, 2, "tinker", "factory")
    put(s, 9, "tinker", "factory")
    for cid in (7, 11, 2):
        put(s, cid, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-mice")
    s = play(goto(check(s), M, "marquise.craft"), "craft favor-of-the-mice")
    assert tb.factories(s) == [] and tb.level(s, T) == 2


def test_meltdown_stops_at_the_lowest_level_omt_2_5():
    s = table()
    put(s, 9, "tinker", "factory")
    put(s, 9, "eyrie", "warrior", 2)
    s = attacked(s, 9, 2, 0)
    assert tb.level(s, T) == 1


# --- OMT.2.6 / OMT.4.2 production ---------------------------------------------------------------------------


def test_production_places_tokens_marker_side_up_and_scores_a_point_per_factory_omt_2_6_omt_4_2():
    s = table()
    level(s, 2, "drone")
    put(s, 3, "tinker", "factory")
    put(s, 8, "tinker", "factory")
    s = goto(check(s), T, "tinker.produce")
    assert count(s, 3, "tinker", "drone") == 2 and count(s, 8, "tinker", "drone") == 2
    assert s.seats[T].points == 2
    check(s)


def test_a_short_supply_places_what_is_left_and_scores_nothing_omt_2_6():
    s = table()
    level(s, 3)
    put(s, 3, "tinker", "factory")
    tokens(s, 4, "drone", 13)  # two tokens left in the supply
    s = goto(check(s), T, "tinker.produce")
    assert count(s, 3, "tinker", "gear") == 2 and s.seats[T].points == 0


def test_with_too_few_tokens_for_every_factory_the_tinker_chooses_the_order_omt_2_6():
    s = table()
    level(s, 2)
    put(s, 3, "tinker", "factory")
    put(s, 8, "tinker", "factory")
    tokens(s, 4, "drone", 12)  # three tokens left: one factory full, the other one short
    s = goto(check(s), T, "tinker.produce")
    assert rules.to_act(s) == T and sorted(legal(s)) == ["produce 3", "produce 8"]
    s = play(s, "produce 8")
    assert count(s, 8, "tinker", "gear") == 2 and count(s, 3, "tinker", "gear") == 1
    assert s.seats[T].points == 1
    check(s)


# --- OMT.4 Do-Over ------------------------------------------------------------------------------------------


def test_do_over_removes_every_tinker_piece_and_sets_up_again_omt_4():
    s = new_table(FACTIONS)
    tb.add(s, 7, FACTORY, 1)
    s.seats[T].supply["factory"] -= 1
    tokens(s, 2, "drone", 2)
    s.seats[T].points = 4
    level(s, 3, "drone")
    s = goto(check(s), T, "tinker.doover")
    here = tb.robot_at(s, "birdbot")
    offered = legal(s)
    assert offered[0] == "end" and any(a.startswith("doover ") for a in offered)
    target = next(a for a in offered if a.startswith("doover ") and not a.startswith(f"doover {here} "))
    s, events = play_events(s, target)
    cid = int(target.split()[1])
    assert all(tb.robot_at(s, r) == cid for r in tb.ROBOTS)
    # two gears on each track again (the breakage roll that follows may have dropped one in the clearing)
    assert sum(track(s, r) for r in tb.ROBOTS) + count(s, cid, "tinker", "gear") == 6
    assert tb.factories(s) == [] and not any(count(s, c, "tinker", "drone") for c in s.board.ids())
    assert tb.level(s, T) == 1 and tb.marker(s, T) == "gear"
    assert s.seats[T].points == 4 and s.seats[M].points == 0 and s.seats[E].points == 0
    assert step(s) == (T, "tinker.bustle")  # the roll and Production follow
    check(s)


def test_omt_4_do_over_counts_after_the_tinker_leaves():
    # OMT.4 with OMT.3.1: the Tinker's own pieces leave before the fewest pieces are counted.
    s = table()
    robot(s, "catbot", 3, 0)  # broken
    robot(s, "birdbot", 5, 2)
    robot(s, "wolfbot", 5, 1)
    old_man(s, 3)
    for cid in s.board.ids():
        if cid != 3:
            put(s, cid, "marquise", "warrior")
    s = goto(check(s), T, "tinker.doover")
    sites = {a.split()[1] for a in legal(s, "doover")}
    assert sites == {"3"}
    s = play(s, "doover 3 fG")
    assert all(tb.robot_at(s, r) == 3 for r in tb.ROBOTS) and tb.old_man(s) == "G"
    check(s)


def test_do_over_may_be_declined_omt_4():
    s = goto(new_table(FACTIONS), T, "tinker.doover")
    before = {r: tb.robot_at(s, r) for r in tb.ROBOTS}
    s = play(s, "end")
    assert {r: tb.robot_at(s, r) for r in tb.ROBOTS} == before


# --- OMT.4.1 the breakage roll ------------------------------------------------------------------------------


def breakage_position(faces: list[int]) -> int:
    """An rng position whose next breakage dice show these faces (0-1 birdbot, 2-3 wolfbot, 4-5 catbot)."""
    position = 0
    while True:
        p, got = position, []
        for _ in faces:
            p, face = below(p, 6)
            got.append(face)
        if got == faces:
            return position
        position += 1


def test_the_breakage_roll_deals_one_hit_at_most_per_robot_shown_omt_4_1():
    s = table()
    level(s, 3)
    robot(s, "birdbot", 9, 3)
    robot(s, "wolfbot", 9, 2)
    robot(s, "catbot", 12, 1)
    s.rng = breakage_position([0, 1, 3])  # two birdbots and a wolfbot
    s, events = play_events(goto(check(s), T, "tinker.doover"), "end")
    assert "birdbot, birdbot, wolfbot" in public_text(events)
    assert track(s, "birdbot") == 2 and track(s, "wolfbot") == 1 and track(s, "catbot") == 1
    assert count(s, 9, "tinker", "gear") == 2
    check(s)


def test_the_number_of_breakage_dice_is_the_production_level_omt_4_1():
    s = table()
    robot(s, "catbot", 12, 2)
    s.rng = breakage_position([4])
    s, events = play_events(goto(check(s), T, "tinker.doover"), "end")
    assert "rolls the breakage dice: catbot." in public_text(events)
    assert track(s, "catbot") == 1


# --- OMT.4.3 Bustle -----------------------------------------------------------------------------------------


def test_bustle_carries_up_to_three_gears_picking_up_and_dropping_en_route_omt_4_3():
    s = table()
    old_man(s, 9)
    tokens(s, 9, "gear", 4)
    tokens(s, 4, "gear", 1)
    s = goto(check(s), T, "tinker.bustle")
    offered = legal(s, "bustle")
    assert "bustle 9>4 x3" in offered and "bustle 9>4 x4" not in offered
    s = play(s, "bustle 9>4 x2", "bustle 4>12 x3")
    assert count(s, 9, "tinker", "gear") == 2 and count(s, 4, "tinker", "gear") == 0
    assert count(s, 12, "tinker", "gear") == 3 and tb.old_man(s) == 12


def test_the_prompts_name_the_setup_verb_and_count_the_moves_left_omt_3_omt_4_3():
    s = rules.new_game({"factions": list(FACTIONS)}, 3)
    assert registry.faction("tinker").setup_prompt(s, T).startswith("materialize: the robots in a clearing")
    s = table()
    old_man(s, 9)
    s = play(goto(check(s), T, "tinker.bustle"), "bustle 9>4", "bustle 4>9")
    assert "(1 move left: bustle" in registry.faction("tinker").prompt(s, T, "tinker.bustle")


def test_gears_carried_into_a_forest_must_be_carried_out_omt_4_3():
    s = table()
    old_man(s, 9)
    tokens(s, 9, "gear", 2)
    s = goto(check(s), T, "tinker.bustle")
    s = play(s, "bustle 9>fD x2")
    assert s.forests["D"].get(GEAR) == 2
    assert "end" not in legal(s)
    offered = legal(s, "bustle")
    assert offered and all(a.endswith(" x2") for a in offered)
    s = play(s, "bustle fD>fE x2")  # one move left after this one: still allowed
    offered = legal(s, "bustle")
    assert offered and all(not a.split()[1].split(">")[1].startswith("f") for a in offered)
    s = play(s, "bustle fE>8 x2")
    assert count(s, 8, "tinker", "gear") == 2 and not s.forests["E"]
    check(s)


# --- OMT.5.1 Daylight actions -------------------------------------------------------------------------------


def test_four_actions_then_only_ending_omt_5_1():
    s = table()
    old_man(s, 9)
    tokens(s, 9, "gear", 3)
    tokens(s, 9, "drone", 3)
    s = goto(check(s), T, "tinker.actions")
    s = play(s, "tinker drone x1", "tinker gear x1", "tinker drone x3")
    assert s.turn.flags["actions"] == 1
    s = play(s, "tinker gear x2")
    assert step(s) == (T, "tinker.build")  # the fourth action used: Daylight goes on to building
    fifth = rules.explain(s, T, Flip("drone", 1))
    assert "Daylight actions are over" in fifth and "after crafting" not in fifth
    s.turn.step = "tinker.actions"
    assert "four Daylight actions" in rules.explain(s, T, Flip("drone", 1))


def test_tinker_flips_up_to_three_tokens_in_the_old_mans_clearing_omt_5_1():
    s = table()
    old_man(s, 9)
    tokens(s, 9, "gear", 4)
    tokens(s, 4, "gear", 2)
    robot(s, "birdbot", 9, 2)
    s = goto(check(s), T, "tinker.actions")
    offered = legal(s, "tinker")
    assert offered == ["tinker drone x1", "tinker drone x2", "tinker drone x3"]
    s = play(s, "tinker drone x3")
    assert count(s, 9, "tinker", "drone") == 3 and count(s, 9, "tinker", "gear") == 1
    assert track(s, "birdbot") == 2 and count(s, 4, "tinker", "gear") == 2  # tracks and other clearings untouched
    assert ruler(s, 9) == "tinker"


def test_repair_puts_up_to_three_gears_on_a_robot_in_the_old_mans_clearing_omt_5_1():
    s = table()
    old_man(s, 9)
    tokens(s, 9, "gear", 4)
    robot(s, "wolfbot", 9, 0)
    robot(s, "birdbot", 9, 2)
    robot(s, "catbot", 4, 0)
    s = goto(check(s), T, "tinker.actions")
    offered = legal(s, "repair")
    assert offered == ["repair birdbot x1", "repair wolfbot x1", "repair wolfbot x2", "repair wolfbot x3"]
    s = play(s, "repair wolfbot x3")
    assert track(s, "wolfbot") == 3 and count(s, 9, "tinker", "gear") == 1
    assert ruler(s, 9) == "tinker"
    with pytest.raises(rules.IllegalActionError, match="catbot is not in the Old Man's clearing"):
        rules.parse(s, "repair catbot x1")


def test_a_crusade_may_battle_in_its_destination_without_another_action_omt_5_1():
    s = table()
    tokens(s, 9, "drone", 3)
    put(s, 4, "eyrie", "warrior", 1)
    s = goto(check(s), T, "tinker.actions")
    s = play(s, "crusade 9>4 x3")
    assert s.turn.flags["actions"] == 3
    assert "battle 4 eyrie" in legal(s, "battle")
    force_dice(s, 1, 0)
    s = play(s, "battle 4 eyrie")
    assert s.turn.flags["actions"] == 3 and count(s, 4, "eyrie", "warrior") == 0


def test_a_crusade_battle_alone_costs_an_action_and_a_later_action_ends_the_crusade_omt_5_1():
    s = table()
    tokens(s, 9, "drone", 3)
    put(s, 4, "eyrie", "warrior", 1)
    put(s, 9, "eyrie", "warrior", 1)
    old_man(s, 9)
    tokens(s, 9, "gear", 1)
    s = goto(check(s), T, "tinker.actions")
    force_dice(s, 0, 0)
    s = play(s, "battle 9 eyrie")
    assert s.turn.flags["actions"] == 3
    s = play(s, "crusade 9>4 x1", "tinker drone x1")
    assert s.turn.flags["actions"] == 1
    force_dice(s, 0, 0)
    s = play(s, "battle 4 eyrie")  # no longer the Crusade's battle: it costs the last action
    assert s.turn.flags["actions"] == 0


def test_crusade_moves_need_rule_of_either_clearing_omt_5_1():
    s = table()
    tokens(s, 9, "drone", 1)
    put(s, 9, "eyrie", "warrior", 2)
    put(s, 4, "eyrie", "warrior", 1)
    s = goto(check(s), T, "tinker.actions")
    assert "crusade 9>4 x1" not in legal(s, "crusade")
    with pytest.raises(rules.IllegalActionError, match="rule neither"):
        rules.parse(s, "crusade 9>4 x1")
    with pytest.raises(rules.IllegalActionError, match="Crusade"):
        rules.parse(s, "move 9>4 x1")


def test_overproduce_spends_a_matching_card_for_production_without_a_point_omt_5_1():
    s = table()
    level(s, 2, "drone")
    put(s, 3, "tinker", "factory")
    set_hand(s, T, "bake-sale", "anvil")
    s = goto(check(s), T, "tinker.actions")
    assert legal(s, "overproduce") == ["overproduce 3 bake-sale"]
    s = play(s, "overproduce 3 bake-sale")
    assert count(s, 3, "tinker", "drone") == 2 and s.seats[T].points == 0
    assert hand_keys(s, T) == ["anvil"] and "bake-sale" in discard_keys(s)


# --- OMT.6 Evening ------------------------------------------------------------------------------------------


def test_restructure_raises_lowers_and_flips_with_matching_cards_omt_6_1():
    s = table()
    put(s, 3, "tinker", "factory")
    set_hand(s, T, "bake-sale", "ambush-bird", "anvil", "a-visit-to-friends")
    s = goto(check(s), T, "tinker.restructure")
    offered = legal(s, "restructure")
    assert "restructure up bake-sale" in offered and "restructure up ambush-bird" in offered  # birds are wild
    assert not any(a.startswith("restructure down") for a in offered)  # already at the lowest
    assert not any("anvil" in a for a in offered)  # fox: no factory there
    s = play(s, "restructure up bake-sale", "restructure flip ambush-bird", "restructure up a-visit-to-friends")
    assert tb.level(s, T) == 3 and tb.marker(s, T) == "drone"
    assert hand_keys(s, T) == ["anvil"]


def test_evening_draws_two_cards_omt_6_2():
    s = table()
    old_man(s, "A")
    to_discard(s, "anvil")
    s = goto(check(s), T, "tinker.restructure")
    # no factory: nothing to restructure; the Old Man is in a forest: nothing to salvage, two cards drawn
    assert len(s.seats[T].hand) == 2 and s.turn.seat != T


def test_evening_may_take_a_matching_discard_instead_omt_6_2():
    s = table()
    old_man(s, 12)
    to_discard(s, "anvil", "bake-sale", "ambush-bird")
    s = goto(check(s), T, "tinker.restructure")
    assert step(s) == (T, "tinker.draw")
    assert sorted(legal(s)) == ["draw", "salvage ambush-bird", "salvage anvil"]
    with pytest.raises(rules.IllegalActionError, match=r"Bake Sale \(rabbit\) does not match the Old Man's clearing"):
        rules.parse(s, "salvage bake-sale")
    with pytest.raises(rules.IllegalActionError, match=r"Sword \(mouse\) is not in the discard pile"):
        rules.parse(s, "salvage sword")
    s = play(s, "salvage anvil")
    assert hand_keys(s, T) == ["anvil"] and "anvil" not in discard_keys(s)
    assert s.turn.seat != T


def test_evening_discards_down_to_five_omt_6_2():
    s = table()
    old_man(s, "A")
    set_hand(s, T, "anvil", "sword", "bake-sale", "cobbler", "codebreakers")
    s = goto(check(s), T, "tinker.restructure")
    assert len(s.seats[T].hand) == 7 and rules.to_act(s) == T and s.pending[0]["kind"] == "discard"


# --- interactions -------------------------------------------------------------------------------------------


def test_robots_carrying_gears_into_sympathy_cause_outrage_but_the_old_man_does_not():
    s = table(("marquise", "alliance", "tinker"))
    robot(s, "birdbot", 9, 2)
    old_man(s, 12)
    put(s, 4, "alliance", "sympathy")
    put(s, 12, "alliance", "sympathy")
    set_hand(s, T, "bake-sale")
    s = goto(check(s), T, "tinker.actions")
    s = play(s, "crusade 9>4 birdbot")
    assert s.pending and s.pending[0]["kind"] == "outrage" and s.pending[0]["seat"] == T


def test_the_old_man_bustling_into_sympathy_is_no_outrage():
    s = table(("marquise", "alliance", "tinker"))
    old_man(s, 9)
    put(s, 4, "alliance", "sympathy")
    set_hand(s, T, "bake-sale")
    s = play(goto(check(s), T, "tinker.bustle"), "bustle 9>4")
    assert not s.pending


def test_tax_collector_takes_a_drone():
    s = table()
    tokens(s, 9, "drone", 1)
    robot(s, "birdbot", 4, 2)
    craft_for(s, T, "tax-collector")
    s = goto(check(s), T, "tinker.actions")
    uses = legal(s, "use")
    assert uses == ["use tax-collector 9"]


@register_for("test-words")
@dataclass(frozen=True, slots=True)
class _Character(Action):
    """A verb whose own word is also a faction's id (the Vagabond's 'character tinker')."""

    verb: ClassVar[str] = "character"
    spec: ClassVar[tuple[tuple[str, str], ...]] = (("name", WORD),)
    words: ClassVar[tuple[str, ...]] = ("tinker", "thief")
    name: str


def test_an_action_word_is_not_read_as_a_faction_name():
    cls, values = parse_pattern("character tinker", {"tinker"}, {"tinker": "tinker", "omt": "tinker"}, ("test-words",))
    assert cls is _Character and values == {"name": "tinker"}


def test_every_tinker_action_reads_back_from_its_notation():
    for text in (
        "materialize 3 fF",
        "doover 3 fG",
        "oldman fD",
        "produce 8",
        "bustle 9>fD x2",
        "bustle fD>9",
        "tinker drone x2",
        "repair wolfbot x3",
        "crusade 9>4 x1 birdbot+catbot",
        "overproduce 3 bake-sale",
        "restructure flip ambush-bird",
        "draw",
        "salvage anvil",
    ):
        from rules.actions import action_class, parse_pattern

        cls, values = parse_pattern(text, {"tinker"}, {}, ("tinker",))
        assert cls(**values).notation() == text
        assert action_class(text.split()[0], ("tinker",)) is cls


# --- the view: hands stay hidden ----------------------------------------------------------------------------


def test_no_seat_sees_another_seats_hand():
    from rules.playout import hidden_shown
    from rules.playout import play as playout

    result = playout({"factions": list(FACTIONS), "round_limit": 6}, 3)
    assert result.state is not None
    state = result.state
    assert hidden_shown(state) == []
    for seat in range(3):
        view = rules.view_for(state, seat)
        assert view["hand"] == hand_keys(state, seat) and view["private_cards"] == {}
        for other in view["seats"]:
            assert "hand" not in other and other["hand_count"] == len(state.seats[other["seat"]].hand)
    assert rules.view_for(state, None)["hand"] is None


def test_the_panel_shows_production_robots_and_the_old_man():
    s = table()
    robot(s, "birdbot", 9, 2)
    robot(s, "wolfbot", 9, 0)
    old_man(s, "D")
    level(s, 2, "drone")
    lines = rules.view_for(check(s), M)["seats"][T]["panel"]
    assert "Production level 2, marker drone side up" in lines
    assert "Birdbot: clearing 9, 2/3 gears" in lines and "Wolfbot: clearing 9, broken" in lines
    assert "Old Man: forest D" in lines


# --- random playouts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("factions", "seed"),
    [
        (("tinker", "marquise", "eyrie"), 1),
        (("marquise", "tinker"), 2),
        (("eyrie", "tinker"), 3),
        (("alliance", "tinker", "marquise"), 4),
        (("tinker", "marquise", "eyrie", "alliance"), 5),
    ],
)
def test_random_games_with_the_tinker_play_to_the_end_without_violations(factions, seed):
    from rules.playout import play as playout

    result = playout({"factions": list(factions), "round_limit": 30}, seed)
    assert result.violations == []
    assert result.state is not None and result.state.over


def test_a_robots_gears_count_as_warriors_for_martial_law_omt_2_4():
    from rules.factions.alliance import spread_cost

    s = table(("marquise", "alliance", "tinker"))
    robot(s, "birdbot", 5, 2)
    alliance = s.seat_of("alliance")
    assert alliance is not None
    plain = spread_cost(check(s), alliance, 5)
    tb.set_gears(s, T, "birdbot", 3)
    s.seats[T].supply[tb.FAMILY] -= 1
    assert spread_cost(check(s), alliance, 5) == (plain or 0) + 1


def test_a_new_roost_avoids_a_clearing_where_robots_carry_gears_omt_2_4():
    s = table()
    robot(s, "birdbot", 9, 1)
    robot(s, "wolfbot", 4, 0)
    spots = registry.of(check(s), E)._new_roost_spots(s)  # type: ignore[attr-defined]
    assert 9 not in spots and 4 in spots


# --- with the Vagabond -------------------------------------------------------------------------------------------


def vagabond_table(where: int) -> GameState:
    """Marquise (0), Vagabond (1), Tinker (2): an empty map with the pawn in a clearing, two swords and a crossbow."""
    from vagabond_helpers import set_items

    from rules.factions.vagabond import board as vb

    s = table(("marquise", "vagabond", "tinker"))
    here = vb.where(s, vb.ID)
    assert here is not None
    tb.take_off(s, here, vb.pawn(vb.ID), 1)
    tb.add(s, where, vb.pawn(vb.ID), 1)
    return set_items(s, "sword", "sword", "crossbow", seat=1)


def test_a_strike_takes_a_drone_never_a_track_gear_and_robots_with_gears_shield_the_rest_omt_2_4():
    s = vagabond_table(9)
    robot(s, "birdbot", 9, 2)
    put(s, 9, "tinker", "factory")
    s = goto(check(s), 1, "vagabond.daylight")
    assert not [a for a in legal(s, "strike") if "tinker" in a]  # its warriors there are gears on a track
    tokens(s, 9, "drone", 1)
    s = goto(check(s), 1, "vagabond.daylight")
    assert [a for a in legal(s, "strike") if "tinker" in a] == ["strike tinker drone"]
    tb.set_gears(s, T, "birdbot", 0)
    s.seats[T].supply[tb.FAMILY] += 2
    tb.to_supply(s, T, 9, tb.DRONE, 1)
    s = goto(check(s), 1, "vagabond.daylight")
    assert [a for a in legal(s, "strike") if "tinker" in a] == ["strike tinker factory"]  # broken: no shield


def test_the_vagabond_removing_the_old_man_scores_a_point_without_hostility_omt_2_2():
    s = vagabond_table(8)
    old_man(s, 8)
    force_dice(check(s), 1, 0)
    s = goto(s, 1, "vagabond.daylight")
    s = play(s, "battle 8 tinker")
    assert tb.old_man(s) == "E" and s.seats[1].points == 1
    assert s.seats[1].data["relations"]["tinker"] != -1  # the Old Man is no warrior
    check(s)


def test_the_vagabond_may_choose_the_tinker_character_at_a_table_with_the_tinker():
    s = rules.new_game({"factions": ["marquise", "vagabond", "tinker"], "first_player": 0}, 1)
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9")
    assert rules.to_act(s) == 1 and "character tinker" in legal(s)
    s = play(s, "character tinker")
    assert rules.to_act(s) == 1


# --- the Tinker can win -------------------------------------------------------------------------------------------

PRIORITY = ("build", "restructure", "repair", "overproduce", "craft", "crusade", "battle", "tinker", "bustle", "draw")


def tinker_choice(state: GameState, seat: int, legal: list[Action], pick: Random) -> Action:
    """A plain plan for the Tinker (build, produce more, repair, fight; never a Do-Over); others play at random."""
    if state.seats[seat].faction != "tinker" or state.pending:
        return pick.choice(legal)
    by_verb: dict[str, list[Action]] = {}
    for action in legal:
        if not (isinstance(action, Restructure) and action.change != "up"):
            by_verb.setdefault(action.verb, []).append(action)
    for verb in PRIORITY:
        if by_verb.get(verb):
            most = max(getattr(a, "count", 0) or 0 for a in by_verb[verb])
            return pick.choice([a for a in by_verb[verb] if (getattr(a, "count", 0) or 0) == most])
    return next((a for a in legal if a.verb == "end"), legal[0])


def test_the_tinker_can_win_by_production_omt_1():
    state = rules.new_game({"factions": ["tinker", "marquise", "eyrie"], "round_limit": 60}, 5)
    pick = Random(5)
    while not state.over:
        seat = rules.to_act(state)
        assert seat is not None
        action = tinker_choice(state, seat, rules.legal_actions(state, seat), pick)
        state, _ = rules.apply_unchecked(state, seat, action)
    assert state.winners == [0] and state.seats[0].points >= 30
    assert rules.problems(state) == []


# --- with the Spinners of Mercy -------------------------------------------------------------------------------------


def spinners_battle(drones: int) -> GameState:
    """The Marquise battle the Tinker in clearing 5 (the birdbot with 2 gears and `drones` drones), web-connected to a
    Spinners infirmary in 1 with a Spinners warrior and web there; the Marquise roll 3 hits."""
    s = table(("marquise", "spinners", "tinker"))
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 1, "spinners", "web")
    put(s, 5, "spinners", "web")
    put(s, 5, "spinners", "warrior")
    robot(s, "birdbot", 5, 2)
    tokens(s, 5, "drone", drones)
    put(s, 5, "marquise", "warrior", 3)
    force_dice(check(s), 3, 0)
    return play(goto(s, 0, "marquise.actions"), "battle 5 tinker")


def test_first_response_carries_hit_drones_while_a_robots_hit_gears_drop_as_usual_omt_2_4():
    s = spinners_battle(drones=1)
    assert rules.to_act(s) == 1 and legal(s) == ["pass", "respond 5"]
    s, events = play_events(s, "respond 5")
    assert s.seats[1].areas["ward"] == {"tinker:drone": 1} and count(s, 5, "tinker", "drone") == 0
    assert track(s, "birdbot") == 0 and count(s, 5, "tinker", "gear") == 2  # never removed, so never carried
    assert "carry 1 Old Man Tinker warrior to the Ward" in public_text(events)
    check(s)


def test_no_first_response_when_only_a_robots_gears_take_hits_omt_2_4():
    s = spinners_battle(drones=0)
    assert rules.to_act(s) == 0 and not s.pending and s.battle is None
    assert track(s, "birdbot") == 0 and "ward" not in s.seats[1].areas
    assert count(s, 5, "tinker", "gear") == 1 and s.seats[0].points == 1  # the third hit took a dropped gear
    check(s)


def test_a_drone_patient_goes_back_among_the_tinkers_tokens_by_triage_or_out_by_discharge_omt_2_3():
    from rules_helpers import to_area

    s = table(("marquise", "spinners", "tinker"))
    put(s, 5, "spinners", "rabbit-infirmary")
    put(s, 5, "marquise", "warrior", 3)
    to_area(s, 1, "ward", "tinker", "drone")
    force_dice(check(s), 1, 0)
    before = tb.supply(s, T)
    s = play(goto(s, 0, "marquise.actions"), "battle 5 spinners")  # the only patient's Triage needs no choice
    assert tb.supply(s, T) == before + 1 and "warrior" not in s.seats[T].supply
    check(s)
    s = table(("marquise", "spinners", "tinker"))
    put(s, 1, "spinners", "fox-infirmary")
    to_area(s, 1, "ward", "tinker", "drone")
    s = play(goto(check(s), 1, "spinners.discharge"), "discharge tinker 1")
    assert count(s, 1, "tinker", "drone") == 1 and ruler(s, 1) is None  # the drone, a warrior, ties the infirmary
    check(s)
