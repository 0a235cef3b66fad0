"""Woodland Alliance (Law 8): supporters, sympathy, Outrage, Guerrilla War, bases and officers, Revolt, the turn.

Tables are Marquise (seat 0), Eyrie (seat 1) and Alliance (seat 2) unless a test says otherwise; the map is
Autumn: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    craft_for,
    discard_keys,
    force_dice,
    give,
    goto,
    hand_keys,
    legal,
    new_table,
    play,
    play_events,
    public_text,
    put,
    set_hand,
    set_supply,
    step,
)

import rules
from rules import registry
from rules.actions import Move
from rules.cards import card
from rules.factions.alliance import OFFICERS, supporters
from rules.hooks import Entered
from rules.playout import play as playout

FACTIONS = ("marquise", "eyrie", "alliance")
M, E, A = 0, 1, 2


def table(*supporter_keys: str, hand: tuple[str, ...] = ()) -> rules.GameState:
    """A three-seat game past setup: empty map and hands, the Supporters exactly as given."""
    s = blank_table(FACTIONS)
    set_supporters(s, *supporter_keys)
    set_hand(s, A, *hand)
    return check(s)


def set_supporters(s: rules.GameState, *card_keys: str) -> rules.GameState:
    """Make the Supporters stack exactly these cards (the old ones go to the bottom of the deck)."""
    stack = supporters(s, A)
    s.deck[:0] = stack
    stack.clear()
    before = len(s.seats[A].hand)
    give(s, A, *card_keys)
    stack += s.seats[A].hand[before:]
    del s.seats[A].hand[before:]
    return s


def supporter_keys(s: rules.GameState, seat: int = A) -> list[str]:
    return sorted(card(c).key for c in supporters(s, seat))


def officers(s: rules.GameState) -> int:
    return s.seats[A].areas.get(OFFICERS, {}).get("alliance:warrior", 0)


def set_officers(s: rules.GameState, n: int) -> rules.GameState:
    """Exactly n warriors in the Officers box (from and to the supply)."""
    s.seats[A].supply["warrior"] += officers(s) - n
    s.seats[A].areas[OFFICERS] = {"alliance:warrior": n}
    return s


def sympathy(s: rules.GameState, *cids: int) -> rules.GameState:
    for cid in cids:
        put(s, cid, "alliance", "sympathy")
    return s


# --- 8.3 setup -----------------------------------------------------------------------------------------------


def test_setup_gathers_warriors_bases_sympathy_and_three_supporters_law_8_3():
    s = new_table(FACTIONS)
    seat = s.seats[A]
    assert seat.supply == {"warrior": 10, "fox-base": 1, "rabbit-base": 1, "mouse-base": 1, "sympathy": 10}
    assert len(supporters(s, A)) == 3
    assert len(seat.hand) == 3
    assert not any(p.startswith("alliance:") for c in s.clearings for p in c)
    check(s)


def test_alliance_answers_to_its_aliases():
    for alias in ("alliance", "wa", "woodland", "woodland-alliance"):
        s = rules.new_game({"factions": ["marquise", alias]}, 1)
        assert s.seats[1].faction == "alliance"


# --- 8.2.3 the Supporters stack --------------------------------------------------------------------------------


def test_supporters_are_not_in_hand_and_only_the_alliance_sees_them_law_8_2_3():
    s = table("anvil", "bake-sale", hand=("sword",))
    mine = rules.view_for(s, A)
    assert mine["hand"] == ["sword"]
    assert mine["private_cards"] == {"Supporters": ["anvil", "bake-sale"]}
    for viewer in (M, E, None):
        view = rules.view_for(s, viewer)
        assert view["private_cards"] == {}
        assert "anvil" not in str(view) and "bake-sale" not in str(view)
    assert "Supporters: 2 (at most 5 while no base is on the map)" in mine["seats"][A]["panel"]
    assert rules.view_for(s, M)["seats"][A]["hand_count"] == 1


def test_supporters_do_not_count_against_the_hand_limit_law_8_2_3():
    s = table("anvil", "bake-sale", "sword", "codebreakers", "cobbler", hand=("armorers",) * 2 + ("sappers",) * 2)
    give(s, A, "crossbow-bird", "birdy-bindle")
    s = goto(check(s), A, "evening.discard")
    assert rules.to_act(s) == A and s.pending[0]["kind"] == "discard"
    s = play(s, "discard crossbow-bird")
    assert len(s.seats[A].hand) == 5 and len(supporters(s, A)) == 5


def test_mobilize_adds_a_hand_card_face_down_law_8_5_2():
    s = goto(table(hand=("anvil", "sword")), A, "alliance.daylight")
    s, events = play_events(s, "mobilize anvil")
    assert supporter_keys(s) == ["anvil"] and hand_keys(s, A) == ["sword"]
    assert "Anvil" not in public_text(events)
    assert any(e.private.get(A) == "Mobilized: Anvil (fox)." for e in events)


def test_a_full_stack_discards_the_new_supporter_without_a_base_law_8_2_3_1():
    s = goto(table("anvil", "sword", "cobbler", "codebreakers", "sappers", hand=("bake-sale",)), A, "alliance.daylight")
    s, events = play_events(s, "mobilize bake-sale")
    assert len(supporters(s, A)) == 5
    assert "bake-sale" in discard_keys(s)
    assert "Bake Sale (rabbit) is discarded" in public_text(events)


def test_the_stack_has_no_limit_while_a_base_is_on_the_map_law_8_2_3_1():
    s = table("anvil", "sword", "cobbler", "codebreakers", "sappers", hand=("bake-sale",))
    put(s, 5, "alliance", "rabbit-base")
    s = play(goto(check(s), A, "alliance.daylight"), "mobilize bake-sale")
    assert len(supporters(s, A)) == 6
    assert "Supporters: 6" in rules.view_for(s, M)["seats"][A]["panel"]


# --- 8.2.1 crafting, 8.2.2 Guerrilla War --------------------------------------------------------------------


def test_the_alliance_crafts_with_sympathy_law_8_2_1():
    s = table(hand=("anvil", "foxfolk-steel"))
    sympathy(s, 1)
    s = goto(check(s), A, "alliance.daylight")
    assert "craft anvil" in legal(s) and "craft foxfolk-steel" not in legal(s)
    s = play(s, "craft anvil")
    assert s.seats[A].points == 2 and "craft" not in " ".join(legal(s))


def test_guerrilla_war_the_defending_alliance_deals_the_higher_roll_law_8_2_2():
    s = table()
    put(s, 9, "marquise", "warrior", 3)
    put(s, 9, "alliance", "warrior", 2)
    force_dice(check(s), 3, 1)
    s = goto(s, M, "marquise.actions")
    s, events = play_events(s, "battle 9 alliance")
    text = public_text(events)
    assert "Woodland Alliance takes the higher die" in text
    assert "Marquise de Cat rolls 1 hit, Woodland Alliance rolls 2 hits" in text  # 3 capped by 2 warriors
    assert count(s, 9, "marquise", "warrior") == 1 and count(s, 9, "alliance", "warrior") == 1


def test_the_attacking_alliance_rolls_as_usual_law_4_3_3():
    s = table()
    put(s, 9, "marquise", "warrior", 3)
    put(s, 9, "alliance", "warrior", 3)
    set_officers(s, 1)
    force_dice(check(s), 3, 1)
    s = goto(s, A, "alliance.operations")
    s, events = play_events(s, "battle 9 marquise")
    assert "Woodland Alliance rolls 3 hits, Marquise de Cat rolls 1 hit" in public_text(events)


# --- 8.2.6 Outrage ------------------------------------------------------------------------------------------------


def outrage_table(*marquise_hand: str) -> rules.GameState:
    """The Marquise rules clearing 1 (fox) and may march into sympathetic clearing 5 (rabbit)."""
    s = table()
    put(s, 1, "marquise", "warrior", 3)
    sympathy(s, 5)
    set_hand(s, M, *marquise_hand)
    return goto(check(s), M, "marquise.actions")


def test_moving_warriors_into_sympathy_owes_a_matching_card_law_8_2_6():
    s = play(outrage_table("bake-sale", "anvil", "sword"), "move 1>5 x2")
    assert rules.to_act(s) == M and s.pending[0]["kind"] == "outrage"
    assert legal(s) == ["outrage bake-sale"]
    s, events = play_events(s, "outrage bake-sale")
    assert supporter_keys(s) == ["bake-sale"] and hand_keys(s, M) == ["anvil", "sword"]
    assert "gives a card (rabbit or bird)" in public_text(events) and "Bake Sale" not in public_text(events)
    assert any(e.private.get(A) == "Marquise de Cat gave Bake Sale (rabbit)." for e in events)
    assert step(s) == (M, "marquise.actions") and not s.pending


def test_an_outrage_already_settled_is_refused_as_not_asked_not_as_an_unknown_word():
    s = play(outrage_table("bake-sale", "anvil"), "move 1>5 x2", "outrage bake-sale")
    with pytest.raises(rules.IllegalActionError) as refused:
        rules.parse(s, "outrage anvil")
    text = str(refused.value)
    assert "'outrage' is an action of Woodland Alliance" in text and "nothing asks it of you now" in text
    assert "don't know" not in text


def test_a_bird_card_matches_for_outrage_law_2_1_1():
    s = play(outrage_table("armorers", "anvil"), "move 1>5 x1")
    assert legal(s) == ["outrage armorers"]


def test_the_mover_is_asked_even_with_a_single_matching_card_law_1_2():
    s = play(outrage_table("bake-sale"), "move 1>5 x1")
    assert s.pending and s.pending[0]["kind"] == "outrage"  # the table can't tell one match from several


def test_without_a_matching_card_the_hand_is_shown_and_the_alliance_draws_law_8_2_6():
    s = outrage_table("anvil", "sword")
    top = s.deck[-1]
    s = play(s, "move 1>5 x1")
    assert legal(s) == ["outrage"]
    s, events = play_events(s, "outrage")
    assert supporters(s, A) == [top] and hand_keys(s, M) == ["anvil", "sword"]
    assert "shows the hand to the Woodland Alliance" in public_text(events)
    assert "Anvil" not in public_text(events)
    assert any(e.private.get(A) == "Marquise de Cat's hand: Anvil (fox), Sword (mouse)." for e in events)
    assert M not in {seat for e in events for seat in e.private if "Drawn" in e.private[seat]}


def test_an_empty_hand_is_shown_at_once_law_8_2_6():
    s = outrage_table()
    top = s.deck[-1]
    s, events = play_events(s, "move 1>5 x1")
    assert not s.pending and supporters(s, A) == [top]
    assert "has no cards to show" in public_text(events)


def test_outrage_is_owed_once_per_move_law_8_2_6():
    s = play(outrage_table("bake-sale", "cobbler"), "move 1>5 x3")
    assert [d["kind"] for d in s.pending] == ["outrage"]


def test_outrage_is_owed_once_for_a_move_of_several_kinds_of_warriors_law_8_2_6():
    s = outrage_table("bake-sale", "cobbler")
    alliance = registry.faction("alliance")
    for piece in ("marquise:warrior", "eyrie:warrior"):  # as if the Marquise moved warriors she controls too
        alliance.on_enter(s, A, Entered(piece, 1, 1, 5, M))
    assert [d["kind"] for d in s.pending] == ["outrage"]
    s.version += 1  # the next move owes again
    alliance.on_enter(s, A, Entered("marquise:warrior", 1, 1, 5, M))
    assert [d["kind"] for d in s.pending] == ["outrage", "outrage"]


def test_placing_warriors_in_sympathy_is_no_outrage_faq_8_2_6():
    s = table()
    put(s, 5, "marquise", "recruiter")
    sympathy(s, 5)
    set_hand(s, M, "bake-sale")
    s = play(goto(check(s), M, "marquise.actions"), "recruit")
    assert count(s, 5, "marquise", "warrior") == 1 and not s.pending


def test_the_alliance_moving_into_its_own_sympathy_is_no_outrage():
    s = table()
    put(s, 1, "alliance", "warrior", 2)
    sympathy(s, 1, 5)
    set_officers(s, 1)
    s = play(goto(check(s), A, "alliance.operations"), "move 1>5 x1")
    assert not s.pending


def test_removing_sympathy_in_battle_outrages_the_remover_law_8_2_6():
    s = table()
    put(s, 5, "marquise", "warrior", 2)
    sympathy(s, 5)
    set_hand(s, M, "bake-sale", "anvil")
    force_dice(check(s), 0, 0)
    s = goto(s, M, "marquise.actions")
    s = play(s, "battle 5 alliance")  # defenseless: one extra hit removes the sympathy
    assert count(s, 5, "alliance", "sympathy") == 0 and s.seats[M].points == 1
    assert s.pending[0]["kind"] == "outrage" and s.pending[0]["seat"] == M
    s = play(s, "outrage bake-sale")
    assert supporter_keys(s) == ["bake-sale"]


def test_a_favor_removing_sympathy_outrages_its_crafter_once_per_token_law_8_2_6():
    s = table()
    sympathy(s, 3, 4, 10)
    put(s, 5, "marquise", "workshop", 2)
    put(s, 5, "marquise", "warrior")
    set_hand(s, M, "favor-of-the-rabbits", "bake-sale")
    s = goto(check(s), M, "marquise.craft")
    set_supply(s, "marquise", "workshop", 4)
    put(s, 10, "marquise", "workshop")
    s = play(check(s), "craft favor-of-the-rabbits")
    assert on_map_sympathy(s) == 0 and s.seats[M].points == 3
    assert [d["kind"] for d in s.pending] == ["outrage"] * 3
    s = play(s, "outrage bake-sale")  # then the hand is empty: the other two need no answer
    assert not s.pending and len(supporters(s, A)) == 3
    check(s)


def on_map_sympathy(s: rules.GameState) -> int:
    return sum(c.get("alliance:sympathy", 0) for c in s.clearings)


def test_outrage_may_be_owed_on_the_alliances_own_turn_law_8_2_6():
    s = table()
    put(s, 9, "alliance", "warrior", 1)
    put(s, 9, "marquise", "warrior", 2)
    sympathy(s, 9)
    set_officers(s, 1)
    set_hand(s, M, "sword")
    force_dice(check(s), 2, 2)  # each side rolls 2: the Alliance deals 1 (one warrior), the Marquise 2
    s = play(goto(s, A, "alliance.operations"), "battle 9 marquise", "pass")  # no ambush
    assert count(s, 9, "alliance", "sympathy") == 0
    assert s.pending[0]["kind"] == "outrage" and rules.to_act(s) == M and s.turn.seat == A


# --- 8.2.4 removing bases ---------------------------------------------------------------------------------------


def base_table() -> rules.GameState:
    """A fox base alone with sympathy in clearing 1; three officers; a Marquise army ready to attack."""
    s = table("anvil", "armorers", "bake-sale", "sword", "foxfolk-steel")
    put(s, 1, "alliance", "fox-base")
    sympathy(s, 1)
    set_officers(s, 3)
    put(s, 1, "marquise", "warrior", 2)
    force_dice(check(s), 0, 0)
    return goto(s, M, "marquise.actions")


def test_a_removed_base_costs_its_suits_supporters_and_half_the_officers_law_8_2_4():
    s = play(base_table(), "battle 1 alliance")
    assert legal(s) == ["hit fox-base", "hit sympathy"]  # one hit (defenseless), the Alliance chooses
    s, events = play_events(s, "hit fox-base")
    assert count(s, 1, "alliance", "fox-base") == 0 and s.seats[A].supply["fox-base"] == 1
    assert supporter_keys(s) == ["bake-sale", "sword"]  # fox and bird supporters discarded
    assert {"anvil", "armorers", "foxfolk-steel"} <= set(discard_keys(s))
    assert officers(s) == 1 and s.seats[A].supply["warrior"] == 9  # 3 officers: 2 lost, rounded up
    assert s.seats[M].points == 1
    assert "The fox base is lost" in public_text(events)
    check(s)


def test_one_officer_is_lost_from_one_rounded_up_law_8_2_4():
    s = base_table()
    set_officers(s, 1)
    s = play(check(s), "battle 1 alliance", "hit fox-base")
    assert officers(s) == 0


def test_without_bases_the_alliance_discards_down_to_five_supporters_law_8_2_4():
    s = table("bake-sale", "sword", "cobbler", "codebreakers", "investments", "root-tea-rabbit", "anvil")
    put(s, 1, "alliance", "fox-base")
    put(s, 1, "marquise", "warrior", 2)
    force_dice(check(s), 0, 0)
    s = play(goto(s, M, "marquise.actions"), "battle 1 alliance")
    assert supporter_keys(s) == ["bake-sale", "cobbler", "codebreakers", "investments", "root-tea-rabbit", "sword"]
    assert rules.to_act(s) == A and s.pending[0]["kind"] == "supporters"
    s = play(s, "discard investments")
    assert len(supporters(s, A)) == 5 and not s.pending
    assert "investments" in discard_keys(s)


def test_a_base_removed_by_a_favor_loses_its_supporters_law_8_2_4():
    s = table("anvil", "bake-sale")
    put(s, 8, "alliance", "fox-base")
    set_officers(s, 2)
    put(s, 1, "marquise", "workshop")
    put(s, 6, "marquise", "workshop")
    put(s, 12, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-foxes")
    s = play(goto(check(s), M, "marquise.craft"), "craft favor-of-the-foxes")
    assert supporter_keys(s) == ["bake-sale"] and officers(s) == 1 and s.seats[M].points == 1


# --- 8.4.1 Revolt ---------------------------------------------------------------------------------------------


def revolt_table(*supporter_keys_: str) -> rules.GameState:
    """Fox sympathy in 8, 12 and 1; in 8 a sawmill, a roost, wood and Marquise and Eyrie warriors."""
    s = table(*supporter_keys_)
    sympathy(s, 8, 12, 1)
    put(s, 8, "marquise", "sawmill")
    put(s, 8, "marquise", "wood")
    put(s, 8, "marquise", "warrior", 2)
    put(s, 8, "eyrie", "roost")
    put(s, 8, "eyrie", "warrior", 3)
    return goto(check(s), A, "alliance.revolt")


def test_revolt_removes_enemies_scores_and_places_base_warriors_and_an_officer_law_8_4_1():
    s = revolt_table("anvil", "foxfolk-steel", "bake-sale")
    assert legal(s, "revolt") == ["revolt 1", "revolt 8", "revolt 12"]
    s, events = play_events(s, "revolt 8")
    pieces = dict(s.clearings[7])
    assert pieces == {"alliance:sympathy": 1, "alliance:fox-base": 1, "alliance:warrior": 3}
    assert s.seats[A].points == 3  # a sawmill, a roost and a wood
    assert officers(s) == 1 and s.seats[A].supply["warrior"] == 6
    assert supporter_keys(s) == ["bake-sale"] and {"anvil", "foxfolk-steel"} <= set(discard_keys(s))
    assert "revolts in clearing 8" in public_text(events)
    check(s)


def test_revolt_is_paid_with_birds_when_chosen_law_2_1_1():
    s = revolt_table("anvil", "armorers", "sappers")
    assert legal(s, "revolt")[:2] == ["revolt 1", "revolt 1 supporters:bird,bird"]  # plain: as few birds as can pay
    s = play(s, "revolt 8 supporters:bird,bird")
    assert supporter_keys(s) == ["anvil"]


@pytest.mark.parametrize("named", ["fox,bird", "bird,fox"])
def test_naming_the_plain_revolts_supporters_in_any_order_is_that_revolt_law_8_4_1(named: str):
    s = revolt_table("anvil", "armorers", "sappers")  # plain: the fox and one bird
    assert rules.parse(s, f"revolt 8 supporters:{named}").notation() == "revolt 8"
    s = play(s, f"revolt 8 supporters:{named}")
    assert supporter_keys(s) == ["sappers"]


def test_naming_the_plain_spreads_supporter_is_that_spread_law_8_4_2():
    s = table("anvil", "armorers")
    sympathy(s, 5)
    s = goto(check(s), A, "alliance.spread")
    assert rules.parse(s, "spread 1 supporters:fox").notation() == "spread 1"
    assert supporter_keys(play(s, "spread 1 supporters:fox")) == ["armorers"]
    assert supporter_keys(play(s, "spread 1 supporters:bird")) == ["anvil"]


def test_revolt_needs_two_matching_supporters_law_8_4_1_2():
    s = revolt_table("anvil", "bake-sale")
    assert legal(s, "revolt") == []
    with pytest.raises(rules.IllegalActionError, match="costs 2 fox supporters"):
        rules.parse(s, "revolt 8")


def test_no_revolt_with_a_base_already_built_faq_8_4_1():
    s = revolt_table("anvil", "foxfolk-steel")
    put(s, 6, "alliance", "fox-base")
    s = goto(check(s), A, "alliance.revolt")
    assert legal(s, "revolt") == []
    with pytest.raises(rules.IllegalActionError, match="fox base is already on the map"):
        rules.parse(s, "revolt 8")


def test_no_revolt_in_an_unsympathetic_clearing_law_8_4_1_1():
    s = revolt_table("anvil", "foxfolk-steel")
    with pytest.raises(rules.IllegalActionError, match="clearing 6 is not sympathetic"):
        rules.parse(s, "revolt 6")


def test_revolt_needs_room_for_the_base_law_8_4_1_3():
    s = table("bake-sale", "a-visit-to-friends")
    sympathy(s, 3, 10)  # rabbit: 3 has one slot, 10 two slots, one a ruin
    s.ruins[2], s.ruins[9] = s.ruins[9], None  # the ruin moved to clearing 3 fills its only slot
    s = goto(check(s), A, "alliance.revolt")
    assert legal(s, "revolt") == ["revolt 10"]
    with pytest.raises(rules.IllegalActionError, match="no open slot for the base"):
        rules.parse(s, "revolt 3")


# --- 8.4.2 Spread Sympathy ----------------------------------------------------------------------------------


def test_the_first_sympathy_may_go_anywhere_and_scores_nothing_law_8_4_2_1():
    s = goto(table("anvil"), A, "alliance.spread")
    assert legal(s, "spread") == ["spread 1", "spread 6", "spread 8", "spread 12"]
    s = play(s, "spread 6")
    assert count(s, 6, "alliance", "sympathy") == 1 and s.seats[A].points == 0


def test_sympathy_spreads_next_to_sympathy_at_the_tracks_cost_and_points_law_8_4_2():
    s = table("anvil", "foxfolk-steel", "codebreakers", "sword", "bake-sale", "investments")
    sympathy(s, 2, 5, 7)
    s = goto(check(s), A, "alliance.spread")
    assert legal(s, "spread") == ["spread 1", "spread 6", "spread 8", "spread 12"]  # one rabbit supporter: no 3, 10
    s = play(s, "spread 6")  # the fourth token costs 2 and scores 1
    assert supporter_keys(s) == ["bake-sale", "codebreakers", "investments", "sword"]
    assert s.seats[A].points == 1


def test_martial_law_costs_one_more_supporter_law_8_4_2_2_1():
    s = table("anvil", "foxfolk-steel")
    sympathy(s, 5)
    put(s, 1, "eyrie", "warrior", 3)
    s = goto(check(s), A, "alliance.spread")
    s, events = play_events(s, "spread 1")
    assert supporter_keys(s) == [] and "martial law" in public_text(events)
    s = table("anvil")
    sympathy(s, 5)
    put(s, 1, "eyrie", "warrior", 3)
    s = goto(check(s), A, "alliance.spread")
    assert "spread 1" not in legal(s, "spread")


def test_one_sympathy_per_clearing_law_8_2_5_1():
    s = table("anvil", "sword")
    sympathy(s, 1)
    s = goto(check(s), A, "alliance.spread")
    assert "spread 1" not in legal(s) and "spread 9" in legal(s)
    with pytest.raises(rules.IllegalActionError, match="already sympathetic"):
        rules.parse(s, "spread 1")


def test_no_sympathy_in_the_keep_clearing_law_6_2_2():
    s = table("bake-sale", "a-visit-to-friends")
    put(s, 5, "marquise", "keep")
    s = goto(check(s), A, "alliance.spread")
    assert "spread 5" not in legal(s) and "spread 3" in legal(s)


# --- Birdsong stops on public information only (1.2) ----------------------------------------------------------


def test_birdsong_waits_whatever_the_supporters_suits_law_1_2():
    for stack in (("anvil", "sword"), ("bake-sale", "cobbler")):
        s = table(*stack)
        sympathy(s, 8)
        s = goto(check(s), A, "birdsong.start")
        assert step(s) == (A, "alliance.revolt"), stack  # two supporters: a fox revolt in 8 is possible


def test_a_turn_with_nothing_to_decide_passes_by_law_1_2():
    s = goto(table(), A, "birdsong.start")  # no supporters, no hand, no officers
    assert s.turn.seat == E and s.turn.round == 2


# --- 8.5 Daylight ------------------------------------------------------------------------------------------------


def test_train_spends_a_card_matching_a_base_for_an_officer_law_8_5_3():
    s = table(hand=("anvil", "armorers", "bake-sale"))
    put(s, 1, "alliance", "fox-base")
    s = goto(check(s), A, "alliance.daylight")
    assert sorted(legal(s, "train")) == ["train anvil", "train armorers"]  # fox, or a bird
    s = play(s, "train anvil")
    assert officers(s) == 1 and "anvil" in discard_keys(s)


def test_no_training_without_a_base_law_8_5_3():
    s = goto(table(hand=("anvil",)), A, "alliance.daylight")
    assert legal(s, "train") == []
    with pytest.raises(rules.IllegalActionError, match="base"):
        rules.parse(s, "train anvil")


# --- 8.6 Evening ---------------------------------------------------------------------------------------------------


def test_military_operations_are_one_per_officer_law_8_6_1():
    s = table()
    put(s, 1, "alliance", "warrior", 2)
    put(s, 1, "alliance", "fox-base")
    set_officers(s, 2)
    s = goto(check(s), A, "alliance.operations")
    assert {"recruit 1", "organize 1", "move 1>5 x2", "end"} <= set(legal(s))
    s = play(s, "recruit 1")
    assert step(s) == (A, "alliance.operations") and "move 1>5 x3" in legal(s)
    assert "Military operations left: 1" in rules.view_for(s, M)["seats"][A]["panel"]
    s = play(s, "move 1>5 x1")  # the second and last operation: the turn goes on by itself
    assert s.turn.seat != A and s.turn.round == 2
    assert count(s, 1, "alliance", "warrior") == 2 and count(s, 5, "alliance", "warrior") == 1


def test_no_operations_without_officers_law_8_6_1():
    s = table()
    put(s, 1, "alliance", "warrior", 2)
    s = goto(check(s), A, "alliance.operations")
    assert s.turn.seat != A and s.turn.round == 2  # nothing to do: Evening passed by
    s.turn.seat, s.turn.phase, s.turn.step, s.turn.entered = A, "evening", "alliance.operations", True
    s.turn.flags = {"operations": 0}
    assert legal(s, seat=A) == ["end"]
    assert rules.explain(s, A, Move(1, 5, 1)) == "you have no military operations left (0 officers)"


def test_organize_trades_a_warrior_for_sympathy_and_scores_law_8_6_1_4():
    s = table()
    sympathy(s, 2, 5, 6)
    put(s, 1, "alliance", "warrior", 2)
    set_officers(s, 1)
    s = play(goto(check(s), A, "alliance.operations"), "organize 1")
    assert count(s, 1, "alliance", "warrior") == 1 and count(s, 1, "alliance", "sympathy") == 1
    assert s.seats[A].points == 1  # the fourth token


def test_evening_draws_one_plus_one_per_base_law_8_6_2():
    s = table()
    put(s, 1, "alliance", "fox-base")
    put(s, 5, "alliance", "rabbit-base")
    s = goto(check(s), A, "evening.draw")
    assert len(s.seats[A].hand) == 3


# --- dominance, base cards and the Alliance ---------------------------------------------------------------------


def test_codebreakers_sees_the_hand_but_not_the_supporters():
    s = table("bake-sale", hand=("anvil",))
    craft_for(s, M, "codebreakers")
    put(s, 1, "marquise", "warrior")
    s = goto(check(s), M, "marquise.actions")
    s, events = play_events(s, "use codebreakers alliance")
    seen = [e.private[M] for e in events if M in e.private]
    assert seen == ["Woodland Alliance's hand: Anvil (fox)."]


def test_the_alliance_wins_by_dominance_in_a_three_player_game_law_3_3_1():
    s = table(hand=("dominance-fox",))
    s.seats[A].points = 10
    for cid in (1, 8, 12):
        put(s, cid, "alliance", "warrior")
    put(s, 12, "alliance", "fox-base")
    s = play(goto(check(s), A, "alliance.daylight"), "activate dominance-fox")
    assert s.seats[A].dominance is not None
    s = goto(s, A, "birdsong.start")
    assert s.over and s.winners == [A]


def test_an_available_dominance_card_is_taken_by_spending_its_suit_law_3_3_4():
    s = table(hand=("anvil", "dominance-rabbit"))
    s = goto(s, A, "alliance.daylight")
    s = play(s, "mobilize dominance-rabbit")
    assert "dominance-rabbit" in supporter_keys(s)
    s = table(hand=("bake-sale",))
    give(s, M, "dominance-mouse")
    s.dominance_available.append(s.seats[M].hand.pop())
    s = goto(check(s), A, "alliance.daylight")
    assert s.dominance_available and card(s.dominance_available[0]).key == "dominance-mouse"
    assert legal(s, "take") == []  # a rabbit card can't pay for the mouse dominance
    set_hand(s, A, "sword")
    s = goto(check(s), A, "alliance.daylight")
    s = play(s, "take dominance-mouse sword")
    assert hand_keys(s, A) == ["dominance-mouse"] and not s.dominance_available


def test_spent_dominance_supporters_become_available_law_3_3_3():
    s = table("dominance-fox", "anvil")
    sympathy(s, 5)
    s = goto(check(s), A, "alliance.spread")
    s = play(s, "spread 1")  # fox: the plain card goes first, the dominance card stays
    assert supporter_keys(s) == ["dominance-fox"] and not s.dominance_available


def test_tax_collector_for_the_alliance():
    s = table()
    craft_for(s, A, "tax-collector")
    put(s, 1, "alliance", "warrior", 2)
    s = goto(check(s), A, "alliance.daylight")
    s = play(s, "use tax-collector 1")
    assert count(s, 1, "alliance", "warrior") == 1 and len(s.seats[A].hand) == 1


# --- scenarios in notation through rules.parse / rules.apply -----------------------------------------------------


def test_scenario_a_two_player_game_against_the_eyrie_plays_a_full_round():
    s = new_table(("eyrie", "alliance"))
    assert rules.to_act(s) is not None
    for _ in range(60):
        seat = rules.to_act(s)
        if seat is None:
            break
        options = legal(s)
        s = play(s, "end" if "end" in options else options[0])
    assert s.turn.round >= 2 and not rules.problems(s)


@pytest.mark.parametrize(
    ("factions", "seed"),
    [
        (("marquise", "eyrie", "alliance"), 1),
        (("alliance", "marquise", "eyrie"), 2),
        (("marquise", "alliance"), 3),
        (("alliance", "eyrie"), 4),
    ],
)
def test_seeded_playouts_with_the_alliance_have_no_violations(factions, seed):
    result = playout({"factions": list(factions), "round_limit": 60}, seed)
    assert result.violations == []
    assert result.state is not None and result.state.over and result.state.winners
    verbs = {text.split()[0] for text in result.record.actions}
    assert {"spread", "mobilize"} <= verbs


def test_a_favor_taking_the_last_base_and_sympathy_elsewhere_asks_for_five_once_law_8_2_4():
    stack = ("anvil", "foxfolk-steel", "sword", "codebreakers", "investments", "root-tea-fox", "bake-sale")
    s = table(*stack)
    put(s, 4, "alliance", "rabbit-base")
    sympathy(s, 3, 10)
    put(s, 5, "marquise", "workshop", 2)
    put(s, 10, "marquise", "workshop")
    set_hand(s, M, "favor-of-the-rabbits")
    s = play(goto(check(s), M, "marquise.craft"), "craft favor-of-the-rabbits")
    assert [d["kind"] for d in s.pending] == ["supporters"]  # once, though three removals were heard
    assert len(supporters(s, A)) == 6 and "bake-sale" not in supporter_keys(s)
    s = play(s, "discard sword")
    assert len(supporters(s, A)) == 5 and not s.pending


def test_a_four_seat_game_with_the_alliance_plays_out():
    """Only three factions exist yet: a throwaway fourth (tests/seam_factions.py) fills the fourth seat."""
    import seam_factions

    seam_factions.register_all()
    try:
        result = playout({"factions": ["marquise", "eyrie", "alliance", "test-medics"], "round_limit": 30}, 2)
    finally:
        seam_factions.unregister_all()
    assert result.violations == []
    assert result.state is not None and result.state.over
    assert not any(card(c).type == "dominance" for c in result.state.removed)  # in play with four seats
