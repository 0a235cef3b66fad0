"""The Underground Duchy (Law of Root, section 12): one test or more per paragraph, each naming its section.

Tables are Marquise (seat 0), Eyrie (seat 1) and Duchy (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Corners 1-3 and 2-4 face each other.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    craft_for,
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
    set_hand,
    step,
    to_area,
)

import rules
from rules import registry
from rules.battle import start
from rules.cards import card
from rules.factions.duchy import board as db
from rules.factions.duchy import price_of_failure
from rules.rule import rules as rules_clearing
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "duchy")
M, E, D = 0, 1, 2


def table(factions: tuple[str, ...] = FACTIONS) -> GameState:
    """A game past setup with an empty map, empty hands and an empty Burrow."""
    return check(blank_table(factions))


def burrowed(s: GameState, n: int) -> GameState:
    """Put n Duchy warriors from the supply into the Burrow."""
    return to_area(s, D, db.BURROW, "duchy", "warrior", n)


def assembly(s: GameState) -> GameState:
    """The Duchy's Assembly, from its start."""
    return goto(s, D, "duchy.assembly")


def swayed(s: GameState, *ministers: str) -> GameState:
    """Ministers already swayed (their crowns on them)."""
    db.data(s, D)["swayed"] = list(ministers)
    return s


def refused(s: GameState, text: str, reason: str) -> None:
    """The action is refused with this reason, and the state is not touched."""
    before = s.digest()
    with pytest.raises(rules.IllegalActionError, match=reason):
        rules.apply(s, rules.parse(s, text))
    assert s.digest() == before


# --- 12.3 setup ----------------------------------------------------------------------------------------------


def test_setup_surfaces_in_a_free_corner_with_warriors_around_the_tunnel_12_3_3():
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 1)
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9", "leader despot")
    assert rules.to_act(s) == D
    assert legal(s) == ["surface 2", "surface 4"]  # 1 and 3 are the keep's and the roost's
    with pytest.raises(rules.IllegalActionError, match="free corner"):
        rules.apply(s, rules.parse(s, "surface 3"))
    s = play(s, "surface 2")
    assert count(s, 2, "duchy", "warrior") == 2 and count(s, 2, "duchy", "tunnel") == 1
    assert all(count(s, c, "duchy", "warrior") == 2 for c in (5, 6, 10))
    supply = s.seats[D].supply
    assert supply["warrior"] == 20 - 8 and supply["tunnel"] == 2 and supply["citadel"] == 3 and supply["market"] == 3
    assert db.unswayed(s, D) == list(db.MINISTERS) and all(db.crowns_left(s, D, r) == 3 for r in db.RANKS)
    assert registry.of(s, D).starting_corner(s, D) == 2
    check(s)


def test_setup_prefers_the_corner_opposite_a_starting_corner_12_3_3():
    s = rules.new_game({"factions": ["marquise", "duchy"], "first_player": 0}, 1)
    s = play(s, "keep 1", "build sawmill 1", "build workshop 5", "build recruiter 9")
    assert registry.of(s, 1).starting_corner(s, 1) == 3  # the only choice, taken for the Duchy


def test_the_duchy_answers_to_its_aliases():
    for alias in ("duchy", "underground-duchy", "moles", "ud"):
        s = rules.new_game({"factions": ["marquise", alias]}, 1)
        assert s.seats[1].faction == "duchy"


# --- 12.4 Birdsong -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("citadels", "placed"), [(0, 1), (1, 2), (2, 4), (3, 6)])
def test_birdsong_places_a_warrior_plus_one_per_warrior_icon_in_the_burrow_12_4(citadels: int, placed: int):
    s = table()
    for cid in (5, 6, 7)[:citadels]:
        put(s, cid, "duchy", "citadel")
    s = goto(s, D, "duchy.birdsong")
    assert db.burrow(s, D) == placed
    check(s)


# --- 12.2.2 the Burrow and moving through tunnels ----------------------------------------------------------


def test_warriors_move_down_a_tunnel_into_the_burrow_and_up_another_12_2_2():
    s = table()
    put(s, 2, "duchy", "warrior", 3)
    put(s, 2, "duchy", "tunnel")
    put(s, 7, "duchy", "tunnel")
    put(s, 7, "eyrie", "warrior", 2)  # the Eyrie rules 7: the Duchy rules the Burrow, so it may come up anyway
    s = assembly(s)
    moves = legal(s, "move")
    assert "move 2>burrow x3" in moves and "move 7>burrow x1" not in moves
    s, events = play_events(s, "move 2>burrow x2")
    assert db.burrow(s, D) == 2 and count(s, 2, "duchy", "warrior") == 1
    assert "into the Burrow" in public_text(events)
    assert "move burrow>7 x2" in legal(s, "move") and "move burrow>2 x1" in legal(s, "move")
    s = play(s, "move burrow>7 x2")
    assert db.burrow(s, D) == 0 and count(s, 7, "duchy", "warrior") == 2
    check(s)


