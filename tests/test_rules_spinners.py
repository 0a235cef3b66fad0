"""Spinners of Mercy (seed 001, sections SOM.1-SOM.6): webs, First Response, the Ward, infirmaries, Triage, setup,
Birdsong, Daylight and Evening.

Tables are Marquise (seat 0), Eyrie (seat 1) and Spinners (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Clearing 5 touches 1 and 2; 1 touches 5, 9 and 10.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    craft_for,
    force_dice,
    goto,
    hand_keys,
    legal,
    new_table,
    on_map,
    play,
    play_events,
    public_text,
    put,
    set_hand,
    step,
    to_area,
)
from vagabond_helpers import pawn_to, set_items

import rules
from rules import registry
from rules.factions.spinners import (
    OPTION_REMOVALS,
    OPTION_TRIAGE,
    WARD,
    connected_to_infirmary,
    draw_bonuses,
    start_clearings,
    web_bonuses,
    web_network,
)
from rules.factions.vagabond import board as vb
from rules.playout import play as playout

FACTIONS = ("marquise", "eyrie", "spinners")
M, E, S = 0, 1, 2


def table(*factions: str, **options: object) -> rules.GameState:
    """A game past setup with an empty map and empty hands (options: game options such as the Triage place)."""
    s = blank_table(factions or FACTIONS)
    s.options.update(options)
    return check(s)


def ward(s: rules.GameState, seat: int = S) -> dict[str, int]:
    return dict(s.seats[seat].areas.get(WARD, {}))


def webbed(s: rules.GameState, *cids: int, n: int = 1) -> rules.GameState:
    for cid in cids:
        put(s, cid, "spinners", "web", n)
    return s


def station(s: rules.GameState) -> rules.GameState:
    """A fox infirmary in clearing 1 with a web; a Spinners warrior and web in clearing 5, so 5 is connected."""
    put(s, 1, "spinners", "fox-infirmary")
    webbed(s, 1, 5)
    put(s, 5, "spinners", "warrior")
    return s


def daylight(s: rules.GameState) -> rules.GameState:
    return goto(check(s), S, "spinners.daylight")


# --- SOM.1 overview and SOM.3.1 the box ------------------------------------------------------------------------------


def test_the_faction_answers_to_its_aliases_and_is_offered_in_lobbies_som_1():
    for alias in ("spinners", "spinners-of-mercy", "som", "spiders"):
        assert registry.find_faction(alias) == "spinners"
    faction = registry.faction("spinners")
    assert faction.name == "Spinners of Mercy"
    assert "spinners" in registry.playable_ids()


def test_supplies_hold_twenty_warriors_twenty_four_webs_and_nine_infirmaries_som_3_1():
    s = table()
    assert s.seats[S].supply == {
        "warrior": 20,
        "web": 24,
        "fox-infirmary": 3,
        "mouse-infirmary": 3,
        "rabbit-infirmary": 3,
    }


# --- SOM.2.1 crafting ------------------------------------------------------------------------------------------------


def test_crafting_activates_matching_infirmaries_in_evening_som_2_1():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    webbed(s, 1)
    set_hand(s, S, "anvil", "foxfolk-steel")
    s = goto(check(s), S, "spinners.craft")
    assert "craft anvil" in legal(s) and "craft foxfolk-steel" not in legal(s)
    s = play(s, "craft anvil")
    assert s.seats[S].points == 2 and "craft" not in " ".join(legal(s))


# --- SOM.2.2 webs -------------------------------------------------------------------------------------------------


def test_a_removed_web_scores_nothing_an_infirmary_scores_one_som_2_2():
    s = table()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "spinners", "rabbit-infirmary")
    webbed(s, 5)
    force_dice(check(s), 2, 0)
    s = play(goto(s, M, "marquise.actions"), "battle 5 spinners")  # 2 rolled + defenseless: web and infirmary
    assert count(s, 5, "spinners", "web") == 0 and count(s, 5, "spinners", "rabbit-infirmary") == 0
    assert s.seats[M].points == 1


def test_hits_split_freely_between_warriors_and_webs_som_2_2():
    s = table()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "spinners", "warrior", 2)
    webbed(s, 5, n=2)
    force_dice(check(s), 2, 0)
    s = play(goto(s, M, "marquise.actions"), "battle 5 spinners")
    assert rules.to_act(s) == S and legal(s) == ["hit warrior", "hit web"]
    s = play(s, "hit web", "hit web")
    assert count(s, 5, "spinners", "warrior") == 2 and count(s, 5, "spinners", "web") == 0


def test_infirmaries_take_hits_only_once_the_warriors_are_gone_som_2_2():
    s = table()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "spinners", "warrior")
    put(s, 5, "spinners", "rabbit-infirmary")
    force_dice(check(s), 1, 0)
    s = play(goto(s, M, "marquise.actions"), "battle 5 spinners")
    assert count(s, 5, "spinners", "warrior") == 0 and count(s, 5, "spinners", "rabbit-infirmary") == 1


def test_web_connections_run_along_paths_between_webbed_clearings_not_rivers_som_2_2():
    s = table()
    webbed(s, 1, 5, 2, 10)  # 5-10 is a river, 1-10 a path
    assert web_network(s, 5) == {1, 2, 5, 10}
    assert web_network(s, 9) == set()  # no web, no connection
    s = table()
    webbed(s, 5, 10)
    assert web_network(s, 5) == {5}


# --- SOM.2.3 First Response -----------------------------------------------------------------------------------------


def others_battle(**options: object) -> rules.GameState:
    """The Marquise attacks two Eyrie warriors in clearing 5, which is web-connected to the infirmary in 1."""
    s = station(table(**options))
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    force_dice(check(s), 3, 1)
    return play(goto(s, M, "marquise.actions"), "battle 5 eyrie")


def test_first_response_in_a_battle_between_two_other_factions_som_2_3():
    s = others_battle()
    assert rules.to_act(s) == S and s.turn.seat == M
    assert legal(s) == ["pass", "respond 5"]
    s, events = play_events(s, "respond 5")
    assert ward(s) == {"eyrie:warrior": 2, "marquise:warrior": 1}  # the Eyrie's hit landed on a Marquise warrior too
    assert count(s, 5, "eyrie", "warrior") == 0 and count(s, 5, "marquise", "warrior") == 2
    assert count(s, 5, "spinners", "warrior") == 0 and count(s, 5, "spinners", "web") == 0
    assert "carry 2 Eyrie Dynasties warriors and 1 Marquise de Cat warrior to the Ward" in public_text(events)
    assert step(s) == (M, "marquise.actions") and s.battle is None
    check(s)


def test_passing_lets_the_hits_resolve_som_2_3():
    s = play(others_battle(), "pass")
    assert ward(s) == {} and count(s, 5, "eyrie", "warrior") == 0 and count(s, 5, "marquise", "warrior") == 2
    assert count(s, 5, "spinners", "warrior") == 1


def test_no_first_response_away_from_the_webs_som_2_3():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    webbed(s, 1, 5)
    put(s, 9, "spinners", "warrior")
    webbed(s, 9)
    put(s, 9, "marquise", "warrior", 3)
    put(s, 9, "eyrie", "warrior", 2)
    s.clearings[0].pop("spinners:web")  # 9 touches 1, but 1 has no web now
    s.seats[S].supply["web"] += 1
    assert not connected_to_infirmary(s, 9)
    force_dice(check(s), 3, 1)
    s = play(goto(s, M, "marquise.actions"), "battle 9 eyrie")
    assert not s.pending and s.battle is None and ward(s) == {}


def test_first_response_needs_a_warrior_and_a_web_of_the_spinners_there_som_2_3():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    webbed(s, 1, 5)
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    force_dice(check(s), 3, 1)
    s = play(goto(s, M, "marquise.actions"), "battle 5 eyrie")
    assert not s.pending and ward(s) == {}


def test_first_response_in_a_battle_the_spinners_fight_som_2_3():
    s = table()
    put(s, 5, "spinners", "rabbit-infirmary")
    put(s, 5, "spinners", "warrior", 3)
    webbed(s, 5, n=2)
    put(s, 5, "marquise", "warrior", 2)
    force_dice(check(s), 2, 1)
    s = daylight(s)
    s = play(s, "battle 5 marquise")
    assert rules.to_act(s) == S and legal(s) == ["pass", "respond 5"]
    s = play(s, "respond 5")
    assert ward(s) == {"marquise:warrior": 2}
    assert legal(s) == ["hit warrior", "hit web"]  # the Marquise's hit still falls on the Spinners
    s = play(s, "hit warrior")
    assert count(s, 5, "spinners", "warrior") == 1 and count(s, 5, "spinners", "web") == 1
    assert step(s) == (S, "spinners.daylight") and s.battle is None
    check(s)


def test_no_first_response_when_every_spinners_piece_there_is_hit_som_2_3():
    s = table()
    put(s, 5, "spinners", "rabbit-infirmary")
    put(s, 5, "spinners", "warrior")
    webbed(s, 5)
    put(s, 5, "marquise", "warrior", 2)
    force_dice(check(s), 2, 2)  # the Marquise deals 2: the warrior and the web are both hit
    s = play(daylight(s), "battle 5 marquise")
    assert not any(d["kind"] == "faction" for d in s.pending)
    assert ward(s) == {}


def test_first_response_comes_before_field_hospitals_som_2_3():
    s = station(table())
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 9, "marquise", "keep")
    set_hand(s, M, "bake-sale")
    force_dice(check(s), 3, 1)  # the Eyrie's one hit falls on a Marquise warrior
    s = play(goto(s, M, "marquise.actions"), "battle 5 eyrie")
    assert rules.to_act(s) == S and [d["what"] for d in s.pending] == ["respond"]
    carried = play(s, "respond 5")
    assert not carried.pending and ward(carried)["marquise:warrior"] == 1  # not removed: no Field Hospitals
    passed = play(s, "pass")
    assert passed.pending[0]["what"] == "hospital" and rules.to_act(passed) == M


def test_an_ambush_hit_may_be_answered_too_som_2_3():
    s = station(table())
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 1)
    set_hand(s, E, "ambush-rabbit")
    s = play(goto(check(s), M, "marquise.actions"), "battle 5 eyrie", "ambush ambush-rabbit")
    assert rules.to_act(s) == S and legal(s) == ["pass", "respond 5"]
    s = play(s, "respond 5")
    assert ward(s) == {"marquise:warrior": 2} and s.battle is None  # no attacker left: the battle ends


def favor_table(**options: object) -> rules.GameState:
    """Three rabbit infirmaries (5, 5, 10); a warrior and a web in 5 beside two Marquise warriors."""
    s = table(**options)
    put(s, 5, "spinners", "rabbit-infirmary", 2)
    put(s, 10, "spinners", "rabbit-infirmary")
    put(s, 5, "spinners", "warrior")
    webbed(s, 5)
    put(s, 5, "marquise", "warrior", 2)
    put(s, 3, "marquise", "warrior", 1)
    set_hand(s, S, "favor-of-the-rabbits")
    return goto(check(s), S, "spinners.craft")


def test_a_favor_the_spinners_craft_may_send_warriors_to_the_ward_som_2_3():
    s = play(favor_table(), "craft favor-of-the-rabbits")
    assert rules.to_act(s) == S and legal(s) == ["pass", "respond 5"]
    assert count(s, 3, "marquise", "warrior") == 0  # clearing 3 is not connected: removed at once
    s = play(s, "respond 5")
    assert ward(s) == {"marquise:warrior": 2} and count(s, 5, "marquise", "warrior") == 0
    assert count(s, 5, "spinners", "warrior") == 0
    check(s)


def test_declining_first_response_after_a_favor_removes_the_warriors_som_2_3():
    s = play(favor_table(), "craft favor-of-the-rabbits", "pass")
    assert ward(s) == {} and count(s, 5, "marquise", "warrior") == 0 and count(s, 5, "spinners", "warrior") == 1
    check(s)


def test_the_option_keeps_first_response_to_hits_only_som_2_3():
    s = play(favor_table(**{OPTION_REMOVALS: False}), "craft favor-of-the-rabbits")
    assert not s.pending and count(s, 5, "marquise", "warrior") == 0 and ward(s) == {}


def test_an_enemy_favor_removes_the_spinners_too_so_none_is_left_to_respond_som_2_3():
    s = table()
    station(s)
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 5, "marquise", "workshop", 2)
    put(s, 10, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-rabbits")
    s = play(goto(check(s), M, "marquise.craft"), "craft favor-of-the-rabbits")
    assert not s.pending and ward(s) == {} and count(s, 5, "eyrie", "warrior") == 0
    assert count(s, 5, "spinners", "warrior") == 0


def strike_table() -> rules.GameState:
    """Marquise (0), Vagabond (1, with a crossbow, in clearing 5) and Spinners (2): the station, a Marquise warrior
    in 5."""
    s = table("marquise", "vagabond", "spinners")
    station(s)
    put(s, 5, "marquise", "warrior")
    assert vb.where(s, "vagabond") is not None
    pawn_to(s, 5)
    set_items(s, "crossbow", seat=1)
    return goto(check(s), 1, "vagabond.daylight")


def test_som_2_3_first_response_answers_an_enemy_ability_that_removes_another_enemys_warrior():
    # "due to battle, an ability, or a crafted card": a foe's Strike, which leaves the Spinners' pieces alone.
    s = play(strike_table(), "strike marquise warrior")
    assert rules.to_act(s) == S and legal(s) == ["pass", "respond 5"]
    s = play(s, "respond 5")
    assert ward(s) == {"marquise:warrior": 1} and count(s, 5, "marquise", "warrior") == 0
    assert count(s, 5, "spinners", "warrior") == 0
    check(s)


def test_som_2_3_first_response_is_not_offered_for_a_faction_removing_its_own_warriors():
    # Tax Collector is a cost the Marquise pays with her own warrior: no one deals it hits.
    s = table()
    station(s)
    put(s, 5, "marquise", "warrior", 2)
    craft_for(s, M, "tax-collector")
    s = goto(check(s), M, "marquise.actions")
    assert any(a.startswith("use tax-collector") for a in legal(s))
    s = play(s, next(a for a in legal(s) if a.startswith("use tax-collector 5")))
    assert not s.pending and count(s, 5, "marquise", "warrior") == 1 and ward(s) == {}


# --- SOM.2.4 the Ward -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("warriors", "sawmills_left", "points"), [(2, 1, 0), (1, 0, 1)])
def test_hits_on_carried_warriors_are_cancelled_not_dealt_to_other_pieces_som_2_4(warriors, sawmills_left, points):
    """Two hits: on two warriors (carried off, the sawmill untouched), or on a warrior and the sawmill (still hit)."""
    s = table()
    put(s, 5, "spinners", "rabbit-infirmary")
    put(s, 5, "spinners", "warrior", 2)
    webbed(s, 5, n=2)
    put(s, 5, "marquise", "warrior", warriors)
    put(s, 5, "marquise", "sawmill")
    force_dice(check(s), 2, 0)
    s = play(daylight(s), "battle 5 marquise", "respond 5")
    assert ward(s) == {"marquise:warrior": warriors}
    assert count(s, 5, "marquise", "sawmill") == sawmills_left and s.seats[S].points == points


def test_patients_keep_their_keys_count_for_their_owners_box_and_show_in_the_view_som_2_4():
    s = table()
    to_area(s, S, WARD, "marquise", "warrior", 2)
    to_area(s, S, WARD, "eyrie", "warrior")
    check(s)
    view = rules.view_for(s, M)
    assert view["seats"][S]["areas"] == {"ward": {"marquise:warrior": 2, "eyrie:warrior": 1}}
    assert "Ward: 2 Marquise de Cat warriors and 1 Eyrie Dynasties warrior" in view["seats"][S]["panel"]


def test_patients_do_not_fight_or_rule_som_2_4():
    s = table()
    to_area(s, S, WARD, "eyrie", "warrior", 3)
    put(s, 5, "marquise", "warrior")
    assert rules.rule.ruler(s, 5) == "marquise"


# --- SOM.2.5 infirmaries --------------------------------------------------------------------------------------------


def test_infirmaries_are_buildings_that_fill_slots_and_rule_som_2_5():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    assert rules.rule.ruler(s, 1) == "spinners"
    webbed(s, 1)
    set_hand(s, S, "anvil")
    s = daylight(s)
    assert not any(a.startswith("establish 1") for a in legal(s))  # clearing 1 has one slot, now full


def test_each_infirmary_releases_one_patient_a_turn_som_2_5():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    to_area(s, S, WARD, "eyrie", "warrior", 3)
    s = goto(check(s), S, "spinners.discharge")
    assert legal(s) == ["discharge eyrie 1"]
    s = play(s, "discharge eyrie 1")
    assert step(s)[1] != "spinners.discharge" and ward(s) == {"eyrie:warrior": 2}


# --- SOM.2.6 Triage -------------------------------------------------------------------------------------------------


def triage_table(**options: object) -> rules.GameState:
    s = table(**options)
    put(s, 5, "spinners", "rabbit-infirmary")
    put(s, 5, "marquise", "warrior", 3)
    to_area(s, S, WARD, "eyrie", "warrior")
    to_area(s, S, WARD, "marquise", "warrior")
    force_dice(check(s), 1, 0)
    return play(goto(s, M, "marquise.actions"), "battle 5 spinners")


def test_an_infirmary_removed_in_battle_returns_a_patient_of_the_spinners_choice_som_2_6():
    s = triage_table()
    assert rules.to_act(s) == S and legal(s) == ["triage marquise", "triage eyrie"]
    before = s.seats[E].supply["warrior"]
    s = play(s, "triage eyrie")
    assert ward(s) == {"marquise:warrior": 1} and s.seats[E].supply["warrior"] == before + 1
    assert step(s) == (M, "marquise.actions")
    check(s)


def test_triage_may_place_the_patient_in_the_clearing_as_an_option_som_2_6():
    s = play(triage_table(**{OPTION_TRIAGE: "clearing"}), "triage eyrie")
    assert count(s, 5, "eyrie", "warrior") == 1


def test_no_triage_when_a_favor_removes_an_infirmary_som_2_6():
    s = table()
    put(s, 5, "spinners", "rabbit-infirmary")
    to_area(s, S, WARD, "eyrie", "warrior")
    put(s, 5, "marquise", "workshop")
    put(s, 10, "marquise", "workshop")
    put(s, 4, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-rabbits")
    s = play(goto(check(s), M, "marquise.craft"), "craft favor-of-the-rabbits")
    assert count(s, 5, "spinners", "rabbit-infirmary") == 0 and ward(s) == {"eyrie:warrior": 1} and not s.pending


# --- SOM.3 setup ------------------------------------------------------------------------------------------------------


def test_setup_opposite_the_keep_with_webs_and_an_infirmary_som_3_2():
    s = rules.new_game({"factions": ["marquise", "spinners"], "first_player": 0}, 1)
    assert start_clearings(play(s, "keep 1"), 1) == [3]
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9")  # one choice: made for them
    assert count(s, 3, "spinners", "warrior") == 2 and count(s, 3, "spinners", "web") == 2
    assert count(s, 3, "spinners", "rabbit-infirmary") == 1
    for near in (6, 7, 11):
        assert count(s, near, "spinners", "warrior") == 1 and count(s, near, "spinners", "web") == 1
    check(s)


def test_the_spinners_set_up_after_the_factions_with_corners_som_3_2():
    s = rules.new_game({"factions": ["spinners", "eyrie", "marquise"], "first_player": 0}, 1)
    assert [d["seat"] for d in s.pending] == [2, 1, 0]
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    assert legal(s) == ["establish 2", "establish 4"]  # both opposites are taken: any free corner


def test_without_starting_corners_any_corner_som_3_2():
    s = rules.new_game({"factions": ["spinners", "alliance"], "first_player": 0}, 1)
    assert sorted(legal(s)) == ["establish 1", "establish 2", "establish 3", "establish 4"]


def corners_taken(monkeypatch: pytest.MonkeyPatch, corners: dict[str, int]) -> rules.GameState:
    """Five seats past setup with an empty map; the other factions' starting corners are as given."""
    import seam_factions

    seam_factions.register_all()
    try:
        s = blank_table(("marquise", "eyrie", "alliance", "test-medics", "spinners"))
    finally:
        seam_factions.unregister_all()
    for fid, corner in corners.items():
        cls = type(registry.faction(fid)) if fid != "test-medics" else seam_factions.Medics
        monkeypatch.setattr(cls, "starting_corner", lambda self, state, seat, c=corner: c)
    return s


