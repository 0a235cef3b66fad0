"""The Lizard Cult (Law of Root 10.1-10.6) and the seeds' paragraphs about it (SOM.3.2, SOM.2.6, OMT.2.3, the
Spore): one test or more per paragraph, each naming its section.

Tables are Marquise (seat 0), Eyrie (seat 1) and Lizard Cult (seat 2) unless a test says otherwise; the map is
Autumn: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10; corners 1-4 (1 opposite 3, 2 opposite 4).
"""

from __future__ import annotations

import pytest
from frontier_helpers import blank as frontier_blank
from rules_helpers import (
    blank_table,
    check,
    count,
    force_dice,
    give,
    goto,
    hand_keys,
    legal,
    play,
    play_events,
    public_text,
    put,
    refused,
    set_hand,
    set_supply,
    to_area,
)

import rules
from rules import hand
from rules.battle import start
from rules.cards import card
from rules.factions.lizards import board as lb
from rules.factions.lizards.board import ACOLYTES
from rules.factions.lizards.choices import start_corners
from rules.modes.frontier import table as ft
from rules.rule import ruler
from rules.rule import rules as rules_clearing
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "lizards")
M, E, L = 0, 1, 2


# --- literal states ---------------------------------------------------------------------------------------------


def table(factions: tuple[str, ...] = FACTIONS, **options: object) -> GameState:
    """A game past setup with an empty map and empty hands; the Outcast is fox, not Hated."""
    s = blank_table(factions, options=dict(options) or None)
    seat = s.seat_of("lizards")
    assert seat is not None
    outcast(s, "fox", seat=seat)
    return check(s)


def outcast(s: GameState, suit: str, hated: bool = False, seat: int = L) -> GameState:
    """Set the outcast marker."""
    s.seats[seat].data["outcast"] = suit
    s.seats[seat].data["hated"] = hated
    return s


def acolytes(s: GameState, n: int, seat: int = L) -> GameState:
    """Put n Cult warriors from the supply into the Acolytes box."""
    return to_area(s, seat, ACOLYTES, "lizards", "warrior", n)


def souls(s: GameState, *keys: str, seat: int = L) -> GameState:
    """Put cards from the deck into the Lost Souls pile."""
    for key in keys:
        cid = next(c for c in s.deck if card(c).key == key)
        s.deck.remove(cid)
        lb.lost_souls(s, seat).append(cid)
    return s


def garden(s: GameState, cid: int, suit: str, n: int = 1) -> GameState:
    """Put gardens of a printed suit in a clearing."""
    return put(s, cid, "lizards", f"{suit}-garden", n)


def rituals(s: GameState, *keys: str) -> GameState:
    """The Cult's Daylight rituals with exactly these cards in hand."""
    set_hand(s, L, *keys)
    return goto(check(s), L, "lizards.rituals")


def conspiring(s: GameState) -> GameState:
    """The Cult's Birdsong conspiracies."""
    return goto(check(s), L, "lizards.conspire")


def frontier(line: tuple[str, ...] = ("marquise", "lizards", "vagabond", "eyrie", "alliance", "vagabond2")) -> tuple[
    GameState, int
]:
    """A 3x3 game past setup with an empty map (the first three factions are team A), and the Cult's seat; the
    Outcast is fox."""
    s = frontier_blank(factions=line)
    cult = s.seat_of("lizards")
    assert cult is not None
    outcast(s, "fox", seat=cult)
    return s, cult


# --- 10.3 setup --------------------------------------------------------------------------------------------------


def test_setup_places_four_warriors_and_a_garden_in_a_corner_and_one_warrior_around_10_3_2():
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 1)
    for text in ("keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9"):
        s = play(s, text)
    while rules.to_act(s) != L:
        s = play(s, legal(s)[0])
    assert legal(s) == ["garden 2", "garden 4"]  # corners no one started in (10.3.2)
    assert "not 1" in refused(s, "garden 1")
    s = play(s, "garden 4")
    assert count(s, 4, "lizards", "rabbit-garden") == 1 and count(s, 4, "lizards", "warrior") == 4
    assert all(count(s, c, "lizards", "warrior") == 1 for c in (8, 9, 12))
    assert legal(s) == ["outcast fox", "outcast mouse", "outcast rabbit"]  # 10.3.3
    s = play(s, "outcast mouse")
    assert lb.outcast(s, L) == "mouse" and not lb.hated(s, L)
    supply = s.seats[L].supply
    assert supply["warrior"] == 25 - 4 - 3 and supply["rabbit-garden"] == 4  # 10.3.1, 10.3.4: 14 on the tracks
    assert supply["fox-garden"] + supply["mouse-garden"] + supply["rabbit-garden"] == 14
    check(s)


def test_the_spinners_set_up_opposite_the_cults_starting_garden_som_3_2():
    s = rules.new_game({"factions": ["lizards", "spinners"], "first_player": 0}, 1)
    s = play(s, "garden 2", "outcast fox")  # the Spinners' one choice is then made for them
    assert s.board.opposite(2) == 4
    assert s.seats[1].data["corner"] == 4  # the Cult's starting garden is a starting corner for SOM.3.2
    assert count(s, 4, "spinners", "rabbit-infirmary") == 1
    check(s)


# --- 10.2 faction rules ------------------------------------------------------------------------------------------


def test_the_lost_souls_pile_takes_every_card_spent_or_discarded_even_dominance_10_2_6():
    s = table()
    give(s, M, "anvil", "dominance-fox")
    hand.spend(s, M, "anvil")
    hand.spend(s, M, "dominance-fox")
    assert [card(c).key for c in lb.lost_souls(s, L)] == ["anvil", "dominance-fox"]
    assert not s.discard and not s.dominance_available
    check(s)


def test_without_the_cult_spent_cards_go_to_the_discard_pile_10_2_6():
    s = blank_table(("marquise", "eyrie"))
    give(s, M, "anvil")
    hand.spend(s, M, "anvil")
    assert [card(c).key for c in s.discard] == ["anvil"]


