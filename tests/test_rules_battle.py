"""Battle (Law 4.3): ambush and foil, the roll and its cap, after-roll cards, counting and dealing hits."""

import pytest
from rules_helpers import (
    E,
    M,
    blank,
    check,
    count,
    craft_for,
    discard_keys,
    force_dice,
    goto,
    hand_keys,
    legal,
    marquise_actions,
    play,
    play_events,
    public_text,
    put,
    set_decree,
    set_hand,
    to_discard,
)

import rules
from rules.cards import card


def eyrie_battle_turn(s):
    """The Eyrie at the start of resolving their Decree."""
    check(s)
    return goto(s, E, "eyrie.resolve")


# --- ambush -----------------------------------------------------------------------------


def test_defender_may_ambush_with_a_matching_card():
    s = blank()
    put(s, 5, "marquise", "warrior", 3)  # 5 is a rabbit clearing
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-rabbit", "ambush-fox")
    s = marquise_actions(s)
    s = play(s, "battle 5 eyrie")
    assert rules.to_act(s) == E
    assert legal(s) == ["pass", "ambush ambush-rabbit"]


def test_an_ambush_card_of_another_suit_is_refused_as_not_matching_the_clearing():
    s = blank()
    put(s, 5, "marquise", "warrior", 3)  # 5 is a rabbit clearing
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-mouse")
    s = play(marquise_actions(s), "battle 5 eyrie")
    with pytest.raises(rules.IllegalActionError, match=r"Ambush! \(mouse\) does not match clearing 5 \(rabbit\)"):
        rules.parse(s, "ambush ambush-mouse")


def test_a_defender_without_a_matching_card_is_still_asked_but_can_only_pass():
    """Whether the game stops for an ambush must not reveal the defender's hand: it asks anyone who might hold one."""
    s = blank()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-fox", "ambush-mouse")
    s = marquise_actions(s)
    force_dice(s, 1, 1)
    s = play(s, "battle 5 eyrie")
    assert rules.to_act(s) == E
    assert legal(s) == ["pass"]
    s = play(s, "pass")
    assert s.battle is None
    assert hand_keys(s, E) == ["ambush-fox", "ambush-mouse"]
    assert count(s, 5, "eyrie", "warrior") == 1


def test_no_ambush_question_when_the_defender_has_no_cards():
    s = blank()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E)
    s = marquise_actions(s)
    force_dice(s, 1, 1)
    s = play(s, "battle 5 eyrie")
    assert s.battle is None
    assert count(s, 5, "eyrie", "warrior") == 1


def test_no_ambush_question_when_every_matching_ambush_is_in_the_open():
    s = blank()
    put(s, 5, "marquise", "warrior", 3)  # rabbit
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "anvil")
    to_discard(s, "ambush-rabbit", "ambush-bird", "ambush-bird")
    s = marquise_actions(s)
    force_dice(s, 1, 1)
    s = play(s, "battle 5 eyrie")
    assert s.battle is None
    assert count(s, 5, "eyrie", "warrior") == 1


def test_bird_ambush_matches_any_clearing():
    for cid in (1, 2, 5):  # fox, mouse, rabbit
        s = blank()
        put(s, cid, "marquise", "warrior", 3)
        put(s, cid, "eyrie", "warrior", 1)
        set_hand(s, E, "ambush-bird")
        s = marquise_actions(s)
        s = play(s, f"battle {cid} eyrie")
        assert legal(s) == ["pass", "ambush ambush-bird"], cid


