"""Readings of the characters' special actions (appendix V) with the fan factions, two Vagabonds and the 3x3 mode:
each one written in docs/rulings.md (Vagabond section) and tested here on a literal state."""

from __future__ import annotations

from typing import Any

from frontier_helpers import options as frontier_options
from rules_helpers import (
    check,
    count,
    emptied,
    force_dice,
    goto,
    legal,
    pieces,
    play,
    put,
    set_hand,
)
from vagabond_helpers import item_specs, set_items

import rules
from rules.factions.tinker import board as tb
from rules.factions.vagabond import board as vb
from rules.modes.frontier.legends import LegendData


def character_table(factions: tuple[str, ...], characters: dict[str, str], **extra: Any) -> rules.GameState:
    """A game of these factions past setup (each Vagabond the character named for it), the map and hands emptied."""
    if "mode" in extra:
        opts = frontier_options(factions)
    else:
        opts = {"factions": list(factions), "first_player": 0}
    state = rules.new_game({**opts, **{k: v for k, v in extra.items() if k != "mode"}}, 1)
    while state.turn.phase == "setup" and state.pending:
        seat = rules.to_act(state)
        assert seat is not None
        choices = legal(state)
        wanted = f"character {characters.get(state.seats[seat].faction, '')}"
        state = play(state, wanted if wanted in choices else choices[0])
    tinker = state.seat_of("tinker")
    if tinker is not None:  # the robots' gears back to the supply, as the Tinker's own tests keep them
        for robot in tb.ROBOTS:
            state.seats[tinker].supply[tb.FAMILY] += state.seats[tinker].areas.get(robot, {}).get(tb.GEAR, 0)
            state.seats[tinker].areas[robot] = {}
        for fid in list(state.forests):
            for piece, n in list(state.forests[fid].items()):
                if piece.startswith("tinker:"):
                    tb.to_supply(state, tinker, fid, piece, n)
    return emptied(state)


def seat(state: rules.GameState, faction: str) -> int:
    found = state.seat_of(faction)
    assert found is not None
    return found


def pawn_at(state: rules.GameState, fid: str, where: int | str) -> rules.GameState:
    """A Vagabond's pawn put in a place (it is off the map once emptied)."""
    for place in (*state.forests.values(), *state.clearings):
        place.pop(vb.pawn(fid), None)
    target = state.clearings[where - 1] if isinstance(where, int) else state.forests.setdefault(where, {})
    target[vb.pawn(fid)] = 1
    state.seats[seat(state, fid)].supply["pawn"] = 0
    return state


# --- the Spore (seed 000) ----------------------------------------------------------------------------------------


def test_v_5_2_ts_2_4_the_spore_defending_with_infected_warriors_may_enlist_the_arbiter() -> None:
    state = character_table(("spore", "marquise", "eyrie", "vagabond"), {"vagabond": "arbiter"})
    arbiter, spore, cats = seat(state, "vagabond"), seat(state, "spore"), seat(state, "marquise")
    pawn_at(state, vb.ID, 9)
    set_items(state, "sword", "sword", "torch", seat=arbiter)
    put(state, 9, "marquise", "warrior", 3)
    put(state, 9, "eyrie", "warrior", 1, controller="spore")  # an infected Eyrie warrior: the Spore's
    force_dice(state, 3, 3)
    state = play(goto(check(state), cats, "marquise.actions"), "battle 9 spore")
    assert state.pending[0]["seat"] == spore and state.pending[0]["what"] == "enlist"
    state = play(state, "enlist")
    assert state.seats[arbiter].points == 1
    assert count(state, 9, "marquise", "warrior") == 0  # one infected warrior and two swords: three hits
    assert state.clearings[8].get("eyrie:warrior:spore", 0) == 0  # the hits the Spore takes fall on the infected


