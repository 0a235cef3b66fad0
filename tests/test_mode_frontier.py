"""The Frontier Alliance Mode (issue 14), section by section of the seed (3x3.1 ... 3x3.9), on literal states."""

from __future__ import annotations

from random import Random

import pytest
import seam_factions as sf
from frontier_helpers import (
    ALLIANCE,
    EYRIE,
    MARQUISE,
    MEDICS,
    TINKER,
    VAGABOND,
    blank,
    options,
    setup_game,
    sixth_faction,  # noqa: F401 (a fixture)
    started,
)
from rules_helpers import (
    check,
    count,
    discard_keys,
    force_dice,
    give,
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
    to_area,
)
from vagabond_helpers import daylight as vb_daylight
from vagabond_helpers import item_specs, pawn_to, set_items

import rules
from rules.actions import Move
from rules.assets import items_data
from rules.cards import card
from rules.factions.alliance import spread_sites
from rules.factions.vagabond import board as vb
from rules.modes import find_mode
from rules.modes.frontier import table
from rules.modes.frontier.legends import LEGENDS, legend
from rules.rule import ruler
from rules.state import GameState

MODE = find_mode("frontier")


pytestmark = pytest.mark.usefixtures("sixth_faction")


# --- 3x3.1 setup ---------------------------------------------------------------------------------


def test_3x3_1_two_maps_one_deck_without_favors_or_dominance_and_eight_ruins() -> None:
    state = started()
    assert state.board.maps == ("autumn", "winter") and len(state.board.bridges) == 2
    held = state.deck + [c for s in state.seats for c in s.hand] + state.discard
    assert {card(c).type for c in state.removed} == {"favor", "dominance"}
    assert not [c for c in held if card(c).type in ("favor", "dominance")]
    assert sum(1 for item in state.ruins if item) == 8
    assert set(state.item_supply) == {"autumn", "winter"}


def test_3x3_1_team_a_sets_up_on_the_left_of_map_1_and_team_b_on_the_right_of_map_2() -> None:
    state = setup_game()
    assert [a.notation() for a in rules.legal_actions(state, MARQUISE)] == ["keep 1", "keep 4"]
    left, right = table.home_side(state.board, "A"), table.home_side(state.board, "B")
    assert left == {1, 4, 8, 9, 10, 12} and right == {14, 15, 18, 19, 20, 24}
    state = started()
    roost = next(cid for cid in state.board.ids() if state.clearings[cid - 1].get("eyrie:roost"))
    assert roost == 4  # the other corner on the left of Map 1
    tinker = [cid for cid in state.board.ids() if any(p.startswith("tinker:") for p in state.clearings[cid - 1])]
    assert tinker and set(tinker) <= right
    pawn = next(f for f, pieces in state.forests.items() if pieces.get("vagabond:pawn"))
    assert state.board.forests[pawn].clearings & left


def test_3x3_1_the_marquise_garrisons_every_other_clearing_of_map_1_and_nothing_on_map_2() -> None:
    state = started(keep=1)
    cats = {cid for cid in state.board.ids() if state.clearings[cid - 1].get("marquise:warrior")}
    assert cats == set(range(2, 13))  # the eleven others, the far corner (3) included
    assert not any(state.clearings[cid - 1].get("marquise:warrior") for cid in range(13, 25))


def test_3x3_1_turns_alternate_by_role_military_then_insurgent_then_vagabond() -> None:
    lineup = ("vagabond", "alliance", "marquise", "test-medics", "tinker", "eyrie")
    state = rules.new_game(
        {
            "factions": list(lineup),
            "mode": "frontier",
            "teams": dict(zip(lineup, "AAABBB", strict=True)),
        },
        1,
    )
    names = [state.seats[i].faction for i in state.order]
    assert names == ["marquise", "test-medics", "alliance", "tinker", "vagabond", "eyrie"]


@pytest.mark.parametrize(
    ("changed", "error"),
    [
        ({"test-medics": None}, "test-medics has none"),
        ({"test-medics": "C"}, "not 'C'"),
        ({"vagabond": "B"}, "team A has 2"),
    ],
)
def test_3x3_1_a_line_up_that_is_not_two_teams_of_three_is_refused(changed: dict[str, str | None], error: str) -> None:
    teams = {f: t for f, t in {**options()["teams"], **changed}.items() if t is not None}
    with pytest.raises(rules.RulesError, match=error):
        rules.new_game({**options(), "teams": teams}, 1)


def test_3x3_1_a_game_needs_six_seats() -> None:
    with pytest.raises(rules.RulesError, match="6 to 6 factions, not 4"):
        rules.new_game(options(("marquise", "eyrie", "tinker", "alliance")), 1)


# --- 3x3.4 victory ---------------------------------------------------------------------------------


def test_3x3_4_a_team_at_90_points_wins_at_once() -> None:
    state = started()
    state.seats[MARQUISE].points, state.seats[EYRIE].points, state.seats[VAGABOND].points = 40, 30, 19
    state.seats[TINKER].points = 89
    rules.flow.advance(state)
    assert not state.over
    state.seats[VAGABOND].points = 20
    rules.flow.advance(state)
    assert state.over and state.winners == [MARQUISE, EYRIE, VAGABOND]


def test_3x3_4_after_round_6_more_team_points_win() -> None:
    state = blank()
    state.seats[TINKER].points = 3
    state.seats[MARQUISE].points = 2
    MODE.end_of_round(state, 5)
    assert not state.over
    MODE.end_of_round(state, 6)
    assert state.over and set(state.winners) == set(table.members(state, "B"))
    assert "more points (3 to 2)" in state.events[-1].public