def test_with_three_corners_taken_the_last_corner_som_3_2(monkeypatch):
    s = corners_taken(monkeypatch, {"marquise": 1, "eyrie": 3, "alliance": 2})
    assert start_clearings(s, 4) == [4]


def test_when_every_corner_is_taken_any_edge_clearing_som_3_2(monkeypatch):
    s = corners_taken(monkeypatch, {"marquise": 1, "eyrie": 3, "alliance": 2, "test-medics": 4})
    assert start_clearings(s, 4) == [5, 6, 7, 8, 9]  # edge clearings with an open slot (7 too: Law 21)


def test_tracks_hold_the_remaining_eight_infirmaries_som_3_3():
    s = rules.new_game({"factions": ["marquise", "spinners"], "first_player": 0}, 1)
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9")
    supply = s.seats[1].supply
    assert (supply["fox-infirmary"], supply["mouse-infirmary"], supply["rabbit-infirmary"]) == (3, 3, 2)
    assert supply["warrior"] == 20 - 2 - 3 and supply["web"] == 24 - 2 - 3


# --- SOM.4 Birdsong ------------------------------------------------------------------------------------------------


def test_discharge_releases_patients_into_infirmary_clearings_for_a_point_each_som_4_1():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 5, "spinners", "rabbit-infirmary")
    to_area(s, S, WARD, "eyrie", "warrior", 2)
    to_area(s, S, WARD, "marquise", "warrior", 1)
    s = goto(check(s), S, "spinners.discharge")
    assert "end" not in legal(s)  # discharging is not optional
    s = play(s, "discharge marquise 5", "discharge eyrie 1")
    assert s.seats[S].points == 2 and ward(s) == {"eyrie:warrior": 1}
    assert count(s, 5, "marquise", "warrior") == 1 and count(s, 1, "eyrie", "warrior") == 1
    assert step(s)[1] != "spinners.discharge"
    check(s)