def test_v_6_2_ts_2_2_scorched_earth_leaves_the_mycelium_and_keeps_the_spore_from_growing_there() -> None:
    state = character_table(("spore", "marquise", "vagabond"), {"vagabond": "scoundrel"})
    me = seat(state, "vagabond")
    pawn_at(state, vb.ID, 9)
    set_items(state, "torch", "boots", seat=me)
    put(state, 9, "spore", "mycelium")
    put(state, 9, "spore", "mushroom")
    put(state, 9, "marquise", "warrior", 1, controller="spore")
    state = play(goto(check(state), me, "vagabond.daylight"), "scorch")
    assert pieces(state, 9) == {"vagabond:pawn": 1, "spore:mycelium": 1}  # immune to all but battle (TS.2.2)
    assert vb.relation(state, me, "spore") == vb.HOSTILE  # an infected warrior is the Spore's warrior
    reason = rules.map_pieces.why_not_place(state, "spore", 9)
    assert reason is not None and "Scoundrel's torch" in reason


# --- Old Man Tinker (seed 004) ------------------------------------------------------------------------------------


def test_v_9_2_omt_2_4_the_ronins_swift_strike_knocks_a_gear_off_a_robot_like_any_hit() -> None:
    state = character_table(("marquise", "eyrie", "tinker", "vagabond"), {"vagabond": "ronin"})
    me, tinker = seat(state, "vagabond"), seat(state, "tinker")
    pawn_at(state, vb.ID, 9)
    set_items(state, "sword", "sword", "boots", seat=me)
    put(state, 9, "tinker", "birdbot")
    state.seats[tinker].supply[tb.FAMILY] -= 2
    tb.set_gears(state, tinker, "birdbot", 2)
    force_dice(state, 0, 0)
    state = play(goto(check(state), me, "vagabond.daylight"), "battle 9 tinker")
    assert "swift" in legal(state)
    state = play(state, "swift")
    assert tb.gears_on(state, tinker, "birdbot") == 1 and count(state, 9, "tinker", "gear") == 1
    assert tb.robot_at(state, "birdbot") == 9  # made of metal
    assert rules.problems(state) == []


def test_v_11_2_omt_2_3_a_duel_takes_a_drone_but_never_a_robots_gears() -> None:
    state = character_table(("marquise", "eyrie", "tinker", "vagabond"), {"vagabond": "gladiator"})
    me, tinker = seat(state, "vagabond"), seat(state, "tinker")
    pawn_at(state, vb.ID, 9)
    set_items(state, "boots", "torch", seat=me)
    put(state, 9, "tinker", "birdbot")
    state.seats[tinker].supply[tb.FAMILY] -= 2
    tb.set_gears(state, tinker, "birdbot", 2)
    state = goto(check(state), me, "vagabond.daylight")
    assert legal(state, "duel") == []  # gears on a robot count as warriors but are no pieces to remove
    put(state, 9, "tinker", "drone")
    state = play(goto(check(state), me, "vagabond.daylight"), "duel tinker boots")
    assert count(state, 9, "tinker", "drone") == 0 and tb.gears_on(state, tinker, "birdbot") == 2


# --- two Vagabonds ------------------------------------------------------------------------------------------------


def test_v_6_2_9_2_2_1_scorched_earth_damages_three_items_of_another_vagabond_there_who_stays_and_cannot_return() -> (
    None
):
    factions = ("marquise", "eyrie", "vagabond", "vagabond2")
    state = character_table(factions, {"vagabond": "scoundrel", "vagabond2": "ranger"})
    me, other = seat(state, "vagabond"), seat(state, "vagabond2")
    pawn_at(state, vb.ID, 5)
    pawn_at(state, vb.ID2, 5)
    set_items(state, "torch", "boots", seat=me)
    set_items(state, "sword", "boots", "crossbow", "hammer", seat=other)
    state = play(goto(check(state), me, "vagabond.daylight"), "scorch")
    assert state.pending[0]["seat"] == other and state.pending[0]["what"] == "damage"
    state = play(state, "damage sword", "damage boots", "damage crossbow")
    assert vb.where(state, vb.ID2) == 5 and item_specs(state, other) == [
        "boots:damaged", "crossbow:damaged", "hammer", "sword:damaged",
    ]
    set_items(state, "boots", "boots", seat=other)
    state = play(goto(check(state), other, "vagabond.daylight"), "move 5>1")
    assert "move 1>5" not in legal(state, "move")