def test_3x3_4_level_on_points_the_team_ruling_more_clearings_wins_allies_combined() -> None:
    state = blank()
    put(state, 5, "marquise", "warrior")
    put(state, 5, "eyrie", "warrior")
    put(state, 5, "tinker", "drone")  # allies combine: 2 to 1, team A rules clearing 5
    put(state, 14, "tinker", "drone", 2)
    put(state, 6, "eyrie", "warrior")
    assert table.ruled_by_team(state, "A") == 2 and table.ruled_by_team(state, "B") == 1
    MODE.end_of_round(state, 6)
    assert set(state.winners) == set(table.members(state, "A"))
    assert "more clearings ruled (2 to 1)" in state.events[-1].public


def test_3x3_4_level_on_points_and_clearings_more_warriors_on_the_map_win() -> None:
    state = blank()
    put(state, 5, "marquise", "warrior", 4)
    put(state, 14, "tinker", "drone", 1)
    put(state, 15, "alliance", "warrior", 1)
    put(state, 15, "tinker", "drone", 1)
    put(state, 6, "eyrie", "roost")
    assert table.standing(state, "A")[:2] == table.standing(state, "B")[:2]
    MODE.end_of_round(state, 6)
    assert set(state.winners) == set(table.members(state, "A"))
    assert "more warriors on the map (4 to 3)" in state.events[-1].public


def test_3x3_4_level_on_every_tie_break_both_teams_share_the_win() -> None:
    state = blank()
    MODE.end_of_round(state, 6)
    assert state.over and state.winners == list(range(6))


def test_3x3_4_the_flow_plays_six_rounds_and_ends() -> None:
    state = started(seed=2)
    pick = Random(2)
    while not state.over:
        seat = rules.to_act(state)
        assert seat is not None
        state, _ = rules.apply(state, pick.choice(rules.legal_actions(state, seat)))
    assert state.turn.round == 6 or max(table.standing(state, t)[0] for t in table.TEAMS) >= 90
    assert rules.problems(state) == []


def test_3x3_4_the_order_of_a_round_is_the_alternating_order() -> None:
    state = started()
    names = [state.seats[i].faction for i in state.order]
    assert names == ["marquise", "tinker", "eyrie", "test-medics", "vagabond", "alliance"]
    assert state.turn.seat == MARQUISE and state.turn.round == 1
    assert state.order[-1] == ALLIANCE


# --- 3x3.2 border bridges ----------------------------------------------------------------------------

SUIT_CARD = {"fox": "anvil", "mouse": "mouse-in-a-sack", "rabbit": "bake-sale", "bird": "birdy-bindle"}


def other_suit(suit: str) -> str:
    """A card of a different suit (never a bird)."""
    return SUIT_CARD[next(s for s in ("fox", "mouse", "rabbit") if s != suit)]


def bridge_game(**extra: object) -> GameState:
    """Two Marquise warriors at clearing 2, the end of the top bridge on Map 1 (2 to 13)."""
    state = blank(**extra)
    put(state, 2, "marquise", "warrior", 2)
    return state


def test_3x3_2_crossing_a_bridge_needs_a_card_matching_the_destination() -> None:
    state = bridge_game()
    set_hand(state, MARQUISE, other_suit(state.suits[12]))
    state = marquise_actions(state)
    assert "move 2>13 x1" not in legal(state, "move") and "move 2>5 x1" in legal(state, "move")
    with pytest.raises(rules.IllegalActionError, match=f"costs a {state.suits[12]} card"):
        rules.apply(state, Move(2, 13, 1))


def test_3x3_2_the_vagabonds_slip_across_a_bridge_needs_a_card_for_its_fee_too() -> None:
    """Whether the Slip is offered is the Vagabond's own to know: the fee is never dropped for want of a card."""
    state = blank()
    pawn_to(state, 2)
    set_hand(state, VAGABOND, other_suit(state.suits[12]))
    state = goto(state, VAGABOND, "vagabond.slip")
    assert "move 2>13 x1" not in legal(state, "move") and "move 2>5 x1" in legal(state, "move")
    with pytest.raises(rules.IllegalActionError, match=f"costs a {state.suits[12]} card, and you have none"):
        rules.apply(state, Move(2, 13, 1))
    fee = SUIT_CARD[state.suits[12]]
    set_hand(state, VAGABOND, fee)
    state = play(state, "move 2>13 x1")
    assert state.seats[VAGABOND].hand == [] and fee in discard_keys(state)  # paid: the fee is never dropped


def test_3x3_2_the_fee_is_discarded_when_no_rival_guards_the_bridge() -> None:
    state = bridge_game()
    fee = SUIT_CARD[state.suits[12]]
    set_hand(state, MARQUISE, fee)
    state = play(marquise_actions(state), "move 2>13 x1")
    assert count(state, 13, "marquise", "warrior") == 1
    assert state.seats[MARQUISE].hand == [] and fee in discard_keys(state)


def test_3x3_2_the_fee_is_asked_alike_whether_one_or_two_cards_in_hand_could_pay() -> None:
    posts = []
    for second in (other_suit(bridge_game().suits[12]), "birdy-bindle"):  # a bird card matches any clearing
        state = bridge_game()
        set_hand(state, MARQUISE, SUIT_CARD[state.suits[12]], second)
        state = play(marquise_actions(state), "move 2>13 x1")
        assert state.pending and state.pending[0]["kind"] == "move_fee"
        posts.append((rules.waiting_for(state), rules.view_for(state, None)))
    assert posts[0] == posts[1]  # a lone answer taken for her would tell the table her other card could not pay


def test_3x3_2_five_rival_warriors_at_the_entrance_take_the_fee_the_one_with_most_gets_it() -> None:
    state = bridge_game()
    put(state, 13, "tinker", "drone", 2)
    put(state, 13, "alliance", "warrior", 3)
    fee = SUIT_CARD[state.suits[12]]
    set_hand(state, MARQUISE, fee)
    state = play(marquise_actions(state), "move 2>13 x2")
    assert hand_keys(state, ALLIANCE) == [fee] and fee not in discard_keys(state)


