"""The Vagabond's characters (Law of Root, appendix V): each one's starting items and special action, on literal
states, one test per rule named by its entry (V.4.2: the Vagrant's special action)."""

from __future__ import annotations

import pytest
from rules_helpers import check, force_dice, goto, hand_keys, legal, play, play_events, public_text, put, set_hand
from vagabond_helpers import OPTIONS, E, M, V, daylight, item_specs, offer, relate, set_items, vb_blank

import rules
from rules.errors import IllegalActionError, RulesError
from rules.factions.vagabond import board as vb

STARTING = {
    "thief": ["boots", "sword", "tea", "torch"],
    "tinker": ["boots", "hammer", "sack", "torch"],
    "ranger": ["boots", "crossbow", "sword", "torch"],
    "vagrant": ["boots", "coins", "torch"],
    "arbiter": ["boots", "sword", "sword", "torch"],
    "scoundrel": ["boots", "boots", "crossbow", "torch"],
    "adventurer": ["boots", "hammer", "torch"],
    "harrier": ["coins", "crossbow", "sword", "torch"],
    "ronin": ["boots", "boots", "sword", "torch"],
    "cheat": ["boots", "crossbow", "tea", "torch"],
    "gladiator": ["boots", "hammer", "torch"],
    "jailor": ["boots", "crossbow", "torch"],
}


def _after_factions_setup() -> rules.GameState:
    state = rules.new_game(OPTIONS, 1)
    return play(state, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")


# --- V.x.1 starting items, and the choice ----------------------------------------------------------------------


@pytest.mark.parametrize("character", sorted(STARTING))
def test_v_x_1_each_character_starts_with_the_items_the_law_lists(character: str) -> None:
    state = play(_after_factions_setup(), f"character {character}")
    assert item_specs(state) == STARTING[character]
    assert rules.problems(state) == []  # the starting items come from the Vagabond's own box
    assert vb.character(state, V) is not None


def test_v_the_twelve_characters_are_offered_at_setup() -> None:
    assert legal(_after_factions_setup()) == [f"character {c}" for c in STARTING if c in vb.character_names()]
    assert len(vb.character_names()) == 12


def test_v_two_vagabonds_never_take_the_same_character() -> None:
    options = {"factions": ["marquise", "eyrie", "vagabond", "vagabond2"], "first_player": 0}
    state = rules.new_game(options, 1)
    state = play(state, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    first = rules.to_act(state)
    state = play(state, "character arbiter", "pawn fC")
    assert rules.to_act(state) != first
    assert "character arbiter" not in legal(state) and len(legal(state)) == 11
    with pytest.raises(IllegalActionError, match="another Vagabond is the Arbiter"):
        play(state, "character arbiter")


# --- V.4 the Vagrant: Instigate --------------------------------------------------------------------------------


def _vagrant_battle(hostile: bool = False) -> rules.GameState:
    state = vb_blank(where=5, character="vagrant")
    set_items(state, "torch", "boots")
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "eyrie", "warrior")
    put(state, 5, "eyrie", "roost")
    if hostile:
        relate(state, "eyrie", vb.HOSTILE)
    force_dice(state, 3, 0)
    return daylight(state)


def test_v_4_2_instigate_forces_a_player_to_battle_and_the_vagrant_scores_the_buildings_removed() -> None:
    state = _vagrant_battle()
    assert "instigate marquise eyrie" in legal(state, "instigate")
    assert "instigate vagabond eyrie" in legal(state, "instigate")  # even himself
    state, events = play_events(state, "instigate marquise eyrie")
    assert "forces the Marquise de Cat to battle the Eyrie Dynasties" in public_text(events)
    assert state.clearings[4].get("eyrie:warrior", 0) == 0 and state.clearings[4].get("eyrie:roost", 0) == 0
    assert state.seats[V].points == 1 and state.seats[M].points == 0  # the roost is treated as his removal
    assert vb.relation(state, V, "eyrie") == vb.INDIFFERENT  # the Marquise removed the warrior, not he
    assert item_specs(state) == ["boots", "torch:exhausted"]
    assert state.turn.seat == V and state.turn.step == "vagabond.daylight"


def test_v_4_2_instigate_scores_infamy_for_the_buildings_of_a_hostile_faction() -> None:
    state = play(_vagrant_battle(hostile=True), "instigate marquise eyrie")
    assert state.seats[V].points == 2  # the roost, and Infamy for it


def test_v_4_2_the_forced_despot_scores_nothing_for_buildings_the_vagrant_is_credited_with() -> None:
    state = vb_blank(where=5, character="vagrant")
    set_items(state, "torch")
    put(state, 5, "eyrie", "warrior", 2)
    put(state, 5, "marquise", "sawmill")
    force_dice(state, 3, 0)
    state = play(daylight(state), "instigate eyrie marquise")
    assert state.clearings[4].get("marquise:sawmill", 0) == 0
    assert state.seats[E].points == 0 and state.seats[V].points == 1


def test_v_4_2_instigate_refusals_name_the_reason() -> None:
    state = _vagrant_battle()
    with pytest.raises(RulesError, match="Vagabond Pack|can't battle themselves|not enemies|no pieces"):
        rules.parse(state, "instigate marquise marquise")
    state.seats[V].items[0]["exhausted"] = True  # the torch
    with pytest.raises(IllegalActionError, match="exhausts a torch"):
        rules.parse(state, "instigate marquise eyrie")


def test_v_4_2_only_the_vagrant_instigates() -> None:
    state = vb_blank(where=5, character="thief")
    set_items(state, "torch", "boots")
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "eyrie", "warrior")
    state = daylight(state)
    assert legal(state, "instigate") == []
    with pytest.raises(IllegalActionError, match="only the Vagrant can instigate"):
        rules.parse(state, "instigate marquise eyrie")


