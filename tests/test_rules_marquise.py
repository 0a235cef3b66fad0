"""Marquise de Cat (Law 6): setup, wood, building, recruiting, march, overwork, hire, Field Hospitals, the keep."""

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
    new_game,
    new_setup,
    play,
    put,
    set_decree,
    set_hand,
    set_supply,
    step,
)

import rules

# --- setup -------------------------------------------------------------------------------


def test_keep_goes_in_a_corner():
    s = new_setup()
    assert legal(s) == ["keep 1", "keep 2", "keep 3", "keep 4"]
    with pytest.raises(rules.IllegalActionError):
        rules.parse(s, "keep 5")


@pytest.mark.parametrize("keep,opposite", [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_garrison_in_every_clearing_but_the_opposite_corner(keep, opposite):
    s = play(new_setup(), f"keep {keep}")
    for cid in range(1, 13):
        expected = 0 if cid == opposite else 1
        assert count(s, cid, "marquise", "warrior") == expected, cid
    assert count(s, keep, "marquise", "keep") == 1
    assert s.seats[M].supply["warrior"] == 25 - 11


def test_starting_buildings_go_in_or_next_to_the_keep():
    s = play(new_setup(), "keep 1")
    # 1 has one slot; 10 has two slots but a ruin in one.
    assert sorted({int(a.split()[-1]) for a in legal(s)}) == [1, 5, 9, 10]
    s = play(s, "build sawmill 10")
    assert not any(a.endswith(" 10") for a in legal(s))
    s = play(s, "build workshop 1")
    assert legal(s) == ["build recruiter 5", "build recruiter 9"]


def test_starting_buildings_may_share_a_clearing():
    s = play(new_setup(), "keep 2", "build sawmill 2", "build workshop 2")
    assert count(s, 2, "marquise", "sawmill") == 1
    assert count(s, 2, "marquise", "workshop") == 1
    assert "build recruiter 2" not in legal(s)  # clearing 2 has two slots
    s = play(s, "build recruiter 6")
    assert s.seats[M].supply["sawmill"] == 5
    assert s.seats[M].supply["recruiter"] == 5


def test_eyrie_set_up_in_the_corner_opposite_the_keep():
    for keep, opposite in ((1, 3), (2, 4), (4, 2)):
        s = new_game(keep=keep)
        assert count(s, opposite, "eyrie", "roost") == 1
        assert count(s, opposite, "eyrie", "warrior") == 6


# --- Birdsong wood ---------------------------------------------------------------------------


def test_one_wood_per_sawmill_in_birdsong():
    s = blank()
    put(s, 2, "marquise", "sawmill", 2)
    put(s, 9, "marquise", "sawmill")
    put(s, 9, "marquise", "warrior")
    check(s)
    s = goto(s, M, "birdsong.start")
    assert count(s, 2, "marquise", "wood") == 2
    assert count(s, 9, "marquise", "wood") == 1
    assert s.seats[M].supply["wood"] == 5


def test_wood_shortage_the_marquise_chooses_where():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 9, "marquise", "sawmill")
    put(s, 9, "marquise", "warrior")
    put(s, 5, "marquise", "wood", 7)
    check(s)
    s = goto(s, M, "birdsong.start")
    assert rules.to_act(s) == M
    assert legal(s) == ["wood 2", "wood 9"]
    s = play(s, "wood 9")
    assert count(s, 9, "marquise", "wood") == 1
    assert count(s, 2, "marquise", "wood") == 0
    assert s.seats[M].supply["wood"] == 0


# --- building ----------------------------------------------------------------------------------


def test_build_costs_and_points_follow_the_tracks():
    s = blank()
    for kind in ("sawmill", "workshop", "recruiter"):
        put(s, 2, "marquise", kind) if kind != "recruiter" else put(s, 9, "marquise", kind)
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "marquise", "wood", 3)
    s = marquise_actions(s)
    # Second sawmill: 1 wood, 1 point.
    s = play(s, "build sawmill 5")
    assert s.seats[M].points == 1
    assert count(s, 5, "marquise", "wood") == 2
    # Second workshop: 1 wood, 2 points.
    s = play(s, "build workshop 5")
    assert s.seats[M].points == 3
    assert count(s, 5, "marquise", "wood") == 1


