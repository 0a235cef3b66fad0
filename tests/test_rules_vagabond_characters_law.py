"""An outside referee's check of the twelve Vagabond characters (Law of Root, appendix V, with 9.3 and 9.5).

Each claim was written from the Law before reading the engine, then tested on literal states through the public
engine API (parse, apply, legal actions, refusals). Test names carry the entry they check: V.n.1 a character's
starting items, V.n.2 its special action (V.3.2: the Ranger's Hideout), 9.x the Vagabond rule it leans on.
"""

from __future__ import annotations

from functools import cache

import pytest
from riverfolk_helpers import empty_boxes, offer_open
from rules_helpers import (
    check,
    count,
    discard_keys,
    emptied,
    force_dice,
    goto,
    hand_keys,
    legal,
    marquise_actions,
    play,
    play_events,
    public_text,
    put,
    refused,
    set_hand,
    step,
    to_discard,
)
from test_rules_vagabond_characters_rulings import FRONTIER, character_table, pawn_at
from vagabond_helpers import E, M, V, daylight, item_specs, offer, relate, set_items, vb_blank

import rules
from rules.factions.corvids.board import kind_of as plot_kind
from rules.factions.vagabond import board as vb
from rules.map_pieces import shift
from rules.state import GameState

# Clearing 5 is a rabbit clearing linked to 1 (fox) and 2 (mouse); forest C touches 2, 6, 10, 11 and 12.
RABBIT, FOX, MOUSE, FOREST = 5, 1, 2, "C"

