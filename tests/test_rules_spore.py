"""The Spore (fan faction, seed 000, sections TS.1-TS.6): mushrooms, mycelium, infection, the infected's commands.

Tables are Spore (seat 0), Marquise (seat 1) and Eyrie (seat 2) unless a test says otherwise. The map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Paths from 5 lead to 1 and 2; 5-10 is a river.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    craft_for,
    force_dice,
    give,
    goto,
    legal,
    new_table,
    pieces,
    play,
    play_events,
    public_text,
    put,
    set_decree,
    set_hand,
    step,
    to_area,
)
from vagabond_helpers import item_specs, pawn_to, set_items

import rules
from rules import crafting, registry
from rules.factions import spore
from rules.factions.alliance import martial_law
from rules.factions.base import Faction
from rules.factions.spore import MARKERS, command_reach, markers_left, network
from rules.factions.tinker import board as tb
from rules.factions.vagabond import board as vb
from rules.hooks import Place
from rules.items import gain
from rules.map_pieces import may_place
from rules.pieces import BUILDING, TOKEN, WARRIOR, PieceKind
from rules.playout import hidden_shown
from rules.playout import play as playout
from rules.revisions import revision
from rules.rng import below
from rules.rule import ruler
from rules.state import GameState

FACTIONS = ("spore", "marquise", "eyrie")
S, M, E = 0, 1, 2
T = 2  # the Tinker, at a table of Spore, Marquise and Tinker
INFECTED = "marquise:warrior:spore"


def table(factions: tuple[str, ...] = FACTIONS, **options: Any) -> GameState:
    """A game past setup with an empty map and empty hands."""
    return blank_table(factions, options=options)


def grown(s: GameState, home: int = 5, *mycelium: int, mushrooms: dict[int, int] | None = None) -> GameState:
    """The Homeland Mushroom and a covered mycelium in `home`, covered mycelium in the others, extra mushrooms."""
    put(s, home, "spore", "homeland")
    for cid in (home, *mycelium):
        put(s, cid, "spore", "mycelium")
    for cid, n in (mushrooms or {}).items():
        put(s, cid, "spore", "mushroom", n)
    return s


def sick(s: GameState, cid: int, owner: str = "marquise", n: int = 1) -> GameState:
    """n infected warriors of an owner in a clearing."""
    return put(s, cid, owner, "warrior", n, controller="spore")


def die_position(value: int) -> int:
    """An rng position whose next single battle die shows a value."""
    position = 0
    while below(position, 4)[1] != value:
        position += 1
    return position


# --- TS.1 / TS.2.6 the faction -----------------------------------------------------------------------------


def test_the_spore_is_an_insurgent_with_no_warriors_or_buildings_ts_1_ts_2_6():
    faction = registry.faction("spore")
    assert faction.kind == "insurgent"
    assert {k.category for k in faction.pieces} == {TOKEN}
    for alias in ("spore", "the-spore", "fungus"):
        assert rules.new_game({"factions": ["marquise", alias]}, 1).seats[1].faction == "spore"


# --- TS.3 setup ----------------------------------------------------------------------------------------------


def test_the_spore_sets_up_before_every_other_faction_ts_3_1():
    s = rules.new_game({"factions": ["marquise", "eyrie", "spore"], "first_player": 0}, 1)
    assert rules.to_act(s) == 2
    assert legal(s) == [f"homeland {c}" for c in range(1, 13)]


def test_before_the_homeland_is_chosen_the_panel_does_not_call_it_gone_ts_3_2():
    s = rules.new_game({"factions": ["marquise", "eyrie", "spore"], "first_player": 0}, 1)
    board = "\n".join(registry.of(s, 2).panel(s, 2))
    assert "gone" not in board and "chosen in setup" in board
    s = play(s, "homeland 1")
    assert "Connected network (threads on the map): 1" in registry.of(s, 2).panel(s, 2)


def test_homeland_gets_the_homeland_mushroom_a_mycelium_and_a_mushroom_ts_3_2():
    s = rules.new_game({"factions": ["marquise", "eyrie", "spore"], "first_player": 0}, 1)
    s = play(s, "homeland 1")
    assert pieces(s, 1) == {"spore:homeland": 1, "spore:mushroom": 1, "spore:mycelium": 1}
    # Nobody else may place a building or token in a clearing with two mushrooms: the keep and roost go elsewhere.
    assert "keep 1" not in legal(s)
    s = play(s, "keep 3")
    while s.seats[1].data["setup"] != "leader":
        s = play(s, legal(s)[0])
    assert s.seats[1].data["corner"] != 1
    check(s)


def test_the_track_holds_the_rest_of_the_mycelium_ts_3_3():
    s = new_table(("spore", "marquise"))
    supply = s.seats[0].supply
    assert supply["mycelium"] == spore.MYCELIUM - 1
    assert supply["mushroom"] == spore.MUSHROOMS - 1
    assert supply["homeland"] == 0
    assert registry.faction("spore").draw_bonus(s, 0) == 0


# --- TS.2.1 crafting ----------------------------------------------------------------------------------------


def test_each_mushroom_and_infected_pair_crafts_as_the_clearing_s_suit_ts_2_1():
    s = table()
    grown(s, 5, mushrooms={5: 1, 9: 1})
    sick(s, 5, n=1)
    sick(s, 9, "eyrie", 3)
    faction = registry.faction("spore")
    assert sorted(faction.crafting_suits(s, S)) == ["mouse", "rabbit"]  # 5: one pair of two mushrooms; 9: one
    sick(s, 5, n=1)
    assert sorted(faction.crafting_suits(s, S)) == ["mouse", "rabbit", "rabbit"]
    check(s)


def test_the_spore_crafts_in_evening_with_its_pairs_ts_6_1():
    s = table()
    grown(s, 5)
    sick(s, 5)
    set_hand(s, S, "a-visit-to-friends", "anvil")
    s = goto(check(s), S, "spore.craft")
    assert legal(s, "craft") == ["craft a-visit-to-friends"]
    s, events = play_events(s, "craft a-visit-to-friends")
    assert "The Spore scores 1 point (crafting A Visit to Friends)." in public_text(events)
    assert [i["item"] for i in s.seats[S].items] == ["boots"]
    check(s)


# --- TS.2.2 mycelium and the connected network ------------------------------------------------------------------


def test_the_network_joins_mycelium_to_the_homeland_through_paths_never_rivers_ts_2_2():
    s = table()
    grown(s, 5, 10, 12)  # 5-10 is a river: 10 and 12 are cut off
    assert network(s) == {5}
    put(s, 1, "spore", "mycelium")  # 5-1-10 by paths joins them
    assert network(s) == {1, 5, 10, 12}
    assert command_reach(s) == {1, 2, 4, 5, 7, 9, 10, 11, 12}


def test_mycelium_is_immune_to_removal_by_cards_ts_2_2():
    s = table()
    grown(s, 5, mushrooms={5: 1})
    crafting.favor(s, M, "rabbit")
    assert pieces(s, 5) == {"spore:mycelium": 1}
    assert s.seats[M].points == 2  # the Homeland Mushroom and the mushroom are tokens
    check(s)


def marquise_battles_mycelium(first: int, second: int, **options: Any) -> tuple[GameState, str]:
    s = table(**options)
    grown(s, 5, 2)
    put(s, 2, "marquise", "warrior", 2)
    force_dice(s, first, second)
    s = goto(check(s), M, "marquise.actions")
    s, events = play_events(s, "battle 2 spore")
    return check(s), public_text(events)


def test_a_hit_uncovers_a_covered_mycelium_and_scores_nothing_ts_2_2():
    s, text = marquise_battles_mycelium(0, 0)  # only the defenseless hit
    assert pieces(s, 2) == {"spore:uncovered": 1, "marquise:warrior": 2}
    assert s.seats[M].points == 0
    assert "dug up" in text


def test_a_second_hit_removes_the_uncovered_mycelium_for_a_point_ts_2_2():
    s, _ = marquise_battles_mycelium(1, 0)
    assert pieces(s, 2) == {"marquise:warrior": 2}
    assert s.seats[M].points == 1
    assert s.seats[S].supply["mycelium"] == spore.MYCELIUM - 1  # back on the track


def test_option_one_hit_per_battle_on_covered_mycelium_ts_2_2():
    s, _ = marquise_battles_mycelium(2, 0, spore_mycelium_hits=1)
    assert pieces(s, 2) == {"spore:uncovered": 1, "marquise:warrior": 2}
    assert s.seats[M].points == 0


def test_at_most_one_mycelium_per_clearing_ts_2_2():
    s = table()
    grown(s, 5, 1)
    give(s, S, "bake-sale", "ambush-bird")
    s = goto(check(s), S, "spore.mycelium")
    offered = rules.legal_actions(s, S, verb="mycelium")
    assert offered
    assert {c for a in offered for c in a.clearings} == {2, 9, 10}


# --- TS.2.3 mushrooms -------------------------------------------------------------------------------------------


def test_two_mushrooms_rule_a_clearing_outright_ts_2_3():
    s = table()
    grown(s, 5)
    put(s, 5, "marquise", "warrior", 3)
    assert ruler(s, 5) == "marquise"
    put(s, 5, "spore", "mushroom")
    assert ruler(s, 5) == "spore"


def test_at_most_building_slots_plus_one_mushrooms_ts_2_3():
    s = table()
    grown(s, 5, 1, mushrooms={1: 2})  # clearing 1 has one slot: two mushrooms fill it
    s = goto(check(s), S, "spore.grow")
    assert "grow 1" not in legal(s)
    with pytest.raises(rules.IllegalActionError, match="already holds its most mushrooms"):
        play(s, "grow 1")
    assert "grow 5" in legal(s)


def test_a_second_mushroom_overgrows_enemy_buildings_and_tokens_without_points_ts_2_3():
    s = table()
    grown(s, 5)
    put(s, 5, "marquise", "sawmill")
    put(s, 5, "marquise", "wood")
    put(s, 5, "marquise", "warrior")
    s = goto(check(s), S, "spore.grow")
    s, events = play_events(s, "grow 5")
    assert pieces(s, 5) == {"spore:homeland": 1, "spore:mycelium": 1, "spore:mushroom": 1, "marquise:warrior": 1}
    text = public_text(events)
    assert "Marquise de Cat loses 1 sawmill, 1 wood" in text
    assert "(removing" not in text  # no points for what the mushrooms overgrow
    assert s.seats[M].supply["sawmill"] == 6 and s.seats[M].supply["wood"] == 8
    check(s)


def test_no_one_else_places_buildings_or_tokens_where_two_mushrooms_grow_ts_2_3():
    s = table()
    grown(s, 5, mushrooms={5: 1})
    for category in (BUILDING, TOKEN, None):
        assert not may_place(s, "marquise", 5, category)
    assert may_place(s, "marquise", 5, WARRIOR)
    assert may_place(s, "marquise", 1, BUILDING)


def test_the_homeland_infects_enemy_warriors_moving_in_on_their_turn_ts_2_3():
    s = table()
    grown(s, 5)
    put(s, 1, "marquise", "warrior", 3)
    s = goto(check(s), M, "marquise.actions")
    s, events = play_events(s, "move 1>5 x2")
    assert pieces(s, 5)[INFECTED] == 2
    assert "infects 2 Marquise de Cat warriors in clearing 5" in public_text(events)
    assert markers_left(s) == MARKERS - 2
    check(s)


def test_placing_warriors_in_the_homeland_is_not_entering_it_ts_2_3():
    s = table()
    grown(s, 5)
    put(s, 5, "eyrie", "roost")  # placed by hand: no one may place it there in play
    set_decree(s, recruit=["bake-sale"])
    s = goto(check(s), E, "eyrie.resolve")
    s, events = play_events(s, "recruit 5 rabbit")
    text = public_text(events)
    # Recruited there, the warrior is infected only by the Spore's next Birdsong (TS.4.1), not on entering.
    assert text.index("infects 1 Eyrie Dynasties warrior") > text.index("The Spore's turn")


# --- TS.2.4 infection markers and the infected -----------------------------------------------------------------


def test_with_no_markers_left_nobody_is_infected_ts_2_4():
    s = table()
    grown(s, 5)
    sick(s, 3, n=MARKERS)  # every marker is on a warrior far away
    put(s, 1, "eyrie", "warrior", 2)
    s = goto(check(s), S, "spore.infection")
    assert pieces(s, 1) == {"eyrie:warrior": 2}
    assert markers_left(s) == 0


def test_the_infected_count_as_spore_warriors_for_rule_and_battle_ts_2_4():
    s = table()
    sick(s, 9, n=2)
    put(s, 9, "eyrie", "warrior")
    assert ruler(s, 9) == "spore"
    faction = registry.faction("spore")
    assert faction.strength(s, S, 9) == 2
    assert registry.faction("marquise").strength(s, M, 9) == 0


def test_the_infected_return_to_their_owner_and_free_the_marker_when_removed_ts_2_4():
    s = table()
    sick(s, 3, n=2)  # far from any network: they cannot be commanded, but they defend
    put(s, 3, "eyrie", "warrior", 3)
    force_dice(s, 2, 1)
    supply = s.seats[M].supply["warrior"]
    assert list(registry.of(s, S).legal(s, S, "spore.command", "battle")) == []
    rules.battle.start(check(s), E, 3, "spore")
    rules.flow.advance(s)
    assert s.battle is None
    assert INFECTED not in pieces(s, 3)  # two hits: both infected removed
    assert pieces(s, 3)["eyrie:warrior"] == 2  # the infected defended: one hit back
    assert s.seats[M].supply["warrior"] == supply + 2
    assert markers_left(s) == MARKERS
    check(s)


def test_only_infected_next_to_the_connected_network_can_be_commanded_ts_2_4():
    s = table()
    grown(s, 5)
    sick(s, 1, n=2)  # next to the network
    sick(s, 3, n=2)  # far from it
    s = goto(check(s), S, "spore.command")
    moves = legal(s, "move")
    assert moves and all(m.startswith("move 1>") for m in moves)
    put(s, 3, "eyrie", "warrior")
    for far in ("move 3>6 x1", "battle 3 eyrie"):
        with pytest.raises(rules.IllegalActionError, match="in clearing 3 are not next to the connected network"):
            play(s, far)


# --- TS.2.5 infection edge cases --------------------------------------------------------------------------------


class Pawn(Faction):
    """A throwaway faction with a pawn that answers infection by damaging an item (as the Vagabond does)."""

    id: ClassVar[str] = "test-pawn"
    name: ClassVar[str] = "Test Pawn"
    colour: ClassVar[str] = "#56B4E9"
    pieces: ClassVar[tuple[PieceKind, ...]] = (PieceKind("test-pawn", "pawn", "pawn", 1, "Pawn", "star"),)

    def setup(self, state: GameState, seat: int) -> None:
        """The pawn starts in clearing 1 with a sword."""
        super().setup(state, seat)
        state.seats[seat].supply["pawn"] = 0
        state.clearings[0]["test-pawn:pawn"] = 1
        gain(state, seat, "sword")

    def box_items(self, state: GameState, seat: int) -> dict[str, int]:
        """The sword comes with it."""
        return {"sword": 1}

    def seize_pawn(self, state: GameState, seat: int, by: int, place: Place) -> bool:
        """An undamaged item is damaged instead."""
        undamaged = [i for i in state.seats[seat].items if not i["damaged"]]
        if not undamaged:
            return False
        undamaged[0]["damaged"] = True
        return True


@pytest.fixture
def pawn_table():
    registry.register(Pawn())
    try:
        yield rules.new_game({"factions": ["spore", "test-pawn"], "first_player": 0}, 1)
    finally:
        registry.unregister("test-pawn")


def test_infecting_a_pawn_damages_an_item_and_gives_an_extra_daylight_action_ts_2_5(pawn_table):
    s = play(pawn_table, "homeland 5")
    s = goto(s, S, "spore.infection")
    assert s.seats[1].items == [{"item": "sword", "exhausted": False, "damaged": True}]
    assert s.seats[S].data["extra_actions"] == 1
    assert registry.of(s, S).commands_left(s, S) == spore.COMMANDS + 1
    s = goto(s, S, "spore.infection")  # nothing left to damage: no extra action
    assert s.seats[S].data["extra_actions"] == 1
    check(s)


def test_a_faction_with_no_answer_keeps_its_pawn_ts_2_5():
    import seam_factions

    seam_factions.register_all()
    try:
        s = table(("spore", "marquise", "test-wanderer"))
        grown(s, 5)
        s.forests["A"].pop("test-wanderer:pawn", None)
        s.clearings[0]["test-wanderer:pawn"] = 1
        s = goto(s, S, "spore.infection")
        assert s.seats[S].data["extra_actions"] == 0
        assert pieces(s, 1) == {"test-wanderer:pawn": 1}
    finally:
        seam_factions.unregister_all()


def vagabond_table(*items: str) -> GameState:
    """Spore, Marquise and Vagabond (seat 2): the homeland in 5, the pawn in clearing 1 with these items."""
    s = table(("spore", "marquise", "vagabond"))
    grown(s, 5)
    pawn_to(s, 1)
    return check(set_items(s, *items))


def test_an_infected_vagabond_damages_an_item_and_the_spore_gains_a_command_ts_2_5():
    s = goto(vagabond_table("sword", "boots:damaged"), S, "spore.infection")
    assert item_specs(s) == ["boots:damaged", "sword:damaged"]
    assert s.seats[S].data["extra_actions"] == 1
    assert pieces(s, 1) == {"vagabond:pawn": 1}


def test_the_vagabond_chooses_the_item_the_infection_damages_ts_2_5():
    s = vagabond_table("sword", "boots", "torch")
    s = goto(s, S, "spore.infection")
    assert rules.to_act(s) == 2
    s = play(s, "damage boots")
    assert item_specs(s) == ["boots:damaged", "sword", "torch"]
    assert s.seats[S].data["extra_actions"] == 1


def test_the_vagabond_moving_into_the_homeland_is_infected_on_his_turn_ts_2_5():
    s = vagabond_table("boots", "boots", "sword")
    s = goto(s, 2, "vagabond.daylight")
    s = play(s, "move 1>5")
    assert rules.waiting_for(s) == "damage 1 item to resist the infection"
    s = play(s, "damage sword")
    assert step(s) == (2, "vagabond.daylight")
    assert item_specs(s) == ["boots", "boots:exhausted", "sword:damaged"]
    assert s.seats[S].data["extra_actions"] == 1


def test_spores_on_the_vagabond_damage_one_item_per_spread_ts_2_5():
    s = vagabond_table("sword", "torch:damaged")
    put(s, 5, "spore", "mushroom", 2)  # three mushrooms with the homeland
    pawn_to(s, 12)
    s = goto(check(s), S, "spore.spores")
    s.rng = die_position(3)
    s, events = play_events(s, "spores 5>12")
    assert item_specs(s) == ["sword:damaged", "torch:damaged"]  # three infections, one pawn: one item
    assert public_text(events).count("The Spore gains an extra Daylight action.") == 1


def test_a_vagabond_with_every_item_damaged_resists_nothing_and_gives_no_command_ts_2_5():
    s = goto(vagabond_table("sword:damaged", "boots:damaged"), S, "spore.infection")
    assert item_specs(s) == ["boots:damaged", "sword:damaged"]
    assert s.seats[S].data["extra_actions"] == 0
    assert pieces(s, 1) == {"vagabond:pawn": 1}


def test_a_strike_on_the_spore_takes_an_infected_warrior_first_and_makes_the_spore_hostile():
    """Law 9.5.6 and 9.2.9: infected are the Spore's warriors (TS.2.4), so a Strike removes them before its tokens."""
    s = vagabond_table("crossbow")
    pawn_to(s, 3)
    sick(s, 3)
    put(s, 3, "spore", "mushroom")
    supply = s.seats[M].supply["warrior"]
    s = goto(check(s), 2, "vagabond.daylight")
    assert legal(s, "strike") == ["strike spore warrior"]
    s = play(s, "strike spore warrior")
    assert pieces(s, 3) == {"vagabond:pawn": 1, "spore:mushroom": 1}
    assert s.seats[M].supply["warrior"] == supply + 1
    relations = s.seats[2].data["relations"]
    assert relations["spore"] == vb.HOSTILE and relations["marquise"] != vb.HOSTILE