def test_third_building_of_a_kind_costs_two_wood():
    s = blank()
    put(s, 2, "marquise", "recruiter", 2)
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "marquise", "wood", 1)
    s = marquise_actions(s)
    assert "build recruiter 5" not in legal(s, "build")
    with pytest.raises(rules.IllegalActionError, match="costs 2 wood, and only 1 wood"):
        rules.parse(s, "build recruiter 5")
    put(s, 5, "marquise", "wood", 1)
    s = marquise_actions(s)
    s = play(s, "build recruiter 5")
    assert s.seats[M].points == 2  # third recruiter
    assert s.seats[M].supply["wood"] == 8


def test_building_needs_rule_and_an_open_slot():
    s = blank()
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 1)  # Eyrie rule the tie
    put(s, 1, "marquise", "warrior", 1)
    put(s, 1, "marquise", "sawmill", 1)  # clearing 1 has a single slot
    s = marquise_actions(s)
    assert legal(s, "build") == []
    with pytest.raises(rules.IllegalActionError, match="don't rule clearing 5"):
        rules.parse(s, "build workshop 5")
    with pytest.raises(rules.IllegalActionError, match="no open building slot"):
        rules.parse(s, "build workshop 1")


def test_wood_comes_only_from_clearings_connected_through_rule():
    s = blank()
    put(s, 2, "marquise", "sawmill")  # first sawmill placed: the next costs 1
    put(s, 1, "marquise", "warrior")
    put(s, 5, "marquise", "warrior")
    put(s, 2, "marquise", "warrior", 2)
    put(s, 2, "marquise", "wood", 1)
    put(s, 10, "marquise", "wood", 3)  # 10 is adjacent to 1 but not ruled
    s = marquise_actions(s)
    # From 1, the wood in 2 is reachable through 5 (ruled); 10's wood is not.
    assert "build sawmill 1" in legal(s, "build")
    s = play(s, "build sawmill 1")
    assert count(s, 2, "marquise", "wood") == 0
    assert count(s, 10, "marquise", "wood") == 3
    # The third sawmill costs 2: only the unreachable wood is left.
    assert not any(b.startswith("build sawmill") for b in legal(s, "build"))


def test_an_enemy_ruled_clearing_breaks_the_supply_line():
    s = blank()
    put(s, 1, "marquise", "warrior")
    put(s, 5, "marquise", "warrior")
    put(s, 5, "eyrie", "warrior")  # Eyrie rule 5 (tie)
    put(s, 2, "marquise", "warrior")
    put(s, 2, "marquise", "wood", 1)
    put(s, 9, "marquise", "sawmill")
    s = marquise_actions(s)
    assert "build workshop 2" in legal(s, "build")  # the wood is in 2 itself (first workshop: free anyway)
    assert "build sawmill 1" not in legal(s, "build")


# --- recruit, march, overwork, hire ---------------------------------------------------------------


def test_recruit_places_a_warrior_at_each_recruiter_once_per_turn():
    s = blank()
    put(s, 2, "marquise", "recruiter", 2)
    put(s, 9, "marquise", "recruiter")
    s = marquise_actions(s)
    assert legal(s, "recruit") == ["recruit"]
    s = play(s, "recruit")
    assert count(s, 2, "marquise", "warrior") == 2
    assert count(s, 9, "marquise", "warrior") == 1
    assert s.turn.flags["actions"] == 2
    assert legal(s, "recruit") == []
    with pytest.raises(rules.IllegalActionError, match="already recruited"):
        rules.parse(s, "recruit")


def test_recruit_with_too_few_warriors_she_chooses_where():
    s = blank()
    put(s, 2, "marquise", "recruiter")
    put(s, 9, "marquise", "recruiter")
    set_supply(s, "marquise", "warrior", 1)
    s = marquise_actions(s)
    assert legal(s, "recruit") == ["recruit 2", "recruit 9"]
    s = play(s, "recruit 9")
    assert count(s, 9, "marquise", "warrior") == 1
    assert count(s, 2, "marquise", "warrior") == 0
    assert s.seats[M].supply["warrior"] == 0