def level_guards() -> GameState:
    """Three drones and three Alliance warriors guard clearing 13; the Marquise crosses from 2 and pays."""
    state = bridge_game()
    put(state, 13, "tinker", "drone", 3)
    put(state, 13, "alliance", "warrior", 3)
    set_hand(state, MARQUISE, SUIT_CARD[state.suits[12]])
    return play(marquise_actions(state), "move 2>13 x1")


def test_3x3_2_level_guards_their_team_chooses_who_keeps_the_fee_the_first_in_turn_order_asks() -> None:
    state = level_guards()
    fee = SUIT_CARD[state.suits[12]]
    assert rules.to_act(state) == TINKER and legal(state) == ["keeper tinker", "keeper alliance"]
    assert "choose who keeps" in rules.waiting_for(state)
    given = play(state, "keeper alliance")
    assert hand_keys(given, ALLIANCE) == [fee] and hand_keys(given, TINKER) == [] and not given.pending
    kept = play(state, "keeper tinker")
    assert hand_keys(kept, TINKER) == [fee] and hand_keys(kept, ALLIANCE) == []
    assert rules.to_act(kept) == MARQUISE and kept.turn.step == "marquise.actions"


def test_3x3_2_four_rival_warriors_do_not_guard_and_allies_never_do() -> None:
    state = bridge_game()
    put(state, 13, "tinker", "drone", 2)
    put(state, 13, "alliance", "warrior", 2)
    put(state, 13, "eyrie", "warrior", 5)
    fee = SUIT_CARD[state.suits[12]]
    set_hand(state, MARQUISE, fee)
    state = play(marquise_actions(state), "move 2>13 x1")
    assert fee in discard_keys(state)


def test_3x3_2_five_rival_warriors_at_an_entrance_their_team_does_not_rule_do_not_take_the_fee() -> None:
    # "controls the entrance ... with 5 or more": the rival team must rule it too (3x3.2).
    state = bridge_game()
    put(state, 13, "tinker", "drone", 5)
    put(state, 13, "eyrie", "warrior", 6)
    fee = SUIT_CARD[state.suits[12]]
    set_hand(state, MARQUISE, fee)
    state = play(marquise_actions(state), "move 2>13 x1")
    assert ruler(state, 13) == "team:A"
    assert fee in discard_keys(state) and hand_keys(state, TINKER) == []


def test_3x3_2_option_bridge_entrance_source_counts_only_the_clearing_left() -> None:
    state = bridge_game(bridge_entrance="source")
    put(state, 13, "tinker", "drone", 5)
    fee = SUIT_CARD[state.suits[12]]
    set_hand(state, MARQUISE, fee)
    state = play(marquise_actions(state), "move 2>13 x1")
    assert fee in discard_keys(state)
    assert table.bridge_keeper(state, TINKER, 13, 2) == MARQUISE or count(state, 13, "marquise", "warrior") < 5


def test_3x3_2_the_marquise_pays_the_fee_for_wood_brought_across_a_bridge() -> None:
    state = blank()
    put(state, 13, "marquise", "warrior", 2)
    put(state, 2, "marquise", "warrior", 1)
    put(state, 2, "marquise", "wood", 1)
    put(state, 9, "marquise", "sawmill")  # the next sawmill costs one wood
    set_hand(state, MARQUISE, other_suit(state.suits[12]))
    state = marquise_actions(state)
    assert "build sawmill 13" not in legal(state, "build")
    with pytest.raises(rules.IllegalActionError, match="crosses the bridge into clearing 13"):
        rules.apply(state, rules.parse(state, "build sawmill 13"))
    fee = SUIT_CARD[state.suits[12]]
    give(state, MARQUISE, fee)
    state = play(state, "build sawmill 13")
    assert legal(state) == [f"pay {fee}"]  # asked, though one card can pay: she holds two (the table can't tell)
    state = play(state, f"pay {fee}")
    assert count(state, 13, "marquise", "sawmill") == 1 and fee in discard_keys(state)
    assert count(state, 2, "marquise", "wood") == 0


def test_3x3_2_wood_on_the_build_map_pays_no_fee() -> None:
    state = blank()
    put(state, 13, "marquise", "warrior", 2)
    put(state, 13, "marquise", "wood", 1)
    put(state, 9, "marquise", "sawmill")
    set_hand(state, MARQUISE)
    state = play(marquise_actions(state), "build sawmill 13")
    assert count(state, 13, "marquise", "sawmill") == 1 and not state.pending


# --- 3x3.2 / 3x3.3 contraband --------------------------------------------------------------------------

CRAFT_FOR = {
    "fox": ("anvil", "hammer", 2),
    "mouse": ("root-tea-fox", "tea", 2),
    "rabbit": ("travel-gear-fox", "boots", 1),
}


def smuggling_game() -> tuple[GameState, str, int]:
    """The Marquise's only workshop stands in clearing 13 (Map 2) with two warriors; she holds an item card for it."""
    state = blank()
    put(state, 13, "marquise", "workshop")
    put(state, 13, "marquise", "warrior", 2)
    key, item, vp = CRAFT_FOR[state.suits[12]]
    set_hand(state, MARQUISE, key)
    state = goto(check(state), MARQUISE, "marquise.craft")
    state = play(state, f"craft {key}")
    return state, item, vp


def test_3x3_2_an_item_crafted_from_the_rival_maps_supply_is_contraband_carried_without_points() -> None:
    state, item, vp = smuggling_game()
    assert state.seats[MARQUISE].points == 0 and state.seats[MARQUISE].items == []
    carried = {"item": item, "clearing": 13, "carrier": "marquise:warrior", "by": 0, "points": vp}
    assert state.map_items == [carried]
    assert state.item_supply["winter"][item] == rules.assets.items_data()["supply"][item] - 1