def test_v_8_2_v_6_2_the_harrier_glides_into_no_scorched_clearing() -> None:
    factions = ("marquise", "eyrie", "vagabond", "vagabond2")
    state = character_table(factions, {"vagabond": "scoundrel", "vagabond2": "harrier"})
    me, other = seat(state, "vagabond"), seat(state, "vagabond2")
    pawn_at(state, vb.ID, 5)
    pawn_at(state, vb.ID2, 11)
    set_items(state, "torch", seat=me)
    set_items(state, "torch", seat=other)
    state.seats[me].data["scorched"] = [5]
    state.items_removed.append("torch")
    state.seats[me].items = []
    state = goto(check(state), other, "vagabond.daylight")
    assert "glide 5" not in legal(state, "glide") and "glide 1" in legal(state, "glide")
    try:
        rules.parse(state, "glide 5")
    except rules.IllegalActionError as err:
        assert "Scoundrel's torch" in str(err)
    else:
        raise AssertionError("a glide into the scorched clearing was accepted")


# --- the 3x3 mode (seed 002) --------------------------------------------------------------------------------------

FRONTIER = ("marquise", "eyrie", "vagabond", "tinker", "alliance", "vagabond2")


def test_v_8_2_3x3_2_a_glide_to_the_other_map_crosses_no_bridge_and_pays_no_fee() -> None:
    state = character_table(FRONTIER, {"vagabond": "harrier"}, mode="frontier")
    me = seat(state, "vagabond")
    pawn_at(state, vb.ID, 2)
    set_items(state, "torch", "boots", seat=me)
    set_hand(state, me, "anvil")
    state = goto(check(state), me, "vagabond.daylight")
    far = max(state.board.ids())  # a clearing of the other map
    assert state.board.map_of(far) != state.board.map_of(2)
    after = play(state, f"glide {far}")
    assert vb.where(after, vb.ID) == far and not after.pending
    assert [rules.cards.card(c).key for c in after.seats[me].hand] == ["anvil"]  # no card paid
    assert (2, 13) in state.board.bridges
    after = play(state, "glide 13")  # between the two ends of a bridge, still no bridge crossed
    assert vb.where(after, vb.ID) == 13 and [rules.cards.card(c).key for c in after.seats[me].hand] == ["anvil"]


def test_v_4_2_3x3_5_the_vagrant_forces_no_battle_between_teammates_and_scores_only_rival_buildings() -> None:
    state = character_table(FRONTIER, {"vagabond": "vagrant"}, mode="frontier")
    me, cats, rivals = seat(state, "vagabond"), seat(state, "marquise"), seat(state, "alliance")
    pawn_at(state, vb.ID, 5)
    set_items(state, "torch", "boots", seat=me)
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "eyrie", "warrior")
    put(state, 5, "tinker", "factory")
    state = goto(check(state), me, "vagabond.daylight")
    options = legal(state, "instigate")
    assert "instigate marquise eyrie" not in options and "instigate eyrie marquise" not in options  # team A
    assert "instigate marquise tinker" in options
    force_dice(state, 3, 0)
    after = play(state, "instigate marquise tinker")
    assert count(after, 5, "tinker", "factory") == 0
    assert after.seats[me].points == 1 and after.seats[cats].points == 0  # a rival's building: his point
    clear = check(state)
    clear.clearings[4].pop("tinker:factory")
    clear.seats[seat(state, "tinker")].supply["factory"] += 1
    put(clear, 5, "alliance", "warrior", 2)
    put(clear, 5, "marquise", "sawmill")
    clear.clearings[4].pop("marquise:warrior")
    clear.clearings[4].pop("eyrie:warrior")
    clear.seats[cats].supply["warrior"] += 2
    clear.seats[seat(state, "eyrie")].supply["warrior"] += 1
    force_dice(clear, 3, 0)
    after = play(goto(check(clear), me, "vagabond.daylight"), "instigate alliance marquise")
    assert count(after, 5, "marquise", "sawmill") == 0
    assert after.seats[me].points == 0 and after.seats[rivals].points == 0  # a teammate's building: no point