def test_a_move_cobbler_grants_may_go_through_the_burrow_12_2_2():
    """Cobbler grants a move; the Burrow is adjacent to every clearing with a tunnel, so it may be that move."""
    s = table()
    put(s, 2, "duchy", "tunnel")
    put(s, 2, "duchy", "warrior", 2)
    s = burrowed(craft_for(s, D, "cobbler"), 1)
    s = goto(check(s), D, "evening.start")
    assert rules.to_act(s) == D and {"move 2>burrow x2", "move burrow>2 x1", "move 2>5 x2"} <= set(legal(s))
    s = play(s, "move 2>burrow x2")
    assert db.burrow(s, D) == 3 and count(s, 2, "duchy", "warrior") == 0
    check(s)


@pytest.mark.parametrize(("option", "points"), [(None, 3), ("burrow", 3), ("map", 2)])
def test_royal_claim_counts_the_burrow_the_duchy_always_rules_12_2_2(option: str | None, points: int):
    """The Burrow is a clearing the Duchy always rules (12.2.2; the Law names it where it must be left out, as in
    12.3.3): Royal Claim counts it unless the game option reads Royal Claim as the map's clearings only."""
    options = {} if option is None else {"duchy_royal_claim": option}
    s = check(blank_table(FACTIONS, options=options))
    put(s, 7, "duchy", "warrior")
    put(s, 8, "duchy", "warrior")
    s = goto(craft_for(s, D, "royal-claim"), D, "birdsong.start")
    s = play(s, "use royal-claim")
    assert s.seats[D].points == points


def test_warriors_coming_up_a_tunnel_into_sympathy_owe_outrage_12_2_2_8_2_6():
    """Coming up from the Burrow is a move into the clearing: the Alliance's Outrage is owed as for any move."""
    s = table(("marquise", "alliance", "duchy"))
    put(s, 2, "duchy", "tunnel")
    put(s, 2, "alliance", "sympathy")
    s = assembly(burrowed(set_hand(s, D, "bake-sale", "investments"), 2))  # 2 is mouse: Investments matches
    s = play(s, "move burrow>2 x2")
    assert s.pending and s.pending[0]["kind"] == "outrage" and s.pending[0]["seat"] == D
    assert legal(s) == ["outrage investments"]


def test_the_burrow_is_adjacent_only_to_clearings_with_a_tunnel_12_2_2():
    s = table()
    put(s, 2, "duchy", "warrior", 2)
    put(s, 2, "duchy", "tunnel")
    s = burrowed(assembly(s), 2)
    refused(s, "move burrow>8 x1", "adjacent only to clearings with a tunnel; clearing 8 has none")
    refused(s, "move burrow>2 x3", "you have only 2 warriors in the Burrow")
    refused(s, "move 5>burrow x1", "clearing 5 has none")


def test_the_burrow_is_written_as_a_word_in_a_path_12_2_2():
    s = table()
    put(s, 2, "duchy", "tunnel")
    s = burrowed(assembly(s), 1)
    action = rules.parse(s, "move burrow -> 2")
    assert action.notation() == "move burrow>2 x1"


def test_no_other_faction_may_move_into_the_burrow_12_2_2():
    s = table()
    put(s, 2, "duchy", "tunnel")
    put(s, 2, "marquise", "warrior", 2)
    s = goto(s, M, "marquise.actions")
    assert not any("burrow" in a for a in legal(s, "move"))
    with pytest.raises(rules.RulesError):
        rules.apply(s, rules.parse(s, "move 2>burrow x1"))


# --- 12.5.1 Assembly ---------------------------------------------------------------------------------------------


def test_recruit_places_a_warrior_in_the_burrow_and_assembly_has_two_actions_12_5_1():
    s = set_hand(table(), D, "anvil")
    s = play(assembly(s), "recruit")
    assert db.burrow(s, D) == 1
    s = play(s, "recruit")
    assert db.burrow(s, D) == 2 and step(s) == (D, "duchy.assembly")  # a card in hand: Assembly waits for 'end'
    refused(s, "recruit", "both Assembly actions")
    check(s)


def test_build_reveals_a_matching_card_to_place_a_citadel_where_the_duchy_rules_12_5_1():
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    s = assembly(set_hand(s, D, "sword", "anvil"))
    assert legal(s, "build") == ["build citadel 7 card:sword", "build market 7 card:sword"] or set(
        legal(s, "build")
    ) == {"build citadel 7 sword", "build market 7 sword"}
    s, events = play_events(s, "build citadel 7 sword")
    assert count(s, 7, "duchy", "citadel") == 1
    assert hand_keys(s, D) == ["anvil"]
    assert [card(c).key for c in registry.of(s, D).shown_cards(s, D)] == ["sword"]  # revealed: the table sees it
    assert "reveals Sword" in public_text(events)
    check(s)