def test_3x3_2_contraband_scores_when_its_carrier_crosses_home() -> None:
    state, item, vp = smuggling_game()
    fee = SUIT_CARD[state.suits[1]]
    set_hand(state, MARQUISE, fee)
    state = play(goto(state, MARQUISE, "marquise.actions"), "move 13>2 x1")
    assert state.map_items == [] and state.seats[MARQUISE].points == vp
    assert [i["item"] for i in state.seats[MARQUISE].items] == [item]


def test_3x3_2_contraband_moving_on_the_rival_map_scores_nothing() -> None:
    state, item, _ = smuggling_game()
    state = play(goto(state, MARQUISE, "marquise.actions"), "move 13>22 x2")
    assert state.map_items[0]["clearing"] == 22 and state.seats[MARQUISE].points == 0


def test_3x3_2_contraband_falls_when_its_carriers_are_removed_and_a_warrior_searches_the_rubble() -> None:
    state, item, _ = smuggling_game()
    rules.removal.remove_all(state, 13, {"marquise:warrior": 2}, TINKER, "battle")
    assert state.map_items[0]["carrier"] is None
    put(state, 13, "marquise", "warrior")
    state = goto(check(state), MARQUISE, "marquise.actions")
    assert f"search 13 {item}" in legal(state, "search")
    state = play(state, f"search 13 {item}")
    assert state.map_items[0]["carrier"] == "marquise:warrior"
    assert state.turn.flags["actions"] == 2 and state.turn.flags["march"] == 1  # one move of a march


def test_3x3_3_the_home_team_seizes_lying_contraband_for_a_point_and_it_leaves_the_game() -> None:
    state = blank()
    rules.items.lay(state, "sword", 5, by=TINKER)
    state.item_supply["autumn"]["sword"] -= 1
    put(state, 5, "marquise", "warrior")
    state = goto(check(state), MARQUISE, "marquise.actions")
    assert legal(state, "seize") == ["seize 5 sword"]
    state = play(state, "seize 5 sword")
    assert state.map_items == [] and state.items_removed == ["sword"]
    assert state.seats[MARQUISE].points == 1 and state.turn.flags["actions"] == 2


def test_3x3_2_crafting_on_the_home_map_scores_at_once() -> None:
    state = blank()
    put(state, 5, "marquise", "workshop")
    key, item, vp = CRAFT_FOR[state.suits[4]]
    set_hand(state, MARQUISE, key)
    state = play(goto(check(state), MARQUISE, "marquise.craft"), f"craft {key}")
    assert state.map_items == [] and state.seats[MARQUISE].points == vp


def fox_clearing(state: GameState, map_id: str) -> int:
    """The first fox clearing of a map."""
    return next(c for c in state.board.ids() if state.board.map_of(c) == map_id and state.suits[c - 1] == "fox")


def test_3x3_2_a_workshop_on_the_rival_map_paying_part_of_a_craft_makes_it_contraband() -> None:
    state = blank()
    home, abroad = fox_clearing(state, "autumn"), fox_clearing(state, "winter")
    put(state, home, "marquise", "workshop")
    put(state, abroad, "marquise", "workshop")
    put(state, abroad, "marquise", "warrior")
    set_hand(state, MARQUISE, "foxfolk-steel")  # fox, fox: a sword worth 2
    state = play(goto(check(state), MARQUISE, "marquise.craft"), "craft foxfolk-steel")
    carried = {"item": "sword", "clearing": abroad, "carrier": "marquise:warrior", "by": 0, "points": 2}
    assert state.map_items == [carried]
    supply = items_data()["supply"]["sword"]
    assert state.item_supply["winter"]["sword"] == supply - 1 and state.item_supply["autumn"]["sword"] == supply
    assert state.seats[MARQUISE].points == 0 and state.seats[MARQUISE].items == []


def test_3x3_2_workshops_on_the_home_map_pay_first_and_the_rival_maps_then_make_contraband() -> None:
    state = blank()
    home, abroad = fox_clearing(state, "autumn"), fox_clearing(state, "winter")
    put(state, home, "marquise", "workshop")
    put(state, abroad, "marquise", "workshop")
    set_hand(state, MARQUISE, "anvil", "crossbow-mouse")  # a fox each: a hammer worth 2, a crossbow worth 1
    state = play(goto(check(state), MARQUISE, "marquise.craft"), "craft anvil")
    assert state.map_items == [] and state.seats[MARQUISE].points == 2
    assert [i["item"] for i in state.seats[MARQUISE].items] == ["hammer"]
    state = play(state, "craft crossbow-mouse")
    assert state.map_items == [{"item": "crossbow", "clearing": abroad, "carrier": None, "by": 0, "points": 1}]
    assert state.seats[MARQUISE].points == 2
    assert state.item_supply["winter"]["crossbow"] == items_data()["supply"]["crossbow"] - 1


# --- 3x3.9.2 the Eyrie's golden rules ----------------------------------------------------------------


def isolation_game(round_: int) -> tuple[GameState, int]:
    """The Decree holds one fox battle; the only fox clearing with an enemy is on Map 2."""
    state = blank()
    fox = next(c for c in range(13, 25) if state.suits[c - 1] == "fox")
    put(state, fox, "eyrie", "warrior", 2)
    put(state, fox, "tinker", "drone")
    put(state, 1, "eyrie", "roost")
    set_decree(state, battle=["anvil"])
    state.turn.round = round_
    return goto(check(state), EYRIE, "eyrie.resolve"), fox