def test_a_strike_is_never_offered_on_mycelium_which_only_battle_removes_9_5_6_ts_2_3():
    """Law 9.5.6 with TS: mycelium is removed only in battle, so a Strike can't take it (before revision 13 it was
    offered, and exhausted the crossbow for nothing); a mushroom beside it can still be struck."""
    s = vagabond_table("crossbow")
    pawn_to(s, 5)  # the homeland clearing: a homeland mushroom and a mycelium
    s = goto(check(s), 2, "vagabond.daylight")
    assert legal(s, "strike") == ["strike spore homeland"]
    s.clearings[4].pop("spore:homeland")
    s.seats[S].supply["homeland"] = 1
    assert legal(s, "strike") == []
    put(s, 5, "spore", "mushroom")
    assert legal(s, "strike") == ["strike spore mushroom"]
    s.legacy = revision(11)  # a record of revision 11 replays as its engine played it
    assert legal(s, "strike") == ["strike spore mushroom", "strike spore mycelium"]


def test_cobbler_moves_the_infected_no_farther_than_one_clearing_from_the_network_ts_5_2():
    s = table()
    grown(s, 5)
    sick(s, 1, n=2)
    sick(s, 3, n=1)
    craft_for(s, S, "cobbler")
    s = goto(check(s), S, "evening.start")
    assert rules.waiting_for(s).startswith("take a move (Cobbler)")
    assert legal(s) == ["pass", "move 1>5 x1", "move 1>5 x2"]