def test_discharge_is_not_into_the_keep_clearing_som_4_1():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 1, "marquise", "keep")
    to_area(s, S, WARD, "eyrie", "warrior")
    s = goto(check(s), S, "spinners.discharge")
    assert step(s)[1] != "spinners.discharge" and ward(s) == {"eyrie:warrior": 1}


def test_secure_one_web_per_uncovered_web_bonus_som_4_2():
    s = table()
    put(s, 8, "spinners", "fox-infirmary", 2)  # the second fox space shows a web bonus
    put(s, 9, "spinners", "warrior")
    webbed(s, 12)
    assert web_bonuses(s, S) == 1
    s = goto(check(s), S, "spinners.secure")
    options = legal(s)
    assert "secure 9" in options and "secure 9 source:12" in options and "secure 5" not in options
    s = play(s, "secure 9 source:12")
    assert count(s, 9, "spinners", "web") == 1 and count(s, 12, "spinners", "web") == 0
    assert step(s) == (S, "spinners.daylight")  # one bonus, one web


def test_no_securing_without_a_web_bonus_som_4_2():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 9, "spinners", "warrior")
    s = goto(check(s), S, "spinners.secure")
    assert step(s)[1] != "spinners.secure"


# --- SOM.5 Daylight ---------------------------------------------------------------------------------------------------