def test_3x3_9_2_imperial_isolation_skips_a_decree_card_only_the_rival_map_satisfies_in_rounds_1_and_2() -> None:
    state, fox = isolation_game(2)
    assert legal(state) == [f"battle {fox} tinker fox", "skip battle fox"]
    leader = state.seats[EYRIE].data["leader"]
    state, events = play_events(state, "skip battle fox")
    assert state.seats[EYRIE].data["leader"] == leader and "Turmoil" not in public_text(events)
    assert len(state.seats[EYRIE].data["decree"]["battle"]) == 1  # the card stays in the Decree


def test_3x3_9_2_imperial_isolation_skips_when_the_only_foxes_with_enemies_are_on_map_2_and_no_eyrie_is_there() -> None:
    # The seed's own example: no Eyrie warrior stands on Map 2, so no battle is possible anywhere; still no Turmoil.
    state, fox = isolation_game(2)
    rules.removal.remove_all(state, fox, {"eyrie:warrior": 2}, TINKER, "battle")
    state = goto(check(state), EYRIE, "eyrie.resolve")
    assert legal(state) == ["skip battle fox"]
    leader = state.seats[EYRIE].data["leader"]
    state, events = play_events(state, "skip battle fox")
    assert state.seats[EYRIE].data["leader"] == leader and "Turmoil" not in public_text(events)


def test_3x3_9_2_imperial_isolation_does_not_skip_a_card_with_a_target_on_the_home_map() -> None:
    # An enemy in a fox clearing of Map 1 the Eyrie can't reach: the card fails on its own map, so Turmoil.
    state, fox = isolation_game(2)
    rules.removal.remove_all(state, fox, {"eyrie:warrior": 2}, TINKER, "battle")
    home_fox = next(c for c in range(1, 13) if state.suits[c - 1] == "fox")
    put(state, home_fox, "tinker", "drone")
    state = goto(check(state), EYRIE, "eyrie.resolve")
    assert "skip battle fox" not in legal(state)


def test_3x3_9_2_from_round_3_the_eyrie_must_march_to_the_border() -> None:
    state, fox = isolation_game(3)
    assert legal(state) == [f"battle {fox} tinker fox"]


def wings_game() -> GameState:
    """Two Marquise warriors and an Eyrie roost at clearing 2, the Map 1 end of the top bridge."""
    state = blank()
    put(state, 2, "marquise", "warrior", 2)
    put(state, 2, "eyrie", "roost")
    return state


def test_3x3_9_2_wings_of_the_alliance_waive_the_bridge_fee_and_the_ally_feeds_the_eyrie_at_the_end_of_its_turn() -> (
    None
):
    state = wings_game()
    set_hand(state, MARQUISE, other_suit(state.suits[12]))
    set_hand(state, EYRIE)
    state = marquise_actions(state)
    assert "move 2>13 x1" in legal(state, "move")
    state = play(state, "move 2>13 x1", "end")
    assert not state.pending or state.pending[0]["kind"] != "move_fee"
    while rules.to_act(state) == MARQUISE and state.turn.seat == MARQUISE:
        state = play(state, legal(state)[0] if legal(state) != ["end"] else "end")
    assert rules.to_act(state) == MARQUISE and legal(state)[0].startswith("feed ")
    given = legal(state)[0].split()[1]
    state, events = play_events(state, legal(state)[0])
    assert given in hand_keys(state, EYRIE)
    assert given not in public_text(events) and "gives Eyrie Dynasties a card" in public_text(events)


def test_3x3_9_2_wings_of_the_alliance_let_an_ally_leave_a_roost_clearing_the_enemy_rules() -> None:
    state = blank()
    put(state, 14, "marquise", "warrior")
    put(state, 14, "eyrie", "roost")
    put(state, 14, "tinker", "drone", 3)
    put(state, 18, "tinker", "drone", 1)
    state = marquise_actions(state)
    assert ruler(state, 14) == "team:B" and ruler(state, 18) == "team:B"
    assert "move 14>18 x1" in legal(state, "move")
    put(state, 19, "marquise", "warrior")
    put(state, 19, "tinker", "drone", 2)
    assert "move 19>24 x1" not in legal(state, "move")  # no roost at either end


def test_3x3_9_2_wings_of_the_alliance_do_not_let_an_ally_enter_a_roost_clearing_when_it_rules_neither_end() -> None:
    # The permission is "to move out of that clearing": it is no way in.
    state = blank()
    put(state, 14, "eyrie", "roost")
    put(state, 14, "tinker", "drone", 3)
    put(state, 18, "marquise", "warrior")
    put(state, 18, "tinker", "drone", 2)
    state = marquise_actions(state)
    assert ruler(state, 14) == "team:B" and ruler(state, 18) == "team:B"
    assert "move 18>14 x1" not in legal(state, "move")
    with pytest.raises(rules.IllegalActionError):
        rules.parse(state, "move 18>14 x1")


# --- 3x3.9.3 the Alliance's golden rules --------------------------------------------------------------


def test_3x3_9_3_sympathy_spreads_across_a_bridge_onto_the_other_map() -> None:
    state = blank()
    put(state, 13, "alliance", "sympathy")
    assert 2 in spread_sites(state) and 16 not in spread_sites(state)


def test_3x3_9_3_outrage_without_borders_comes_from_the_rival_team_only() -> None:
    state = blank()
    put(state, 14, "alliance", "sympathy")
    put(state, 18, "test-medics", "warrior", 2)
    put(state, 19, "marquise", "warrior", 2)
    set_hand(state, MEDICS, "anvil")
    set_hand(state, MARQUISE, SUIT_CARD[state.suits[13]])
    state = goto(check(state), MEDICS, sf.ACT)
    state = play(state, "move 18>14 x1")
    assert not [d for d in state.pending if d["kind"] == "outrage"]
    state = play(marquise_actions(state), "move 19>14 x1")
    assert [d["seat"] for d in state.pending if d["kind"] == "outrage"] == [MARQUISE]