# --- TS.4.1 infection -----------------------------------------------------------------------------------------


def test_birdsong_infects_every_enemy_warrior_in_or_next_to_a_mushroom_ts_4_1():
    s = table()
    grown(s, 5)
    for cid in (5, 1, 2, 9):
        put(s, cid, "marquise", "warrior")
    put(s, 2, "eyrie", "warrior", 2)
    s = goto(check(s), S, "spore.infection")
    assert [pieces(s, c).get(INFECTED, 0) for c in (5, 1, 2, 9)] == [1, 1, 1, 0]
    assert pieces(s, 2).get("eyrie:warrior:spore") == 2
    check(s)


def test_option_infection_reaches_only_adjacent_clearings_ts_4_1():
    s = table(spore_infection="adjacent")
    grown(s, 5)
    for cid in (5, 1):
        put(s, cid, "marquise", "warrior")
    s = goto(check(s), S, "spore.infection")
    assert pieces(s, 5).get("marquise:warrior") == 1
    assert pieces(s, 1).get(INFECTED) == 1


def test_when_markers_run_short_the_spore_chooses_ts_4_1():
    s = table()
    grown(s, 5)
    sick(s, 3, n=MARKERS - 2)
    put(s, 1, "marquise", "warrior", 2)
    put(s, 2, "eyrie", "warrior", 2)
    s = goto(check(s), S, "spore.infection")
    assert rules.to_act(s) == S
    assert legal(s) == ["infect 1 marquise", "infect 2 eyrie"]
    s = play(s, "infect 2 eyrie", "infect 2 eyrie")
    assert pieces(s, 2) == {"eyrie:warrior:spore": 2}
    assert pieces(s, 1) == {"marquise:warrior": 2}
    assert step(s) == (S, "spore.grow")
    check(s)