def test_march_is_two_moves_for_one_action():
    s = blank()
    put(s, 9, "marquise", "warrior", 3)
    s = marquise_actions(s)
    s = play(s, "move 9>1 x3")
    assert s.turn.flags["actions"] == 2
    s = play(s, "move 1>5 x2")
    assert s.turn.flags["actions"] == 2
    s = play(s, "move 5>2 x1")
    assert s.turn.flags["actions"] == 1
    assert count(s, 2, "marquise", "warrior") == 1
    assert count(s, 5, "marquise", "warrior") == 1
    assert count(s, 1, "marquise", "warrior") == 1


def test_three_actions_then_daylight_ends():
    s = blank()
    put(s, 9, "marquise", "warrior", 3)
    put(s, 9, "marquise", "recruiter")
    s = marquise_actions(s)
    s = play(s, "recruit")  # 1
    s = play(s, "move 9>1 x1", "move 1>5 x1")  # 2 (a march)
    s = play(s, "move 9>4 x1")  # 3 (a new march)
    assert s.turn.flags["actions"] == 0
    s = play(s, "move 4>8 x1")  # the second move of that march is still allowed
    assert step(s)[1] != "marquise.actions"


def test_overwork_spends_a_matching_card_for_a_wood():
    s = blank()
    put(s, 2, "marquise", "sawmill")  # mouse
    put(s, 2, "marquise", "warrior")
    set_hand(s, M, "sword", "anvil", "arms-trader")  # mouse, fox, bird
    s = marquise_actions(s)
    assert legal(s, "overwork") == ["overwork 2 arms-trader", "overwork 2 sword"]
    s = play(s, "overwork 2 sword")
    assert count(s, 2, "marquise", "wood") == 1
    assert discard_keys(s) == ["sword"]
    assert s.turn.flags["actions"] == 2
    with pytest.raises(rules.IllegalActionError, match="does not match clearing 2"):
        rules.parse(s, "overwork 2 anvil")


def test_overwork_needs_wood_in_supply():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 2, "marquise", "warrior")
    put(s, 5, "marquise", "wood", 8)
    set_hand(s, M, "sword")
    s = marquise_actions(s)
    assert legal(s, "overwork") == []


def test_hire_spends_a_bird_card_for_an_extra_action():
    s = blank()
    put(s, 9, "marquise", "warrior", 1)
    set_hand(s, M, "arms-trader", "sword")
    s = marquise_actions(s)
    assert legal(s, "hire") == ["hire arms-trader"]
    s = play(s, "hire arms-trader")
    assert s.turn.flags["actions"] == 4
    assert discard_keys(s) == ["arms-trader"]
    with pytest.raises(rules.IllegalActionError):
        rules.parse(s, "hire sword")


# --- Field Hospitals ---------------------------------------------------------------------------------


def eyrie_attack(s):
    """The Eyrie resolving a Decree of one battle (then a build, so their turn waits afterwards)."""
    set_decree(s, battle=["vizier"], build=["vizier"])
    check(s)
    return goto(s, E, "eyrie.resolve")


def test_field_hospitals_after_battle_sends_warriors_to_the_keep():
    s = blank(leader="builder")
    put(s, 1, "marquise", "keep")
    put(s, 1, "marquise", "warrior")
    put(s, 5, "marquise", "warrior", 2)  # rabbit
    put(s, 5, "eyrie", "warrior", 3)
    set_hand(s, M, "bake-sale", "anvil")  # rabbit, fox
    s = eyrie_attack(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 marquise bird", "pass")  # no ambush
    assert rules.to_act(s) == M
    assert legal(s) == ["pass", "hospital bake-sale"]
    s = play(s, "hospital bake-sale")
    assert count(s, 1, "marquise", "warrior") == 3
    assert count(s, 5, "marquise", "warrior") == 0
    assert hand_keys(s, M) == ["anvil"]


def test_field_hospitals_accepts_a_bird_card():
    s = blank(leader="builder")
    put(s, 1, "marquise", "keep")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 3)
    set_hand(s, M, "armorers")  # bird
    s = eyrie_attack(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 marquise bird", "pass")  # no ambush
    assert legal(s) == ["pass", "hospital armorers"]


def test_field_hospitals_needs_a_matching_card():
    s = blank(leader="builder")
    put(s, 1, "marquise", "keep")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 3)
    set_hand(s, M, "anvil", "sword")  # fox, mouse: no match for rabbit 5
    s = eyrie_attack(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 marquise bird")
    assert not any(d.get("what") == "hospital" for d in s.pending)
    assert count(s, 1, "marquise", "warrior") == 0
    assert hand_keys(s, M) == ["anvil", "sword"]


def test_no_field_hospitals_once_the_keep_is_gone():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "eyrie", "warrior", 3)
    s.seats[M].data["keep_lost"] = True
    set_hand(s, M, "bake-sale")
    s = eyrie_attack(s)
    force_dice(s, 3, 0)
    s = play(s, "battle 5 marquise bird")
    assert not any(d.get("what") == "hospital" for d in s.pending)
    assert hand_keys(s, M) == ["bake-sale"]