# --- V.5 the Arbiter: Protector --------------------------------------------------------------------------------


def _arbiter_in_battle(where: int = 5) -> rules.GameState:
    state = vb_blank(where=where, character="arbiter")
    set_items(state, "sword", "sword:exhausted", "sword:damaged", "torch")
    put(state, 5, "marquise", "warrior", 3)
    put(state, 5, "eyrie", "warrior")
    force_dice(state, 3, 3)
    return goto(check(state), M, "marquise.actions")


def test_v_5_2_the_defender_is_asked_before_the_roll_and_the_arbiters_swords_add_to_its_hits() -> None:
    state = play(_arbiter_in_battle(), "battle 5 eyrie")
    assert state.pending[0]["seat"] == E and state.pending[0]["what"] == "enlist"
    assert legal(state) == ["pass", "enlist"]
    state, events = play_events(state, "enlist")
    assert state.seats[V].points == 1  # he scores a point
    assert state.clearings[4].get("marquise:warrior", 0) == 0  # 1 warrior + 2 undamaged swords: 3 hits
    assert "Eyrie Dynasties rolls 3 hits" in public_text(events)


def test_v_5_2_a_defender_who_passes_rolls_as_usual() -> None:
    state = play(_arbiter_in_battle(), "battle 5 eyrie", "pass")
    assert state.seats[V].points == 0 and state.clearings[4].get("marquise:warrior", 0) == 2


def test_v_5_2_the_arbiter_is_not_asked_when_elsewhere_nor_against_himself_nor_by_himself() -> None:
    assert not play(_arbiter_in_battle(where=1), "battle 5 eyrie").pending  # he is not in the clearing of battle
    state = play(_arbiter_in_battle(), "battle 5 vagabond")
    assert not any(d.get("what") == "enlist" for d in state.pending)  # not enlisted against himself
    state = vb_blank(where=5, character="arbiter")
    set_items(state, "sword", "sword")
    put(state, 5, "eyrie", "warrior")
    state = play(daylight(state), "battle 5 eyrie")
    assert not any(d.get("what") == "enlist" for d in state.pending)  # he does not enlist himself


def test_v_5_2_enlisting_is_the_defenders_choice_not_his() -> None:
    state = daylight(vb_blank(where=5, character="arbiter"))
    with pytest.raises(IllegalActionError, match="defender"):
        rules.parse(state, "enlist")


# --- V.6 the Scoundrel: Scorched Earth -----------------------------------------------------------------------


def _scorched() -> rules.GameState:
    state = vb_blank(where=5, character="scoundrel")
    set_items(state, "torch", "boots", "boots")
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "marquise", "sawmill")
    put(state, 5, "eyrie", "roost")
    put(state, 1, "marquise", "warrior", 3)
    put(state, 1, "marquise", "workshop")
    return play(daylight(state), "scorch")