def test_invalid_spore_options_are_refused():
    with pytest.raises(rules.RulesError, match="spore_infection must be"):
        rules.new_game({"factions": ["spore", "marquise"], "spore_infection": "far"}, 1)
    with pytest.raises(rules.RulesError, match="spore_mycelium_hits must be 1 or 2"):
        rules.new_game({"factions": ["spore", "marquise"], "spore_mycelium_hits": 3}, 1)
    with pytest.raises(rules.RulesError, match="spore_overgrowth must be growth or standing"):
        rules.new_game({"factions": ["spore", "marquise"], "spore_overgrowth": "never"}, 1)


# --- TS.4.2 mushroom growth -----------------------------------------------------------------------------------


def test_one_free_mushroom_in_the_connected_network_ts_4_2():
    s = table()
    grown(s, 5, 1, 10)  # 10 is cut off by the river unless 1 joins it: it does
    put(s, 3, "spore", "mycelium")  # not connected
    sick(s, 5)  # so the step still waits after the free mushroom
    s = goto(check(s), S, "spore.grow")
    assert legal(s, "grow") == ["grow 1", "grow 5", "grow 5 marquise", "grow 10"]
    with pytest.raises(rules.IllegalActionError, match="not part of the connected network"):
        play(s, "grow 3")
    s = play(s, "grow 10")
    with pytest.raises(rules.IllegalActionError, match="free mushroom has grown"):
        play(s, "grow 1")
    assert legal(s, "grow") == ["grow 5 marquise"]  # so plain 'grow 5' now names the sacrifice


