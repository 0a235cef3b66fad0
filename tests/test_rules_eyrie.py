"""Eyrie Dynasties (Law 7): setup, the Decree, a new roost, resolving, Turmoil, roost track, leaders."""

import pytest
from rules_helpers import (
    VIZIER,
    E,
    M,
    blank,
    check,
    count,
    discard_keys,
    force_dice,
    give,
    goto,
    hand_keys,
    legal,
    new_game,
    on_map,
    play,
    put,
    set_decree,
    set_hand,
    set_supply,
    step,
)

import rules
from rules.cards import card

LEADER_VIZIERS = {
    "builder": ("recruit", "move"),
    "charismatic": ("recruit", "battle"),
    "commander": ("move", "battle"),
    "despot": ("move", "build"),
}


def decree_of(s) -> dict[str, list[str]]:
    """The Decree as suits/'vizier' per column."""
    data = s.seats[E].data["decree"]
    return {col: ["vizier" if c == VIZIER else card(c).key for c in cards] for col, cards in data.items()}


def birdsong(s):
    check(s)
    return goto(s, E, "birdsong.start")


def resolve(s):
    check(s)
    return goto(s, E, "eyrie.resolve")


# --- setup -----------------------------------------------------------------------------------


def test_setup_offers_the_four_leaders():
    s = play(rules.new_game({"factions": ["marquise", "eyrie"], "first_player": 0}, 1), "keep 2")
    s = play(s, "build sawmill 2", "build workshop 2", "build recruiter 5")
    assert rules.to_act(s) == E
    assert legal(s) == ["leader builder", "leader charismatic", "leader commander", "leader despot"]
    assert count(s, 4, "eyrie", "roost") == 1
    assert count(s, 4, "eyrie", "warrior") == 6
    assert s.seats[E].supply == {"warrior": 14, "roost": 6}


@pytest.mark.parametrize("leader", sorted(LEADER_VIZIERS))
def test_viziers_start_in_the_leaders_columns(leader):
    s = new_game(leader=leader)
    decree = decree_of(s)
    for column in ("recruit", "move", "battle", "build"):
        expected = ["vizier"] if column in LEADER_VIZIERS[leader] else []
        assert decree[column] == expected, column
    assert s.seats[E].data["leader"] == leader


# --- Birdsong -----------------------------------------------------------------------------------


def test_emergency_orders_draw_a_card_when_the_hand_is_empty():
    s = blank()
    put(s, 3, "eyrie", "roost")
    s = birdsong(s)
    assert len(s.seats[E].hand) == 1
    assert step(s) == (E, "eyrie.decree")


def test_no_emergency_draw_with_cards_in_hand():
    s = blank()
    put(s, 3, "eyrie", "roost")
    set_hand(s, E, "anvil")
    deck = len(s.deck)
    s = birdsong(s)
    assert len(s.deck) == deck
    assert hand_keys(s, E) == ["anvil"]


def test_decree_needs_at_least_one_card():
    s = blank()
    put(s, 3, "eyrie", "roost")
    put(s, 3, "eyrie", "warrior", 2)
    set_hand(s, E, "bake-sale", "a-visit-to-friends", "anvil")
    s = birdsong(s)
    assert "end" not in legal(s)
    with pytest.raises(rules.IllegalActionError):
        rules.parse(s, "end")
    s = play(s, "decree bake-sale recruit")
    assert "end" in legal(s)
    assert decree_of(s)["recruit"] == ["bake-sale"]
    s = play(s, "decree a-visit-to-friends recruit")
    # Two cards added: no more additions, Birdsong moves on to Daylight; the Eyrie still hold a card and
    # have a roost, so they are asked about crafting (whether they can is not public).
    assert step(s) == (E, "eyrie.craft")
    s = play(s, "end")
    assert step(s) == (E, "eyrie.resolve")
    assert decree_of(s)["recruit"] == ["bake-sale", "a-visit-to-friends"]
    assert hand_keys(s, E) == ["anvil"]