def test_v_6_2_scorched_earth_removes_every_enemy_piece_and_the_torch_stays_in_the_clearing() -> None:
    state = _scorched()
    assert state.clearings[4] == {"vagabond:pawn": 1}
    assert state.seats[V].points == 2  # the sawmill and the roost
    assert vb.relation(state, V, "marquise") == vb.HOSTILE and vb.relation(state, V, "eyrie") == vb.INDIFFERENT
    assert item_specs(state) == ["boots", "boots"]  # the torch left his board for the clearing
    assert rules.problems(state) == []
    view = rules.view_for(state, M)
    assert any("Scorched Earth: a torch in clearing 5" in line for line in view["seats"][V]["panel"])
    assert {"item": "torch", "clearing": 5, "carrier": None, "by": V, "note": "Scorched Earth"} in view["map_items"]


def test_v_6_2_no_piece_may_be_moved_into_or_placed_in_the_scorched_clearing() -> None:
    state = goto(_scorched(), M, "marquise.actions")
    assert not [m for m in legal(state, "move") if m.startswith("move 1>5")]
    with pytest.raises(IllegalActionError, match="Scoundrel's torch"):
        rules.parse(state, "move 1>5 x1")
    assert not any(" 5" in b for b in legal(state, "build"))


def test_v_6_2_once_out_the_scoundrel_cannot_come_back() -> None:
    state = play(_scorched(), "move 5>1")
    assert vb.where(state, vb.ID) == 1
    assert "move 1>5" not in legal(state, "move")
    state = goto(state, V, "vagabond.slip")
    assert "move 1>5" not in legal(state, "move")


# --- V.7 the Adventurer: Improvise -------------------------------------------------------------------------------


def _adventurer() -> rules.GameState:
    state = vb_blank(where=5, character="adventurer")  # rabbit
    set_items(state, "torch", "boots", "hammer")
    offer(state, "guard-duty-rabbit", "errand-fox", "escort")
    return daylight(state)


def test_v_7_2_improvise_lets_one_item_stand_for_another_and_damages_it() -> None:
    state = _adventurer()
    assert legal(state, "quest") == []  # no sword
    assert "improvise guard-duty-rabbit score boots sword" in legal(state, "improvise")
    state = play(state, "improvise guard-duty-rabbit score boots sword")
    assert item_specs(state) == ["boots:damaged-exhausted", "hammer", "torch:exhausted"]
    assert state.seats[V].points == 1 and [vb.quest(q).key for q in vb.done(state, vb.ID)] == ["guard-duty-rabbit"]


def test_v_7_2_improvise_is_once_a_turn_and_stands_for_another_kind_of_item() -> None:
    state = _adventurer()
    with pytest.raises(IllegalActionError, match="stands for another kind"):
        rules.parse(state, "improvise guard-duty-rabbit score torch torch")
    with pytest.raises(IllegalActionError, match="stands for one of them"):
        rules.parse(state, "improvise guard-duty-rabbit score boots crossbow")
    offer(state, "guard-duty-rabbit", "fend-off-a-bear-rabbit", "escort")
    state = play(state, "improvise guard-duty-rabbit draw boots sword")
    assert legal(state, "improvise") == []
    with pytest.raises(IllegalActionError, match="once a turn"):
        rules.parse(state, "improvise fend-off-a-bear-rabbit score hammer crossbow")


# --- V.8 the Harrier: Glide ----------------------------------------------------------------------------------


def test_v_8_2_glide_flies_the_pawn_anywhere_with_a_torch_and_no_boots_even_into_hostile_warriors() -> None:
    state = vb_blank(where=5, character="harrier")
    set_items(state, "torch")
    put(state, 11, "eyrie", "warrior", 2)
    relate(state, "eyrie", vb.HOSTILE)
    state = daylight(state)
    assert sorted(int(a.split()[1]) for a in legal(state, "glide")) == [c for c in range(1, 13) if c != 5]
    state = play(state, "glide 11")
    assert vb.where(state, vb.ID) == 11 and item_specs(state) == ["torch:exhausted"]


def test_v_8_2_glide_from_a_forest_too() -> None:
    state = vb_blank(where="C", character="harrier")
    set_items(state, "torch")
    state = play(daylight(state), "glide 3")
    assert vb.where(state, vb.ID) == 3