def test_a_second_mushroom_costs_an_infected_in_that_clearing_ts_4_2():
    s = table()
    grown(s, 5, 1)
    sick(s, 1)
    sick(s, 1, "eyrie")
    s = goto(check(s), S, "spore.grow")
    assert legal(s, "grow") == ["grow 1", "grow 1 eyrie", "grow 1 marquise", "grow 5"]
    s = play(s, "grow 5", "grow 1 eyrie")
    assert count(s, 1, "spore", "mushroom") == 1
    assert pieces(s, 1).get("eyrie:warrior:spore") is None
    assert s.seats[E].supply["warrior"] == 20
    assert step(s) != (S, "spore.grow")  # nothing more to grow: the step ended by itself
    check(s)


# --- TS.4.3 mycelium growth -------------------------------------------------------------------------------------


def test_a_card_matching_the_new_clearing_grows_one_mycelium_ts_4_3():
    s = table()
    grown(s, 5, 1)  # sites: 2 (mouse), 9 (mouse), 10 (rabbit)
    set_hand(s, S, "bake-sale")
    s = goto(check(s), S, "spore.mycelium")
    assert legal(s, "mycelium") == ["mycelium 10 bake-sale"]
    with pytest.raises(rules.IllegalActionError, match="costs a mouse card"):
        play(s, "mycelium 9 bake-sale")
    s = play(s, "mycelium 10 bake-sale")
    assert network(s) == {1, 5, 10}
    assert s.seats[S].supply["mycelium"] == spore.MYCELIUM - 3
    check(s)


def test_a_bird_card_grows_two_but_never_one_from_the_other_ts_4_3():
    s = table()
    grown(s, 5, 1)
    set_hand(s, S, "armorers")
    s = goto(check(s), S, "spore.mycelium")
    assert "mycelium 9,10 armorers" in legal(s)
    assert "mycelium 10 armorers" in legal(s)  # birds are wild: one is allowed too
    with pytest.raises(rules.IllegalActionError, match="only next to the connected network"):
        play(s, "mycelium 10,12 armorers")  # 12 would grow from 10, itself new
    s = play(s, "mycelium 9,10 armorers")
    assert network(s) == {1, 5, 9, 10}


@pytest.mark.parametrize("pair", ["9,10", "10,9"])
def test_two_mycelium_for_a_bird_card_may_be_named_in_any_order_ts_4_3(pair: str):
    s = table()
    grown(s, 5, 1)
    set_hand(s, S, "armorers")
    s = goto(check(s), S, "spore.mycelium")
    s = play(s, f"mycelium {pair} armorers")
    assert network(s) == {1, 5, 9, 10}


def test_separate_cards_grow_one_after_the_other_ts_4_3():
    s = table()
    grown(s, 5, 1)
    set_hand(s, S, "bake-sale", "anvil")
    s = goto(check(s), S, "spore.mycelium")
    s = play(s, "mycelium 10 bake-sale", "mycelium 12 anvil")
    assert network(s) == {1, 5, 10, 12}


def test_the_mycelium_step_waits_whatever_the_hand_holds_ts_4_3():
    s = table()
    grown(s, 5)
    set_hand(s, S, "bake-sale")  # rabbit: neither 1 (fox) nor 2 (mouse) can be paid, which only the Spore knows
    s = goto(check(s), S, "spore.mycelium")
    assert step(s) == (S, "spore.mycelium")
    assert legal(s) == ["end"]


# --- TS.4.4 natural covering ----------------------------------------------------------------------------------


def test_uncovered_mycelium_with_no_enemy_warriors_is_covered_again_ts_4_4():
    s = table()
    grown(s, 5)
    for cid in (1, 2, 9):
        put(s, cid, "spore", "uncovered")
    put(s, 2, "eyrie", "warrior")
    sick(s, 9)
    s = goto(check(s), S, "spore.covering")
    assert count(s, 1, "spore", "mycelium") == 1
    assert count(s, 2, "spore", "uncovered") == 1
    assert count(s, 9, "spore", "mycelium") == 1
    check(s)


# --- TS.5.1 spread spores ------------------------------------------------------------------------------------


def spores_table() -> GameState:
    s = table()
    grown(s, 2, mushrooms={2: 2, 11: 3})  # three mushrooms in 2 (two slots) and in 11 (three slots)
    put(s, 12, "eyrie", "warrior", 3)
    return s


def test_spores_from_three_mushrooms_infect_what_the_die_shows_ts_5_1():
    s = spores_table()
    s = goto(check(s), S, "spore.spores")
    assert legal(s, "spores") == ["spores 2>12", "spores 11>12"]
    s.rng = die_position(2)
    s, events = play_events(s, "spores 2>12")
    assert pieces(s, 12) == {"eyrie:warrior": 1, "eyrie:warrior:spore": 2}
    assert "the die shows 2" in public_text(events)
    with pytest.raises(rules.IllegalActionError, match="has spread its spores this turn"):
        play(s, "spores 2>12")
    check(s)


def test_spores_need_three_mushrooms_ts_5_1():
    s = table()
    grown(s, 2, mushrooms={2: 1})
    put(s, 12, "eyrie", "warrior")
    s = goto(check(s), S, "spore.spores")
    assert step(s)[1] != "spore.spores"  # nothing to do: the step ended by itself


def test_with_several_enemies_in_the_target_the_spore_chooses_ts_5_1():
    s = spores_table()
    put(s, 12, "marquise", "warrior", 2)
    s = goto(check(s), S, "spore.spores")
    s.rng = die_position(3)
    s = play(s, "spores 2>12")
    assert legal(s) == ["infect 12 eyrie", "infect 12 marquise"]
    s = play(s, "infect 12 marquise", "infect 12 marquise")
    assert pieces(s, 12).get(INFECTED) == 2
    assert pieces(s, 12).get("eyrie:warrior:spore") == 1  # the last one had only one choice left
    check(s)


# --- TS.5.2 command the infected --------------------------------------------------------------------------------