def test_a_build_is_refused_with_its_reason_12_5_1():
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    put(s, 8, "eyrie", "warrior", 1)
    s = assembly(set_hand(s, D, "sword", "anvil"))
    refused(s, "build citadel 7 anvil", r"Anvil \(fox\) does not match mouse clearing 7|Anvil does not match")
    refused(s, "build citadel 8 anvil", "you don't rule clearing 8")
    refused(s, "build citadel 7 bake-sale", "not in your hand")
    assert rules.parse(s, "build citadel 7").notation() == "build citadel 7 sword"  # the only card that matches
    refused(s, "build sawmill 7 sword", "builds citadels and markets")


def test_dig_spends_a_matching_card_places_a_tunnel_and_brings_warriors_up_12_5_1():
    s = table()
    s = assembly(burrowed(set_hand(s, D, "anvil"), 5))
    assert "dig 8 anvil x4" in legal(s, "dig") and "dig 8 anvil x5" not in legal(s, "dig")
    s = play(s, "dig 8 anvil x3")
    assert count(s, 8, "duchy", "tunnel") == 1 and count(s, 8, "duchy", "warrior") == 3
    assert db.burrow(s, D) == 2 and "anvil" in discard_keys(s)
    check(s)


def test_a_dig_with_the_burrow_empty_places_the_tunnel_alone_12_5_1():
    s = assembly(set_hand(table(), D, "anvil"))
    assert legal(s, "dig") == ["dig 1 anvil x0", "dig 6 anvil x0", "dig 8 anvil x0", "dig 12 anvil x0"]  # fox
    s = play(s, "dig 8 anvil")
    assert db.tunnels(s) == [8] and count(s, 8, "duchy", "warrior") == 0
    check(s)


def test_dig_moves_a_tunnel_when_all_three_are_on_the_map_12_2_4():
    s = table()
    for cid in (1, 2, 3):
        put(s, cid, "duchy", "tunnel")
    s = assembly(burrowed(set_hand(s, D, "anvil"), 1))
    assert "dig 8 anvil x1 tunnel:2" in legal(s, "dig")
    with pytest.raises(rules.RulesError, match="could mean several things: dig 8 anvil x1 tunnel:1"):
        rules.parse(s, "dig 8 anvil x1")
    s = play(s, "dig 8 anvil x1 tunnel:2")
    assert db.tunnels(s) == [1, 3, 8]
    check(s)


def test_a_dig_is_refused_with_its_reason_12_5_1():
    s = table()
    put(s, 8, "duchy", "tunnel")
    s = assembly(burrowed(set_hand(s, D, "anvil", "sword"), 2))
    refused(s, "dig 8 anvil x1", "already has a tunnel")
    refused(s, "dig 12 sword x1", "does not match fox clearing 12")
    refused(s, "dig 12 anvil x3", "at most 2 warriors")
    refused(s, "dig 12 root-tea-fox x1", "not in your hand")


# --- 12.5.3 Sway ---------------------------------------------------------------------------------------------------


def test_sway_reveals_cards_matching_clearings_with_duchy_pieces_and_scores_the_crown_12_5_3():
    s = table()
    put(s, 7, "duchy", "warrior")  # mouse
    put(s, 8, "duchy", "tunnel")  # fox
    s = goto(set_hand(s, D, "sword", "anvil", "bake-sale"), D, "duchy.sway")
    offered = legal(s, "sway")
    assert "sway marshal anvil sword" in offered
    assert not any("bake-sale" in a for a in offered)  # no rabbit clearing with a Duchy piece
    assert not any(a.startswith("sway brigadier") for a in offered)  # three cards need three clearings
    s, events = play_events(s, "sway marshal sword anvil")
    assert db.swayed(s, D) == ["marshal"] and db.crowns_left(s, D, "squire") == 2
    assert s.seats[D].points == db.CROWN_POINTS["squire"]
    assert hand_keys(s, D) == ["bake-sale"]
    assert "reveals" in public_text(events)
    refused(s, "sway captain bake-sale bake-sale", "already swayed a minister")
    check(s)


def test_a_bird_card_matches_any_clearing_but_each_card_needs_its_own_12_5_3():
    s = table()
    put(s, 7, "duchy", "warrior")
    s = goto(set_hand(s, D, "ambush-bird", "sword"), D, "duchy.sway")
    refused(s, "sway marshal ambush-bird sword", "its own clearing")
    put(s, 12, "duchy", "warrior")
    assert "sway marshal ambush-bird sword" in legal(s, "sway")