def test_ambush_deals_two_hits_before_the_roll():
    s = blank()
    put(s, 5, "marquise", "warrior", 4)
    put(s, 5, "eyrie", "warrior", 1)
    set_hand(s, E, "ambush-rabbit")
    s = marquise_actions(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 eyrie", "ambush ambush-rabbit")
    # 2 ambush hits, then the roll: the Marquise (2 warriors left) deals min(3, 2) = 2; the Eyrie deals 0.
    assert count(s, 5, "marquise", "warrior") == 2
    assert count(s, 5, "eyrie", "warrior") == 0
    assert "ambush-rabbit" in discard_keys(s)
    assert s.battle is None


def test_ambush_removes_warriors_then_buildings_and_ends_the_battle():
    s = blank()
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "marquise", "workshop", 1)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-bird")
    s = marquise_actions(s)
    rng_before = s.rng
    s, events = play_events(s, "battle 5 eyrie", "ambush ambush-bird")
    assert count(s, 5, "marquise", "warrior") == 0
    assert count(s, 5, "marquise", "workshop") == 0
    assert count(s, 5, "eyrie", "warrior") == 2  # no roll happened
    assert s.rng == rng_before
    assert s.seats[E].points == 1 + 1  # the workshop, plus the Despot's point
    assert s.battle is None
    assert "Dice" not in public_text(events)


def test_ambush_battle_goes_on_when_attacking_warriors_remain():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-rabbit")
    s = marquise_actions(s)
    force_dice(s, 2, 2)
    s, events = play_events(s, "battle 5 eyrie", "ambush ambush-rabbit")
    assert "Dice: 2 and 2" in public_text(events)
    # 3 - 2 (ambush) = 1 warrior rolls min(2, 1) = 1 hit; the Eyrie rolls 2 hits on the last warrior.
    assert count(s, 5, "marquise", "warrior") == 0
    assert count(s, 5, "eyrie", "warrior") == 1


def test_attacker_may_foil_with_a_matching_ambush():
    s = blank()
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-rabbit")
    set_hand(s, M, "ambush-bird", "ambush-fox")
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 eyrie", "ambush ambush-rabbit")
    assert rules.to_act(s) == M
    assert legal(s) == ["pass", "foil ambush-bird"]  # the fox ambush does not match a rabbit clearing
    s = play(s, "foil ambush-bird")
    assert count(s, 5, "marquise", "warrior") == 2  # no ambush hits
    assert discard_keys(s) == ["ambush-bird", "ambush-rabbit"]
    assert hand_keys(s, M) == ["ambush-fox"]


def test_attacker_who_passes_on_foil_takes_the_ambush():
    s = blank()
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-rabbit")
    set_hand(s, M, "ambush-bird")
    s = marquise_actions(s)
    s = play(s, "battle 5 eyrie", "ambush ambush-rabbit", "pass")
    assert count(s, 5, "marquise", "warrior") == 0
    assert hand_keys(s, M) == ["ambush-bird"]


def test_scouting_party_attacker_is_not_affected_by_ambush():
    s = blank()
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-rabbit", "ambush-bird")
    craft_for(s, M, "scouting-party")
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 eyrie")
    assert s.battle is None
    assert count(s, 5, "marquise", "warrior") == 2
    assert hand_keys(s, E) == ["ambush-bird", "ambush-rabbit"]


def test_scouting_party_does_not_stop_its_owner_ambushing_as_defender():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    craft_for(s, M, "scouting-party")
    set_hand(s, M, "ambush-rabbit")
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    s = play(s, "battle 5 marquise bird")
    assert rules.to_act(s) == M
    assert legal(s) == ["pass", "ambush ambush-rabbit"]


# --- the roll ------------------------------------------------------------------------------


def test_attacker_deals_the_higher_roll_defender_the_lower():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 5)
    put(s, 5, "eyrie", "warrior", 5)
    s = marquise_actions(s)
    force_dice(s, 1, 3)
    s = play(s, "battle 5 eyrie")
    assert count(s, 5, "eyrie", "warrior") == 2
    assert count(s, 5, "marquise", "warrior") == 4


def test_rolled_hits_are_capped_by_the_attackers_warriors():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 5)
    s = marquise_actions(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 eyrie")
    assert count(s, 5, "eyrie", "warrior") == 4


def test_rolled_hits_are_capped_by_the_defenders_warriors():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 5)
    put(s, 5, "eyrie", "warrior", 1)
    s = marquise_actions(s)
    force_dice(s, 3, 3)
    s = play(s, "battle 5 eyrie")
    assert count(s, 5, "marquise", "warrior") == 4
    assert count(s, 5, "eyrie", "warrior") == 0