def test_the_infected_take_up_to_three_commands_ts_5_2():
    s = table()
    grown(s, 5)
    put(s, 1, "spore", "uncovered")
    sick(s, 1, n=4)
    put(s, 1, "eyrie", "warrior")
    s = goto(check(s), S, "spore.command")
    assert "cover 1" in legal(s)
    s, events = play_events(s, "cover 1", "move 1>5 x1", "move 5>1 x1")
    assert count(s, 1, "spore", "mycelium") == 1
    assert "The infected cover: the mycelium in clearing 1 is covered again." in public_text(events)
    assert step(s) != (S, "spore.command")  # three commands: Daylight is over


def commanding() -> GameState:
    """The Spore's Daylight commands, two infected next to the homeland (clearing 5)."""
    s = table()
    grown(s, 5)
    sick(s, 1, n=2)
    return goto(check(s), S, "spore.command")


def test_a_fourth_command_is_refused_ts_5_2():
    s = commanding()
    s.turn.flags["commands"] = spore.COMMANDS
    assert legal(s) == ["end"]
    with pytest.raises(rules.IllegalActionError, match="carried out all their commands"):
        play(s, "move 1>5 x1")


def test_the_infected_never_move_farther_than_one_clearing_from_the_network_ts_5_2():
    s = commanding()
    assert legal(s, "move") == ["move 1>5 x1", "move 1>5 x2"]
    with pytest.raises(rules.IllegalActionError, match="more than one clearing away from the connected network"):
        play(s, "move 1>9 x1")


def test_the_infected_battle_as_a_standard_battle_ts_5_2():
    s = table()
    grown(s, 5)
    sick(s, 1, n=2)
    put(s, 1, "eyrie", "warrior", 2)
    force_dice(s, 2, 0)
    s = goto(check(s), S, "spore.command")
    assert legal(s, "battle") == ["battle 1 eyrie"]
    s = play(s, "battle 1 eyrie")
    assert pieces(s, 1) == {INFECTED: 2}
    assert registry.of(s, S).commands_left(s, S) == 2
    check(s)


# --- TS.6.2 / TS.6.3 scoring and drawing ------------------------------------------------------------------------


def test_evening_scores_a_point_per_clearing_with_a_mushroom_ts_6_2():
    s = table()
    grown(s, 5, mushrooms={5: 1, 9: 2, 12: 1})
    s = goto(check(s), S, "spore.score")
    assert s.seats[S].points == 3


@pytest.mark.parametrize(("placed", "drawn"), [(3, 1), (4, 2), (8, 3)])
def test_draw_one_plus_one_per_uncovered_draw_bonus_ts_6_3(placed: int, drawn: int):
    s = table()
    grown(s, 5, *[1, 2, 9, 10, 12, 4, 8][: placed - 1])
    s = goto(check(s), S, "evening.draw")
    assert len(s.seats[S].hand) == drawn


# --- interactions with other factions ----------------------------------------------------------------------------


def test_an_eyrie_with_only_infected_warriors_cannot_move_them_for_the_decree():
    s = table()
    put(s, 8, "eyrie", "roost")
    sick(s, 8, "eyrie", 3)
    set_decree(s, move=["vizier"], build=["vizier"])
    s = goto(check(s), E, "eyrie.resolve")
    assert legal(s)[0].startswith("leader")  # Turmoil: the move could not be resolved


def test_field_hospitals_does_not_answer_for_infected_marquise_warriors():
    s = table()
    put(s, 1, "marquise", "keep")
    sick(s, 9, n=2)
    put(s, 9, "eyrie", "warrior", 3)
    set_hand(s, M, "anvil", "sword")
    force_dice(s, 2, 0)
    s.battle = None
    rules.battle.start(s, E, 9, "spore")
    rules.flow.advance(s)
    assert INFECTED not in pieces(s, 9)
    assert not any(d.get("what") == "hospital" for d in s.pending)


def alliance_table() -> GameState:
    return table(("spore", "marquise", "alliance"))


def test_the_infected_moving_into_sympathy_owe_outrage():
    s = alliance_table()
    grown(s, 5)
    sick(s, 5, n=2)
    put(s, 1, "alliance", "sympathy")
    set_hand(s, S, "anvil")
    s = goto(check(s), S, "spore.command")
    s = play(s, "move 5>1 x1")
    assert s.pending and s.pending[0]["kind"] == "outrage" and s.pending[0]["seat"] == S


def test_martial_law_counts_the_spores_infected_not_their_owners():
    s = alliance_table()
    sick(s, 3, n=3)
    put(s, 4, "marquise", "warrior", 2)
    sick(s, 4, n=1)  # two Marquise warriors and one Spore warrior: nobody has three
    assert martial_law(s, 2, 3) and not martial_law(s, 2, 4)


def test_overgrown_sympathy_is_removed_by_the_spore_and_causes_outrage():
    s = alliance_table()
    grown(s, 5)
    put(s, 5, "alliance", "sympathy")
    set_hand(s, S, "bake-sale")
    s = goto(check(s), S, "spore.grow")
    s = play(s, "grow 5")
    assert "alliance:sympathy" not in pieces(s, 5)
    assert s.pending and s.pending[0]["kind"] == "outrage"
    s = play(s, "outrage bake-sale")
    assert "bake-sale" in [rules.cards.card(c).key for c in s.seats[2].data["supporters"]]


def test_spreading_sympathy_into_an_overgrown_clearing_is_refused_for_the_mushrooms_ts_2_3():
    s = alliance_table()
    grown(s, 5, mushrooms={5: 1})  # the Homeland Mushroom and one more: clearing 5 is overgrown
    put(s, 1, "alliance", "sympathy")  # 5 is next to sympathy
    s = goto(check(s), 2, "alliance.spread")
    with pytest.raises(rules.IllegalActionError, match="clearing 5 is overgrown") as refused:
        rules.parse(s, "spread 5")
    assert "next to" not in str(refused.value)


def test_the_keep_forbids_mushrooms_and_mycelium():
    s = table()
    grown(s, 5, 2)
    put(s, 1, "marquise", "keep")
    set_hand(s, S, "anvil")
    s = goto(check(s), S, "spore.mycelium")
    assert "mycelium 1 anvil" not in legal(s)