def test_v_8_2_glide_refusals() -> None:
    state = vb_blank(where=5, character="harrier")
    set_items(state, "torch:exhausted", "boots")
    state = daylight(state)
    with pytest.raises(IllegalActionError, match="exhausts a torch"):
        rules.parse(state, "glide 3")
    with pytest.raises(RulesError, match="no clearing 99"):
        rules.parse(state, "glide 99")


# --- V.9 the Ronin: Swift Strike -----------------------------------------------------------------------------


def _ronin(attacking: bool = True, **options: object) -> rules.GameState:
    state = vb_blank(where=5, character="ronin", **options)
    set_items(state, "sword", "sword", "boots")
    put(state, 5, "eyrie", "warrior", 3)
    force_dice(state, 1, 0)
    return daylight(state) if attacking else goto(check(state), E, "eyrie.birdsong.start")


def test_v_9_2_swift_strike_exhausts_a_sword_for_an_extra_hit_after_the_roll() -> None:
    state = play(_ronin(), "battle 5 eyrie")
    assert state.pending[0]["kind"] == "battle_effect" and "swift" in legal(state)
    state, events = play_events(state, "swift")
    assert "Swift Strike" in public_text(events)
    assert state.clearings[4].get("eyrie:warrior", 0) == 1  # one rolled hit and the swift one
    assert item_specs(state) == ["boots", "sword:exhausted", "sword:exhausted"]


def test_v_9_2_swift_strike_as_a_defender_too() -> None:
    state = vb_blank(where=5, character="ronin")
    set_items(state, "sword", "boots")
    put(state, 5, "eyrie", "warrior", 3)
    put(state, 5, "marquise", "warrior", 3)
    force_dice(state, 1, 0)
    state = play(goto(check(state), M, "marquise.actions"), "battle 5 vagabond")
    assert state.pending[0]["seat"] == V and "swift" in legal(state)
    state = play(state, "swift")
    assert state.clearings[4].get("marquise:warrior") == 2  # no rolled hit of his, one swift one


def test_v_9_2_option_each_sword_strikes_again_while_a_sword_is_face_up() -> None:
    state = vb_blank(where=5, character="ronin", ronin_swift_strike="each-sword")
    set_items(state, "sword", "sword", "sword", "boots")
    put(state, 5, "eyrie", "warrior", 4)
    force_dice(state, 0, 0)
    state = play(daylight(state), "battle 5 eyrie", "swift", "swift")
    assert state.clearings[4].get("eyrie:warrior") == 2  # no rolled hit, two swift ones
    assert item_specs(state) == ["boots", "sword:exhausted", "sword:exhausted", "sword:exhausted"]


def test_v_9_2_swift_strike_once_a_battle_and_only_with_a_face_up_sword() -> None:
    state = play(_ronin(), "battle 5 eyrie", "swift")
    assert not any(d["kind"] == "battle_effect" and d["seat"] == V for d in state.pending)
    state = vb_blank(where=5, character="ronin")
    set_items(state, "sword", "boots")
    put(state, 5, "eyrie", "warrior", 3)
    force_dice(state, 1, 0)
    state = play(daylight(state), "battle 5 eyrie")  # his only sword started the battle
    assert not any(d["kind"] == "battle_effect" and d["seat"] == V for d in state.pending)


# --- V.10 the Cheat: Con -----------------------------------------------------------------------------------------


def _cheat() -> rules.GameState:
    state = vb_blank(where=5, character="cheat")  # rabbit
    set_items(state, "torch", "boots", "tea")
    offer(state, "expel-bandits-rabbit", "errand-fox", "escort")
    return daylight(state)


def test_v_10_2_con_completes_a_quest_with_any_two_items_and_shuffles_it_back() -> None:
    state = _cheat()
    in_deck = len(state.piles[vb.QUEST_DECK])
    assert legal(state, "quest") == []  # two swords asked, none held
    state = play(state, "con expel-bandits-rabbit score torch boots")  # the items in any order
    assert item_specs(state) == ["boots:exhausted", "tea", "torch:exhausted"]
    assert state.seats[V].points == 1 and vb.done(state, vb.ID) == []
    keys = [vb.quest(q).key for q in state.piles[vb.QUEST_DECK]]
    assert "expel-bandits-rabbit" in keys and len(keys) == in_deck  # one turned up, this one shuffled in
    assert len(vb.offered(state)) == 3 and rules.problems(state) == []