def test_sway_needs_a_crown_of_the_minister_s_rank_12_5_3():
    s = table()
    put(s, 7, "duchy", "warrior")
    put(s, 8, "duchy", "warrior")
    s = swayed(s, "foremole", "captain")
    db.data(s, D)["crowns_lost"] = {"squire": 1}
    s = goto(set_hand(s, D, "sword", "anvil"), D, "duchy.sway")
    refused(s, "sway marshal sword anvil", "no squire's crown left")
    refused(s, "sway captain sword anvil", "already swayed")


def test_revealed_cards_return_to_hand_in_evening_and_revealed_birds_are_discarded_12_6_1():
    s = table()
    put(s, 7, "duchy", "warrior")
    put(s, 8, "duchy", "warrior")
    s = goto(set_hand(s, D, "ambush-bird", "sword"), D, "duchy.sway")
    s = play(s, "sway marshal ambush-bird sword")  # nothing left to do: Evening returns the cards at once
    assert "sword" in hand_keys(s, D) and "ambush-bird" in discard_keys(s)
    assert db.revealed(s, D) == []
    check(s)


# --- 12.5.2 Parliament ---------------------------------------------------------------------------------------------


def parliament(s: GameState, *ministers: str) -> GameState:
    return goto(swayed(s, *ministers), D, "duchy.parliament")


def test_the_marshal_takes_a_move_once_per_turn_12_5_2():
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    s = parliament(set_hand(s, D, "anvil"), "marshal", "banker")
    assert legal(s) == ["end", "minister marshal", "minister banker anvil"]
    s = play(s, "minister marshal")
    refused(s, "end", "you must carry out the Marshal.s action, or pass")
    s = play(s, "move 7>8 x2")
    assert count(s, 8, "duchy", "warrior") == 2
    refused(s, "minister marshal", "already taken its action")


def test_the_captain_initiates_a_battle_12_5_2():
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    put(s, 7, "eyrie", "warrior", 1)
    s = parliament(set_hand(s, D, "anvil"), "captain", "banker")
    s = play(s, "minister captain")
    assert legal(s, "battle") == ["battle 7 eyrie"]
    refused(s, "move 7>8 x1", "Captain initiates a battle")


def test_the_foremole_builds_revealing_any_card_12_5_2():
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    s = parliament(set_hand(s, D, "anvil"), "foremole")
    s = play(s, "minister foremole", "build market 7 anvil")  # a fox card in a mouse clearing
    assert count(s, 7, "duchy", "market") == 1 and "anvil" in hand_keys(s, D)  # revealed, back in Evening
    check(s)


def test_the_brigadier_takes_two_moves_or_two_battles_not_one_of_each_12_5_2():
    s = table()
    put(s, 7, "duchy", "warrior", 3)
    put(s, 12, "eyrie", "warrior", 1)
    s = parliament(set_hand(s, D, "anvil"), "brigadier", "banker")
    s = play(s, "minister brigadier", "move 7>12 x2")
    refused(s, "battle 12 eyrie", "second action is a move too")
    s = play(s, "move 7>8 x1")
    assert db.flags(s)["worked"] == ["brigadier"] and not db.flags(s).get("acting")


def test_a_minister_the_price_returns_mid_action_still_finishes_it_12_5_2_12_2_3():
    """The Brigadier's first battle costs the citadel there: the Price returns the Brigadier (the highest), but its
    action was taken while swayed, so its second battle is still open."""
    s = table()
    put(s, 7, "duchy", "warrior")
    put(s, 7, "duchy", "citadel")
    put(s, 7, "eyrie", "warrior", 3)
    put(s, 8, "duchy", "warrior", 2)
    put(s, 8, "eyrie", "warrior")
    s = parliament(s, "brigadier", "marshal")
    s = force_dice(s, 3, 2)  # the Duchy deals 1 (one warrior), the Eyrie 2: the warrior, then the citadel
    s = play(s, "minister brigadier", "battle 7 eyrie")
    assert count(s, 7, "duchy", "citadel") == 0 and db.swayed(s, D) == ["marshal"]
    assert "battle 8 eyrie" in legal(s, "battle") and "pass" in legal(s)
    s = play(s, "battle 8 eyrie")
    assert db.flags(s)["worked"] == ["brigadier"] and not db.flags(s).get("acting")


def test_the_banker_spends_cards_of_one_suit_for_points_12_5_2():
    s = table()
    s = parliament(set_hand(s, D, "anvil", "ambush-bird", "sword"), "banker")
    assert "minister banker ambush-bird anvil" in legal(s, "minister")
    refused(s, "minister banker anvil sword", "all be of one suit")
    s = play(s, "minister banker anvil ambush-bird")
    assert s.seats[D].points == 2 and hand_keys(s, D) == ["sword"]