def test_3x3_9_3_the_revolutionary_agent_leaves_its_contraband_in_the_clearing() -> None:
    state = blank()
    put(state, 5, "alliance", "sympathy")
    put(state, 5, "alliance", "warrior", 2)
    key, item, vp = CRAFT_FOR[state.suits[4]]
    set_hand(state, ALLIANCE, key)
    state = goto(check(state), ALLIANCE, "alliance.daylight")
    state = play(state, f"craft {key}")
    assert state.map_items == [{"item": item, "clearing": 5, "carrier": None, "by": ALLIANCE, "points": vp}]
    assert state.seats[ALLIANCE].points == 0 and state.item_supply["autumn"][item] == items_data()["supply"][item] - 1


def test_3x3_9_3_revolutionary_agent_one_sympathy_on_the_rival_map_makes_the_craft_contraband() -> None:
    # "using its structures on the rival Map": one of the two sympathy tokens paying is enough (3x3.9.3, 3x3.2).
    state = blank()
    home, abroad = fox_clearing(state, "winter"), fox_clearing(state, "autumn")
    put(state, home, "alliance", "sympathy")
    put(state, abroad, "alliance", "sympathy")
    set_hand(state, ALLIANCE, "foxfolk-steel")
    state = play(goto(check(state), ALLIANCE, "alliance.daylight"), "craft foxfolk-steel")
    assert state.map_items == [{"item": "sword", "clearing": abroad, "carrier": None, "by": ALLIANCE, "points": 2}]
    supply = items_data()["supply"]["sword"]
    assert state.item_supply["autumn"]["sword"] == supply - 1 and state.item_supply["winter"]["sword"] == supply
    assert state.seats[ALLIANCE].points == 0


# --- 3x3.6 / 3x3.7 the Vagabonds ------------------------------------------------------------------------


def vagabond_at(cid: int, *item_specs_: str) -> GameState:
    """A blank frontier game with the Vagabond's pawn in a clearing holding exactly these items."""
    state = blank()
    pawn_to(state, cid)
    set_items(state, *item_specs_)
    return state


def test_3x3_7_relations_start_allied_with_the_team_and_indifferent_with_the_rivals() -> None:
    state = started()
    relations = state.seats[VAGABOND].data["relations"]
    assert relations == {"marquise": vb.ALLIED, "eyrie": vb.ALLIED, "tinker": 0, "alliance": 0, "test-medics": 0}


def test_3x3_7_allied_warriors_never_move_or_fight_with_him() -> None:
    state = vagabond_at(5, "boots", "boots", "sword")
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "tinker", "drone", 1)
    state = vb_daylight(state)
    assert legal(state, "lead") == []
    state = play(state, "battle 5 tinker")
    assert rules.to_act(state) != VAGABOND or "ally marquise" not in legal(state)


def test_3x3_7_attacking_a_rival_makes_it_hostile_at_once() -> None:
    state = vagabond_at(5, "sword")
    put(state, 5, "tinker", "factory")
    state = play(vb_daylight(state), "battle 5 tinker")
    assert state.seats[VAGABOND].data["relations"]["tinker"] == vb.HOSTILE


def test_3x3_7_help_to_an_ally_takes_an_item_and_scores_nothing() -> None:
    state = vagabond_at(5, "boots", "sack")
    put(state, 5, "marquise", "warrior")
    set_items(state, "hammer", seat=MARQUISE)
    give(state, VAGABOND, SUIT_CARD[state.suits[4]])
    state = play(vb_daylight(state), f"aid marquise {SUIT_CARD[state.suits[4]]}")
    while rules.to_act(state) == VAGABOND and any(n.startswith("exhaust") for n in legal(state)):
        state = play(state, next(n for n in legal(state) if n.startswith("exhaust")))
    assert "claim hammer" in legal(state)
    state = play(state, "claim hammer")
    assert "hammer" in item_specs(state) and state.seats[VAGABOND].points == 0
    assert state.seats[VAGABOND].data["relations"]["marquise"] == vb.ALLIED


def looting_game() -> GameState:
    state = vagabond_at(5, "sword", "sword")
    put(state, 5, "tinker", "drone", 2)
    set_items(state, "hammer", seat=TINKER)
    return vb_daylight(state)


def test_3x3_6_looting_gives_the_defender_the_higher_die_and_a_hit_takes_a_crafted_item() -> None:
    state = looting_game()
    assert legal(state, "loot") == ["loot 5 tinker"]
    force_dice(state, 2, 1)
    state, events = play_events(state, "loot 5 tinker")
    assert "takes the higher die" in public_text(events)
    while rules.to_act(state) == VAGABOND and not any(n.startswith("claim") for n in legal(state)):
        state = play(state, legal(state)[0])
    assert "claim hammer" in legal(state)
    state = play(state, "claim hammer")
    assert state.seats[TINKER].items == [] and "hammer" in item_specs(state)
    assert legal(state, "loot") == []  # one Looting a turn


def test_3x3_6_a_looting_without_a_rolled_hit_takes_nothing() -> None:
    state = looting_game()
    force_dice(state, 0, 0)
    state, events = play_events(state, "loot 5 tinker")
    assert "The Looting takes nothing." in public_text(events)
    assert [i["item"] for i in state.seats[TINKER].items] == ["hammer"]


def test_3x3_6_the_first_vagabond_with_three_ruins_and_three_quests_becomes_a_legend() -> None:
    state = vagabond_at(6, "torch")
    state.seats[VAGABOND].data.update({"frontier_ruins": 2, "frontier_quests": 3})
    state = play(vb_daylight(state), "explore")
    assert legal(state) == [f"legend {n}" for n in LEGENDS]
    state = play(state, "legend forest-ghost")
    assert legend(state, VAGABOND) == "forest-ghost"
    assert table.fee_suit(state, VAGABOND, 2, 13) is None and table.fee_suit(state, MARQUISE, 2, 13) is not None