def test_three_actions_and_one_more_per_bird_card_som_5():
    s = table()
    set_hand(s, S, "armorers")
    s = daylight(s)
    s = play(s, "gather", "hire armorers")
    assert s.turn.flags["actions"] == 3
    assert "hire" not in " ".join(legal(s))


def test_recruit_places_a_warrior_and_a_web_in_each_matching_clearing_once_som_5_1():
    s = table()
    set_hand(s, S, "bake-sale", "investments")
    s = play(daylight(s), "recruit bake-sale")
    for cid in (3, 4, 5, 10):
        assert count(s, cid, "spinners", "warrior") == 1 and count(s, cid, "spinners", "web") == 1
    assert not any(a.startswith("recruit") for a in legal(s))


def test_recruit_with_a_bird_names_the_suit_som_5_1():
    s = table()
    set_hand(s, S, "armorers")
    s = daylight(s)
    assert {"recruit armorers fox", "recruit armorers mouse", "recruit armorers rabbit"} <= set(legal(s))
    s = play(s, "recruit armorers mouse")
    assert [c for c in s.board.ids() if count(s, c, "spinners", "warrior")] == [2, 7, 9, 11]


def test_recruit_when_warriors_run_short_names_the_clearings_som_5_1():
    s = table()
    s.seats[S].supply["warrior"] = 2
    s.seats[S].areas["parked"] = {"spinners:warrior": 18}
    set_hand(s, S, "bake-sale")
    s = daylight(s)
    assert "recruit bake-sale 3,10" in legal(s) and "recruit bake-sale" not in legal(s)
    s = play(s, "recruit bake-sale 3,10")
    assert [c for c in s.board.ids() if count(s, c, "spinners", "warrior")] == [3, 10]
    assert on_map(s, "spinners", "web") == 4  # the webs, not short, go everywhere


