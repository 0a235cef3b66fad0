"""The Vagabond (Law of Root section 9 and appendix V), one test per rule paragraph, then named scenarios."""

from __future__ import annotations

import pytest
from rules_helpers import (
    check,
    clear_map,
    craft_for,
    force_dice,
    give,
    goto,
    hand_keys,
    legal,
    play,
    play_events,
    public_text,
    put,
    set_hand,
    to_discard,
)
from vagabond_helpers import (
    OPTIONS,
    E,
    M,
    V,
    daylight,
    item_specs,
    offer,
    pawn_to,
    relate,
    set_items,
    vb_blank,
    vb_game,
)

import rules
from rules.errors import IllegalActionError
from rules.factions.vagabond import board as vb
from rules.rule import ruler

OPTIONS_WINTER = {"factions": ["marquise", "eyrie", "vagabond"], "board": "winter"}

# --- 9.3 setup ------------------------------------------------------------------------


def test_9_3_1_the_character_brings_its_starting_items_face_up() -> None:
    state = rules.new_game({"factions": ["marquise", "eyrie", "vagabond"], "first_player": 0}, 1)
    state = play(state, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    assert legal(state) == [
        f"character {c}"
        for c in (
            "thief", "tinker", "ranger", "vagrant", "arbiter", "scoundrel", "adventurer", "harrier", "ronin", "cheat",
            "gladiator", "jailor",
        )
    ]
    state = play(state, "character ranger")
    assert item_specs(state) == ["boots", "crossbow", "sword", "torch"]
    assert rules.problems(state) == []  # the starting items come from the Vagabond's own box


def test_9_3_2_the_pawn_starts_in_any_forest() -> None:
    state = rules.new_game({"factions": ["marquise", "eyrie", "vagabond"], "first_player": 0}, 1)
    state = play(state, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    state = play(state, "character tinker")
    assert legal(state) == [f"pawn f{f}" for f in "ABCDEFG"]
    state = play(state, "pawn fE")
    assert state.forests["E"] == {"vagabond:pawn": 1}
    assert rules.view_for(state, None)["forests"]["E"] == {"vagabond:pawn": 1}


def test_9_3_3_three_quests_face_up_and_twelve_face_down() -> None:
    state = vb_game()
    assert len(vb.offered(state)) == 3 and len(state.piles[vb.QUEST_DECK]) == 12 and vb.done(state, vb.ID) == []


def test_9_3_6_every_relationship_starts_indifferent() -> None:
    state = vb_game()
    assert state.seats[V].data["relations"] == {"marquise": 0, "eyrie": 0}


# --- 9.2 faction rules and abilities --------------------------------------------------


def test_9_2_2_the_pawn_never_rules_nor_stops_others_ruling() -> None:
    state = vb_blank(where=5)
    put(state, 5, "marquise", "warrior")
    assert ruler(state, 5) == "marquise"
    pawn_to(state, 6)
    assert ruler(state, 6) is None


def test_9_2_2_1_a_favor_damages_three_items_and_leaves_the_pawn() -> None:
    state = vb_blank(where=1)  # clearing 1 is a fox clearing
    set_items(state, "sword", "boots", "torch", "tea")
    for cid in (6, 8, 12):  # fox clearings
        put(state, cid, "marquise", "workshop")
    set_hand(state, M, "favor-of-the-foxes")
    state = goto(check(state), M, "marquise.craft")
    state = play(state, "craft favor-of-the-foxes")
    assert vb.where(state, vb.ID) == 1
    assert state.pending[0]["what"] == "damage" and state.pending[0]["left"] == 3
    state = play(state, "damage sword", "damage tea", "damage torch")
    assert item_specs(state) == ["boots", "sword:damaged", "tea:damaged", "torch:damaged"]


def test_9_2_3_nimble_he_moves_whoever_rules() -> None:
    state = vb_blank(where=5)
    put(state, 5, "marquise", "warrior", 3)
    put(state, 1, "eyrie", "warrior", 3)
    set_items(state, "boots")
    state = daylight(state)
    assert "move 5>1 x1" in legal(state, "move")


def test_9_2_4_defenseless_without_an_undamaged_sword() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword:damaged", "boots", "torch")
    put(state, 5, "marquise", "warrior", 2)
    force_dice(state, 0, 0)
    state = goto(check(state), M, "marquise.actions")
    state, events = play_events(state, "battle 5 vagabond")
    assert "Vagabond is defenseless: one extra hit" in public_text(events)


def test_9_2_5_1_tea_coins_and_sacks_sit_on_tracks_of_three() -> None:
    state = vb_blank()
    set_items(state, "tea", "tea", "tea:exhausted", "coins", "sack", "sack:damaged", "sword")
    mine = state.seats[V].items
    assert vb.on_track(mine) == {"tea": 2, "coins": 1, "sack": 1}
    assert vb.refresh_count(mine) == 3 + 2 * 2
    assert vb.draw_bonus(mine) == 1
    assert vb.item_limit(mine) == 6 + 2
    assert sorted(i["item"] for i in vb.carried(mine)) == ["sack", "sword", "tea"]


def test_9_2_6_rolled_hits_are_capped_by_undamaged_swords_face_up_or_down() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword", "sword:exhausted", "sword:damaged")
    faction = rules.registry.of(state, V)
    assert faction.max_rolled_hits(state, V, 5) == 2


def test_9_2_7_each_hit_damages_an_item_he_chooses() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword", "boots", "torch:exhausted")
    put(state, 5, "marquise", "warrior", 2)
    force_dice(state, 3, 3)
    state = goto(check(state), M, "marquise.actions")
    state = play(state, "battle 5 vagabond")
    assert state.pending[0]["what"] == "damage" and state.pending[0]["left"] == 2
    assert legal(state) == ["damage boots", "damage sword", "damage torch exhausted"]
    state = play(state, "damage torch exhausted", "damage boots")
    assert item_specs(state) == ["boots:damaged", "sword", "torch:damaged-exhausted"]


def test_9_2_7_hits_beyond_his_undamaged_items_are_ignored() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword", "boots:damaged")
    put(state, 5, "marquise", "warrior", 3)
    force_dice(state, 3, 3)
    state = goto(check(state), M, "marquise.actions")
    state = play(state, "battle 5 vagabond")
    assert item_specs(state) == ["boots:damaged", "sword:damaged"] and vb.where(state, vb.ID) == 5


def test_9_2_8_no_dominance_victory_and_no_coalition_below_four_players() -> None:
    state = vb_blank(where=5)
    state.seats[V].points = 12
    give(state, V, "dominance-fox")
    state = daylight(state)
    assert legal(state, "activate") == [] and legal(state, "coalition") == []


def test_9_2_9_1_aid_improves_a_relationship_by_the_aids_of_one_turn() -> None:
    state = vb_blank(where=5)  # clearing 5 is rabbit
    set_items(state, "boots", "torch", "sword", "tea", "hammer", "crossbow")
    put(state, 5, "eyrie", "warrior")
    set_hand(state, V, "bake-sale", "a-visit-to-friends", "root-tea-rabbit", "command-warren")
    state = daylight(state)
    state = play(state, "aid eyrie bake-sale", "exhaust boots")
    assert vb.relation(state, V, "eyrie") == 1 and state.seats[V].points == 1
    state = play(state, "aid eyrie a-visit-to-friends", "exhaust torch")
    assert vb.relation(state, V, "eyrie") == 1
    state = play(state, "aid eyrie root-tea-rabbit", "exhaust sword")
    assert vb.relation(state, V, "eyrie") == 2 and state.seats[V].points == 3
    assert hand_keys(state, E) == ["a-visit-to-friends", "bake-sale", "root-tea-rabbit"]


def test_9_2_9_1_aids_do_not_carry_over_to_the_next_turn() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots", "torch")
    relate(state, "eyrie", 1)
    put(state, 5, "eyrie", "warrior")
    set_hand(state, V, "bake-sale", "a-visit-to-friends")
    state = play(daylight(state), "aid eyrie bake-sale", "exhaust boots")
    state = goto(state, V, "vagabond.daylight")
    state = play(state, "aid eyrie a-visit-to-friends")  # the torch, the only ready item, is exhausted
    assert vb.relation(state, V, "eyrie") == 1 and item_specs(state) == ["boots:exhausted", "torch:exhausted"]


def test_9_2_9_2_1_each_aid_to_an_ally_scores_two() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots")
    relate(state, "eyrie", vb.ALLIED)
    put(state, 5, "eyrie", "warrior")
    set_hand(state, V, "bake-sale")
    state = play(daylight(state), "aid eyrie bake-sale")  # one ready item: exhausted without asking
    assert state.seats[V].points == 2 and item_specs(state) == ["boots:exhausted"]


def test_9_2_9_2_2_allied_warriors_move_along_when_their_faction_rules_an_end() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots")
    relate(state, "marquise", vb.ALLIED)
    put(state, 5, "marquise", "warrior", 3)
    state = daylight(state)
    assert legal(state, "lead") == ["lead 5>1 x1 marquise", "lead 5>1 x2 marquise", "lead 5>1 x3 marquise",
                                    "lead 5>2 x1 marquise", "lead 5>2 x2 marquise", "lead 5>2 x3 marquise"]
    state = play(state, "lead 5>2 x2 marquise")
    assert vb.where(state, vb.ID) == 2 and state.clearings[1] == {"vagabond:pawn": 1, "marquise:warrior": 2}
    assert item_specs(state) == ["boots:exhausted"]


def test_9_2_9_2_3_attacking_with_allied_warriors_adds_them_to_the_roll() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword", "boots", "torch", "tea")
    relate(state, "marquise", vb.ALLIED)
    put(state, 5, "marquise", "warrior", 3)
    put(state, 5, "eyrie", "warrior", 3)
    force_dice(state, 3, 1)
    state = play(daylight(state), "battle 5 eyrie")
    assert legal(state) == ["pass", "ally marquise"]
    state, events = play_events(state, "ally marquise")
    assert "Vagabond rolls 3 hits" in public_text(events)  # 1 sword + 3 Marquise warriors allow 4
    assert sorted(legal(state)) == ["hit pawn", "hit warrior marquise"]  # the Eyrie's hit: an item or an ally
    state = play(state, "hit pawn", "damage tea")
    assert state.battle is None and state.clearings[4].get("eyrie:warrior", 0) == 0
    assert vb.relation(state, V, "eyrie") == vb.HOSTILE and vb.relation(state, V, "marquise") == vb.ALLIED


def test_9_2_9_2_4_taking_more_hits_on_allies_than_items_turns_them_hostile() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword", "boots")
    relate(state, "marquise", vb.ALLIED)
    put(state, 5, "marquise", "warrior", 3)
    put(state, 5, "eyrie", "warrior", 3)
    force_dice(state, 3, 3)  # each side deals 3 hits
    state = play(daylight(state), "battle 5 eyrie", "ally marquise")
    while state.pending and state.pending[0]["kind"] in ("ambush", "battle_effect"):
        state = play(state, "pass")
    assert state.pending[0]["kind"] == "hits"
    state = play(state, "hit warrior marquise", "hit warrior marquise", "hit pawn", "damage boots")
    assert state.battle is None
    assert state.clearings[4]["marquise:warrior"] == 1
    assert vb.relation(state, V, "marquise") == vb.HOSTILE


def test_9_2_9_3_removing_a_warrior_makes_a_faction_hostile_but_a_building_does_not() -> None:
    state = vb_blank(where=5, character="ranger")
    set_items(state, "crossbow", "crossbow:exhausted")
    put(state, 5, "marquise", "sawmill")
    state = play(daylight(state), "strike marquise sawmill")
    assert vb.relation(state, V, "marquise") == vb.INDIFFERENT and state.seats[V].points == 1
    put(state, 5, "eyrie", "warrior", 2)
    state.seats[V].items[1]["exhausted"] = False
    state = play(daylight(state), "strike eyrie warrior")
    assert vb.relation(state, V, "eyrie") == vb.HOSTILE and state.seats[V].points == 1  # no Infamy for a Strike


def test_9_2_9_3_1_infamy_scores_each_hostile_piece_removed_in_battle_on_his_turn() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword", "sword", "sword", "boots")
    put(state, 5, "eyrie", "warrior", 2)
    put(state, 5, "eyrie", "roost")
    force_dice(state, 3, 0)
    state = play(daylight(state), "battle 5 eyrie")
    while state.pending:
        state = play(state, "pass")
    # 2 warriors (the first makes them Hostile, the second is Infamy) and the roost (1 + 1 Infamy)
    assert vb.relation(state, V, "eyrie") == vb.HOSTILE and state.seats[V].points == 3


def test_9_2_9_3_2_a_hostile_clearing_costs_an_extra_boot_and_the_slip_ignores_it() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots", "boots:exhausted")
    relate(state, "eyrie", vb.HOSTILE)
    put(state, 1, "eyrie", "warrior")
    state = daylight(state)
    assert legal(state, "move") == ["move 5>2 x1"]
    with pytest.raises(IllegalActionError, match="exhausts 2 boots"):
        rules.parse(state, "move 5>1")
    state = goto(state, V, "vagabond.slip")
    assert "move 5>1 x1" in legal(state, "move")


def test_9_2_9_3_3_a_hostile_faction_can_be_aided_for_its_items_only() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots", "torch")
    set_items(state, "hammer", seat=M)
    relate(state, "marquise", vb.HOSTILE)
    put(state, 5, "marquise", "warrior")
    set_hand(state, V, "bake-sale")
    state = play(daylight(state), "aid marquise bake-sale", "exhaust torch")
    assert legal(state) == ["pass", "claim hammer"]
    state = play(state, "claim hammer")
    assert vb.relation(state, V, "marquise") == vb.HOSTILE and state.seats[V].points == 0
    assert item_specs(state) == ["boots", "hammer", "torch:exhausted"] and state.seats[M].items == []


def test_9_2_10_daylight_moves_never_enter_a_forest() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots")
    state = daylight(state)
    assert all(">f" not in a for a in legal(state, "move"))
    with pytest.raises(IllegalActionError, match="only the Slip"):
        rules.parse(state, "move 5>fA")


# --- 9.4 Birdsong ------------------------------------------------------------------------


def test_9_4_1_refresh_three_plus_two_per_tea_on_the_track() -> None:
    state = vb_blank(where=5, character="tinker")
    set_items(state, "tea", "boots:exhausted", "boots:exhausted", "sword:exhausted", "torch:exhausted",
              "hammer:exhausted")
    state = goto(check(state), V, "birdsong.start")
    assert item_specs(state) == ["boots", "boots", "hammer", "sword", "tea", "torch"]


def test_9_4_1_a_tea_flipped_face_up_in_this_refresh_does_not_count() -> None:
    state = vb_blank(where=5, character="tinker")
    set_items(state, "tea:exhausted", "boots:exhausted", "sword:exhausted", "torch:exhausted", "hammer:exhausted")
    state = goto(check(state), V, "birdsong.start")
    assert state.pending[0]["what"] == "refresh" and state.pending[0]["left"] == 3


def test_9_4_1_the_vagabond_chooses_what_to_refresh_when_short() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots:exhausted", "sword:exhausted", "torch:exhausted", "hammer:exhausted")
    state = goto(check(state), V, "birdsong.start")
    assert state.pending[0]["what"] == "refresh" and state.pending[0]["left"] == 3
    state = play(state, "refresh sword exhausted", "refresh boots exhausted", "refresh hammer exhausted")
    assert item_specs(state) == ["boots", "hammer", "sword", "torch:exhausted"]


def test_9_4_2_slip_to_an_adjacent_clearing_or_forest_without_boots() -> None:
    state = vb_blank(where="A")  # forest A touches 1, 2, 5, 10 and borders forests B and C
    set_items(state)
    state = goto(check(state), V, "vagabond.slip")
    assert legal(state, "move") == ["move fA>1 x1", "move fA>2 x1", "move fA>5 x1", "move fA>10 x1",
                                    "move fA>fB x1", "move fA>fC x1"]
    state = play(state, "move fA>fB")
    assert vb.where(state, vb.ID) == "B" and legal(state, "move") == []


# --- 9.5 Daylight --------------------------------------------------------------------------


def test_9_5_1_move_exhausts_a_boot() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots", "boots")
    state = play(daylight(state), "move 5>2")
    assert vb.where(state, vb.ID) == 2 and item_specs(state) == ["boots", "boots:exhausted"]


def test_9_5_2_battle_exhausts_a_sword() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword:exhausted", "boots")
    put(state, 5, "eyrie", "warrior")
    state = daylight(state)
    assert legal(state, "battle") == []
    state.seats[V].items[0]["exhausted"] = False
    state = play(state, "battle 5 eyrie")
    assert state.seats[V].items[0]["exhausted"] or state.seats[V].items[0]["damaged"]


def test_9_5_3_explore_takes_the_ruin_item_scores_and_opens_the_slot() -> None:
    state = vb_blank(where=10)  # clearing 10 has a ruin
    set_items(state, "torch")
    found = state.ruins[9]
    assert found is not None
    state, events = play_events(daylight(state), "explore")
    assert state.ruins[9] is None and state.seats[V].points == 1
    assert f"finds {found}" in public_text(events)
    assert sorted(i["item"] for i in state.seats[V].items) == sorted(["torch", found])
    assert rules.problems(state) == []


@pytest.mark.parametrize(("board", "ruined", "recruiter", "forest"), [
    ("autumn", [6, 10, 11, 12], 9, "C"),
    ("winter", [8, 9, 11, 12], 10, "W8"),
])
def test_9_3_4_the_autumn_and_winter_ruins_hold_the_four_r_items(board: str, ruined: list[int], recruiter: int,
                                                                   forest: str) -> None:
    state = rules.new_game({**OPTIONS, "board": board}, 3)
    state = play(state, "keep 1", "build sawmill 1", "build workshop 5", f"build recruiter {recruiter}")
    state = play(state, "leader despot", "character thief", f"pawn f{forest}")
    assert [cid for cid, item in enumerate(state.ruins, start=1) if item] == ruined
    assert sorted(i for i in state.ruins if i) == ["boots", "hammer", "sack", "sword"]
    clear_map(state)
    pawn_to(state, ruined[0])
    set_items(state, "torch")
    found = state.ruins[ruined[0] - 1]
    state = play(daylight(state), "explore")
    assert state.ruins[ruined[0] - 1] is None and item_specs(state) == sorted([str(found), "torch:exhausted"])


def test_9_5_4_aid_gives_the_card_privately_and_may_take_a_crafted_item() -> None:
    state = vb_blank(where=5)
    set_items(state, "boots", "sword")
    set_items(state, "coins", "tea", seat=M)
    put(state, 5, "marquise", "warrior")
    set_hand(state, V, "bake-sale")
    state, events = play_events(daylight(state), "aid marquise bake-sale")
    assert "Bake Sale" not in public_text(events)
    assert any("Bake Sale" in e.private.get(M, "") for e in events)
    state = play(state, "exhaust sword", "claim coins")
    assert item_specs(state) == ["boots", "coins", "sword:exhausted"]
    assert [i["item"] for i in state.seats[M].items] == ["tea"]


def test_9_5_4_aid_needs_a_card_matching_the_clearing() -> None:
    state = vb_blank(where=5)  # rabbit
    set_items(state, "boots")
    put(state, 5, "marquise", "warrior")
    set_hand(state, V, "anvil", "arms-trader")  # fox, bird
    assert legal(daylight(state), "aid") == ["aid marquise arms-trader"]


def test_9_5_5_quest_exhausts_its_items_and_scores_per_quest_of_the_suit() -> None:
    state = vb_blank(where=1)  # fox
    set_items(state, "tea", "boots", "torch", "hammer")
    offer(state, "errand-fox", "repair-a-shed", "escort")
    state.piles[vb.done_pile(vb.ID)] = [q for q in range(15) if vb.quest(q).key == "give-a-speech-fox"]
    state.piles[vb.QUEST_DECK].remove(state.piles[vb.done_pile(vb.ID)][0])
    state = daylight(state)
    assert legal(state, "quest") == ["quest errand-fox score", "quest errand-fox draw",
                                     "quest repair-a-shed score", "quest repair-a-shed draw"]
    state = play(state, "quest errand-fox score")
    assert state.seats[V].points == 2  # the second fox quest scores two
    assert item_specs(state) == ["boots:exhausted", "hammer", "tea:exhausted", "torch"]
    assert len(vb.offered(state)) == 3 and len(state.piles[vb.QUEST_DECK]) == 10


def test_9_5_5_a_quest_may_draw_two_cards_instead() -> None:
    state = vb_blank(where=1)
    set_items(state, "torch", "hammer")
    offer(state, "repair-a-shed")
    state = play(daylight(state), "quest repair-a-shed draw")
    assert len(state.seats[V].hand) == 2 and state.seats[V].points == 0


def test_9_5_6_strike_removes_warriors_before_other_pieces() -> None:
    state = vb_blank(where=5)
    set_items(state, "crossbow")
    put(state, 5, "marquise", "warrior")
    put(state, 5, "marquise", "sawmill")
    assert legal(daylight(state), "strike") == ["strike marquise warrior"]


def test_9_5_7_repair_exhausts_a_hammer_and_keeps_the_side() -> None:
    state = vb_blank(where=5)
    set_items(state, "hammer", "sword:damaged-exhausted")
    state = daylight(state)
    assert legal(state, "repair") == ["repair sword damaged-exhausted"]
    state = play(state, "repair sword")
    assert item_specs(state) == ["hammer:exhausted", "sword:exhausted"]


def test_9_5_8_craft_exhausts_a_hammer_per_icon_of_the_clearing_suit() -> None:
    state = vb_blank(where=1, character="tinker")  # fox
    set_items(state, "hammer", "hammer")
    set_hand(state, V, "foxfolk-steel", "root-tea-fox")  # fox+fox sword; a mouse-cost tea
    state = daylight(state)
    assert legal(state, "craft") == ["craft foxfolk-steel"]
    state = play(state, "craft foxfolk-steel")
    assert item_specs(state) == ["hammer:exhausted", "hammer:exhausted", "sword"]
    assert state.seats[V].points == 2


def test_9_2_1_crafting_in_a_forest_is_impossible() -> None:
    state = vb_blank(where="C")
    set_items(state, "hammer")
    set_hand(state, V, "anvil")
    assert legal(daylight(state), "craft") == []


def test_v_1_thief_steals_a_random_card_privately() -> None:
    state = vb_blank(where=5, character="thief")
    set_items(state, "torch")
    put(state, 5, "eyrie", "warrior")
    set_hand(state, E, "anvil")
    state, events = play_events(daylight(state), "steal eyrie")
    assert hand_keys(state, V) == ["anvil"] and hand_keys(state, E) == []
    assert "Anvil" not in public_text(events) and any("Anvil" in e.private.get(E, "") for e in events)


def test_v_2_tinker_day_labor_takes_a_matching_or_bird_card_from_the_discard() -> None:
    state = vb_blank(where=5, character="tinker")  # rabbit
    set_items(state, "torch")
    to_discard(state, "bake-sale", "anvil", "arms-trader")
    state = daylight(state)
    assert legal(state, "labor") == ["labor arms-trader", "labor bake-sale"]
    state = play(state, "labor bake-sale")
    assert hand_keys(state, V) == ["bake-sale"]


def test_v_3_ranger_hideout_repairs_three_and_ends_daylight() -> None:
    state = vb_blank(where=5, character="ranger")
    set_items(state, "torch", "sword:damaged", "boots:damaged", "crossbow:damaged", "hammer:damaged")
    state = play(daylight(state), "hideout")
    assert state.pending[0]["what"] == "repair"
    state = play(state, "repair sword", "repair boots", "repair hammer")
    assert item_specs(state) == ["boots", "crossbow:damaged", "hammer", "sword", "torch:exhausted"]
    assert state.turn.phase == "evening" or state.turn.seat != V


def test_special_actions_belong_to_their_character() -> None:
    state = vb_blank(where=5, character="tinker")
    set_items(state, "torch")
    put(state, 5, "eyrie", "warrior")
    set_hand(state, E, "anvil")
    set_hand(state, V, "bake-sale")
    state = daylight(state)
    assert legal(state, "steal") == [] and legal(state, "hideout") == []
    with pytest.raises(IllegalActionError, match="only the Thief"):
        rules.parse(state, "steal eyrie")


# --- 9.6 Evening ----------------------------------------------------------------------------


def test_9_6_1_rest_in_a_forest_repairs_everything_face_up() -> None:
    state = vb_blank(where="B")
    set_items(state, "sword:damaged-exhausted", "boots:exhausted", "torch:damaged")
    state = goto(check(state), V, "evening.start")
    assert item_specs(state) == ["boots:exhausted", "sword", "torch"]


def test_9_6_1_no_rest_in_a_clearing() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword:damaged")
    state = goto(check(state), V, "evening.start")
    assert item_specs(state) == ["sword:damaged"]


def test_9_6_2_draw_one_plus_one_per_coin_on_the_track() -> None:
    state = vb_blank(where=5)
    set_items(state, "coins", "coins")
    state = goto(check(state), V, "evening.start")
    assert len(state.seats[V].hand) == 3


def test_9_6_4_items_over_the_limit_are_removed_from_the_game() -> None:
    state = vb_blank(where=5)
    set_items(state, "tea", "sword", "sword", "boots", "boots", "hammer", "crossbow", "torch")
    state = goto(check(state), V, "evening.start")
    assert state.pending[0]["what"] == "drop" and state.pending[0]["left"] == 1  # 7 carried, tea on the track
    assert "drop tea" not in legal(state)
    state = play(state, "drop crossbow")
    assert state.items_removed == ["crossbow"] and rules.problems(state) == []


# --- coalitions (9.2.8) need four players -----------------------------------------------------


@pytest.fixture
def four() -> object:
    """A four-player game: Marquise, Eyrie, Vagabond and a plain test faction (Moss), past setup."""
    import seam_factions

    seam_factions.register_all()
    try:
        state = vb_blank(where=5, factions=["marquise", "eyrie", "vagabond", "test-moss"])
        yield state
    finally:
        seam_factions.unregister_all()


def test_9_2_8_a_coalition_with_the_player_with_fewest_points(four: rules.GameState) -> None:
    state = four
    set_items(state, "sword", "boots")
    put(state, 5, "eyrie", "warrior")
    state.seats[V].points, state.seats[M].points, state.seats[E].points, state.seats[3].points = 12, 5, 3, 3
    set_hand(state, V, "dominance-fox")
    relate(state, "eyrie", vb.HOSTILE)
    state = daylight(state)
    assert legal(state, "coalition") == ["coalition dominance-fox eyrie", "coalition dominance-fox test-moss"]
    state = play(state, "coalition dominance-fox eyrie")
    assert vb.relation(state, V, "eyrie") == vb.INDIFFERENT
    assert legal(state, "battle") == []  # no longer enemies
    state.seats[V].points = 12
    rules.scoring.score(state, V, 3, "anything")
    assert state.seats[V].points == 12
    state.seats[E].points = 29
    rules.scoring.score(state, E, 1)
    rules.registry.lineup(state).mode.check_victory(state)
    assert state.over and sorted(state.winners) == [E, V]


# --- cards, notation, hidden information ------------------------------------------------------


def test_cobbler_grants_the_pawn_a_move_without_boots() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword")
    craft_for(state, V, "cobbler")
    state = goto(check(state), V, "evening.start")
    assert legal(state) == ["pass", "move 5>1 x1", "move 5>2 x1"]
    state = play(state, "move 5>2")
    assert vb.where(state, vb.ID) == 2 and item_specs(state) == ["sword"]


def test_cobbler_into_hostile_warriors_needs_one_boot() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword")
    relate(state, "eyrie", vb.HOSTILE)
    put(state, 1, "eyrie", "warrior")
    craft_for(state, V, "cobbler")
    state = goto(check(state), V, "evening.start")
    assert legal(state) == ["pass", "move 5>2 x1"]


def test_winter_forests_are_written_with_their_number() -> None:
    state = rules.new_game({**OPTIONS_WINTER, "first_player": 0}, 2)
    state = play(state, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 10", "leader despot")
    state = play(state, "character thief")
    assert "pawn fW1" in legal(state)
    assert rules.parse(state, "pawn fw1").notation() == "pawn fW1"
    state = play(state, "pawn fW8")
    assert vb.where(state, vb.ID) == "W8"


def _views(state: rules.GameState) -> list[dict[str, object]]:
    return [rules.view_for(state, seat) for seat in (None, *range(len(state.seats)))]


def test_no_view_shows_the_quest_deck_order_the_ruins_or_another_hand() -> None:
    state = vb_game(seed=4)
    set_hand(state, V, "anvil", "sword")
    before = _views(state)
    shuffled = state.clone()
    shuffled.piles[vb.QUEST_DECK].reverse()
    ruins = [r for r in shuffled.ruins if r]
    shuffled.ruins = [ruins[(ruins.index(r) + 1) % len(ruins)] if r else None for r in shuffled.ruins]
    assert _views(shuffled) == before
    swapped = state.clone()
    set_hand(swapped, V, "bake-sale", "cobbler")  # as many cards, others
    after = _views(swapped)
    assert [after[i] for i in (0, 1, 2)] == [before[i] for i in (0, 1, 2)]  # the table, Marquise, Eyrie
    assert after[3] != before[3]  # the Vagabond sees his own hand


def test_the_panel_shows_character_tracks_relationships_quests_and_coalition_to_everyone() -> None:
    state = vb_blank(where=5)
    set_items(state, "tea", "coins", "sack", "sword:damaged")
    relate(state, "eyrie", vb.HOSTILE)
    offer(state, "errand-fox", "escort")
    panel = rules.view_for(state, M)["seats"][V]["panel"]
    assert panel[0] == "Character: Thief (Steal)" and "Pawn: clearing 5" in panel
    assert "Tracks: tea 1/3 (refresh 5), coins 1/3 (draw 2), sacks 1/3 (item limit 8)" in panel
    assert "Relationships: Eyrie Dynasties hostile; Marquise de Cat indifferent" in panel
    assert "Quest up: Errand (fox: tea, boots)" in panel and "Quest up: Escort (mouse: boots, boots)" in panel


# --- named scenarios (issue 10), played through parse and apply ---------------------------------


def test_scenario_a_battle_where_a_sword_limits_the_roll_and_hits_damage_items() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword", "sword:damaged", "boots", "torch", "tea")
    put(state, 5, "eyrie", "warrior", 3)
    force_dice(state, 3, 2)
    state, events = play_events(daylight(state), "battle 5 eyrie")
    text = public_text(events)
    assert "Vagabond rolls 1 hit, Eyrie Dynasties rolls 2 hits" in text  # one undamaged sword caps the roll at 1
    assert state.pending[0]["what"] == "damage" and state.pending[0]["left"] == 2
    state = play(state, "damage tea", "damage torch")
    assert item_specs(state) == ["boots", "sword:damaged", "sword:exhausted", "tea:damaged", "torch:damaged"]
    assert state.clearings[4]["eyrie:warrior"] == 2 and vb.relation(state, V, "eyrie") == vb.HOSTILE


def test_scenario_aid_over_three_turns_makes_the_marquise_allied() -> None:
    state = vb_blank(where=5)
    put(state, 5, "marquise", "warrior")
    points = []
    for aids in (1, 2, 3):
        set_items(state, *["boots"] * 2, "sword", "torch")
        set_hand(state, V, *["bake-sale", "a-visit-to-friends", "root-tea-rabbit"][:aids])
        state = daylight(state)
        for key in hand_keys(state, V):
            state = play(state, f"aid marquise {key}")
            while state.pending:
                state = play(state, legal(state)[-1])
        points.append(state.seats[V].points)
    assert vb.relation(state, V, "marquise") == vb.ALLIED and points == [1, 3, 5]


def test_scenario_a_strike_makes_the_eyrie_hostile_and_entering_their_clearing_costs_two_boots() -> None:
    state = vb_blank(where=5, character="ranger")
    set_items(state, "crossbow", "boots", "boots")
    put(state, 5, "eyrie", "warrior")
    put(state, 2, "eyrie", "warrior")
    state = play(daylight(state), "strike eyrie warrior")
    assert vb.relation(state, V, "eyrie") == vb.HOSTILE
    state = play(state, "move 5>2")
    assert vb.where(state, vb.ID) == 2
    assert item_specs(state) == ["boots:exhausted", "boots:exhausted", "crossbow:exhausted"]


def test_scenario_a_slip_into_a_forest_and_a_rest_there() -> None:
    state = vb_blank(where=5)
    set_items(state, "sword:damaged", "boots:damaged-exhausted", "torch")
    state = goto(check(state), V, "vagabond.slip")
    state, events = play_events(state, "move 5>fA")  # nothing else to do: Daylight passes, Evening rests
    assert vb.where(state, vb.ID) == "A" and state.turn.seat != V
    assert "The Vagabond rests in the forest and repairs 2 items." in public_text(events)
    assert item_specs(state) == ["boots", "sword", "torch"]


def test_scenario_a_quest_scoring_its_second_point() -> None:
    state = vb_blank(where=1)  # fox
    set_items(state, "tea", "boots", "torch", "hammer")
    offer(state, "errand-fox", "repair-a-shed", "escort")
    state, first = play_events(daylight(state), "quest errand-fox score")
    assert state.seats[V].points == 1 and "1 fox quest" in public_text(first)
    state, second = play_events(state, "quest repair-a-shed score")
    assert state.seats[V].points == 1 + 2 and "2 fox quests" in public_text(second)
    assert [vb.quest(q).key for q in vb.done(state, vb.ID)] == ["errand-fox", "repair-a-shed"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("battle 5 eyrie", "exhausts a sword"),
        ("explore", "no ruin with an item in clearing 5"),
        ("quest escort score", "the quests face up are"),
        ("aid eyrie anvil", "matching clearing 5"),
        ("coalition dominance-fox eyrie", "four or more players"),
        ("labor bake-sale", "only the Tinker"),
        ("repair sword", "exhausts a hammer"),
        ("move 5>fA", "only the Slip"),
        ("move 5>7", "not next to clearing 5"),
        ("ally eyrie", "start of a battle"),
    ],
)
def test_refusals_say_why_in_the_vagabond_s_terms(text: str, reason: str) -> None:
    state = vb_blank(where=5)
    set_items(state, "boots", "torch", "sword:exhausted", "sword:damaged")
    put(state, 5, "eyrie", "warrior")
    set_hand(state, V, "anvil", "dominance-fox")
    offer(state, "errand-fox", "errand-rabbit", "fundraising")
    state = daylight(state)
    before = state.digest()
    with pytest.raises(rules.RulesError, match=reason):
        rules.apply(state, rules.parse(state, text))
    assert state.digest() == before