def test_pilgrims_a_garden_rules_its_clearing_whatever_else_stands_there_10_2_4():
    s = table()
    garden(s, 5, "rabbit")
    put(s, 5, "marquise", "warrior", 3)
    assert rules_clearing(s, L, 5)
    put(s, 6, "eyrie", "roost")
    put(s, 6, "lizards", "warrior")
    put(s, 6, "marquise", "warrior")
    assert ruler(s, 6) == "eyrie"  # Lords of the Forest: the Eyrie wins the tie
    garden(s, 6, "fox")
    assert ruler(s, 6) == "lizards"  # Pilgrims overrides Lords of the Forest (10.2.4)


def test_revenge_warriors_removed_defending_become_acolytes_10_2_3():
    s = table()
    put(s, 5, "lizards", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    s = goto(check(s), M, "marquise.actions")
    force_dice(s, 3, 2)
    start(s, M, 5, "lizards")
    rules.flow.advance(s)
    assert lb.acolytes(s, L) == 2 and count(s, 5, "lizards", "warrior") == 0
    assert s.seats[L].supply["warrior"] == 25 - 2
    check(s)


def test_revenge_is_only_for_defenders_attacking_warriors_go_to_the_supply_10_2_3():
    s = table()
    put(s, 5, "lizards", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    s = goto(check(s), L, "lizards.rituals")
    force_dice(s, 2, 2)  # each side deals two hits
    start(s, L, 5, "marquise")
    rules.flow.advance(s)
    assert lb.acolytes(s, L) == 0 and count(s, 5, "lizards", "warrior") == 0
    assert s.seats[L].supply["warrior"] == 25
    check(s)


def test_fear_of_the_faithful_a_random_card_is_discarded_when_a_garden_is_removed_10_2_5():
    s = table()
    garden(s, 5, "rabbit")
    set_hand(s, L, "anvil", "sword")
    put(s, 5, "marquise", "warrior", 3)
    s = goto(check(s), M, "marquise.actions")
    force_dice(s, 3, 0)
    start(s, M, 5, "lizards")
    rules.flow.advance(s)
    s = play(s, "pass")  # no ambush
    assert count(s, 5, "lizards", "rabbit-garden") == 0
    assert len(s.seats[L].hand) == 1 and len(lb.lost_souls(s, L)) == 1  # into the Lost Souls (10.2.6)
    assert s.seats[M].points == 1
    check(s)


def test_hatred_of_birds_bird_cards_are_not_wild_for_rituals_10_2_2():
    s = table()
    garden(s, 5, "rabbit")
    s = rituals(s, "armorers", "anvil")
    offered = legal(s)
    assert "ritual sacrifice armorers" in offered
    wild = ("ritual build", "ritual recruit", "ritual score")
    assert not any(a.startswith(wild) and "armorers" in a for a in offered)
    assert "Hatred of Birds" in refused(s, "ritual recruit 5 armorers")
    assert "Sacrifice needs a bird" in refused(s, "ritual sacrifice anvil")


def test_crafting_activates_only_gardens_whose_printed_suit_is_the_outcast_10_2_1():
    s = table()
    garden(s, 1, "fox")
    garden(s, 5, "rabbit")
    set_hand(s, L, "anvil", "a-visit-to-friends")
    s = goto(check(s), L, "lizards.craft")
    assert legal(s, "craft") == ["craft anvil"]  # the rabbit garden is no crafting piece while fox is the Outcast
    s = play(s, "craft anvil")
    assert s.seats[L].points == 2 and "anvil" in [card(c).key for c in lb.lost_souls(s, L)]


# --- 10.4 Birdsong -----------------------------------------------------------------------------------------------


def test_adjust_outcast_the_suit_most_in_the_lost_souls_becomes_the_outcast_10_4_1():
    s = table()
    souls(s, "anvil", "sword", "investments", "armorers", "arms-trader", "crossbow-bird")
    s = goto(check(s), L, "lizards.outcast")
    assert lb.outcast(s, L) == "mouse" and not lb.hated(s, L)  # birds ignored: two mice, one fox


def test_adjust_outcast_the_same_suit_again_turns_hated_10_4_1():
    s = table()
    souls(s, "anvil", "foxfolk-steel", "sword")
    s = goto(check(s), L, "lizards.outcast")
    assert lb.outcast(s, L) == "fox" and lb.hated(s, L)


def test_adjust_outcast_a_tie_keeps_the_marker_and_turns_it_hated_10_4_1():
    s = table()
    outcast(s, "rabbit")
    souls(s, "anvil", "sword")
    s = goto(check(s), L, "lizards.outcast")
    assert lb.outcast(s, L) == "rabbit" and lb.hated(s, L)


def test_adjust_outcast_a_new_suit_shows_the_outcast_side_again_10_4_1():
    s = table()
    outcast(s, "rabbit", hated=True)
    souls(s, "anvil")
    s = goto(check(s), L, "lizards.outcast")
    assert lb.outcast(s, L) == "fox" and not lb.hated(s, L)


def test_discard_lost_souls_to_the_discard_pile_dominance_becomes_available_10_4_2():
    s = table()
    souls(s, "anvil", "dominance-mouse")
    s = goto(check(s), L, "lizards.outcast")
    assert not lb.lost_souls(s, L)
    assert [card(c).key for c in s.discard] == ["anvil"]
    assert [card(c).key for c in s.dominance_available] == ["dominance-mouse"]
    check(s)


def test_convert_replaces_an_enemy_warrior_in_an_outcast_clearing_for_two_acolytes_10_4_3_2():
    s = table()
    put(s, 1, "marquise", "warrior", 2)
    put(s, 5, "marquise", "warrior", 2)
    acolytes(s, 2)
    s = conspiring(s)
    assert "convert 1 marquise" in legal(s) and "convert 5 marquise" not in legal(s)
    s, events = play_events(s, "convert 1 marquise")
    assert count(s, 1, "marquise", "warrior") == 1 and count(s, 1, "lizards", "warrior") == 1
    assert lb.acolytes(s, L) == 0 and s.seats[L].supply["warrior"] == 24  # the acolytes went back to the supply
    assert "convert" in public_text(events)
    check(s)


def test_a_hated_outcast_makes_each_conspiracy_cost_one_acolyte_fewer_10_4_3():
    s = table()
    outcast(s, "fox", hated=True)
    put(s, 1, "marquise", "warrior")
    acolytes(s, 1)
    s = conspiring(s)
    s = play(s, "convert 1 marquise")
    assert lb.acolytes(s, L) == 0 and count(s, 1, "lizards", "warrior") == 1


def test_sanctify_replaces_an_enemy_building_with_a_garden_of_the_outcast_10_4_3_3():
    s = table()
    put(s, 1, "marquise", "sawmill")
    acolytes(s, 3)
    s = conspiring(s)
    s = play(s, "sanctify 1 marquise sawmill")
    assert count(s, 1, "marquise", "sawmill") == 0 and count(s, 1, "lizards", "fox-garden") == 1
    assert s.seats[L].points == 1  # removing an enemy building scores (Law 3.2.1)
    assert rules_clearing(s, L, 1)
    check(s)


def test_crusade_moves_out_of_an_outcast_clearing_then_battles_there_for_free_10_4_3_1():
    s = table()
    put(s, 1, "lizards", "warrior", 3)
    put(s, 5, "marquise", "warrior")
    acolytes(s, 2)
    s = conspiring(s)
    assert "crusade 1>5 x2" in legal(s)
    s = play(s, "crusade 1>5 x2")
    assert lb.acolytes(s, L) == 0 and count(s, 5, "lizards", "warrior") == 2
    assert "battle 5 marquise" in legal(s)  # the Crusade's battle costs no more acolytes
    s, events = play_events(s, "battle 5 marquise")
    assert "Lizard Cult battles Marquise de Cat in clearing 5" in public_text(events)
    assert lb.acolytes(s, L) == 0
    check(s)


def test_a_crusade_battle_in_an_outcast_clearing_costs_two_acolytes_10_4_3_1():
    s = table()
    put(s, 1, "lizards", "warrior", 2)
    put(s, 1, "eyrie", "warrior")
    acolytes(s, 3)
    s = conspiring(s)
    s = play(s, "battle 1 eyrie")
    assert lb.acolytes(s, L) == 1


def test_conspiracies_are_refused_outside_outcast_clearings_and_without_acolytes_10_4_3():
    s = table()
    put(s, 5, "marquise", "warrior")
    put(s, 1, "marquise", "warrior")
    put(s, 1, "marquise", "sawmill")
    acolytes(s, 2)
    s = conspiring(s)
    assert "clearings of the Outcast (fox" in refused(s, "convert 5 marquise")
    assert "Sanctify costs 3 acolytes, and the Acolytes box holds 2" in refused(s, "sanctify 1 marquise sawmill")
    assert "no enemy warrior of eyrie" in refused(s, "convert 1 eyrie")


# --- 10.5 Daylight ------------------------------------------------------------------------------------------------


def test_build_reveals_a_card_to_place_a_garden_where_the_cult_rules_10_5_1():
    s = table()
    put(s, 5, "lizards", "warrior")
    s = rituals(s, "a-visit-to-friends", "anvil")
    assert "ritual build 5 a-visit-to-friends" in legal(s)
    s, events = play_events(s, "ritual build 5 a-visit-to-friends")
    assert count(s, 5, "lizards", "rabbit-garden") == 1
    assert hand_keys(s, L) == ["anvil"]  # revealed: in the play area, public, not in the hand
    assert [card(c).key for c in lb.revealed(s, L)] == ["a-visit-to-friends"]
    assert "A Visit to Friends" in public_text(events)
    check(s)


def test_build_is_refused_where_the_cult_does_not_rule_or_the_suit_differs_10_5_1():
    s = table()
    put(s, 5, "marquise", "warrior")
    put(s, 2, "lizards", "warrior")
    s = rituals(s, "a-visit-to-friends")
    assert "you don't rule clearing 5" in refused(s, "ritual build 5 a-visit-to-friends")
    assert "clearing 2 is mouse" in refused(s, "ritual build 2 a-visit-to-friends")


def test_recruit_places_a_warrior_in_any_matching_clearing_10_5_2():
    s = table()
    put(s, 5, "marquise", "warrior", 3)
    s = rituals(s, "a-visit-to-friends")
    s = play(s, "ritual recruit 5 a-visit-to-friends")
    assert count(s, 5, "lizards", "warrior") == 1


def test_score_spends_the_card_for_the_rightmost_empty_space_once_per_suit_10_5_3():
    s = table()
    garden(s, 5, "rabbit")
    garden(s, 10, "rabbit")
    s = rituals(s, "a-visit-to-friends", "bake-sale", "anvil")
    s = play(s, "ritual score a-visit-to-friends")
    assert s.seats[L].points == lb.data()["track_points"][1]  # two rabbit gardens uncovered two spaces
    assert [card(c).key for c in lb.lost_souls(s, L)] == ["a-visit-to-friends"]  # spent into the Lost Souls
    assert "already scored rabbit" in refused(s, "ritual score bake-sale")
    assert "no fox garden" in refused(s, "ritual score anvil")


def test_sacrifice_reveals_a_bird_to_put_a_warrior_in_the_acolytes_box_10_5_4():
    s = rituals(table(), "armorers")
    s = play(s, "ritual sacrifice armorers")
    assert lb.acolytes(s, L) == 1 and s.seats[L].supply["warrior"] == 24
    check(s)


def test_rituals_are_refused_out_of_daylight_10_5():
    s = table()
    put(s, 1, "marquise", "warrior")
    set_hand(s, L, "anvil")
    acolytes(s, 2)
    s = conspiring(s)
    assert "rituals are performed in your Daylight" in refused(s, "ritual recruit 1 anvil")
    assert "Hatred" not in refused(s, "ritual recruit 1 anvil")


# --- 10.6 Evening ------------------------------------------------------------------------------------------------


def test_revealed_cards_return_to_the_hand_in_evening_10_6_1():
    s = table()
    put(s, 5, "marquise", "warrior")
    s = rituals(s, "a-visit-to-friends")
    s = play(s, "ritual recruit 5 a-visit-to-friends", "end")
    assert "a-visit-to-friends" in hand_keys(s, L) and not lb.revealed(s, L)


def test_draw_one_card_plus_each_uncovered_draw_bonus_10_6_3():
    s = table()
    at = lb.data()["draw_bonus_spaces"][0]
    for cid in (3, 4, 5, 10)[:at]:
        garden(s, cid, "rabbit")
    assert lb.draw_bonus(s, L) == 1
    before = len(s.seats[L].hand)
    s = goto(check(s), L, "lizards.return")
    assert len(s.seats[L].hand) == before + 2  # one card plus the bonus


# --- the seeds -------------------------------------------------------------------------------------------------


def test_convert_turns_a_drone_into_a_cult_warrior_omt_2_3():
    s = table(("marquise", "eyrie", "lizards", "tinker"))
    put(s, 1, "tinker", "drone")
    acolytes(s, 2)
    s = conspiring(s)
    assert "convert 1 tinker" in legal(s)
    tinker = s.seat_of("tinker")
    assert tinker is not None
    before = s.seats[tinker].supply["gear"]
    s = play(s, "convert 1 tinker")
    assert count(s, 1, "tinker", "drone") == 0 and count(s, 1, "lizards", "warrior") == 1
    assert s.seats[tinker].supply["gear"] == before + 1  # the token goes back to the Tinker's supply
    check(s)


def test_sanctifying_an_infirmary_does_not_cause_triage_som_2_6():
    s = table(("marquise", "eyrie", "lizards", "spinners"))
    sp = s.seat_of("spinners")
    assert sp is not None
    put(s, 1, "spinners", "fox-infirmary")
    to_area(s, sp, "ward", "marquise", "warrior")
    acolytes(s, 3)
    s = conspiring(s)
    s = play(s, "sanctify 1 spinners fox-infirmary")
    assert count(s, 1, "lizards", "fox-garden") == 1
    assert not any(d.get("what") == "triage" for d in s.pending)
    check(s)


@pytest.mark.parametrize("owner", ["marquise", "lizards"])  # another's infected warrior, or the Cult's own
def test_convert_frees_an_infected_warrior_from_the_spore_ts_2_4(owner: str):
    s = table(("marquise", "lizards", "spore"))
    cult = s.seat_of("lizards")
    assert cult is not None
    put(s, 1, owner, "warrior", controller="spore")
    to_area(s, cult, ACOLYTES, "lizards", "warrior", 2)
    s = goto(check(s), cult, "lizards.conspire")
    assert f"convert 1 {owner} infected" in legal(s, seat=cult)
    s = play(s, f"convert 1 {owner} infected")
    assert s.clearings[0].get(f"{owner}:warrior:spore", 0) == 0 and count(s, 1, "lizards", "warrior") == 1
    check(s)


def test_no_garden_grows_where_two_mushrooms_stand_ts_2_3():
    s = table(("marquise", "lizards", "spore"))
    cult = s.seat_of("lizards")
    assert cult is not None
    put(s, 5, "spore", "mushroom", 2)
    put(s, 5, "lizards", "warrior", 3)
    set_hand(s, cult, "a-visit-to-friends")
    s = goto(check(s), cult, "lizards.rituals")
    assert not any(a.startswith("ritual build 5") for a in legal(s, seat=cult))
    assert ruler(s, 5) == "spore"


# --- refusals, one per verb and reason (the state left as it was) ----------------------------------------------


def test_setup_refusals_name_the_reason_10_3():
    s = rules.new_game({"factions": ["lizards", "spinners"], "first_player": 0}, 1)
    assert "place the starting garden first" in refused(s, "outcast fox")
    assert "not 5" in refused(s, "garden 5")
    assert "there is no clearing 13" in refused(s, "garden 13")
    s = play(s, "garden 2")
    assert "fox, mouse or rabbit" in refused(s, "outcast bird")


def test_ritual_refusals_wrong_clearing_card_not_held_pieces_gone_10_5():
    s = table()
    garden(s, 5, "rabbit")
    s = rituals(s, "a-visit-to-friends", "armorers")
    assert "there is no clearing 40" in refused(s, "ritual recruit 40 a-visit-to-friends")
    assert "Anvil is not in your hand" in refused(s, "ritual recruit 5 anvil")
    assert "'dance' is not a ritual" in refused(s, "ritual dance a-visit-to-friends")
    assert "could mean several things: ritual recruit 3" in refused(s, "ritual recruit a-visit-to-friends")
    set_supply(s, "lizards", "warrior", 0)
    set_supply(s, "lizards", "rabbit-garden", 0)
    assert "every Cult warrior is on the map" in refused(s, "ritual recruit 10 a-visit-to-friends")
    assert "all five rabbit gardens" in refused(s, "ritual build 5 a-visit-to-friends")
    assert "no warrior is left in your supply" in refused(s, "ritual sacrifice armorers")


def test_conspiracy_refusals_wrong_clearing_pieces_gone_10_4_3():
    s = table()
    put(s, 1, "lizards", "warrior", 2)
    put(s, 1, "marquise", "warrior")
    put(s, 1, "marquise", "workshop")
    put(s, 5, "eyrie", "warrior")
    put(s, 5, "lizards", "warrior")
    acolytes(s, 3)
    s = conspiring(s)
    assert "you have only 2 warriors in clearing 1" in refused(s, "crusade 1>5 x3")
    assert "clearings of the Outcast" in refused(s, "crusade 5>1 x1")
    assert "clearings of the Outcast" in refused(s, "battle 5 eyrie")
    assert "no enemy sawmill of marquise" in refused(s, "sanctify 1 marquise sawmill")
    set_supply(s, "lizards", "fox-garden", 0)
    assert "all five fox gardens" in refused(s, "sanctify 1 marquise workshop")
    set_supply(s, "lizards", "warrior", 0)
    assert "no Cult warrior is left" in refused(s, "convert 1 marquise")


def test_the_cult_has_no_plain_move_build_or_recruit_10_4_10_5():
    s = table()
    put(s, 1, "lizards", "warrior", 2)
    s = rituals(s, "anvil")
    assert "crusade" in refused(s, "move 1>5 x1")
    assert "by ritual" in refused(s, "recruit")


def test_first_response_may_answer_a_convert_and_the_cult_warrior_stands_either_way_som_2_3():
    s = table(("marquise", "eyrie", "lizards", "spinners"))
    sp = s.seat_of("spinners")
    assert sp is not None
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 1, "spinners", "web", 2)
    put(s, 1, "spinners", "warrior", 2)
    put(s, 1, "marquise", "warrior")
    acolytes(s, 2)
    s = play(conspiring(s), "convert 1 marquise")
    assert s.pending and s.pending[0]["what"] == "respond_removal"
    responded, declined = play(s, "respond 1"), play(s, "pass")
    for after in (responded, declined):
        assert count(after, 1, "marquise", "warrior") == 0 and count(after, 1, "lizards", "warrior") == 1
        check(after)
    assert responded.seats[sp].areas["ward"] == {"marquise:warrior": 1}


def test_a_3x3_search_or_seizure_is_paid_as_a_crusade_3x3_3():
    s = table()
    put(s, 1, "lizards", "warrior", 2)
    acolytes(s, 3)
    s = conspiring(s)
    cult = rules.registry.of(s, L)
    assert cult.action_ways(s, L, "lizards.conspire", "move", 1) == (None,)
    assert cult.action_ways(s, L, "lizards.conspire", "move", 5) == ()  # not an Outcast clearing
    assert cult.action_ways(s, L, "lizards.rituals", "battle", 1) == ()
    cult.spend_action(s, L, "lizards.conspire", "move", 1, None)
    assert lb.acolytes(s, L) == 1
    check(s)


def test_in_the_3x3_the_cult_converts_only_the_rival_teams_warriors_and_its_gardens_rule_for_the_team_3x3_5():
    s, cult = frontier()
    assert cult == 1
    fox = next(c for c in s.board.ids() if s.suits[c - 1] == "fox")
    put(s, fox, "marquise", "warrior")
    put(s, fox, "eyrie", "warrior")
    garden(s, fox, "fox")
    acolytes(s, 2, seat=cult)
    assert ruler(s, fox) == "team:A"  # Pilgrims rules for the Cult's team
    s = goto(check(s), cult, "lizards.conspire")
    converts = legal(s, "convert", seat=cult)
    assert converts == [f"convert {fox} eyrie"]  # the Marquise is a teammate, no enemy
    check(play(s, f"convert {fox} eyrie"))


def test_revealed_cards_are_public_in_the_play_area_and_the_rest_of_the_hand_stays_hidden_10_5():
    s = table()
    put(s, 5, "marquise", "warrior")
    s = rituals(s, "a-visit-to-friends", "anvil")
    s = play(s, "ritual recruit 5 a-visit-to-friends")
    seen = rules.view_for(s, None)["seats"][L]
    assert [c["key"] for c in seen["play_area"]] == ["a-visit-to-friends"]
    assert "Revealed: A Visit to Friends (rabbit)" in seen["panel"]
    assert seen["hand_count"] == 1 and "Anvil" not in " ".join(seen["panel"])


def test_the_panel_counts_the_lost_souls_by_suit_10_2_6():
    s = table()
    souls(s, "anvil", "sword", "investments", "armorers")
    line = next(x for x in rules.view_for(s, None)["seats"][L]["panel"] if x.startswith("Lost Souls"))
    assert line.startswith("Lost Souls 4 (fox 1, mouse 2, bird 1): Anvil (fox)")


def test_first_response_takes_cult_defenders_to_the_ward_before_revenge_som_2_3_10_2_3():
    s = table(("marquise", "eyrie", "lizards", "spinners"))
    put(s, 5, "spinners", "rabbit-infirmary")
    put(s, 5, "spinners", "web", 2)
    put(s, 5, "spinners", "warrior", 2)
    put(s, 5, "lizards", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    s = goto(check(s), M, "marquise.actions")
    force_dice(s, 3, 0)
    start(s, M, 5, "lizards")
    rules.flow.advance(s)
    responded, declined = play(s, "respond 5"), play(s, "pass")
    assert lb.acolytes(responded, L) == 0 and responded.seats[3].areas["ward"] == {"lizards:warrior": 2}
    assert lb.acolytes(declined, L) == 2  # removed while defending: Revenge
    check(responded)
    check(declined)


def test_a_robots_gears_fight_the_cult_and_its_defenders_become_acolytes_omt_2_2_10_2_3():
    from rules.factions.tinker import board as tb

    s = table(("marquise", "eyrie", "lizards", "tinker"))
    tinker = s.seat_of("tinker")
    assert tinker is not None
    seat = s.seats[tinker]
    for robot in tb.ROBOTS:  # bare tracks, robots off the map
        seat.supply[tb.FAMILY] += tb.gears_on(s, tinker, robot)
        tb.set_gears(s, tinker, robot, 0)
    put(s, 5, "tinker", "birdbot")
    seat.supply[tb.FAMILY] -= 3
    tb.set_gears(s, tinker, "birdbot", 3)
    put(s, 5, "lizards", "warrior", 2)
    s = goto(check(s), tinker, "tinker.actions")
    force_dice(s, 3, 0)
    start(s, tinker, 5, "lizards")
    rules.flow.advance(s)
    assert lb.acolytes(s, L) == 2 and count(s, 5, "lizards", "warrior") == 0
    check(s)


def test_infected_cult_warriors_fight_for_the_spore_and_bring_no_revenge_ts_2_4_10_2_3():
    s = table(("marquise", "lizards", "spore"))
    cult, spore = s.seat_of("lizards"), s.seat_of("spore")
    assert cult is not None and spore is not None
    put(s, 5, "lizards", "warrior", 2, controller="spore")
    put(s, 5, "marquise", "warrior", 3)
    s = goto(check(s), M, "marquise.actions")
    force_dice(s, 3, 0)
    start(s, M, 5, "spore")
    rules.flow.advance(s)
    while s.pending and rules.to_act(s) != M:
        s = play(s, legal(s)[0])
    assert s.clearings[4].get("lizards:warrior:spore", 0) == 0
    assert lb.acolytes(s, cult) == 0 and s.seats[cult].supply["warrior"] == 25
    check(s)


def test_convert_cannot_take_the_warlord_removed_only_in_battle_10_4_3_2_14_2_2():
    s = table(("marquise", "lizards", "hundreds"))
    cult = s.seat_of("lizards")
    assert cult is not None
    put(s, 1, "hundreds", "warlord")
    put(s, 1, "hundreds", "warrior")
    to_area(s, cult, ACOLYTES, "lizards", "warrior", 2)
    s = goto(check(s), cult, "lizards.conspire")
    assert legal(s, "convert", seat=cult) == ["convert 1 hundreds"]  # the warrior, never the warlord
    s, events = play_events(s, "convert 1 hundreds")
    assert "Lord of the Hundreds loses 1 warrior." in public_text(events)
    assert count(s, 1, "hundreds", "warlord") == 1 and count(s, 1, "lizards", "warrior") == 1
    check(s)


def test_revenge_takes_the_cult_defenders_and_shared_field_hospitals_is_not_offered_for_them_10_2_3_3x3_9_1():
    s, cult = frontier()
    mq, eyrie = s.seat_of("marquise"), s.seat_of("eyrie")
    assert mq is not None and eyrie is not None
    home = [c for c in s.board.ids() if ft.on_home_map(s, mq, c)]
    keep, field = home[0], home[1]
    put(s, keep, "marquise", "keep")
    put(s, field, "lizards", "warrior", 2)
    put(s, field, "marquise", "warrior")
    put(s, field, "eyrie", "warrior", 3)
    put(s, next(c for c in s.board.ids() if c not in home), "eyrie", "roost")
    matching = next(c.key for c in rules.cards.deck() if c.suit == s.suits[field - 1] and c.type != "dominance")
    set_hand(s, mq, matching)
    s = goto(check(s), eyrie, "eyrie.resolve")
    force_dice(s, 3, 0)
    start(s, eyrie, field, "lizards")
    rules.flow.advance(s)
    assert lb.acolytes(s, cult) == 2 and s.seats[cult].supply["warrior"] == 25 - 2  # Revenge (10.2.3)
    assert not any(d.get("what") == "shared_hospital" for d in s.pending)  # none reached the supply (3x3.9.1)
    assert count(s, keep, "lizards", "warrior") == 0
    check(s)


def test_shared_field_hospitals_still_answers_for_cult_warriors_removed_attacking_3x3_9_1():
    s, cult = frontier()
    mq = s.seat_of("marquise")
    assert mq is not None
    home = [c for c in s.board.ids() if ft.on_home_map(s, mq, c)]
    fox = next(c for c in home[1:] if s.suits[c - 1] == "fox")
    put(s, home[0], "marquise", "keep")
    put(s, fox, "lizards", "warrior", 2)
    put(s, fox, "eyrie", "warrior", 3)
    acolytes(s, 2, seat=cult)
    matching = next(c.key for c in rules.cards.deck() if c.suit == "fox" and c.type != "dominance")
    set_hand(s, mq, matching)
    s = goto(check(s), cult, "lizards.conspire")
    force_dice(s, 3, 3)  # the Eyrie defending deals three hits (the lower roll)
    s = play(s, f"battle {fox} eyrie")
    assert any(d.get("what") == "shared_hospital" for d in s.pending)  # attacking: to the supply, the keep may take
    s = play(s, f"hospital {matching}")
    assert count(s, home[0], "lizards", "warrior") == 2 and lb.acolytes(s, cult) == 0
    check(s)


# --- named scenarios, played in notation from a literal state through the turn's own steps -----------------------


def birdsong(s: GameState, seat: int = L) -> GameState:
    """The Cult's turn from the start of Birdsong (the Outcast adjusted and the Lost Souls discarded on the way)."""
    return goto(check(s), seat, "birdsong.start")


def test_scenario_a_convert_in_a_mouse_clearing_the_lost_souls_made_the_outcast_10_4_1_10_4_3_2():
    s = table()  # the Outcast is fox, not Hated
    souls(s, "sword", "investments", "anvil", "armorers")  # two mice, one fox, a bird
    put(s, 2, "marquise", "warrior", 2)
    put(s, 2, "lizards", "warrior")
    put(s, 1, "marquise", "warrior")
    acolytes(s, 2)
    set_hand(s, L, "bake-sale")
    s = birdsong(s)
    assert (s.turn.step, lb.outcast(s, L), lb.hated(s, L)) == ("lizards.conspire", "mouse", False)
    assert "convert 2 marquise" in legal(s) and "convert 1 marquise" not in legal(s)  # fox is no longer the Outcast
    s, events = play_events(s, "convert 2 marquise")  # no acolyte left: Birdsong ends by itself
    assert (count(s, 2, "marquise", "warrior"), count(s, 2, "lizards", "warrior")) == (1, 2)
    assert lb.acolytes(s, L) == 0 and s.seats[L].supply["warrior"] == 25 - 1 - 2 + 2 - 1  # two back, one placed
    assert s.turn.step == "lizards.rituals"
    text = public_text(events)
    assert "convert a warrior in clearing 2" in text and "spend 2 acolytes to convert" in text
    check(s)


def test_scenario_a_sanctify_of_a_roost_then_its_garden_scores_10_4_3_3_10_5_3():
    s = table()
    put(s, 1, "eyrie", "roost")
    put(s, 1, "eyrie", "warrior", 2)
    acolytes(s, 3)
    set_hand(s, L, "anvil")
    s = birdsong(s)
    assert lb.outcast(s, L) == "fox" and lb.hated(s, L)  # an empty pile ties: the marker turns Hated
    assert lb.cost(s, L, "sanctify") == 2
    roosts = s.seats[E].supply["roost"]
    s, events = play_events(s, "sanctify 1 eyrie roost", "end")
    assert count(s, 1, "eyrie", "roost") == 0 and count(s, 1, "lizards", "fox-garden") == 1
    assert s.seats[E].supply["roost"] == roosts + 1 and lb.acolytes(s, L) == 1
    assert s.seats[L].points == 1 and ruler(s, 1) == "lizards"  # a building removed (3.2.1); Pilgrims (10.2.4)
    assert "a fox garden stands there now" in public_text(events)
    s = play(s, "ritual score anvil")
    assert s.seats[L].points == 1 + lb.data()["track_points"][0]
    check(s)


def test_scenario_the_outcast_moves_to_another_suit_then_turns_hated_when_it_stays_10_4_1():
    s = table()
    outcast(s, "rabbit", hated=True)
    souls(s, "anvil", "foxfolk-steel", "sword")
    s = birdsong(s)
    assert (lb.outcast(s, L), lb.hated(s, L)) == ("fox", False)  # a new suit shows the Outcast side
    assert not lb.lost_souls(s, L) and sorted(card(c).key for c in s.discard) == ["anvil", "foxfolk-steel", "sword"]
    s = rituals(s, "root-tea-fox")
    garden(s, 1, "fox")
    s = play(check(s), "ritual score root-tea-fox")  # spent: it lands in the Lost Souls
    assert [card(c).key for c in lb.lost_souls(s, L)] == ["root-tea-fox"]
    s = birdsong(s)
    assert (lb.outcast(s, L), lb.hated(s, L)) == ("fox", True)  # the same suit again: Hated
    s = birdsong(s)
    assert (lb.outcast(s, L), lb.hated(s, L)) == ("fox", True)  # an empty pile: it stays Hated
    panel = rules.view_for(s, None)["seats"][L]["panel"]
    assert "Outcast: fox (Hated)" in panel


def test_scenario_revenge_as_a_defender_then_a_crusade_with_the_acolytes_10_2_3_10_4_3_1():
    s = table()
    put(s, 1, "lizards", "warrior", 3)
    put(s, 1, "marquise", "warrior", 3)
    put(s, 10, "eyrie", "warrior")
    s = goto(check(s), M, "marquise.actions")
    force_dice(s, 3, 1)
    s, events = play_events(s, "battle 1 lizards")
    assert lb.acolytes(s, L) == 3 and count(s, 1, "lizards", "warrior") == 0  # the Marquise dealt three hits
    assert count(s, 1, "marquise", "warrior") == 2
    assert "Revenge: 3 Cult warriors enter the Acolytes box." in public_text(events)
    put(s, 1, "lizards", "warrior", 3)  # recruited since: the Cult rules clearing 1 again
    s = birdsong(s)
    assert lb.hated(s, L)  # an empty Lost Souls pile: Hated, conspiracies one acolyte cheaper
    s, events = play_events(s, "crusade 1>10 x2", "battle 10 eyrie")
    assert lb.acolytes(s, L) == 2  # one acolyte for the Crusade, nothing for its battle
    assert "Lizard Cult battles Eyrie Dynasties in clearing 10" in public_text(events)
    check(s)


# --- more paragraphs on literal states ---------------------------------------------------------------------------


def test_setup_takes_the_corner_diagonally_opposite_a_starting_corner_when_one_is_free_10_3_2():
    s = rules.new_game({"factions": ["marquise", "lizards"], "first_player": 0}, 1)
    s = play(s, "keep 2", "build sawmill 2", "build workshop 5", "build recruiter 6")
    assert rules.to_act(s) == 1 and legal(s) == ["outcast fox", "outcast mouse", "outcast rabbit"]
    assert count(s, 4, "lizards", "rabbit-garden") == 1  # 4 is opposite the keep: the only corner, taken for them
    assert count(s, 4, "lizards", "warrior") == 4 and lb.info(s, 1)["corner"] == 4
    fresh = rules.new_game({"factions": ["marquise", "lizards"], "first_player": 0}, 1)
    fresh = play(fresh, "keep 2")
    assert start_corners(fresh, 1) == [4]  # corners 1 and 3 are free too, but not opposite a starting corner
    check(s)


def test_a_conspiracy_must_be_completed_no_convert_where_the_cult_warrior_cannot_be_placed_10_4_3_faq():
    s = table()
    put(s, 1, "marquise", "keep")
    put(s, 1, "marquise", "warrior")
    put(s, 1, "marquise", "sawmill")
    put(s, 8, "eyrie", "warrior")
    acolytes(s, 3)
    s = conspiring(s)
    assert legal(s, "convert") == ["convert 8 eyrie"] and not legal(s, "sanctify")  # the keep: the Marquise's only
    assert "keep" in refused(s, "convert 1 marquise")
    assert "keep" in refused(s, "sanctify 1 marquise sawmill")


def test_fear_of_the_faithful_discards_a_card_per_garden_removed_at_once_10_2_5():
    s = table()
    garden(s, 5, "rabbit")
    garden(s, 5, "fox")
    set_hand(s, L, "anvil", "sword", "bake-sale")
    put(s, 5, "marquise", "warrior", 3)
    s = goto(check(s), M, "marquise.actions")
    force_dice(s, 3, 0)
    s = play(s, "battle 5 lizards")
    while s.pending:
        s = play(s, legal(s)[0])
    assert not lb.garden_clearings(s)
    assert len(s.seats[L].hand) == 1 and len(lb.lost_souls(s, L)) == 2 and s.seats[M].points == 2
    check(s)


def test_the_lost_souls_take_the_cults_own_discards_down_to_five_10_2_6():
    s = table()
    set_hand(s, L, "anvil", "sword", "bake-sale", "armorers", "investments", "cobbler")
    s = goto(check(s), L, "evening.discard")
    assert rules.to_act(s) == L
    s = play(s, "discard cobbler")
    assert [card(c).key for c in lb.lost_souls(s, L)][-1] == "cobbler" and not s.discard


def test_a_bird_dominance_card_only_sacrifices_and_a_suited_one_serves_its_suit_10_2_2():
    s = table()
    garden(s, 5, "rabbit")
    s = rituals(s, "dominance-bird", "dominance-rabbit")
    offered = legal(s)
    assert [a for a in offered if "dominance-bird" in a] == ["ritual sacrifice dominance-bird"]
    assert "ritual score dominance-rabbit" in offered and "ritual build 5 dominance-rabbit" in offered


# --- the fan factions ------------------------------------------------------------------------------------------


def test_the_spores_birdsong_infects_cult_warriors_never_gardens_and_infected_ones_cannot_crusade_ts_4_1():
    s = table(("marquise", "lizards", "spore"))
    cult, spore = s.seat_of("lizards"), s.seat_of("spore")
    assert cult is not None and spore is not None
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    put(s, 1, "lizards", "warrior", 2)  # 1 is next to 5
    garden(s, 1, "fox")
    s = goto(check(s), spore, "spore.infection")
    assert s.clearings[0].get("lizards:warrior:spore") == 2 and count(s, 1, "lizards", "fox-garden") == 1
    assert ruler(s, 1) == "lizards"  # Pilgrims: the garden still rules for the Cult
    to_area(s, cult, ACOLYTES, "lizards", "warrior", 2)
    s = goto(check(s), cult, "lizards.conspire")
    assert not legal(s, "crusade", seat=cult)  # the infected are the Spore's to move
    check(s)


def test_drones_attacking_the_cult_bring_revenge_and_a_crusade_battles_drones_omt_2_3_10_2_3():
    s = table(("marquise", "eyrie", "lizards", "tinker"))
    tinker = s.seat_of("tinker")
    assert tinker is not None
    put(s, 9, "tinker", "drone", 3)
    put(s, 9, "lizards", "warrior", 2)
    s = goto(check(s), tinker, "tinker.actions")
    force_dice(s, 3, 0)
    start(s, tinker, 9, "lizards")
    rules.flow.advance(s)
    assert lb.acolytes(s, L) == 2 and count(s, 9, "lizards", "warrior") == 0
    outcast(s, "mouse")
    put(s, 9, "lizards", "warrior", 2)
    s = conspiring(s)
    force_dice(s, 2, 0)
    s = play(s, "battle 9 tinker")
    assert count(s, 9, "tinker", "drone") == 1 and s.seats[L].points == 0  # drones are warriors: no points
    check(s)


def test_a_crusade_out_of_a_roost_clearing_the_rival_team_rules_flies_on_wings_of_the_alliance_3x3_9_2():
    s, cult = frontier(("eyrie", "lizards", "vagabond", "marquise", "alliance", "vagabond2"))
    put(s, 1, "lizards", "warrior")
    put(s, 1, "marquise", "warrior", 4)
    put(s, 5, "marquise", "warrior", 3)
    acolytes(s, 2, seat=cult)
    s = goto(check(s), cult, "lizards.conspire")
    assert "crusade 1>5 x1" not in legal(s, seat=cult)  # the Marquise's team rules both ends
    put(s, 1, "eyrie", "roost")
    s = goto(check(s), cult, "lizards.conspire")
    assert "crusade 1>5 x1" in legal(s, seat=cult)  # an allied roost lets the Cult leave
    s = play(s, "crusade 1>5 x1")
    assert count(s, 5, "lizards", "warrior") == 1 and s.turn.flags.get("wings")  # the Eyrie is owed a card
    check(s)


def test_a_crusade_into_the_rival_alliances_sympathy_owes_outrage_and_a_convert_there_does_not_3x3_9_3_8_2_6():
    s, cult = frontier()
    put(s, 1, "lizards", "warrior", 2)
    put(s, 1, "alliance", "sympathy")
    put(s, 5, "alliance", "sympathy")
    put(s, 1, "eyrie", "warrior")
    put(s, 5, "eyrie", "warrior")
    acolytes(s, 4, seat=cult)
    set_hand(s, cult, "bake-sale")
    s = goto(check(s), cult, "lizards.conspire")
    converted = play(s, "convert 1 eyrie")
    assert not converted.pending  # a Cult warrior placed: no Outrage
    s = play(s, "crusade 1>5 x1")
    assert s.pending and s.pending[0]["seat"] == cult and rules.to_act(s) == cult  # Outrage: a rabbit card owed
    check(s)


def test_malformed_conspiracy_options_are_refused_for_what_they_are_10_4_3():
    s = table()
    put(s, 1, "marquise", "warrior")
    put(s, 1, "marquise", "sawmill")
    acolytes(s, 3)
    s = conspiring(s)
    assert "'nobody' is not a faction in this game; the factions are: eyrie, lizards, marquise" in refused(
        s, "convert 1 nobody"
    )
    assert "'nobody' is not a faction" in refused(s, "sanctify 1 nobody sawmill")
    assert "'one' is not a clearing" in refused(s, "convert one marquise")
    assert "'bogus' is no option of convert" in refused(s, "convert 1 marquise bogus")
    roost = refused(s, "sanctify 1 marquise roost")
    assert "'roost' is not a building of marquise; its buildings are: sawmill" in roost


def test_the_panel_shows_each_gardens_track_its_score_and_draw_bonus_and_the_evening_draw_10_5_3_10_6_3():
    s = table()
    garden(s, 5, "rabbit")
    garden(s, 10, "rabbit")
    garden(s, 2, "mouse")
    panel = rules.view_for(s, None)["seats"][L]["panel"]
    at = lb.data()["draw_bonus_spaces"][0]
    points = lb.data()["track_points"]
    assert f"Fox gardens on the map 0/5 (none to score; draw bonus at {at})" in panel
    assert f"Mouse gardens on the map 1/5 (a Score scores {points[0]}; draw bonus at {at})" in panel
    assert f"Rabbit gardens on the map 2/5 (a Score scores {points[1]}; draw bonus uncovered)" in panel
    assert "Evening draw: 2 (1 + 1 draw bonus uncovered)" in panel