def test_establish_needs_a_web_and_a_matching_card_som_5_2():
    s = table()
    webbed(s, 5)
    set_hand(s, S, "bake-sale", "anvil", "armorers")
    s = daylight(s)
    options = [a for a in legal(s) if a.startswith("establish")]
    assert options == ["establish 5 armorers", "establish 5 bake-sale"]
    s = play(s, "establish 5 bake-sale")
    assert count(s, 5, "spinners", "rabbit-infirmary") == 1 and s.seats[S].supply["rabbit-infirmary"] == 2


def test_skitter_moves_along_webs_ignoring_rule_for_one_action_som_5_3():
    s = table()
    webbed(s, 1, 5, 2)
    put(s, 1, "spinners", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    put(s, 2, "eyrie", "warrior", 3)
    s = daylight(s)
    assert "move 1>9 x1" not in legal(s)  # 9 has no web
    s = play(s, "move 1>5 x2", "move 5>2 x1")
    assert s.turn.flags["actions"] == 2
    assert count(s, 2, "spinners", "warrior") == 1 and count(s, 5, "spinners", "warrior") == 1
    s = play(s, "gather", "move 5>1 x1")  # another action ends the skitter: moving again costs one
    assert s.turn.flags["actions"] == 0


def test_a_move_off_the_webs_is_refused_in_the_spinners_words_som_5_3():
    s = table()
    webbed(s, 1, 5)
    put(s, 1, "spinners", "warrior", 2)
    s = daylight(s)
    with pytest.raises(rules.IllegalActionError, match="both hold webs, not 1 and 9"):
        rules.parse(s, "move 1>9 x1")


def test_a_cobbler_move_is_an_ordinary_move_needing_rule_som_5_3():
    s = table()
    webbed(s, 1, 5)
    put(s, 1, "spinners", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 3)
    put(s, 9, "eyrie", "warrior", 3)
    put(s, 10, "eyrie", "warrior", 3)
    craft_for(s, S, "cobbler")
    s = goto(check(s), S, "evening.start")
    assert "move 1>9 x1" in legal(s)  # they rule clearing 1: an ordinary move, off the webs too
    s.clearings[0]["spinners:warrior"] = 1
    s.clearings[0]["eyrie:warrior"] = 1
    s.seats[S].supply["warrior"] += 1
    s.seats[E].supply["warrior"] -= 1
    s = goto(check(s), S, "evening.start")
    assert not any(a.startswith("move") for a in legal(s, seat=S))  # a tie: no rule, no move, webs or not


def test_intervene_only_where_the_spinners_have_webs_som_5_4():
    s = table()
    put(s, 5, "spinners", "warrior")
    put(s, 9, "spinners", "warrior")
    webbed(s, 5)
    put(s, 5, "marquise", "warrior")
    put(s, 9, "marquise", "warrior")
    s = daylight(s)
    assert [a for a in legal(s) if a.startswith("battle")] == ["battle 5 marquise"]


def test_gather_draws_a_card_once_a_turn_som_5_5():
    s = daylight(table())
    s = play(s, "gather")
    assert len(s.seats[S].hand) == 1 and "gather" not in legal(s)


# --- SOM.6 Evening ---------------------------------------------------------------------------------------------------


def shelter_table(fox_built: int) -> rules.GameState:
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    if fox_built > 1:
        put(s, 8, "spinners", "fox-infirmary", fox_built - 1)
    set_hand(s, S, "anvil", "foxfolk-steel", "sword", "armorers")
    return goto(check(s), S, "spinners.shelter")


@pytest.mark.parametrize(("fox_built", "each"), [(1, 0), (2, 1), (3, 2)])
def test_shelter_scores_the_points_above_the_rightmost_empty_space_som_6_2(fox_built, each):
    s = play(shelter_table(fox_built), "shelter anvil")
    assert s.seats[S].points == each


def test_shelter_spends_one_card_per_built_infirmary_of_the_suit_som_6_2():
    s = shelter_table(2)
    assert sorted(legal(s)) == ["end", "shelter anvil", "shelter armorers fox", "shelter foxfolk-steel"]
    s = play(s, "shelter anvil", "shelter armorers fox")
    assert s.seats[S].points == 2 and {"anvil", "armorers"}.isdisjoint(hand_keys(s, S))
    assert step(s)[1] != "spinners.shelter"  # two fox infirmaries: two cards, then Evening goes on


def test_draw_one_plus_one_per_uncovered_draw_bonus_som_6_3():
    s = table()
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 8, "spinners", "fox-infirmary", 2)
    assert draw_bonuses(s, S) == 1
    s = goto(check(s), S, "evening.draw")
    assert len(s.seats[S].hand) == 2