def tinker_table(**options: Any) -> GameState:
    """Spore, Marquise and Old Man Tinker (seat 2): the homeland in 5, bare robot tracks, the Old Man off the map."""
    s = table(("spore", "marquise", "tinker"), **options)
    for robot in tb.ROBOTS:
        s.seats[T].supply[tb.FAMILY] += tb.gears_on(s, T, robot)
        tb.set_gears(s, T, robot, 0)
    for fid in list(s.forests):
        for piece, n in list(s.forests[fid].items()):
            tb.to_supply(s, T, fid, piece, n)
    return grown(s, 5)


def robot(s: GameState, name: str, cid: int, gears: int) -> GameState:
    """A robot in a clearing with gears from the Tinker's supply on its track."""
    put(s, cid, "tinker", name)
    s.seats[T].supply[tb.FAMILY] -= gears
    tb.set_gears(s, T, name, gears)
    return s


def test_an_infected_drone_is_a_spore_warrior_and_a_robots_gears_are_never_infected():
    """OMT.2.3 drones are warriors in every respect; OMT.2.4 gears on a track are on the faction board."""
    s = tinker_table()
    put(s, 1, "tinker", "drone", 2)
    put(s, 1, "tinker", "gear", 1)
    robot(s, "birdbot", 1, 2)
    s = goto(check(s), S, "spore.infection")
    assert pieces(s, 1) == {"tinker:drone:spore": 2, "tinker:gear": 1, "tinker:birdbot": 1}
    assert tb.gears_on(s, T, "birdbot") == 2 and markers_left(s) == MARKERS - 2
    assert registry.of(s, S).strength(s, S, 1) == 2
    check(s)


def test_the_spore_chooses_among_drones_and_other_warriors_and_sacrifices_a_drone():
    s = tinker_table()
    sick(s, 3, n=MARKERS - 1)
    put(s, 1, "tinker", "drone", 1)
    put(s, 1, "marquise", "warrior", 1)
    s = goto(check(s), S, "spore.infection")
    assert legal(s) == ["infect 1 marquise", "infect 1 tinker"]
    s = play(s, "infect 1 tinker")
    assert pieces(s, 1) == {"tinker:drone:spore": 1, "marquise:warrior": 1}
    put(s, 1, "spore", "mycelium")
    s = goto(check(s), S, "spore.grow")
    s = play(s, "grow 1")
    s = play(s, "grow 1 tinker")
    assert pieces(s, 1)["spore:mushroom"] == 2 and "tinker:drone:spore" not in pieces(s, 1)
    assert s.seats[T].supply[tb.FAMILY] == 15
    check(s)


def test_infected_drones_removed_in_battle_go_back_to_the_tinkers_supply_for_no_point():
    s = tinker_table()
    put(s, 9, "tinker", "drone", 2, controller="spore")
    put(s, 9, "marquise", "warrior", 3)
    force_dice(s, 2, 1)
    rules.battle.start(check(s), M, 9, "spore")
    rules.flow.advance(s)
    assert s.battle is None and "tinker:drone:spore" not in pieces(s, 9)
    assert s.seats[T].supply[tb.FAMILY] == 15 and s.seats[M].points == 0
    assert markers_left(s) == MARKERS
    check(s)


def test_drones_crusading_into_the_homeland_are_infected_but_the_robot_they_escort_is_not():
    s = tinker_table()
    put(s, 1, "tinker", "drone", 2)
    robot(s, "wolfbot", 1, 3)
    s = goto(check(s), T, "tinker.actions")
    s = play(s, "crusade 1>5 x2 wolfbot")
    assert pieces(s, 5)["tinker:drone:spore"] == 2 and pieces(s, 5)["tinker:wolfbot"] == 1
    assert tb.gears_on(s, T, "wolfbot") == 3
    assert s.seats[S].data.get("extra_actions", 0) == 0
    check(s)


def test_the_old_man_is_a_pawn_the_spore_neither_infects_nor_overgrows():
    """TS.2.5 names only the Vagabond's pawn: the Old Man is no warrior, no token outside battle (OMT.2.2)."""
    s = tinker_table()
    s.seats[T].supply["oldman"] -= 1
    tb.add(s, 1, tb.OLD_MAN, 1)
    put(s, 1, "spore", "mycelium")
    put(s, 1, "spore", "mushroom")
    s = goto(check(s), S, "spore.infection")
    assert pieces(s, 1)[tb.OLD_MAN] == 1 and s.seats[S].data.get("extra_actions", 0) == 0
    s = goto(s, S, "spore.grow")
    s = play(s, "grow 1")
    assert pieces(s, 1) == {tb.OLD_MAN: 1, "spore:mycelium": 1, "spore:mushroom": 2}
    check(s)


def test_overgrowth_removes_gears_and_a_factory_with_meltdown_and_blocks_gear_production():
    s = tinker_table()
    put(s, 1, "spore", "mycelium")
    put(s, 1, "spore", "mushroom")
    put(s, 1, "tinker", "factory")
    put(s, 1, "tinker", "gear", 2)
    robot(s, "catbot", 1, 1)
    s = goto(check(s), S, "spore.grow")
    s.seats[T].data["level"] = 2
    s, events = play_events(s, "grow 1")
    assert pieces(s, 1) == {"spore:mycelium": 1, "spore:mushroom": 2, "tinker:catbot": 1}
    assert "Old Man Tinker loses 1 factory, 2 gears." in public_text(events)
    assert s.seats[T].data["level"] == 1  # Meltdown
    assert s.seats[S].points == 2  # only the Evening's two clearings with mushrooms: the overgrowth scored nothing
    assert not may_place(s, "tinker", 1, TOKEN) and may_place(s, "tinker", 1, WARRIOR)
    check(s)


def bustled_into_two_mushrooms(**options: Any) -> GameState:
    """The Old Man carries two gears from 9 into clearing 1, where two mushrooms grow."""
    s = tinker_table(**options)
    put(s, 1, "spore", "mushroom", 2)
    s.seats[T].supply["oldman"] -= 1
    tb.add(s, 9, tb.OLD_MAN, 1)
    put(s, 9, "tinker", "gear", 2)
    s = goto(check(s), T, "tinker.bustle")
    return play(s, "bustle 9>1 x2")


def test_ts_2_3_two_mushrooms_stand_gears_carried_in_are_overgrown_at_once():
    # TS.2.3 read as a standing condition (option spore_overgrowth: standing, the default).
    s = bustled_into_two_mushrooms()
    assert pieces(s, 1) == {"spore:mushroom": 2, tb.OLD_MAN: 1}
    assert s.seats[T].supply[tb.FAMILY] == 15 and s.seats[S].points == 0
    check(s)