def test_field_hospitals_after_an_ambush_in_the_keep_lets_the_battle_go_on():
    s = blank(leader="builder")
    put(s, 1, "marquise", "keep")
    put(s, 1, "marquise", "warrior", 2)
    put(s, 1, "eyrie", "warrior", 1)
    set_hand(s, E, "ambush-fox")
    set_hand(s, M, "anvil")  # fox
    s = marquise_actions(s)
    force_dice(s, 1, 0)
    s = play(s, "battle 1 eyrie", "ambush ambush-fox", "pass")  # the Marquise does not foil
    assert count(s, 1, "marquise", "warrior") == 0
    assert legal(s) == ["pass", "hospital anvil"]
    s = play(s, "hospital anvil")
    # Both warriors are back in the keep's clearing, so the battle goes on to the roll.
    assert count(s, 1, "eyrie", "warrior") == 0
    assert count(s, 1, "marquise", "warrior") == 2


def test_field_hospitals_answers_a_favor():
    s = blank(leader="builder")
    for cid in (1, 8, 12):  # three fox roosts
        put(s, cid, "eyrie", "roost")
    put(s, 3, "marquise", "keep")
    put(s, 6, "marquise", "warrior", 3)  # fox
    set_hand(s, E, "favor-of-the-foxes")
    set_hand(s, M, "foxfolk-steel")
    check(s)
    s = goto(s, E, "eyrie.craft")
    s = play(s, "craft favor-of-the-foxes")
    assert rules.to_act(s) == M
    s = play(s, "hospital foxfolk-steel")
    assert count(s, 3, "marquise", "warrior") == 3


def test_field_hospitals_answers_tax_collector():
    s = blank()
    put(s, 1, "marquise", "keep")
    put(s, 5, "marquise", "warrior", 2)
    craft_for(s, M, "tax-collector")
    set_hand(s, M, "bake-sale")
    s = marquise_actions(s)
    s = play(s, "use tax-collector 5")
    assert legal(s)[0] == "pass"
    assert "hospital bake-sale" in legal(s)
    s = play(s, "hospital bake-sale")
    assert count(s, 1, "marquise", "warrior") == 1
    assert count(s, 5, "marquise", "warrior") == 1


# --- the keep ---------------------------------------------------------------------------------------


def test_eyrie_cannot_place_in_the_keep_clearing():
    s = blank(leader="despot")  # viziers: move and build
    put(s, 1, "marquise", "keep")
    put(s, 1, "eyrie", "warrior", 2)  # the Eyrie rule the keep's clearing
    put(s, 9, "eyrie", "warrior", 1)  # and clearing 9
    put(s, 5, "eyrie", "roost")
    set_decree(s, build=["vizier"])
    check(s)
    s = goto(s, E, "eyrie.resolve")
    assert legal(s, "build") == ["build roost 9 bird"]
    with pytest.raises(rules.IllegalActionError):
        rules.parse(s, "build roost 1 bird")