def test_at_most_one_bird_card_added_per_turn():
    s = blank()
    put(s, 3, "eyrie", "roost")
    set_hand(s, E, "armorers", "arms-trader", "anvil")
    s = birdsong(s)
    s = play(s, "decree armorers recruit")
    assert not any("arms-trader" in a for a in legal(s, "decree"))
    assert "decree anvil move" in legal(s, "decree")
    with pytest.raises(rules.IllegalActionError, match="only one bird"):
        rules.parse(s, "decree arms-trader move")


def test_new_roost_when_none_on_the_map():
    s = blank()
    for cid in range(1, 13):
        if cid != 7:
            put(s, cid, "marquise", "warrior", 1)
    put(s, 1, "marquise", "keep")
    set_hand(s, E, "anvil")
    s = birdsong(s)
    s = play(s, "decree anvil recruit")
    # 7 is the only clearing with no warriors: the roost and three warriors go there by themselves.
    assert count(s, 7, "eyrie", "roost") == 1
    assert count(s, 7, "eyrie", "warrior") == 3


def test_new_roost_ties_are_the_eyries_choice():
    s = blank()
    for cid in range(1, 13):
        put(s, cid, "marquise", "warrior", 0 if cid in (5, 8) else 1)
    set_hand(s, E, "anvil")
    s = birdsong(s)
    s = play(s, "decree anvil recruit")
    assert legal(s) == ["roost 5", "roost 8"]
    s = play(s, "roost 8")
    assert count(s, 8, "eyrie", "roost") == 1


def test_no_new_roost_while_one_is_on_the_map():
    s = blank()
    put(s, 11, "eyrie", "roost")
    set_hand(s, E, "anvil")
    s = birdsong(s)
    s = play(s, "decree anvil recruit")
    assert on_map(s, "eyrie", "roost") == 1


# --- resolving the Decree -----------------------------------------------------------------------


def test_decree_is_resolved_left_to_right():
    s = blank(leader="builder")
    put(s, 5, "eyrie", "roost")  # rabbit
    put(s, 5, "eyrie", "warrior", 2)
    set_decree(s, recruit=["bake-sale"], move=["anvil"])
    s = resolve(s)
    assert legal(s) == ["recruit 5 rabbit"]
    with pytest.raises(rules.IllegalActionError, match="left to right: next is recruit"):
        rules.parse(s, "move 5>1 x1 rabbit")
    s = play(s, "recruit 5 rabbit")
    assert count(s, 5, "eyrie", "warrior") == 3


def test_bird_cards_are_wild_in_the_decree():
    s = blank(leader="builder")
    put(s, 5, "eyrie", "roost")  # rabbit
    put(s, 2, "eyrie", "roost")  # mouse
    set_decree(s, recruit=["armorers"])
    s = resolve(s)
    assert legal(s) == ["recruit 2 bird", "recruit 5 bird"]


def test_move_battle_build_need_matching_clearings():
    s = blank(leader="builder")
    put(s, 5, "eyrie", "roost")  # rabbit
    put(s, 5, "eyrie", "warrior", 3)
    put(s, 1, "marquise", "warrior", 1)  # fox
    put(s, 10, "eyrie", "warrior", 1)  # rabbit, ruled, no roost
    put(s, 10, "marquise", "warrior", 1)
    set_decree(s, move=["bake-sale"], battle=["anvil"], build=["a-visit-to-friends"])
    s = resolve(s)
    # Moves only from rabbit clearings (5 and 10).
    assert {m.split()[1].split(">")[0] for m in legal(s, "move")} == {"5", "10"}
    s = play(s, "move 5>1 x2 rabbit")
    # Battle only in fox clearings with an enemy piece: 1.
    assert legal(s, "battle") == ["battle 1 marquise fox"]
    force_dice(s, 1, 0)
    s = play(s, "battle 1 marquise fox")
    # Build only in a ruled rabbit clearing without a roost: 10 (a tie is the Eyrie's).
    assert legal(s, "build") == ["build roost 10 rabbit"]
    s = play(s, "build roost 10 rabbit")
    assert count(s, 10, "eyrie", "roost") == 1