def test_discard_down_to_five_som_6_3():
    s = table()
    set_hand(s, S, "anvil", "sword", "bake-sale", "investments", "armorers", "sappers")
    s = goto(check(s), S, "evening.draw")
    assert s.pending[0]["kind"] == "discard" and len(s.seats[S].hand) == 7


# --- other factions and the table -------------------------------------------------------------------------------------


def test_no_seat_sees_another_seats_hand():
    s = table()
    set_hand(s, S, "anvil")
    set_hand(s, M, "codebreakers")
    for viewer in (M, E, None):
        assert "anvil" not in str(rules.view_for(s, viewer))
    assert rules.view_for(s, S)["hand"] == ["anvil"] and "codebreakers" not in str(rules.view_for(s, S))


def test_scenario_a_full_round_in_notation():
    s = new_table(("marquise", "spinners"))
    for _ in range(200):
        if rules.to_act(s) is None or s.turn.round >= 3:
            break
        options = legal(s)
        s = play(s, "end" if "end" in options else options[0])
    assert s.turn.round >= 3 and not rules.problems(s)


@pytest.mark.parametrize(
    ("factions", "seed"),
    [
        (("spinners", "marquise", "eyrie"), 1),
        (("marquise", "spinners"), 2),
        (("eyrie", "spinners"), 3),
        (("alliance", "spinners"), 4),
        (("spinners", "marquise", "eyrie", "alliance"), 5),
    ],
)
def test_seeded_playouts_with_the_spinners_have_no_violations(factions, seed):
    result = playout({"factions": list(factions), "round_limit": 60}, seed)
    assert result.violations == []
    assert result.state is not None and result.state.over and result.state.winners
    verbs = {text.split()[0] for text in result.record.actions}
    assert {"establish", "recruit", "move"} <= verbs