def test_3x3_6_war_veteran_may_reroll_the_die_of_a_looting() -> None:
    state = looting_game()
    state.seats[VAGABOND].data["legend"] = "war-veteran"
    force_dice(state, 0, 0)
    state = play(state, "loot 5 tinker")
    assert "reroll" in legal(state)


def test_3x3_3_a_vagabond_takes_lying_contraband_into_his_satchel_with_his_torch() -> None:
    state = vagabond_at(5, "torch")
    rules.items.lay(state, "sword", 5, by=TINKER)
    state.item_supply["autumn"]["sword"] -= 1
    state = vb_daylight(state)
    assert legal(state, "search") == ["search 5 sword"]
    state = play(state, "search 5 sword")
    assert state.map_items == [] and item_specs(state) == ["sword", "torch:exhausted"]


@pytest.mark.parametrize(
    ("items", "text", "why"),
    [
        (("boots",), "search 5 sword", "exhausts a torch"),
        (("torch",), "search 5 hammer", "no contraband hammer lies in clearing 5"),
        (("torch", "sword"), "seize 5 sword", "no warriors to seize"),
    ],
)
def test_3x3_3_a_vagabonds_refused_search_or_seizure_says_why(items: tuple[str, ...], text: str, why: str) -> None:
    state = vagabond_at(5, *items)
    rules.items.lay(state, "sword", 5, by=TINKER)
    state.item_supply["autumn"]["sword"] -= 1
    state = vb_daylight(state)
    before = state.digest()
    with pytest.raises(rules.IllegalActionError, match=why):
        rules.parse(state, text)
    assert state.digest() == before


def test_3x3_3_a_faction_that_declares_no_way_to_pay_is_offered_no_search_or_seizure() -> None:
    state = blank()
    for cid, item in ((13, "sword"), (14, "boots")):
        rules.items.lay(state, item, cid, by=MARQUISE)
        state.item_supply["winter"][item] -= 1
        put(state, cid, "test-medics", "warrior", 2)
        put(state, cid, "tinker", "drone")
    state = goto(check(state), MEDICS, sf.ACT)
    assert legal(state, "search") == [] and legal(state, "seize") == []
    with pytest.raises(rules.IllegalActionError, match="searching the rubble takes one of your moves"):
        rules.parse(state, "search 13 sword")
    state = goto(state, TINKER, "tinker.actions")
    assert legal(state, "search") == ["search 13 sword", "search 14 boots"]


# --- 3x3.5 battles and control ----------------------------------------------------------------------------


def test_3x3_5_allies_never_battle_each_other_and_an_attacker_names_which_ally_it_attacks() -> None:
    state = blank()
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "eyrie", "warrior", 1)
    put(state, 5, "test-medics", "warrior", 3)
    put(state, 5, "tinker", "drone", 1)
    state = goto(check(state), MEDICS, sf.ACT)
    assert legal(state, "battle") == ["battle 5 marquise", "battle 5 eyrie"]
    with pytest.raises(rules.IllegalActionError, match="Old Man Tinker is on your team: you battle only enemies"):
        rules.parse(state, "battle 5 tinker")


def test_3x3_5_only_the_attacked_ally_takes_hits_and_extra_hits_are_lost() -> None:
    state = blank()
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "eyrie", "warrior", 1)
    put(state, 5, "test-medics", "warrior", 3)
    state = goto(check(state), MEDICS, sf.ACT)
    force_dice(state, 3, 0)
    state = play(state, "battle 5 eyrie")
    while state.battle is not None or (state.pending and state.pending[0]["kind"] != "faction"):
        state = play(state, legal(state)[0])
    assert count(state, 5, "eyrie", "warrior") == 0 and count(state, 5, "marquise", "warrior") == 2


def test_3x3_5_allies_add_up_for_rule_and_use_each_others_clearings_to_move_and_build() -> None:
    state = blank()
    put(state, 5, "marquise", "warrior", 2)
    put(state, 5, "eyrie", "warrior", 1)
    put(state, 5, "tinker", "drone", 2)  # 2 cats + 1 bird against 2 drones: team A rules
    put(state, 9, "marquise", "sawmill")
    put(state, 10, "eyrie", "warrior", 3)
    put(state, 10, "tinker", "drone", 2)
    put(state, 10, "marquise", "warrior")
    assert ruler(state, 5) == "team:A" and ruler(state, 10) == "team:A"
    state = marquise_actions(state)
    assert "move 10>12 x1" in legal(state, "move")  # leaving a clearing the Eyrie rules for the team
    assert "build workshop 10" in legal(state, "build") or "build sawmill 10" in legal(state, "build")


def test_3x3_4_the_view_and_the_board_title_name_the_round_of_six() -> None:
    from render.panel import title_line

    state = started()
    view = rules.view_for(state, None)
    assert view["rounds"] == 6 and title_line(view).startswith("Round 1 of 6 · ")


def test_3x3_2_the_board_panel_lists_contraband_and_who_carries_it() -> None:
    from render import render_board
    from render.legend import legend
    from render.panel import map_item_lines

    state, item, _ = smuggling_game()
    rules.items.lay(state, "sword", 5, by=TINKER)
    state.item_supply["autumn"]["sword"] -= 1
    view = rules.view_for(state, None)
    assert map_item_lines(view, legend(view)) == [
        f"Contraband: {item} in clearing 13, carried by Marquise de Cat",
        "Contraband: sword in clearing 5, lying",
    ]
    assert render_board(view, []).startswith(b"\x89PNG")