def test_charismatic_recruits_two_warriors():
    s = blank(leader="charismatic")
    put(s, 5, "eyrie", "roost")
    put(s, 5, "eyrie", "warrior")
    put(s, 1, "marquise", "warrior")
    set_decree(s, recruit=["bake-sale"], build=["a-visit-to-friends"])
    s = resolve(s)
    s = play(s, "recruit 5 rabbit")
    assert count(s, 5, "eyrie", "warrior") == 3


def test_charismatic_with_one_warrior_left_places_it_then_turmoil():
    s = blank(leader="charismatic")
    put(s, 5, "eyrie", "roost")
    set_supply(s, "eyrie", "warrior", 1)
    set_decree(s, recruit=["bake-sale"], build=["a-visit-to-friends"])
    s.seats[E].points = 5
    s = resolve(s)
    s = play(s, "recruit 5 rabbit")
    assert count(s, 5, "eyrie", "warrior") == 1
    assert s.seats[E].points == 5 - 0  # no bird card in this Decree
    assert rules.to_act(s) == E
    assert legal(s) == ["leader builder", "leader commander", "leader despot"]


def test_recruit_with_no_warriors_left_is_turmoil():
    s = blank(leader="builder")
    put(s, 5, "eyrie", "roost")
    set_supply(s, "eyrie", "warrior", 0)
    set_decree(s, recruit=["bake-sale"])
    s = resolve(s)
    assert legal(s) == ["leader charismatic", "leader commander", "leader despot"]


# --- Turmoil ---------------------------------------------------------------------------------------


def test_turmoil_humiliate_purge_depose_rest():
    s = blank(leader="despot")  # viziers: move, build
    put(s, 5, "eyrie", "roost")
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 9, "marquise", "warrior")  # the Marquise's next Daylight will wait for her
    s.seats[E].points = 7
    # 'armorers' is a bird card; the fox recruit cannot be done (no fox roost).
    set_decree(s, recruit=["anvil"], move=["vizier", "armorers"], build=["vizier", "dominance-fox"])
    check(s)
    s = resolve(s)
    # Humiliate: one point per bird card, viziers included (2 viziers + armorers).
    assert s.seats[E].points == 7 - 3
    # Purge: every card but the viziers leaves; a dominance card becomes available.
    assert decree_of(s) == {"recruit": [], "move": [], "battle": [], "build": []}
    assert discard_keys(s) == ["anvil", "armorers"]
    assert [card(c).key for c in s.dominance_available] == ["dominance-fox"]
    # Depose: choose a new leader (not the one deposed).
    assert rules.to_act(s) == E
    assert legal(s) == ["leader builder", "leader charismatic", "leader commander"]
    s = play(s, "leader commander")
    assert decree_of(s) == {"recruit": [], "move": ["vizier"], "battle": ["vizier"], "build": []}
    assert s.seats[E].data["leader"] == "commander"
    # Rest: Daylight ends at once; the turn went on through Evening (a card drawn) to the Marquise.
    assert step(s) == (M, "marquise.actions")
    assert len(s.seats[E].hand) == 1
    assert s.seats[E].data["deposed"] == ["despot"]
    check(s)


def test_all_leaders_return_when_none_is_left():
    s = blank(leader="despot")
    s.seats[E].data["deposed"] = ["builder", "charismatic", "commander"]
    set_decree(s, move=["vizier"], build=["vizier"])
    s = resolve(s)  # no Eyrie warriors: the move fails
    assert legal(s) == ["leader builder", "leader charismatic", "leader commander", "leader despot"]


def test_turmoil_with_no_leader_deposes_no_one_and_the_panel_still_reads():
    """A game saved by an engine that skipped the Eyrie's setup has no leader: Turmoil deposes nothing (issue 21)."""
    s = blank(leader="despot")
    s.seats[E].data["leader"] = None
    set_decree(s, move=["vizier"], build=["vizier"])
    s = resolve(s)  # no Eyrie warriors: the move fails
    assert s.seats[E].data["deposed"] == []
    assert legal(s) == ["leader builder", "leader charismatic", "leader commander", "leader despot"]
    assert rules.registry.of(s, E).panel(s, E)[0] == "Leader: None"
    rules.view_for(s, E)