def test_v_5_2_3x3_a_rival_defender_may_enlist_the_arbiter_too() -> None:
    state = character_table(FRONTIER, {"vagabond": "arbiter"}, mode="frontier")
    me, cats, tinker = seat(state, "vagabond"), seat(state, "marquise"), seat(state, "alliance")
    pawn_at(state, vb.ID, 5)
    set_items(state, "sword", "torch", seat=me)
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "alliance", "warrior", 1)
    state = play(goto(check(state), cats, "marquise.actions"), "battle 5 alliance")
    assert state.pending[0]["seat"] == tinker and state.pending[0]["what"] == "enlist"


def test_v_10_2_3x3_6_a_con_counts_toward_a_legend_as_a_quest() -> None:
    state = character_table(FRONTIER, {"vagabond": "cheat"}, mode="frontier")
    me = seat(state, "vagabond")
    pawn_at(state, vb.ID, 5)
    set_items(state, "torch", "boots", "tea", seat=me)
    here = state.suits[4]
    quest = next(q for q in range(15) if vb.quest(q).suit == here)
    offered = [quest, *[q for q in state.piles[vb.OFFER] if q != quest][:2]]
    state.piles[vb.QUEST_DECK] = [q for q in range(15) if q not in offered]
    state.piles[vb.OFFER] = offered
    state = goto(check(state), me, "vagabond.daylight")
    state = play(state, f"con {vb.quest(quest).key} draw boots tea")
    assert state.seats[me].data_as(LegendData).get("frontier_quests") == 1


def test_v_9_2_3x3_6_swift_strike_is_no_rolled_hit_for_a_looting() -> None:
    state = character_table(FRONTIER, {"vagabond": "ronin"}, mode="frontier")
    me, alliance = seat(state, "vagabond"), seat(state, "alliance")
    pawn_at(state, vb.ID, 5)
    set_items(state, "sword", "sword", "boots", seat=me)
    put(state, 5, "alliance", "warrior", 1)
    state.seats[alliance].items.append(rules.items.make("hammer"))
    state.item_supply[state.board.maps[0]]["hammer"] -= 1
    force_dice(state, 0, 0)
    state = play(goto(check(state), me, "vagabond.daylight"), "loot 5 alliance")
    while state.pending and state.pending[0]["kind"] == "battle_effect" and state.pending[0]["seat"] == me:
        state = play(state, "swift" if "swift" in legal(state) else "pass")
    assert not any(d.get("what") == "claim" for d in state.pending)  # no rolled hit: the Looting takes nothing
    assert [i["item"] for i in state.seats[alliance].items] == ["hammer"]


def test_v_6_2_omt_2_4_14_2_2_scorched_earth_leaves_the_robot_and_the_warlord_but_takes_the_robots_gears() -> None:
    state = character_table(("marquise", "hundreds", "tinker", "vagabond"), {"vagabond": "scoundrel"})
    me, tinker = seat(state, "vagabond"), seat(state, "tinker")
    pawn_at(state, vb.ID, 9)
    set_items(state, "torch", "boots", seat=me)
    put(state, 9, "tinker", "birdbot")
    state.seats[tinker].supply[tb.FAMILY] -= 2
    tb.set_gears(state, tinker, "birdbot", 2)
    put(state, 9, "hundreds", "warlord")
    put(state, 9, "hundreds", "warrior", 2)
    state = play(goto(check(state), me, "vagabond.daylight"), "scorch")
    assert pieces(state, 9) == {"vagabond:pawn": 1, "tinker:birdbot": 1, "hundreds:warlord": 1}
    assert tb.gears_on(state, tinker, "birdbot") == 0  # made of metal: the robot stays, its gears go (OMT.2.4)
    assert rules.problems(state) == []