def test_defenseless_defender_takes_an_extra_hit():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "roost", 1)
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s, events = play_events(s, "battle 5 eyrie")
    assert count(s, 5, "eyrie", "roost") == 0
    assert s.seats[M].points == 1
    assert "defenseless" in public_text(events)


def test_defender_with_a_warrior_is_not_defenseless():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 1)
    put(s, 5, "eyrie", "roost", 1)
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 eyrie")
    assert count(s, 5, "eyrie", "warrior") == 1
    assert count(s, 5, "eyrie", "roost") == 1


# --- after the roll -------------------------------------------------------------------------


def test_armorers_ignores_rolled_hits_and_is_discarded():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 3)
    craft_for(s, E, "armorers")
    s = marquise_actions(s)
    force_dice(s, 3, 1)
    s = play(s, "battle 5 eyrie")
    # The attacker has nothing to use; the defender is asked after the roll.
    assert rules.to_act(s) == E
    assert legal(s) == ["pass", "use armorers"]
    s = play(s, "use armorers")
    assert count(s, 5, "eyrie", "warrior") == 3
    assert count(s, 5, "marquise", "warrior") == 2
    assert s.seats[E].crafted == []
    assert "armorers" in discard_keys(s)


def test_armorers_does_not_cancel_the_defenseless_hit():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "roost", 1)
    craft_for(s, E, "armorers")
    s = marquise_actions(s)
    force_dice(s, 2, 0)
    s = play(s, "battle 5 eyrie", "use armorers")
    assert count(s, 5, "eyrie", "roost") == 0


def test_attacker_can_use_armorers_too():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 3)
    craft_for(s, M, "armorers")
    s = marquise_actions(s)
    force_dice(s, 1, 2)
    s = play(s, "battle 5 eyrie")
    assert rules.to_act(s) == M
    s = play(s, "use armorers")
    assert count(s, 5, "marquise", "warrior") == 3
    assert count(s, 5, "eyrie", "warrior") == 1


def test_sappers_gives_the_defender_an_extra_hit_and_is_discarded():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 3)
    craft_for(s, E, "sappers")
    craft_for(s, M, "sappers")
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 eyrie")
    # The attacker's Sappers is not offered (defender only): the first choice is the Eyrie's.
    assert rules.to_act(s) == E
    assert legal(s) == ["pass", "use sappers"]
    s = play(s, "use sappers")
    assert count(s, 5, "marquise", "warrior") == 2
    assert [card(c).key for c in s.seats[E].crafted] == []
    assert [card(c).key for c in s.seats[M].crafted] == ["sappers"]


def test_brutal_tactics_extra_hit_gives_the_defender_a_point_and_stays():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 3)
    craft_for(s, M, "brutal-tactics")
    craft_for(s, E, "brutal-tactics")
    s = marquise_actions(s)
    force_dice(s, 1, 0)
    s = play(s, "battle 5 eyrie")
    assert rules.to_act(s) == M
    assert legal(s) == ["pass", "use brutal-tactics"]
    s = play(s, "use brutal-tactics")
    # No after-roll choice for the defender: its Brutal Tactics works only when attacking.
    assert s.battle is None
    assert count(s, 5, "eyrie", "warrior") == 1
    assert s.seats[E].points == 1
    assert [card(c).key for c in s.seats[M].crafted] == ["brutal-tactics"]


# --- dealing hits ----------------------------------------------------------------------------