def test_turmoil_points_stop_at_zero():
    s = blank(leader="despot")
    s.seats[E].points = 1
    set_decree(s, move=["vizier"], build=["vizier"])
    s = resolve(s)
    assert s.seats[E].points == 0


def test_empty_columns_never_cause_turmoil():
    s = blank(leader="despot")
    put(s, 5, "eyrie", "roost")
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 10, "eyrie", "warrior", 2)
    set_decree(s, move=["vizier"])
    s.seats[E].points = 3
    s = resolve(s)
    s = play(s, "move 5>1 x1 bird")
    assert s.seats[E].points == 3
    assert s.seats[E].data["leader"] == "despot"


# --- Evening ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "roosts,points,drawn",
    [(1, 0, 1), (2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 4, 2), (6, 4, 3), (7, 5, 3)],
)
def test_roost_track_points_and_draw_bonus(roosts, points, drawn):
    s = blank()
    for cid in (1, 2, 3, 4, 5, 7, 8)[:roosts]:
        put(s, cid, "eyrie", "roost")
    check(s)
    s = goto(s, E, "evening.start")
    assert s.seats[E].points == points
    assert len(s.seats[E].hand) == drawn


def test_no_roost_scores_nothing():
    s = blank()
    s = goto(s, E, "evening.start")
    assert s.seats[E].points == 0


def test_decree_cards_added_stay_for_later_turns():
    s = blank(leader="builder")
    put(s, 5, "eyrie", "roost")
    put(s, 5, "eyrie", "warrior", 4)
    put(s, 9, "marquise", "warrior")
    give(s, E, "bake-sale")
    s = birdsong(s)
    s = play(s, "decree bake-sale recruit")
    assert decree_of(s)["recruit"] == ["vizier", "bake-sale"]
    assert step(s) == (E, "eyrie.resolve")


def test_build_with_every_roost_on_the_map_is_turmoil():
    s = blank(leader="despot")
    for cid in (1, 2, 3, 4, 5, 6, 7):
        put(s, cid, "eyrie", "roost")
    put(s, 8, "eyrie", "warrior", 2)
    set_decree(s, build=["vizier"])
    s.seats[E].points = 4
    s = resolve(s)
    assert s.seats[E].points == 4 - 1
    assert legal(s) == ["leader builder", "leader charismatic", "leader commander"]


@pytest.mark.parametrize("optional", ["tax-collector", "codebreakers", "dominance"])
def test_unresolvable_decree_is_turmoil_even_with_an_optional_daylight_effect(optional):
    """Law 7.5.2 / 7.7: a Decree card that cannot be resolved throws the Eyrie into Turmoil. Tax
    Collector, Codebreakers and activating dominance are optional ("may"), so they must not stand in
    the way (found by these tests: the engine used to make the Eyrie use them first)."""
    s = blank(leader="despot")
    put(s, 3, "eyrie", "roost")  # rabbit
    put(s, 3, "eyrie", "warrior", 2)
    put(s, 1, "marquise", "keep")
    put(s, 1, "marquise", "warrior", 2)
    if optional == "dominance":
        set_hand(s, E, "dominance-fox", "sword")
        s.seats[E].points = 12
    else:
        from rules_helpers import craft_for

        craft_for(s, E, optional)
        set_hand(s, M, "sword")
    set_decree(s, recruit=["anvil"], move=["vizier"], build=["vizier"])  # fox recruit: no fox roost
    check(s)
    s = resolve(s)
    assert legal(s) == ["leader builder", "leader charismatic", "leader commander"]
    assert count(s, 3, "eyrie", "warrior") == 2
    assert s.seats[E].dominance is None


def test_panel_of_a_game_that_deposed_no_leader_under_old_rules():
    """Before a3f33da turmoil deposed the leader even when there was none: the panel leaves that None out."""
    from rules import registry

    state = rules.new_game({"factions": ["marquise", "eyrie"]}, 1)
    state.seats[1].data["deposed"] = [None, "builder"]
    lines = registry.of(state, 1).panel(state, 1)
    assert "(deposed: Builder)" in lines[0]