def test_new_roost_never_goes_to_the_keep_clearing():
    s = blank()
    put(s, 1, "marquise", "keep")
    for cid in range(2, 13):
        put(s, cid, "marquise", "warrior", 1)
    set_hand(s, E, "anvil")
    check(s)
    s = goto(s, E, "birdsong.start")
    s = play(s, "decree anvil move")  # her hand is now empty, so Birdsong goes on by itself
    # Clearing 1 has the fewest warriors (none), but it holds the keep.
    options = legal(s)
    assert options and all(o.startswith("roost ") for o in options)
    assert "roost 1" not in options
    assert "roost 2" in options


# --- Evening -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("recruiters,drawn", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_evening_draw_bonus_from_recruiters(recruiters, drawn):
    s = blank()
    slots = [2, 2, 9, 9, 5, 5]
    for cid in slots[:recruiters]:
        put(s, cid, "marquise", "recruiter")
    check(s)
    s = goto(s, M, "evening.start")
    assert len(s.seats[M].hand) == drawn


def test_no_actions_left_is_explained():
    s = blank()
    put(s, 9, "marquise", "warrior", 3)
    put(s, 9, "marquise", "recruiter")
    set_hand(s, M, "armorers")  # a bird card keeps her Daylight open
    s = marquise_actions(s)
    # Recruit, then two marches of two moves each: three actions.
    s = play(s, "recruit", "move 9>1 x1", "move 1>5 x1", "move 9>4 x1", "move 4>8 x1")
    assert s.turn.flags["actions"] == 0
    assert legal(s) == ["end", "hire armorers"]
    with pytest.raises(rules.IllegalActionError, match="no actions left"):
        rules.parse(s, "move 8>7 x1")
    s = play(s, "hire armorers")
    assert "move 8>7 x1" in legal(s, "move")


def test_favor_that_removes_the_keep_leaves_no_field_hospitals():
    """Law 1.5.4 / 6.2.3: a Favor removes every piece first, then removal triggers resolve; Field
    Hospitals needs the keep on the map. With the keep in 4 and warriors in 3, Favor of the Rabbits
    removes both, so nothing can return to the keep (found by these tests: the engine used to offer
    Field Hospitals for clearing 3 and crash when it was chosen)."""
    s = blank(leader="builder")
    put(s, 4, "marquise", "keep")
    put(s, 4, "marquise", "warrior", 2)
    put(s, 3, "marquise", "warrior", 2)
    put(s, 3, "eyrie", "roost")
    put(s, 5, "eyrie", "roost")
    put(s, 10, "eyrie", "roost")
    set_hand(s, E, "favor-of-the-rabbits")
    set_hand(s, M, "bake-sale")
    check(s)
    s = goto(s, E, "eyrie.craft")
    s = play(s, "craft favor-of-the-rabbits")
    assert count(s, 4, "marquise", "keep") == 0
    assert count(s, 3, "marquise", "warrior") == 0
    assert s.seats[E].points == 1  # the keep
    offered = legal(s, seat=rules.to_act(s))
    assert not any(a.startswith("hospital") for a in offered), offered
    assert hand_keys(s, M) == ["bake-sale"]
    for text in offered:  # whatever is offered is playable
        check(rules.apply(s, rules.parse(s, text))[0])


def test_favor_field_hospitals_once_per_clearing_after_all_removals():
    s = blank(leader="builder")
    for cid in (1, 8, 12):  # three fox roosts
        put(s, cid, "eyrie", "roost")
    put(s, 3, "marquise", "keep")
    put(s, 6, "marquise", "warrior", 2)  # fox
    put(s, 8, "marquise", "warrior", 1)  # fox
    set_hand(s, E, "favor-of-the-foxes")
    set_hand(s, M, "anvil", "armorers")  # fox, bird
    check(s)
    s = goto(s, E, "eyrie.craft")
    s = play(s, "craft favor-of-the-foxes")
    assert count(s, 6, "marquise", "warrior") == 0 and count(s, 8, "marquise", "warrior") == 0
    assert rules.to_act(s) == M
    s = play(s, "hospital anvil")
    assert rules.to_act(s) == M  # the second clearing's removal is answered separately
    s = play(s, "hospital armorers")
    assert count(s, 3, "marquise", "warrior") == 3
    assert hand_keys(s, M) == []