def test_the_mayor_takes_the_action_of_a_swayed_squire_or_noble_12_5_2():
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    put(s, 5, "duchy", "citadel")
    s = parliament(set_hand(s, D, "anvil"), "mayor", "marshal", "earl")
    s = play(s, "minister mayor")
    refused(s, "minister earl", "squire or noble")
    s = play(s, "minister marshal", "move 7>8 x1")
    assert db.flags(s)["worked"] == ["mayor"]
    s = play(s, "minister marshal", "move 8>7 x1")  # the Marshal's own action is still there
    assert db.flags(s)["worked"] == ["mayor", "marshal"]


def test_the_lords_score_tunnels_markets_and_citadels_12_5_2():
    s = table()
    for cid in (1, 2, 3):
        put(s, cid, "duchy", "tunnel")
    put(s, 5, "duchy", "market")
    put(s, 6, "duchy", "citadel")
    put(s, 7, "duchy", "citadel")
    s = parliament(s, "duchess", "baron", "earl")
    s = play(s, "minister duchess", "minister baron", "minister earl")
    assert s.seats[D].points == 2 + 1 + 2


def test_a_lord_with_nothing_to_score_is_not_offered_12_5_2():
    s = parliament(set_hand(table(), D, "anvil"), "duchess", "banker")
    assert "minister duchess" not in legal(s)
    refused(s, "minister duchess", "all three tunnels")


# --- 12.2.3 the Price of Failure ---------------------------------------------------------------------------------


def test_losing_a_building_returns_the_highest_minister_loses_its_crown_and_a_random_card_12_2_3():
    s = table()
    put(s, 7, "duchy", "citadel")
    put(s, 7, "eyrie", "warrior", 2)
    s = swayed(s, "marshal", "banker")
    s = set_hand(s, D, "anvil")
    force_dice(check(s), 3, 0)
    s = goto(s, E, "daylight.cards")
    start(s, E, 7, "duchy")
    rules.flow.advance(s)
    s = play(s, "pass")  # no ambush
    assert count(s, 7, "duchy", "citadel") == 0
    assert db.swayed(s, D) == ["marshal"] and db.crowns_left(s, D, "noble") == 2
    assert "banker" in db.unswayed(s, D) and hand_keys(s, D) == []
    check(s)


def test_the_duchy_chooses_among_ministers_of_equal_highest_rank_12_2_3():
    s = table()
    s = swayed(s, "earl", "baron", "marshal")
    price_of_failure(s, D)
    assert legal(s, seat=D) == ["minister earl", "minister baron"] or set(legal(s, seat=D)) == {
        "minister earl",
        "minister baron",
    }
    s = play(s, "minister baron")
    assert db.swayed(s, D) == ["earl", "marshal"] and db.crowns_left(s, D, "lord") == 1


def test_two_prices_owed_at_once_take_two_ministers_each_chosen_when_it_is_answered_12_2_3():
    """Removals outside battle (a Raze in several clearings) before the first choice: after the Duchy chooses the
    Baron, the second Price takes the lord left and the third the Marshal; the fourth, with no minister left for it,
    only discards (a game with the Cult and the Hundreds once crashed here)."""
    s = table()
    s = swayed(s, "earl", "baron", "marshal")
    price_of_failure(s, D)
    price_of_failure(s, D)
    price_of_failure(s, D)
    price_of_failure(s, D)
    s = play(s, "minister baron")
    assert db.swayed(s, D) == [] and not s.pending  # the later Prices each had one choice: taken for the Duchy
    assert db.crowns_left(s, D, "lord") == 1 and db.crowns_left(s, D, "squire") == 2
    check(s)


def test_a_favor_removing_buildings_in_several_clearings_at_once_costs_one_price_12_2_3():
    """A Favor removes every enemy piece of its suit at once (Golden Rules: all are removed before anything
    triggers), so losing a citadel in 7 and a market in 9 to it costs the Duchy one minister, not two."""
    s = table()
    for cid in (2, 7, 9):  # three mouse roosts to craft with
        put(s, cid, "eyrie", "roost")
    put(s, 7, "duchy", "citadel")
    put(s, 11, "duchy", "market")
    s = swayed(s, "marshal", "banker", "earl")
    s = set_hand(s, D, "anvil", "sword", "bake-sale")
    s = set_hand(s, E, "favor-of-the-mice")
    s = goto(check(s), E, "eyrie.craft")
    s = play(s, "craft favor-of-the-mice")
    assert db.buildings_on_map(s, "citadel") == 0 and db.buildings_on_map(s, "market") == 0
    assert db.swayed(s, D) == ["marshal", "banker"] and db.crowns_left(s, D, "lord") == 2  # the Earl only
    assert len(s.seats[D].hand) == 2  # one random card discarded
    check(s)