def test_3x3_1_each_team_has_its_own_vagabond_and_two_in_one_team_are_refused() -> None:
    lineup = ("marquise", "eyrie", "vagabond", "alliance", "tinker", "vagabond2")
    state = rules.new_game(options(lineup), 1)
    names = [state.seats[i].faction for i in state.order]
    assert names[-2:] == ["vagabond", "vagabond2"]  # Vagabond A, then Vagabond B
    mixed = {"marquise": "A", "eyrie": "B", "vagabond": "A", "alliance": "B", "tinker": "B", "vagabond2": "A"}
    with pytest.raises(rules.RulesError, match="team A has two Vagabonds"):
        rules.new_game({**options(lineup), "teams": mixed}, 1)


def test_3x3_7_the_second_vagabond_is_allied_with_his_team_and_indifferent_with_the_other_vagabond() -> None:
    lineup = ("marquise", "eyrie", "vagabond", "alliance", "tinker", "vagabond2")
    state = rules.new_game(options(lineup), 1)
    second = state.seats[5].data["relations"]
    assert second["alliance"] == second["tinker"] == vb.ALLIED
    assert second["vagabond"] == second["marquise"] == second["eyrie"] == vb.INDIFFERENT


# --- 3x3.9.1 Shared Field Hospitals ---------------------------------------------------------------------


def hospital_battle(cid: int) -> GameState:
    """The Medics (team B) kill two Eyrie warriors in a clearing; the Marquise holds a matching card."""
    state = blank()
    put(state, 1, "marquise", "keep")
    put(state, cid, "eyrie", "warrior", 2)
    put(state, cid, "test-medics", "warrior", 3)
    set_hand(state, MARQUISE, SUIT_CARD[state.suits[cid - 1]])
    state = goto(check(state), MEDICS, sf.ACT)
    force_dice(state, 3, 0)
    return play(state, f"battle {cid} eyrie")


def test_3x3_9_1_shared_field_hospitals_send_allied_warriors_removed_on_the_home_map_to_the_keep() -> None:
    state = hospital_battle(5)
    while rules.to_act(state) != MARQUISE:
        state = play(state, legal(state)[0])
    card_key = SUIT_CARD[state.suits[4]]
    assert legal(state) == ["pass", f"hospital {card_key}"]
    state = play(state, f"hospital {card_key}")
    assert count(state, 1, "eyrie", "warrior") == 2 and count(state, 5, "eyrie", "warrior") == 0
    assert state.seats[MARQUISE].hand == [] and rules.problems(state) == []


def test_3x3_9_1_no_shared_field_hospitals_on_the_rival_map() -> None:
    state = hospital_battle(14)
    while state.battle is not None:
        state = play(state, legal(state)[0])
    assert count(state, 14, "eyrie", "warrior") == 0
    assert not any(d.get("what") == "shared_hospital" for d in state.pending)
    assert count(state, 1, "eyrie", "warrior") == 0


def test_3x3_3_the_alliance_seizes_contraband_on_its_home_map_as_a_military_operation() -> None:
    state = blank()
    rules.items.lay(state, "sword", 14, by=MARQUISE)
    state.item_supply["winter"]["sword"] -= 1
    put(state, 14, "alliance", "warrior")
    put(state, 15, "alliance", "fox-base")
    to_area(state, ALLIANCE, "officers", "alliance", "warrior", 1)
    state = goto(check(state), ALLIANCE, "alliance.operations")
    assert "seize 14 sword" in legal(state, "seize")
    state = play(state, "seize 14 sword")
    assert state.items_removed == ["sword"] and state.seats[ALLIANCE].points == 1
    assert (state.turn.seat, state.turn.step) != (ALLIANCE, "alliance.operations")  # its one operation is used


def alliance_by_lying_sword(**extra: object) -> GameState:
    """A sword lies in clearing 5 (Map 1, the Alliance's rival map); an Alliance warrior there, one officer."""
    state = blank(**extra)
    rules.items.lay(state, "sword", 5, by=MARQUISE)
    state.item_supply["autumn"]["sword"] -= 1
    put(state, 5, "alliance", "warrior")
    put(state, 15, "alliance", "fox-base")
    to_area(state, ALLIANCE, "officers", "alliance", "warrior", 1)
    return goto(check(state), ALLIANCE, "alliance.operations")


def test_3x3_3_by_default_the_alliance_does_not_search_the_rubble() -> None:
    # The Revolutionary Agent relies on its allies to carry contraband (option alliance_searches_rubble: false).
    state = alliance_by_lying_sword()
    assert legal(state, "search") == []
    with pytest.raises(rules.IllegalActionError, match="no warrior in clearing 5 that can pick it up"):
        rules.parse(state, "search 5 sword")


def test_3x3_2_option_alliance_searches_rubble_lets_it_collect_like_any_faction() -> None:
    # "can be collected by any faction" (3x3.2): with the option on, an operation picks the sword up.
    state = alliance_by_lying_sword(alliance_searches_rubble=True)
    assert legal(state, "search") == ["search 5 sword"]
    state = play(state, "search 5 sword")
    assert state.map_items[0]["carrier"] == "alliance:warrior"


def test_3x3_9_3_with_the_option_on_the_revolutionary_agents_craft_still_lies_where_it_was_made() -> None:
    state = blank(alliance_searches_rubble=True)
    put(state, 5, "alliance", "sympathy")
    put(state, 5, "alliance", "warrior", 2)
    key, item, vp = CRAFT_FOR[state.suits[4]]
    set_hand(state, ALLIANCE, key)
    state = play(goto(check(state), ALLIANCE, "alliance.daylight"), f"craft {key}")
    assert state.map_items == [{"item": item, "clearing": 5, "carrier": None, "by": ALLIANCE, "points": vp}]