def test_v_10_2_con_is_once_a_turn() -> None:
    state = play(_cheat(), "con expel-bandits-rabbit draw boots tea")
    assert legal(state, "con") == []
    with pytest.raises(IllegalActionError, match="once a turn"):
        rules.parse(state, "con escort draw torch torch")


# --- V.11 the Gladiator: Duel --------------------------------------------------------------------------------


def test_v_11_2_duel_removes_an_enemy_warrior_damages_the_item_draws_a_card_and_makes_no_one_hostile() -> None:
    state = vb_blank(where=5, character="gladiator")
    set_items(state, "boots", "torch")
    put(state, 5, "eyrie", "warrior", 2)
    state = daylight(state)
    assert legal(state, "duel") == ["duel eyrie boots", "duel eyrie torch"]
    state = play(state, "duel eyrie boots")
    assert state.clearings[4].get("eyrie:warrior") == 1 and len(state.seats[V].hand) == 1
    assert item_specs(state) == ["boots:damaged-exhausted", "torch"]
    assert vb.relation(state, V, "eyrie") == vb.INDIFFERENT and state.seats[V].points == 0


def test_v_11_2_duel_needs_an_enemy_warrior_there() -> None:
    state = vb_blank(where=5, character="gladiator")
    set_items(state, "boots")
    put(state, 5, "eyrie", "roost")
    state = daylight(state)
    assert legal(state, "duel") == []
    with pytest.raises(IllegalActionError, match="no warrior in clearing 5"):
        rules.parse(state, "duel eyrie boots")


# --- V.12 the Jailor: Coerce ----------------------------------------------------------------------------------


def _jailor() -> rules.GameState:
    state = vb_blank(where=5, character="jailor")  # rabbit
    set_items(state, "boots", "torch")
    set_hand(state, V, "bake-sale", "anvil")
    put(state, 5, "eyrie", "warrior", 2)
    state.seats[V].points = 3
    return daylight(state)


def test_v_12_2_coerce_spends_a_matching_card_as_an_item_and_costs_a_point_after_the_action() -> None:
    state = _jailor()
    assert {a.split()[2] for a in legal(state, "coerce")} == {"bake-sale"}  # anvil is a fox card
    assert legal(state, "battle") == []
    state = play(state, "coerce bake-sale sword")
    assert "bake-sale" not in hand_keys(state, V) and legal(state, "battle") == ["battle 5 eyrie"]
    assert rules.registry.of(state, V).max_rolled_hits(state, V, 5) == 0  # the card is no sword in battle
    assert rules.problems(state) == []
    force_dice(state, 2, 0)
    state = play(state, "battle 5 eyrie")
    assert state.seats[V].points == 2  # after the battle
    assert item_specs(state) == ["boots", "torch"]


def test_v_12_2_coerce_is_once_a_turn_and_an_unused_card_costs_nothing() -> None:
    state = play(_jailor(), "coerce bake-sale hammer")
    assert legal(state, "coerce") == []
    state = play(state, "end")
    assert state.seats[V].points == 3 and item_specs(state) == ["boots", "torch"]


def test_v_12_2_a_coerced_item_pays_for_an_aid() -> None:
    state = _jailor()
    set_hand(state, V, "bake-sale", "a-visit-to-friends")
    set_items(state, "torch")
    state = play(state, "coerce bake-sale tea", "aid eyrie a-visit-to-friends")
    assert legal(state) == ["exhaust tea", "exhaust torch"]  # the stand-in is one of the items to choose from
    state, events = play_events(state, "exhaust tea")
    assert vb.relation(state, V, "eyrie") == 1 and item_specs(state) == ["torch"]
    assert state.seats[V].points == 3  # 3, one for the better relationship, one lost for the coerced card
    assert "loses 1 point (Coerce" in public_text(events)


def test_v_12_2_a_card_named_like_an_item_is_read_as_the_card_left_to_name() -> None:
    state = vb_blank(where=7, character="jailor")  # mouse: the Sword card matches
    set_items(state, "boots", "torch")
    set_hand(state, V, "sword")
    state = daylight(state)
    assert "coerce tea sword" in legal(state, "coerce") and "coerce sword sword" in legal(state, "coerce")
    assert rules.parse(state, "coerce sword sword").notation() == "coerce sword sword"
    state = play(state, "coerce tea sword")
    assert [i["item"] for i in state.seats[V].items if i.get("stand_in")] == ["tea"]