def test_one_battle_taking_a_citadel_and_a_market_costs_one_price_12_2_3():
    s = table()
    put(s, 7, "duchy", "citadel")
    put(s, 7, "duchy", "market")
    put(s, 7, "eyrie", "warrior", 3)
    s = swayed(set_hand(s, D, "anvil", "sword"), "marshal", "captain")
    force_dice(check(s), 3, 0)
    s = goto(s, E, "daylight.cards")
    start(s, E, 7, "duchy")
    rules.flow.advance(s)
    s = play(s, "pass")  # no ambush
    assert db.buildings_on_map(s, "citadel") == db.buildings_on_map(s, "market") == 0
    if s.pending:  # two squires: the Duchy chooses one
        s = play(s, "minister captain")
    assert db.swayed(s, D) == ["marshal"] and len(s.seats[D].hand) == 1
    check(s)


def test_with_no_minister_swayed_the_price_is_a_random_card_12_2_3():
    s = set_hand(table(), D, "anvil")
    price_of_failure(s, D)
    assert hand_keys(s, D) == [] and "anvil" in discard_keys(s) and not s.pending
    assert all(db.crowns_left(s, D, r) == 3 for r in db.RANKS)


def test_each_clearing_a_raze_clears_costs_its_own_price_14_4_1_12_2_3():
    """Raze resolves the mobs one clearing after another (14.4.1), so each clearing's lost buildings are a removal of
    their own: two razed clearings cost two ministers."""
    s = table(("marquise", "hundreds", "duchy"))
    for cid in (7, 9):
        put(s, cid, "hundreds", "mob")
    put(s, 7, "duchy", "citadel")
    put(s, 9, "duchy", "market")
    s = swayed(s, "marshal", "brigadier")
    s = goto(check(s), 1, "hundreds.raze")
    assert db.buildings_on_map(s, "citadel") == db.buildings_on_map(s, "market") == 0
    assert db.swayed(s, D) == [] and db.crowns_left(s, D, "noble") == 2 and db.crowns_left(s, D, "squire") == 2
    check(s)


def test_a_removed_tunnel_costs_no_minister_12_2_3():
    s = table()
    put(s, 7, "duchy", "tunnel")
    put(s, 7, "eyrie", "warrior", 2)
    s = swayed(s, "marshal")
    force_dice(check(s), 3, 0)
    s = goto(s, E, "daylight.cards")
    start(s, E, 7, "duchy")
    rules.flow.advance(s)
    assert count(s, 7, "duchy", "tunnel") == 0 and db.swayed(s, D) == ["marshal"]


# --- 12.6 Evening --------------------------------------------------------------------------------------------------


def test_evening_draws_one_card_plus_one_per_market_12_6_3():
    s = table()
    put(s, 5, "duchy", "market")
    put(s, 6, "duchy", "market")
    s = set_hand(s, D)
    s = goto(s, D, "evening.draw")
    assert len(s.seats[D].hand) == 3


def test_citadels_and_markets_are_the_crafting_pieces_12_2_1():
    s = table()
    put(s, 5, "duchy", "market")
    put(s, 6, "duchy", "citadel")
    assert sorted(registry.of(s, D).crafting_suits(s, D)) == ["fox", "rabbit"]
    s = goto(set_hand(s, D, "anvil"), D, "duchy.craft")
    assert step(s) == (D, "duchy.craft") and "craft anvil" in legal(s, "craft")


# --- the faction board as the table sees it ---------------------------------------------------------------------


def test_the_panel_shows_the_tracks_ministers_crowns_and_what_each_uncovers_12_3():
    s = table()
    for cid in (1, 2, 3):
        put(s, cid, "duchy", "tunnel")
    put(s, 5, "duchy", "citadel")
    put(s, 6, "duchy", "market")
    put(s, 7, "duchy", "market")
    s = swayed(s, "marshal", "earl")
    db.data(s, D)["crowns_lost"] = {"noble": 1}
    lines = rules.view_for(s, None)["seats"][D]["panel"]
    assert "tunnels on the map: 3 of 3" in lines
    assert "citadels on the map: 1 of 3 (Birdsong: 2 warriors to the Burrow)" in lines
    assert "markets on the map: 2 of 3 (Evening: draw 3)" in lines
    assert "swayed: Marshal, Earl of Stone" in lines
    assert "crowns left: squire 2 (1 VP), noble 2 (2 VP), lord 2 (3 VP)" in lines