def test_ts_2_3_option_growth_leaves_gears_carried_into_two_mushrooms():
    s = bustled_into_two_mushrooms(spore_overgrowth="growth")
    assert pieces(s, 1) == {"spore:mushroom": 2, tb.OLD_MAN: 1, "tinker:gear": 2}
    check(s)


def test_ts_2_3_two_mushrooms_stand_a_gear_a_robot_drops_there_is_overgrown():
    s = tinker_table()
    put(s, 1, "spore", "mushroom", 2)
    robot(s, "catbot", 1, 2)
    s.rng = next(p for p in range(1000) if below(p, 6)[1] == 4)  # the breakage die shows the catbot
    s = goto(check(s), T, "tinker.doover")
    s, events = play_events(s, "end")
    assert "rolls the breakage dice: catbot" in public_text(events)
    assert tb.gears_on(s, T, "catbot") == 1 and "tinker:gear" not in pieces(s, 1)
    check(s)


def test_a_robot_with_gears_keeps_the_mycelium_uncovered():
    s = tinker_table()
    put(s, 2, "spore", "uncovered")
    robot(s, "birdbot", 2, 1)
    put(s, 10, "spore", "uncovered")
    robot(s, "catbot", 10, 0)  # broken: no warriors
    s = goto(check(s), S, "spore.covering")
    assert "spore:uncovered" in pieces(s, 2) and pieces(s, 10).get("spore:mycelium") == 1


def test_infected_carried_to_the_ward_free_their_markers_and_come_back_as_their_owners_warriors():
    """SOM.2.3 First Response takes the infected off the map (TS.2.4: the marker goes back to the Spore)."""
    s = table(("spore", "marquise", "spinners"))
    put(s, 1, "spinners", "fox-infirmary")
    put(s, 1, "spinners", "web")
    put(s, 9, "spinners", "web")
    put(s, 9, "spinners", "warrior", 2)
    sick(s, 9, n=2)
    force_dice(check(s), 2, 1)
    s = goto(s, 2, "spinners.daylight")
    s = play(s, "battle 9 spore")
    assert legal(s) == ["pass", "respond 9"]
    s = play(s, "respond 9")
    assert s.seats[2].areas["ward"] == {"marquise:warrior": 2}
    assert markers_left(s) == MARKERS
    s = goto(check(s), 2, "spinners.discharge")
    s = play(s, "discharge marquise 1")
    assert pieces(s, 1).get("marquise:warrior") == 1 and INFECTED not in pieces(s, 1)
    check(s)


def test_overgrowth_removes_webs_and_an_infirmary_without_triage_and_a_recruit_there_brings_no_web():
    s = table(("spore", "marquise", "spinners"))
    grown(s, 5, 2, mushrooms={2: 1})
    put(s, 2, "spinners", "mouse-infirmary")
    put(s, 2, "spinners", "web", 2)
    put(s, 2, "spinners", "warrior")
    to_area(s, 2, "ward", "marquise", "warrior")
    s = goto(check(s), S, "spore.grow")
    s = play(s, "grow 2")
    assert pieces(s, 2) == {"spore:mycelium": 1, "spore:mushroom": 2, "spinners:warrior": 1}
    assert s.seats[2].areas["ward"] == {"marquise:warrior": 1}  # no Triage: not removed in battle
    set_hand(s, 2, "sword")  # a mouse card: a warrior and a web in every mouse clearing
    s = goto(check(s), 2, "spinners.daylight")
    s = play(s, "recruit sword")
    assert pieces(s, 2)["spinners:warrior"] == 2 and "spinners:web" not in pieces(s, 2)
    assert pieces(s, 7) == {"spinners:warrior": 1, "spinners:web": 1}
    check(s)


# --- hidden information and playouts ---------------------------------------------------------------------------


def test_no_seat_sees_another_seat_s_hand_in_a_spore_game():
    result = playout({"factions": ["spore", "marquise", "eyrie"], "round_limit": 3}, 5)
    assert result.state is not None
    assert hidden_shown(result.state) == []
    for seat in range(3):
        view = rules.view_for(result.state, seat)
        for other in range(3):
            if other != seat:
                assert "hand" not in view["seats"][other]
                assert view["seats"][other]["hand_count"] == len(result.state.seats[other].hand)


@pytest.mark.parametrize(
    ("factions", "seed"),
    [
        (("spore", "marquise"), 1),
        (("eyrie", "spore"), 2),
        (("spore", "marquise", "eyrie"), 3),
        (("alliance", "spore", "marquise"), 4),
        (("spore", "marquise", "eyrie", "alliance"), 5),
        (("vagabond", "spore"), 6),
        (("spore", "marquise", "eyrie", "alliance", "vagabond"), 7),
        (("tinker", "spore", "marquise"), 8),
        (("spore", "spinners", "eyrie"), 9),
        (("spore", "marquise", "eyrie", "alliance", "vagabond", "vagabond2"), 10),
    ],
)
def test_random_games_with_the_spore_play_to_the_end_without_violations(factions: tuple[str, ...], seed: int):
    result = playout({"factions": list(factions), "round_limit": 60}, seed)
    assert result.violations == []
    assert result.state is not None and result.state.over and result.state.winners


def test_random_games_use_every_part_of_the_spore():
    used: set[str] = set()
    for seed in (1, 2, 3):
        result = playout({"factions": ["spore", "marquise", "eyrie"], "round_limit": 60}, seed)
        assert result.record is not None
        used |= {text.split()[0] for text in result.record.actions}
    assert {"homeland", "grow", "mycelium", "spores", "move", "battle", "craft"} <= used


SPORES_NOWHERE = [
    ("spores fB>12", "forest"),
    ("spores fA>12", "forest"),
    ("spores 2>fB", "forest"),
    ("spores 99>12", "no clearing"),
]


@pytest.mark.parametrize(("text", "said"), SPORES_NOWHERE)
def test_spores_from_or_to_a_forest_or_no_clearing_is_refused_in_words(text: str, said: str) -> None:
    """Found by the fuzzer (/spores from:B to:3 raised a TypeError while explaining the refusal)."""
    s = goto(check(spores_table()), S, "spore.spores")
    with pytest.raises(rules.RulesError, match=said):
        play(s, text)