STARTING_ITEMS = {  # V.n.1, as appendix V lists them
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


@cache
def _blank(character: str, where: int | str) -> GameState:
    return vb_blank(character=character, where=where)


def blank(character: str, where: int | str = RABBIT, *items: str) -> GameState:
    """A fresh copy of an empty map with the pawn at `where`, and these items if any are named."""
    state = _blank(character, where).clone()
    return set_items(state, *items) if items else state


# --- V.n.1 starting items (9.3 step 5: all face up, none exhausted or damaged) -----------------------------


@pytest.mark.parametrize("character", sorted(STARTING_ITEMS))
def test_v_n_1_starting_items_are_the_listed_ones_all_face_up_and_undamaged(character: str) -> None:
    state = blank(character)
    assert item_specs(state) == STARTING_ITEMS[character]


# --- V.1 Thief: Steal -----------------------------------------------------------------------------------------


def _thief() -> GameState:
    state = blank("thief", RABBIT)
    put(state, RABBIT, "marquise", "warrior")
    set_hand(state, M, "ambush-fox")
    set_hand(state, V, "ambush-mouse")
    return state


def test_v_1_2_steal_exhausts_one_torch_and_takes_the_card_of_a_player_there() -> None:
    state = daylight(_thief())
    after = play(state, "steal marquise")
    assert item_specs(after) == ["boots", "sword", "tea", "torch:exhausted"]
    assert hand_keys(after, V) == ["ambush-fox", "ambush-mouse"]
    assert hand_keys(after, M) == []
    assert step(after) == (V, "vagabond.daylight")


def test_v_1_2_the_card_stolen_is_random_and_only_the_two_players_learn_it() -> None:
    state = _thief()
    set_hand(state, M, "ambush-fox", "anvil", "sappers")
    taken = set()
    for position in range(12):
        state.rng = position
        after, events = play_events(daylight(state.clone()), "steal marquise")
        (card_key,) = set(hand_keys(after, V)) - {"ambush-mouse"}
        taken.add(card_key)
        assert card_key not in public_text(events) and "Anvil" not in public_text(events)
    assert taken == {"ambush-fox", "anvil", "sappers"}  # any of the three may be taken


def test_v_1_2_steal_needs_a_face_up_undamaged_torch() -> None:
    for torch in ("torch:exhausted", "torch:damaged"):
        state = daylight(set_items(_thief(), "boots", "sword", "tea", torch))
        assert "steal marquise" not in legal(state)
        assert "torch" in refused(state, "steal marquise")


def test_v_1_2_steal_only_from_a_player_with_pieces_in_his_clearing_never_himself() -> None:
    state = _thief()
    set_hand(state, E, "ambush-rabbit")
    state = daylight(state)
    assert legal(state, "steal") == ["steal marquise"]
    assert "eyrie" in refused(state, "steal eyrie")
    refused(state, "steal vagabond")


def test_v_1_2_no_steal_from_a_forest() -> None:
    state = blank("thief", FOREST)
    set_hand(state, M, "ambush-fox")
    state = daylight(state)
    assert legal(state, "steal") == []
    refused(state, "steal marquise")


# --- V.2 Tinker: Day Labor ------------------------------------------------------------------------------------


def _tinker(where: int | str = RABBIT) -> GameState:
    state = blank("tinker", where)
    return to_discard(state, "ambush-fox", "ambush-rabbit", "ambush-bird", "ambush-mouse")


def test_v_2_2_day_labor_takes_a_discarded_card_of_his_clearings_suit_or_a_bird_for_a_torch() -> None:
    state = daylight(_tinker())
    assert sorted(legal(state, "labor")) == ["labor ambush-bird", "labor ambush-rabbit"]
    after = play(state, "labor ambush-rabbit")
    assert hand_keys(after, V) == ["ambush-rabbit"]
    assert item_specs(after) == ["boots", "hammer", "sack", "torch:exhausted"]
    assert hand_keys(play(state, "labor ambush-bird"), V) == ["ambush-bird"]


def test_v_2_2_day_labor_refuses_another_suit_a_card_not_discarded_and_no_torch() -> None:
    state = daylight(_tinker())
    refused(state, "labor ambush-fox")
    refused(state, "labor dominance-rabbit")
    tired = daylight(set_items(_tinker(), "boots", "hammer", "sack", "torch:exhausted"))
    assert legal(tired, "labor") == []
    assert "torch" in refused(tired, "labor ambush-rabbit")


def test_v_2_2_no_day_labor_from_a_forest_not_even_a_bird_a_forest_has_no_suit() -> None:
    state = daylight(_tinker(FOREST))
    assert legal(state, "labor") == []
    assert "forest" in refused(state, "labor ambush-bird")


# --- V.3 Ranger: Hideout --------------------------------------------------------------------------------------


def test_v_3_2_hideout_exhausts_a_torch_repairs_three_items_of_his_choice_then_daylight_ends() -> None:
    state = blank("ranger", RABBIT, "boots:damaged", "torch", "sword:damaged-exhausted", "crossbow:damaged",
                  "tea:damaged")
    state = play(daylight(state), "hideout")
    assert state.turn.phase == "evening"
    assert "torch:exhausted" in item_specs(state)
    state = play(state, "repair sword damaged-exhausted", "repair tea damaged", "repair crossbow damaged")
    # Repair keeps an item's side (9.5.7): the exhausted sword stays face down; one item is left damaged.
    assert item_specs(state) == ["boots:damaged", "crossbow", "sword:exhausted", "tea", "torch:exhausted"]


def test_v_3_2_hideout_with_fewer_damaged_items_repairs_them_all_and_still_ends_daylight() -> None:
    state = blank("ranger", RABBIT, "boots", "torch", "sword:damaged", "crossbow")
    state = play(daylight(state), "hideout")
    assert item_specs(state) == ["boots", "crossbow", "sword", "torch:exhausted"]
    assert state.turn.seat != V


def test_v_3_2_hideout_with_nothing_damaged_still_ends_daylight() -> None:
    state = play(daylight(blank("ranger", RABBIT)), "hideout")
    assert item_specs(state) == ["boots", "crossbow", "sword", "torch:exhausted"]
    assert state.turn.seat != V


def test_v_3_2_hideout_needs_a_face_up_torch() -> None:
    state = daylight(blank("ranger", RABBIT, "boots", "torch:exhausted", "sword:damaged", "crossbow"))
    assert "hideout" not in legal(state)
    assert "torch" in refused(state, "hideout")


def test_v_3_2_hideout_in_a_forest_the_law_asks_for_no_clearing() -> None:
    state = daylight(blank("ranger", FOREST, "boots", "torch", "sword:damaged", "crossbow:damaged"))
    assert "hideout" in legal(state)
    state = play(state, "hideout")
    assert item_specs(state) == ["boots", "crossbow", "sword", "torch:exhausted"]
    assert state.turn.seat != V  # Daylight ended there, and his turn with it


def test_v_3_2_a_ranger_in_a_forest_with_nothing_else_to_do_is_asked_for_the_hideout() -> None:
    state = daylight(blank("ranger", FOREST, "boots:damaged", "torch", "sword:damaged", "crossbow"))
    assert step(state) == (V, "vagabond.daylight")
    assert sorted(legal(state)) == ["end", "hideout"]


# --- V.4 Vagrant: Instigate -----------------------------------------------------------------------------------


def _vagrant() -> GameState:
    state = blank("vagrant", RABBIT)
    put(state, RABBIT, "marquise", "warrior", 2)
    put(state, RABBIT, "eyrie", "warrior")
    put(state, RABBIT, "eyrie", "roost")
    return state


def test_v_4_2_instigate_forces_a_battle_for_a_torch_and_the_vagrant_scores_the_buildings_removed() -> None:
    state = daylight(_vagrant())
    force_dice(state, 3, 1)
    state = play(state, "instigate marquise eyrie")
    assert item_specs(state) == ["boots", "coins", "torch:exhausted"]
    deciders = set()
    while state.battle is not None:
        deciders.add(rules.to_act(state))
        options = legal(state)
        state = play(state, "pass" if "pass" in options else options[0])
    assert V not in deciders  # the forced player makes the battle's choices (1.5.5.1)
    assert count(state, RABBIT, "eyrie", "roost") == 0 and count(state, RABBIT, "eyrie", "warrior") == 0
    assert state.seats[V].points == 1  # the roost, scored by the Vagrant
    assert state.seats[M].points == 0
    # Warriors were removed by the Marquise's side, not the Vagrant: no one became Hostile.
    assert state.seats[V].data["relations"]["eyrie"] == 0


def test_v_4_2_instigate_needs_both_players_in_his_clearing_and_a_torch() -> None:
    state = blank("vagrant", RABBIT)
    put(state, RABBIT, "marquise", "warrior")
    put(state, FOX, "eyrie", "warrior")
    state = daylight(state)
    refused(state, "instigate marquise eyrie")
    tired = daylight(set_items(_vagrant(), "boots", "coins", "torch:exhausted"))
    assert legal(tired, "instigate") == []


def test_v_4_2_the_vagrant_may_force_himself_paying_the_torch_not_a_sword() -> None:
    state = daylight(_vagrant())
    assert "instigate vagabond eyrie" in legal(state)
    assert "instigate marquise vagabond" in legal(state)


# --- V.5 Arbiter: Protector -----------------------------------------------------------------------------------


def _protector(*swords: str) -> GameState:
    """The Marquise (3 warriors) battles the Eyrie (1 warrior) where the Arbiter stands."""
    state = blank("arbiter", RABBIT, "boots", "torch", *swords)
    put(state, RABBIT, "marquise", "warrior", 3)
    put(state, RABBIT, "eyrie", "warrior")
    return play(marquise_actions(state), "battle 5 eyrie")


def test_v_5_2_the_defender_may_enlist_him_before_the_roll_he_scores_and_adds_his_swords() -> None:
    state = _protector("sword", "sword:exhausted")
    assert rules.to_act(state) == E and sorted(legal(state)) == ["enlist", "pass"]
    force_dice(state, 3, 2)
    state = play(state, "enlist")
    # The Eyrie rolls 2 with one warrior: its cap is 1 + 2 undamaged swords (face down too), so 2 hits land.
    assert count(state, RABBIT, "marquise", "warrior") == 1
    assert state.seats[V].points == 1
    assert item_specs(state) == ["boots", "sword", "sword:exhausted", "torch"]  # nothing exhausted for it


def test_v_5_2_damaged_swords_add_nothing() -> None:
    state = _protector("sword", "sword:damaged")
    force_dice(state, 3, 3)
    state = play(state, "enlist")
    assert count(state, RABBIT, "marquise", "warrior") == 1  # cap 1 + 1, not 3


def test_v_5_2_a_defender_who_passes_rolls_with_its_own_cap() -> None:
    state = _protector("sword", "sword")
    force_dice(state, 3, 2)
    state = play(state, "pass")
    assert count(state, RABBIT, "marquise", "warrior") == 2
    assert state.seats[V].points == 0


def test_v_5_2_not_enlisted_when_elsewhere_nor_by_himself_nor_against_himself() -> None:
    away = blank("arbiter", FOX)
    put(away, RABBIT, "marquise", "warrior", 3)
    put(away, RABBIT, "eyrie", "warrior")
    away = play(marquise_actions(away), "battle 5 eyrie")
    assert "enlist" not in legal(away)
    himself = blank("arbiter", RABBIT)
    put(himself, RABBIT, "marquise", "warrior", 3)
    himself = play(marquise_actions(himself), "battle 5 vagabond")
    assert "enlist" not in legal(himself)
    against = blank("arbiter", RABBIT)
    put(against, RABBIT, "marquise", "warrior", 3)
    against = play(daylight(against), "battle 5 marquise")
    assert all("enlist" not in legal(against, seat=seat) for seat in (M, E, V))


# --- V.6 Scoundrel: Scorched Earth ----------------------------------------------------------------------------


def _scorched() -> GameState:
    state = blank("scoundrel", RABBIT)
    put(state, RABBIT, "marquise", "warrior", 2)
    put(state, RABBIT, "marquise", "sawmill")
    put(state, RABBIT, "eyrie", "roost")
    put(state, FOX, "marquise", "warrior", 3)
    return play(daylight(state), "scorch")


def test_v_6_2_scorched_earth_places_the_torch_and_removes_every_enemy_piece_there() -> None:
    state = _scorched()
    assert item_specs(state) == ["boots", "boots", "crossbow"]  # the torch left his board for the clearing
    assert state.clearings[RABBIT - 1] == {"vagabond:pawn": 1}
    assert state.seats[V].points == 2  # the sawmill and the roost (3.2.1)
    assert state.seats[V].data["relations"]["marquise"] == -1  # its warriors were removed (9.2.9.3)
    assert state.seats[V].data["relations"]["eyrie"] == 0  # only a building: no witnesses
    check(state)


def test_v_6_2_nothing_is_moved_into_or_placed_in_the_scorched_clearing_and_he_cannot_come_back() -> None:
    state = _scorched()
    cats = goto(state.clone(), M, "marquise.actions")
    assert not any(a.startswith("move 1>5") for a in legal(cats))
    assert not any(a.endswith(" 5") and a.startswith("build") for a in legal(cats))
    state = play(state, "move 5>1 x1")
    assert "move 1>5 x1" not in legal(state)
    refused(state, "move 1>5 x1")


def test_v_6_2_no_scorch_without_a_face_up_torch_nor_in_a_forest() -> None:
    tired = blank("scoundrel", RABBIT, "boots", "torch:exhausted")
    put(tired, RABBIT, "marquise", "warrior")
    assert "torch" in refused(daylight(tired), "scorch")
    woods = daylight(blank("scoundrel", FOREST))
    assert "scorch" not in legal(woods)
    refused(woods, "scorch")


# --- V.7 Adventurer: Improvise --------------------------------------------------------------------------------


def test_v_7_2_improvise_one_item_stands_for_another_in_a_quest_exhausted_and_damaged() -> None:
    state = offer(blank("adventurer", RABBIT), "give-a-speech-rabbit", "errand-rabbit", "escort")
    state = play(daylight(state), "improvise give-a-speech-rabbit score boots tea")
    assert item_specs(state) == ["boots:damaged-exhausted", "hammer", "torch:exhausted"]
    assert state.seats[V].points == 1


def test_v_7_2_improvise_is_once_a_turn_and_only_for_a_quest_of_his_clearing() -> None:
    state = blank("adventurer", RABBIT, "boots", "torch", "hammer", "sword", "crossbow")
    state = offer(state, "give-a-speech-rabbit", "guard-duty-rabbit", "escort")
    state = daylight(state)
    refused(state, "improvise escort score boots hammer")  # a mouse quest in a rabbit clearing
    state = play(state, "improvise give-a-speech-rabbit score hammer tea")
    refused(state, "improvise guard-duty-rabbit score boots sword")
    assert legal(state, "improvise") == []


# --- V.8 Harrier: Glide ---------------------------------------------------------------------------------------


def test_v_8_2_glide_moves_the_pawn_alone_anywhere_for_a_torch_from_a_forest_too_even_into_hostiles() -> None:
    state = blank("harrier", FOREST, "boots", "torch", "sword")
    put(state, 3, "marquise", "warrior", 2)
    relate(state, "marquise", -1)
    state = play(daylight(state), "glide 3")
    assert state.clearings[3 - 1].get("vagabond:pawn") == 1
    assert item_specs(state) == ["boots", "sword", "torch:exhausted"]  # no boot, not even for the Hostiles


def test_v_8_2_glide_needs_a_torch_and_another_clearing() -> None:
    state = daylight(blank("harrier", RABBIT))
    assert "glide 5" not in legal(state)
    refused(state, "glide 5")
    tired = daylight(blank("harrier", RABBIT, "coins", "torch:exhausted", "sword"))
    assert legal(tired, "glide") == []


def table_with(factions: tuple[str, ...], character: str) -> GameState:
    """Another line-up past setup with this character, an empty map and empty hands (the pawn off the map)."""
    state = rules.new_game({"factions": list(factions), "first_player": 0}, 1)
    wanted = ("keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    while state.turn.phase == "setup" and state.pending:
        options = legal(state)
        pick = f"character {character}" if f"character {character}" in options else None
        state = play(state, pick or next((w for w in wanted if w in options), options[0]))
    return emptied(state)


def _snared(character: str) -> GameState:
    """Marquise, Corvids and this Vagabond (seat 2) in clearing 5 with a face-up snare."""
    state = pawn_at(table_with(("marquise", "corvids", "vagabond"), character), "vagabond", RABBIT)
    corvids = state.seats[1]
    reserve = corvids.data["reserve"]
    reserve.remove(next(t for t in reserve if plot_kind(t) == "snare"))
    corvids.supply["plot"] -= 1
    state.clearings[RABBIT - 1]["corvids:snare"] = 1
    return daylight(state)


def test_v_8_2_a_glide_is_a_move_so_a_face_up_snare_keeps_him_in_13_7_2() -> None:
    state = _snared("harrier")
    assert legal(state, "glide") == []
    assert "snare" in refused(state, "glide 3")


# --- V.9 Ronin: Swift Strike ----------------------------------------------------------------------------------


def _play_out(state: GameState, *choices: str) -> GameState:
    """Answer the battle's questions: the given choices first, then 'pass' or the first option."""
    wanted = list(choices)
    while state.battle is not None:
        options = legal(state)
        pick = next((c for c in wanted if c in options), None)
        if pick is not None:
            wanted.remove(pick)
        state = play(state, pick or ("pass" if "pass" in options else options[0]))
    assert not wanted, wanted
    return state


def test_v_9_2_swift_strike_after_the_roll_exhausts_a_sword_for_an_extra_hit() -> None:
    state = blank("ronin", RABBIT, "boots", "torch", "sword", "sword")
    put(state, RABBIT, "marquise", "warrior", 3)
    state = daylight(state)
    force_dice(state, 1, 0)
    state = _play_out(play(state, "battle 5 marquise"), "swift")
    assert count(state, RABBIT, "marquise", "warrior") == 1  # one rolled hit and the extra hit
    assert item_specs(state) == ["boots", "sword:exhausted", "sword:exhausted", "torch"]


def test_v_9_2_swift_strike_defending_too() -> None:
    state = blank("ronin", RABBIT, "boots", "torch", "sword")
    put(state, RABBIT, "marquise", "warrior", 3)
    state = play(marquise_actions(state), "battle 5 vagabond")
    force_dice(state, 1, 1)
    state = _play_out(state, "swift")
    assert count(state, RABBIT, "marquise", "warrior") == 1


def test_v_9_2_no_swift_strike_without_a_face_up_sword() -> None:
    state = blank("ronin", RABBIT, "boots", "torch", "sword")
    put(state, RABBIT, "marquise", "warrior", 3)
    state = daylight(state)
    force_dice(state, 1, 0)
    state = play(state, "battle 5 marquise")  # its only sword is exhausted to battle
    assert all("swift" not in legal(state, seat=seat) for seat in (M, V))
    state = _play_out(state)
    assert count(state, RABBIT, "marquise", "warrior") == 2


# --- V.10 Cheat: Con ------------------------------------------------------------------------------------------


def test_v_10_2_con_pays_a_quest_with_any_two_items_scores_as_usual_and_shuffles_it_back() -> None:
    state = offer(blank("cheat", RABBIT), "expel-bandits-rabbit", "errand-fox", "escort")
    state = play(daylight(state), "con expel-bandits-rabbit score boots crossbow")
    assert item_specs(state) == ["boots:exhausted", "crossbow:exhausted", "tea", "torch"]
    assert state.seats[V].points == 1
    assert vb.quest(6).key == "expel-bandits-rabbit"
    assert 6 in state.piles[vb.QUEST_DECK] and 6 not in state.piles[vb.OFFER]
    assert len(state.piles[vb.OFFER]) == 3
    assert all(6 not in pile for name, pile in state.piles.items() if name.startswith(vb.DONE))


def test_v_10_2_con_is_once_a_turn_a_normal_quest_still_follows() -> None:
    state = blank("cheat", RABBIT, "boots", "tea", "crossbow", "torch", "sword")
    state = offer(state, "expel-bandits-rabbit", "give-a-speech-rabbit", "escort")
    state = play(daylight(state), "con expel-bandits-rabbit draw boots crossbow")
    refused(state, "con give-a-speech-rabbit draw sword torch")
    assert legal(state, "con") == []
    state = play(state, "quest give-a-speech-rabbit score")
    assert state.seats[V].points == 1  # the conned quest was shuffled back: only this one counts


def test_v_10_2_con_needs_a_quest_of_his_clearing() -> None:
    state = offer(blank("cheat", FOX), "expel-bandits-rabbit", "errand-rabbit", "escort")
    refused(daylight(state), "con expel-bandits-rabbit score boots crossbow")


# --- V.11 Gladiator: Duel -------------------------------------------------------------------------------------


def _duel() -> GameState:
    state = blank("gladiator", RABBIT)
    put(state, RABBIT, "marquise", "warrior", 2)
    put(state, RABBIT, "eyrie", "roost")
    return daylight(state)


def test_v_11_2_duel_damages_an_item_removes_an_enemy_warrior_draws_a_card_and_no_one_turns_hostile() -> None:
    state = play(_duel(), "duel marquise boots")
    assert item_specs(state) == ["boots:damaged-exhausted", "hammer", "torch"]
    assert count(state, RABBIT, "marquise", "warrior") == 1
    assert len(state.seats[V].hand) == 1
    assert state.seats[V].data["relations"]["marquise"] == 0
    assert state.seats[V].points == 0


def test_v_11_2_duel_is_not_limited_to_once_a_turn() -> None:
    state = play(_duel(), "duel marquise boots", "duel marquise hammer")
    assert count(state, RABBIT, "marquise", "warrior") == 0
    assert len(state.seats[V].hand) == 2


def test_v_11_2_duel_takes_only_warriors_of_an_enemy_there() -> None:
    state = _duel()
    refused(state, "duel eyrie boots")  # a roost is no warrior
    assert legal(state, "duel") == ["duel marquise boots", "duel marquise hammer", "duel marquise torch"]


# --- V.12 Jailor: Coerce --------------------------------------------------------------------------------------


def _jailor(where: int | str = RABBIT, *items: str) -> GameState:
    state = blank("jailor", where, *(items or ("boots", "crossbow", "torch")))
    set_hand(state, V, "ambush-rabbit", "ambush-fox", "ambush-bird")
    state.seats[V].points = 3
    return state


def test_v_12_2_coerce_spends_a_matching_card_as_an_exhausted_item_and_costs_a_point_after_the_action() -> None:
    state = daylight(_jailor(RABBIT, "boots", "crossbow:damaged", "torch"))
    state = play(state, "coerce hammer ambush-rabbit")
    assert state.seats[V].points == 3
    state = play(state, "repair crossbow damaged")
    assert item_specs(state) == ["boots", "crossbow", "torch"]
    assert hand_keys(state, V) == ["ambush-bird", "ambush-fox"]
    assert "ambush-rabbit" in discard_keys(state)
    assert state.seats[V].points == 2


def test_v_12_2_coerce_once_a_turn_with_a_card_of_his_clearing_birds_wild() -> None:
    state = daylight(_jailor())
    refused(state, "coerce hammer ambush-fox")
    state = play(state, "coerce hammer ambush-bird")
    assert legal(state, "coerce") == []
    refused(state, "coerce sword ambush-rabbit")


def test_v_12_2_coerce_pays_a_quest_item() -> None:
    state = offer(_jailor(), "give-a-speech-rabbit", "errand-rabbit", "escort")
    state = play(daylight(state), "coerce tea ambush-rabbit", "quest give-a-speech-rabbit score")
    assert item_specs(state) == ["boots", "crossbow", "torch:exhausted"]
    assert state.seats[V].points == 3 + 1 - 1


def test_v_12_2_no_coerce_in_a_forest() -> None:
    state = daylight(_jailor(FOREST))
    assert legal(state, "coerce") == []
    refused(state, "coerce hammer ambush-bird")


def test_v_12_2_a_card_of_his_clearing_pays_only_for_an_action_in_that_clearing() -> None:
    state = _jailor(RABBIT, "boots", "crossbow:exhausted", "torch")
    put(state, FOX, "marquise", "warrior")
    state = play(daylight(state), "coerce crossbow ambush-rabbit", "move 5>1 x1")
    # The rabbit card cannot pay for a Strike in the fox clearing he walked to: the stand-in lapsed, unused.
    assert item_specs(state) == ["boots:exhausted", "crossbow:exhausted", "torch"]
    assert legal(state, "strike") == []
    refused(state, "strike marquise warrior")
    assert state.seats[V].points == 3
    assert legal(state, "coerce") == []  # his once a turn is spent


def test_v_12_2_a_coerced_boot_pays_for_the_move_out_of_its_clearing() -> None:
    state = _jailor(RABBIT, "boots:exhausted", "crossbow", "torch")
    state = play(daylight(state), "coerce boots ambush-rabbit", "move 5>1 x1")
    assert state.clearings[FOX - 1].get("vagabond:pawn") == 1
    assert item_specs(state) == ["boots:exhausted", "crossbow", "torch"]
    assert state.seats[V].points == 2


def test_v_12_2_coerce_pays_a_crafts_hammer() -> None:
    state = _jailor()
    set_hand(state, V, "a-visit-to-friends", "ambush-rabbit")
    state = daylight(state)
    assert legal(state, "craft") == []
    state = play(state, "coerce hammer ambush-rabbit", "craft a-visit-to-friends")
    assert item_specs(state) == ["boots", "boots", "crossbow", "torch"]  # the crafted boots, face up
    assert state.seats[V].points == 3 + 1 - 1  # the craft's point, then the Coerce's


# --- V.12 with the Riverfolk Company: Coerce pays for services (11.2.6.3: the Vagabond pays in items) -----------------

VJ, RF = 0, 2  # the Jailor's and the Company's seats at that table


def _jailor_buying(where: int | str = RABBIT, *items: str, cards: tuple[str, ...] = ("ambush-rabbit",)) -> GameState:
    """A Jailor (seat 0), the Eyrie and the Riverfolk; the Company holds the bird ambush, every service costs 1; his
    Birdsong starts (the offer is made then, before his Refresh)."""
    state = empty_boxes(table_with(("vagabond", "eyrie", "riverfolk"), "jailor"))
    here = vb.where(state, "vagabond")
    assert here is not None
    shift(state, "vagabond:pawn", here, where, 1)
    set_items(state, *(items or ("boots:exhausted", "crossbow:exhausted", "torch:exhausted")), seat=VJ)
    set_hand(state, VJ, *cards)
    set_hand(state, RF, "ambush-bird")
    state.seats[RF].data["prices"] = {"hand": 1, "riverboats": 2, "mercenaries": 1}
    state.seats[VJ].points = 3
    return goto(check(state), VJ, "birdsong.start")


def test_v_12_2_coerce_pays_for_a_riverfolk_service_when_no_item_is_face_up() -> None:
    state = _jailor_buying()
    assert rules.to_act(state) == VJ and offer_open(state)
    assert legal(state)[0] == "pass" and "coerce boots ambush-rabbit" in legal(state)
    assert not any(a.startswith("buy") for a in legal(state))
    state = play(state, "coerce boots ambush-rabbit")
    assert legal(state) == ["pass", "buy hand ambush-bird"]
    state = play(state, "buy hand ambush-bird")
    assert hand_keys(state, VJ) == ["ambush-bird"]
    assert state.seats[RF].areas["payments"] == {"riverfolk:warrior": 1}  # one item's worth (11.2.6.3)
    assert "ambush-rabbit" in discard_keys(state)
    assert state.seats[VJ].points == 2  # the point goes after the purchase
    assert not any(i.get("stand_in") for i in state.seats[VJ].items)
    state = _on_to(state, "vagabond.daylight")
    assert legal(state, "coerce") == []  # once a turn
    refused(state, "coerce boots ambush-bird")


def _on_to(state: GameState, step_id: str) -> GameState:
    """Play on (ending each step, else the first choice) until the Jailor reaches a step of his turn."""
    while state.turn.step != step_id or rules.to_act(state) != VJ:
        options = legal(state)
        state = play(state, "end" if "end" in options else options[0])
    return state


def test_v_12_2_a_coerced_item_and_a_real_one_pay_a_price_of_two() -> None:
    tired = ("crossbow:exhausted", "torch:exhausted", "sword:exhausted", "hammer:exhausted")
    state = _jailor_buying(RABBIT, "boots", *tired)
    assert "buy riverboats" not in legal(state)
    state = play(state, "coerce torch ambush-rabbit", "buy riverboats")
    assert state.seats[RF].areas["payments"] == {"riverfolk:warrior": 2}
    assert state.pending[0].get("what") == "refresh"  # his Refresh comes after the purchase, choosing 3 of 5
    assert item_specs(state, VJ) == sorted(["boots:exhausted", *tired])
    assert state.seats[VJ].points == 2  # the point went when the purchase was over


def test_v_12_2_the_offer_is_made_whatever_his_hand_holds_and_a_card_of_another_suit_pays_nothing() -> None:
    state = _jailor_buying(cards=("ambush-fox",))
    assert offer_open(state) and legal(state) == ["pass"]  # asked, so the table learns nothing of his hand
    assert "matching clearing 5" in refused(state, "coerce boots ambush-fox")
    state = play(state, "pass")
    assert not offer_open(state) and hand_keys(state, VJ) == ["ambush-fox"]


def test_v_12_2_no_coerce_for_services_from_a_forest_nor_with_an_empty_hand() -> None:
    assert not offer_open(_jailor_buying(FOREST))
    assert not offer_open(_jailor_buying(cards=()))


def test_v_12_2_an_unused_coerced_card_lapses_when_he_slips_out_of_its_clearing() -> None:
    state = _jailor_buying(RABBIT, "boots", "crossbow", "torch", cards=("ambush-rabbit",))
    state = _on_to(play(state, "coerce sword ambush-rabbit", "pass"), "vagabond.slip")
    assert any(i.get("stand_in") for i in state.seats[VJ].items)
    state = play(state, "move 5>1 x1")
    assert not any(i.get("stand_in") for i in state.seats[VJ].items)
    assert state.seats[VJ].points == 3  # never used: no point lost


# --- V.4 in the 3x3 mode: friendly fire (seed 002, 3x3.5) ---------------------------------------------------------


def _vagrant_3x3() -> GameState:
    """Team A: Marquise, Eyrie, the Vagrant; team B: Tinker, Alliance, Second Vagabond. The Vagrant in clearing 5
    with the Alliance (2 warriors, a sympathy), a Tinker factory and a Marquise warrior."""
    state = character_table(FRONTIER, {"vagabond": "vagrant"}, mode="frontier")
    pawn_at(state, "vagabond", RABBIT)
    set_items(state, "torch", "boots", seat=2)
    put(state, RABBIT, "alliance", "warrior", 2)
    put(state, RABBIT, "alliance", "sympathy")
    put(state, RABBIT, "marquise", "warrior")
    put(state, RABBIT, "tinker", "factory")
    return goto(check(state), 2, "vagabond.daylight")


def test_v_4_2_3x3_5_an_opposing_instigate_may_make_rival_teammates_battle_each_other() -> None:
    state = _vagrant_3x3()
    options = legal(state, "instigate")
    assert "instigate alliance tinker" in options  # friendly fire: his Instigate is an opposing ability to team B
    assert "instigate marquise eyrie" not in options  # his own teammates: not opposing, no friendly fire
    force_dice(state, 3, 0)
    state = play(state, "instigate alliance tinker")
    while state.battle is not None:
        options = legal(state)
        state = play(state, "pass" if "pass" in options else options[0])
    assert count(state, RABBIT, "tinker", "factory") == 0
    assert state.seats[2].points == 1  # a rival's building, credited to him
    assert check(state)


# --- 11.2.6.3 with the Vagabond: he chooses the items that pay for a service --------------------------------------


def test_11_2_6_3_the_vagabond_chooses_which_items_pay_for_a_service() -> None:
    state = _jailor_buying(RABBIT, "boots", "crossbow", "torch", cards=())
    state.seats[RF].data["prices"]["riverboats"] = 2
    state = play(state, "buy riverboats")
    assert state.seats[RF].areas["payments"] == {"riverfolk:warrior": 2}  # placed at once, one per item owed
    assert sorted(legal(state)) == ["exhaust boots", "exhaust crossbow", "exhaust torch"]
    assert "first pay for your purchase" in refused(state, "buy hand ambush-bird")
    state = play(state, "exhaust crossbow")
    assert item_specs(state, VJ) == ["boots", "crossbow:exhausted", "torch"]
    assert sorted(legal(state)) == ["exhaust boots", "exhaust torch"]
    state, events = play_events(state, "exhaust torch")
    assert "exhausts a torch to pay" in public_text(events)
    assert not offer_open(state) and state.turn.flags.get("rivers_as_paths")


def test_11_2_6_3_no_question_when_every_ready_item_must_pay() -> None:
    state = _jailor_buying(RABBIT, "boots", "crossbow:exhausted", "torch:exhausted", cards=())
    state = play(state, "buy hand ambush-bird")
    assert not any(a.startswith("exhaust") for a in legal(state))
    assert state.seats[RF].areas["payments"] == {"riverfolk:warrior": 1}