def test_the_board_draws_every_duchy_piece_the_burrow_and_the_panel_12_3(monkeypatch: pytest.MonkeyPatch):
    """Drawn from the declarations alone: the four kinds in clearings, the Burrow as the seat's area, the panel."""
    from render import board as board_module
    from render import panel as panel_module
    from render import pieces as pieces_module
    from render import render_board

    seen: list[str] = []
    original = panel_module.draw_text

    def record(draw: object, xy: object, text: str, *args: object, **kwargs: object) -> None:
        seen.append(text)
        original(draw, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    for module in (panel_module, board_module, pieces_module):
        monkeypatch.setattr(module, "draw_text", record)
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    put(s, 7, "duchy", "tunnel")
    put(s, 7, "duchy", "citadel")
    put(s, 8, "duchy", "market")
    s = burrowed(s, 3)
    view = rules.view_for(s, None)
    assert set(view["factions"]["duchy"]["pieces"]) == {"warrior", "tunnel", "citadel", "market"}
    png = render_board(view, [])
    assert png.startswith(b"\x89PNG")
    text = "\n".join(seen)
    assert "Burrow" in text and "C" in seen and "M" in seen  # the area, and the buildings' labels
    for line in ("tunnels on the map: 1 of 3", "swayed: none", "crowns left: squire 3 (1 VP), noble 3 (2 VP), lord 3"):
        assert line in text


def test_revealed_cards_lie_in_the_play_area_for_the_whole_table_12_5_1():
    s = table()
    put(s, 7, "duchy", "warrior", 2)
    s = play(assembly(set_hand(s, D, "sword", "anvil")), "build citadel 7 sword")
    for viewer in (None, M, D):
        seat = rules.view_for(s, viewer)["seats"][D]
        assert [c["key"] for c in seat["play_area"]] == ["sword"]
        assert "revealed: Sword" in " ".join(seat["panel"])
    assert "anvil" not in str(rules.view_for(s, M)) and "anvil" not in str(rules.view_for(s, None))


# --- the seeds' Duchy paragraphs -----------------------------------------------------------------------------------


def test_the_spinners_set_up_opposite_the_duchy_s_starting_tunnel_som_3_2():
    s = rules.new_game({"factions": ["duchy", "spinners"], "first_player": 0}, 1)
    assert rules.to_act(s) == 0 and "surface 2" in legal(s)
    s = play(s, "surface 2")
    assert registry.of(s, 1).starting_corner(s, 1) == 4  # the corner diagonally opposite, the only choice


def test_warriors_coming_up_into_the_homeland_are_infected_ts_2_3():
    s = table(("spore", "marquise", "duchy"))
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    put(s, 5, "duchy", "tunnel")
    s = assembly(burrowed(s, 2))
    s, events = play_events(s, "move burrow>5 x2")
    assert s.clearings[4].get("duchy:warrior:spore") == 2  # the Burrow is no shelter once they surface
    assert "infects 2 Underground Duchy warriors" in public_text(events)
    check(s)


def frontier_table() -> GameState:
    """A blank 3x3 game: team A the Marquise, the Eyrie and a Vagabond; team B the Duchy (its Military 1), the
    Spore and the Spinners."""
    factions = ("marquise", "eyrie", "vagabond", "duchy", "spore", "spinners")
    teams = {f: ("A" if i < 3 else "B") for i, f in enumerate(factions)}
    s = rules.new_game({"factions": list(factions), "mode": "frontier", "teams": teams, "first_player": 0}, 1)
    while s.turn.phase == "setup" and s.pending:
        s = play(s, legal(s)[0])
    return emptied(s)


def test_in_3x3_two_cats_and_a_bird_govern_against_two_moles_and_the_mole_battles_one_of_them_3x3_5():
    s = frontier_table()
    duchy = s.seat_of("duchy")
    assert duchy is not None
    put(s, 6, "marquise", "warrior", 2)
    put(s, 6, "eyrie", "warrior")
    put(s, 6, "duchy", "warrior", 2)
    assert rules_clearing(s, 0, 6) and rules_clearing(s, 1, 6) and not rules_clearing(s, duchy, 6)
    s = goto(check(s), duchy, "duchy.assembly")
    battles = [a for a in legal(s, "battle") if a.startswith("battle 6 ")]
    assert battles == ["battle 6 marquise", "battle 6 eyrie"]  # one defender, chosen before the roll


def test_in_3x3_the_duchy_surfaces_on_its_home_map_3x3_1():
    factions = ("marquise", "eyrie", "vagabond", "duchy", "spore", "spinners")
    teams = {f: ("A" if i < 3 else "B") for i, f in enumerate(factions)}
    s = rules.new_game({"factions": list(factions), "mode": "frontier", "teams": teams, "first_player": 0}, 1)
    while s.turn.phase == "setup" and s.pending:
        if s.seats[rules.to_act(s) or 0].faction == "duchy":
            assert all(s.board.map_of(int(a.split()[1])) == "winter" for a in legal(s))
        s = play(s, legal(s)[0])
    corner = registry.of(s, s.seat_of("duchy") or 0).starting_corner(s, s.seat_of("duchy") or 0)
    assert corner is not None and s.board.map_of(corner) == "winter"


# --- named scenarios in notation: the Duchy's signature moments, played line by line --------------------------------


def test_scenario_a_dig_and_a_move_through_the_burrow_12_2_2_12_5_1():
    """Two warriors go down the tunnel in 2; a dig in 8 brings three up; the Marshal takes one more up to 2."""
    s = table()
    put(s, 2, "duchy", "tunnel")
    put(s, 2, "duchy", "warrior", 3)
    put(s, 8, "eyrie", "warrior", 1)
    s = burrowed(swayed(set_hand(s, D, "anvil", "sword"), "marshal"), 2)
    s = assembly(s)
    s = play(s, "move 2>burrow x2", "dig 8 anvil x3")
    assert db.burrow(s, D) == 1 and count(s, 2, "duchy", "warrior") == 1
    assert count(s, 8, "duchy", "warrior") == 3 and db.tunnels(s) == [2, 8]
    assert rules_clearing(s, D, 8) and "anvil" in discard_keys(s)  # the dig spends its card
    s = play(s, "end", "minister marshal", "move burrow>2 x1")
    assert db.burrow(s, D) == 0 and count(s, 2, "duchy", "warrior") == 2
    check(s)


def test_scenario_swaying_a_minister_then_using_it_12_5_3_12_5_2():
    """The Brigadier is swayed with a fox, a mouse and a bird card (three clearings with Duchy pieces), scores its
    crown; in Evening the bird is discarded and the others come back; next turn it moves twice."""
    s = table()
    put(s, 8, "duchy", "warrior", 2)  # fox
    put(s, 7, "duchy", "tunnel")  # mouse
    put(s, 5, "duchy", "warrior")  # rabbit
    s = goto(set_hand(s, D, "anvil", "sword", "ambush-bird", "bake-sale"), D, "duchy.sway")
    s = play(s, "sway brigadier anvil ambush-bird sword")
    assert db.swayed(s, D) == ["brigadier"] and s.seats[D].points == db.CROWN_POINTS["noble"] == 2
    assert sorted(card(c).key for c in db.revealed(s, D)) == ["ambush-bird", "anvil", "sword"]
    s = play(s, "end")  # Evening: the revealed cards come back (the bird is discarded)
    assert {"anvil", "sword", "bake-sale"} <= set(hand_keys(s, D)) and "ambush-bird" in discard_keys(s)
    s = goto(s, D, "duchy.parliament")
    s = play(s, "minister brigadier", "move 8>4 x1", "move 8>4 x1")
    assert count(s, 4, "duchy", "warrior") == 2 and db.flags(s)["worked"] == ["brigadier"]
    check(s)


def test_scenario_the_price_of_failure_in_the_marquise_s_battle_12_2_3():
    """The Marquise battles a lone citadel: it falls, the Duchy chooses which of its two lords returns (its crown
    leaves the game), then discards a card at random."""
    s = table()
    put(s, 7, "duchy", "citadel")
    put(s, 7, "marquise", "warrior", 2)
    s = swayed(set_hand(s, D, "anvil"), "marshal", "earl", "baron")
    s = force_dice(marquise_actions(s), 2, 0)
    s = play(s, "battle 7 duchy", "pass")  # the Duchy plays no ambush
    assert count(s, 7, "duchy", "citadel") == 0 and s.seats[M].points == 1
    assert rules.to_act(s) == D and sorted(legal(s)) == ["minister baron", "minister earl"]
    s = play(s, "minister earl")
    assert db.swayed(s, D) == ["marshal", "baron"] and db.crowns_left(s, D, "lord") == 1
    assert hand_keys(s, D) == [] and "anvil" in discard_keys(s) and rules.to_act(s) == M
    check(s)


def test_scenario_a_team_clearing_with_moles_in_3x3_5():
    """The seed's own example: two Cats and a Bird (team A) govern against two Moles (team B). The Moles battle the
    Bird alone; its ally takes no hit, and the hits left over after the Bird is gone are lost."""
    s = frontier_table()
    duchy = s.seat_of("duchy")
    assert duchy is not None
    put(s, 6, "marquise", "warrior", 2)
    put(s, 6, "eyrie", "warrior")
    put(s, 6, "duchy", "warrior", 2)
    s = force_dice(goto(check(s), duchy, "duchy.assembly"), 3, 0)
    s = play(s, "battle 6 eyrie")
    assert count(s, 6, "eyrie", "warrior") == 0 and count(s, 6, "marquise", "warrior") == 2
    assert count(s, 6, "duchy", "warrior") == 2
    assert not rules_clearing(s, duchy, 6) and not rules_clearing(s, 0, 6)  # two against two: no one governs
    check(s)