def test_marquise_chooses_which_wood_pays_for_a_building():
    """Law 6.5.4.2: the wood comes from the build clearing or any clearing joined to it through clearings
    she rules - her choice (notation: ``wood:5``). Here she pays the sawmill in 9 with the wood in 5,
    marches out of 1 (the Eyrie then rule it), and still has 9's own wood for a workshop."""
    s = blank()
    put(s, 2, "marquise", "sawmill")  # the next sawmill and workshop cost 1 wood each
    put(s, 2, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    put(s, 9, "marquise", "wood")
    put(s, 1, "marquise", "warrior", 2)
    put(s, 1, "eyrie", "warrior", 1)
    put(s, 5, "marquise", "warrior")
    put(s, 5, "marquise", "wood")
    check(s)
    s = goto(s, M, "marquise.actions")
    ways = [a for a in rules.legal_actions(s, M, verb="build") if a.kind == "sawmill" and a.clearing == 9]
    assert len(ways) == 2  # 9's wood or 5's wood
    can_build_again = []
    for way in ways:
        after = play(rules.apply(s, way)[0], "move 1>10 x2")
        can_build_again.append("build workshop 9" in legal(after, "build"))
    assert sorted(can_build_again) == [False, True]
    s = play(s, "build sawmill 9 wood:5", "move 1>10 x2", "build workshop 9")
    assert count(s, 9, "marquise", "workshop") == 1
    assert count(s, 5, "marquise", "wood") == 0 and count(s, 9, "marquise", "wood") == 0


def test_plain_build_takes_the_nearest_wood():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 9, "marquise", "warrior")
    put(s, 9, "marquise", "wood")
    put(s, 1, "marquise", "warrior")
    put(s, 1, "marquise", "wood")
    s = marquise_actions(s)
    s = play(s, "build sawmill 9")
    assert count(s, 9, "marquise", "wood") == 0
    assert count(s, 1, "marquise", "wood") == 1
    with pytest.raises(rules.IllegalActionError):
        rules.parse(s, "build workshop 9 wood:10")


def test_naming_the_wood_a_plain_build_takes_is_that_build():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 2, "marquise", "workshop")  # the next sawmill costs 1 wood
    put(s, 9, "marquise", "warrior")
    put(s, 9, "marquise", "wood")
    put(s, 1, "marquise", "warrior")  # 1 joins 9 to 5
    put(s, 5, "marquise", "warrior")
    put(s, 5, "marquise", "wood")
    s = marquise_actions(s)
    assert rules.parse(s, "build sawmill 9 wood:9").notation() == "build sawmill 9"
    assert rules.parse(s, "build sawmill 9 wood:5").notation() == "build sawmill 9 wood:5"


def test_naming_every_recruiter_is_the_plain_recruit():
    s = blank()
    put(s, 2, "marquise", "recruiter", 2)
    put(s, 9, "marquise", "recruiter")
    s = marquise_actions(s)
    assert legal(s, "recruit") == ["recruit"]
    assert rules.parse(s, "recruit 9,2,2").notation() == "recruit"


def test_a_march_cannot_be_interrupted_by_a_card_effect():
    """Law 1.4.2: an action - compound ones such as March included - cannot be interrupted unless an
    effect says it can. Tax Collector ("once in Daylight") does not say so.

    Engine: after the first move of a march, Daylight card effects stay usable (rules/flow.py
    step_actions yields the phase window in every step), and using one does not end the march
    (rules/factions/marquise.py keeps flags["march"]), so "move, use tax-collector, move" costs a
    single action. Either the effect must wait until the march is over, or using it ends the march.
    """
    s = blank()
    put(s, 9, "marquise", "warrior", 3)
    craft_for(s, M, "tax-collector")
    check(s)
    s = goto(s, M, "marquise.actions")
    s = play(s, "move 9>1 x1")
    assert s.turn.flags["actions"] == 2
    if "use tax-collector 9" in legal(s, "use"):
        s = play(s, "use tax-collector 9", "move 1>5 x1")
        assert s.turn.flags["actions"] == 1  # the interrupted march is over: this move began a new one


def test_the_daylight_prompt_names_the_command_a_march_is_made_with():
    s = blank()
    put(s, 1, "marquise", "warrior")
    s = marquise_actions(s)
    assert "march (move)" in rules.waiting_for(s)