def test_defender_chooses_which_building_or_token_takes_a_hit():
    s = blank(leader="builder")
    put(s, 5, "marquise", "sawmill", 1)
    put(s, 5, "marquise", "workshop", 1)
    put(s, 5, "marquise", "wood", 1)
    put(s, 5, "eyrie", "warrior", 1)
    set_decree(s, battle=["vizier", "vizier"])  # a second battle keeps the turn from moving on
    s = eyrie_battle_turn(s)
    force_dice(s, 1, 0)
    s = play(s, "battle 5 marquise bird")
    # 1 rolled hit + 1 for defenseless = 2 hits among 3 pieces: the Marquise chooses, one at a time.
    assert rules.to_act(s) == M
    assert legal(s) == ["hit sawmill", "hit wood", "hit workshop"]
    s = play(s, "hit wood", "hit workshop")
    assert count(s, 5, "marquise", "sawmill") == 1
    assert count(s, 5, "marquise", "workshop") == 0
    assert count(s, 5, "marquise", "wood") == 0
    assert s.seats[E].points == 2


def test_warriors_always_take_hits_before_buildings():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "marquise", "sawmill", 1)
    put(s, 5, "eyrie", "warrior", 3)
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    force_dice(s, 2, 0)
    s = play(s, "battle 5 marquise bird")
    # Two hits: both warriors go (no choice is offered), the sawmill stays.
    assert s.battle is None
    assert count(s, 5, "marquise", "warrior") == 0
    assert count(s, 5, "marquise", "sawmill") == 1
    assert s.seats[E].points == 0


def test_attacker_chooses_which_building_takes_ambush_hits():
    s = blank()
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "marquise", "sawmill", 1)
    put(s, 5, "marquise", "recruiter", 1)
    put(s, 5, "eyrie", "warrior", 1)
    set_hand(s, E, "ambush-rabbit")
    s = marquise_actions(s)
    s = play(s, "battle 5 eyrie", "ambush ambush-rabbit")
    # The warrior goes first (automatically), then the Marquise picks the building.
    assert count(s, 5, "marquise", "warrior") == 0
    assert rules.to_act(s) == M
    assert legal(s) == ["hit recruiter", "hit sawmill"]
    s = play(s, "hit recruiter")
    assert count(s, 5, "marquise", "sawmill") == 1
    assert count(s, 5, "marquise", "recruiter") == 0
    assert s.battle is None


def test_marquise_scores_a_point_for_a_roost_removed_in_battle():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 1)
    put(s, 5, "eyrie", "roost", 1)
    s = marquise_actions(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 eyrie")
    assert count(s, 5, "eyrie", "roost") == 0
    assert s.seats[M].points == 1
    assert s.seats[E].supply["roost"] == 7  # back on its track


def test_eyrie_scores_for_each_marquise_building_and_token_removed():
    s = blank(leader="builder")
    put(s, 1, "marquise", "keep", 1)
    put(s, 1, "marquise", "wood", 2)
    put(s, 1, "marquise", "sawmill", 1)
    put(s, 1, "eyrie", "warrior", 3)
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 1 marquise bird")
    # 3 rolled + 1 defenseless = 4 hits: keep, 2 wood, sawmill all go; 4 points.
    assert {k: v for k, v in s.clearings[0].items() if k.startswith("marquise")} == {}
    assert s.seats[E].points == 4
    assert s.seats[M].data["keep_lost"] is True


def test_commander_deals_an_extra_hit_when_attacking():
    s = blank(leader="commander")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 marquise bird")
    assert count(s, 5, "marquise", "warrior") == 1
    assert count(s, 5, "eyrie", "warrior") == 2


def test_commander_deals_no_extra_hit_when_defending():
    s = blank(leader="commander")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 2)
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 eyrie")
    assert count(s, 5, "marquise", "warrior") == 2
    assert count(s, 5, "eyrie", "warrior") == 2


def test_despot_scores_an_extra_point_for_removing_buildings_in_battle():
    s = blank(leader="despot")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "marquise", "sawmill", 1)
    put(s, 5, "marquise", "workshop", 1)
    put(s, 5, "eyrie", "warrior", 3)
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 marquise bird")
    # 3 hits: the warrior, then both buildings (no choice needed); 2 points + 1 for the Despot.
    assert count(s, 5, "marquise", "sawmill") == 0
    assert count(s, 5, "marquise", "workshop") == 0
    assert s.seats[E].points == 2 + 1


def test_despot_scores_nothing_extra_for_warriors_only():
    s = blank(leader="despot")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 3)
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    force_dice(s, 2, 0)
    s = play(s, "battle 5 marquise bird")
    assert count(s, 5, "marquise", "warrior") == 0
    assert s.seats[E].points == 0


@pytest.mark.parametrize("who", ["attacker", "defender"])
def test_battle_needs_own_warriors_and_an_enemy_piece(who):
    s = blank()
    put(s, 9, "marquise", "warrior", 1)  # something to do, so her Daylight waits
    if who == "attacker":
        put(s, 5, "eyrie", "warrior", 2)
        reason = "no warriors in clearing 5"
    else:
        put(s, 5, "marquise", "warrior", 2)
        reason = "Eyrie Dynasties has no pieces in clearing 5"
    s = marquise_actions(s)
    before = s.dumps()
    with pytest.raises(rules.IllegalActionError, match=reason):
        rules.parse(s, "battle 5 eyrie")
    assert s.dumps() == before


def test_ambush_allowed_with_no_defending_warriors():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "roost")
    set_hand(s, E, "ambush-rabbit")
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 eyrie")
    assert legal(s) == ["pass", "ambush ambush-rabbit"]
    s = play(s, "ambush ambush-rabbit")
    assert count(s, 5, "marquise", "warrior") == 0
    assert count(s, 5, "eyrie", "roost") == 1


def test_no_foil_without_a_matching_ambush():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 1)
    set_hand(s, E, "ambush-rabbit")
    set_hand(s, M, "ambush-fox", "ambush-mouse")
    s = marquise_actions(s)
    force_dice(s, 0, 0)
    s = play(s, "battle 5 eyrie", "ambush ambush-rabbit")
    # The Marquise is asked (a bird ambush is still unseen) but holds no matching card: she can only pass.
    assert rules.to_act(s) == M
    assert legal(s) == ["pass"]
    s = play(s, "pass")
    assert count(s, 5, "marquise", "warrior") == 1
    assert hand_keys(s, M) == ["ambush-fox", "ambush-mouse"]


def test_hits_beyond_the_pieces_present_are_lost():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 1)
    craft_for(s, M, "brutal-tactics")
    s = marquise_actions(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 eyrie", "use brutal-tactics")
    assert count(s, 5, "eyrie", "warrior") == 0
    assert s.seats[E].points == 1
    assert s.seats[M].points == 0


def test_battle_text_and_view_name_each_extra_hit_source():
    s = blank(leader="commander")
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 5, "marquise", "sawmill")  # no Marquise warriors: defenseless
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    force_dice(s, 2, 0)
    s, events = play_events(s, "battle 5 marquise bird")
    text = public_text(events)
    assert "Eyrie Dynasties deals 4 hits (2 rolled, +1 the Commander, +1 defenseless)" in text
    assert "Marquise de Cat rolls 0 hits" in text and "Marquise de Cat deals 0 hits" in text


def test_the_battle_view_lists_sides_with_their_hit_sources():
    s = blank(leader="commander")
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "marquise", "sawmill")
    put(s, 5, "marquise", "workshop")
    set_decree(s, battle=["vizier"])
    s = eyrie_battle_turn(s)
    force_dice(s, 1, 0)
    s = play(s, "battle 5 marquise bird")
    assert s.battle is not None and s.battle["stage"] == "assign_wait"  # the Marquise chooses a building
    sides = rules.view_for(s, None)["battle"]["sides"]
    assert sides == [
        {"seat": E, "rolled": 1, "ignored_by": None, "extra": [{"source": "the Commander", "hits": 1}]},
        {"seat": M, "rolled": 0, "ignored_by": None, "extra": []},
    ]


def test_an_ambush_is_marked_on_the_map():
    s = blank()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "eyrie", "warrior", 2)
    set_hand(s, E, "ambush-rabbit")
    s = marquise_actions(s)
    s = play(s, "battle 5 eyrie")
    s, events = play_events(s, "ambush ambush-rabbit")
    assert ("ambush", 5, None) in [m for e in events for m in e.marks]
