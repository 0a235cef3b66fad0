"""Crafting (Law 4.1) and the effects of the base deck's crafted cards."""

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
    on_map,
    play,
    play_events,
    put,
    set_decree,
    set_hand,
    step,
)

import rules
from rules.cards import card
from rules.items import make


def crafted_keys(s, seat) -> list[str]:
    return sorted(card(c).key for c in s.seats[seat].crafted)


def cat_crafting(s):
    check(s)
    return goto(s, M, "marquise.craft")


# --- paying costs -----------------------------------------------------------------------------


def test_crafting_an_item_takes_it_from_the_supply_and_scores_its_points():
    s = blank()
    put(s, 1, "marquise", "workshop")  # fox
    put(s, 9, "marquise", "warrior")  # keeps her Daylight open after crafting
    set_hand(s, M, "anvil")
    s = cat_crafting(s)
    assert "craft anvil" in legal(s, "craft")
    s = play(s, "craft anvil")
    assert s.seats[M].items == [make("hammer")]
    assert s.item_supply["autumn"]["hammer"] == 0
    assert s.seats[M].points == 2
    assert discard_keys(s) == ["anvil"]
    assert hand_keys(s, M) == []


def test_each_crafting_piece_is_activated_once_per_turn():
    s = blank()
    put(s, 1, "marquise", "workshop")
    set_hand(s, M, "anvil", "crossbow-mouse")  # both cost one fox
    put(s, 9, "marquise", "warrior")  # keeps her Daylight open after crafting
    s = cat_crafting(s)
    assert legal(s, "craft") == ["craft anvil", "craft crossbow-mouse"]
    s = play(s, "craft anvil")
    assert legal(s, "craft") == []
    with pytest.raises(rules.IllegalActionError, match="can't pay fox"):
        rules.parse(s, "craft crossbow-mouse")


def test_crafting_pieces_are_fresh_again_next_turn():
    s = blank()
    put(s, 1, "marquise", "workshop")
    set_hand(s, M, "anvil", "crossbow-mouse")
    put(s, 9, "marquise", "warrior")
    s = cat_crafting(s)
    s = play(s, "craft anvil")
    s = goto(s, M, "marquise.craft")
    assert legal(s, "craft") == ["craft crossbow-mouse"]


def test_cost_needs_one_piece_per_icon_and_card_suit_does_not_matter():
    s = blank()
    put(s, 1, "marquise", "workshop")
    set_hand(s, M, "arms-trader")  # a bird card costing fox + fox
    put(s, 9, "marquise", "warrior")
    s = cat_crafting(s)
    assert legal(s, "craft") == []
    put(s, 8, "marquise", "workshop")  # a second fox workshop
    s = cat_crafting(s)
    assert legal(s, "craft") == ["craft arms-trader"]
    s = play(s, "craft arms-trader")
    assert s.seats[M].items == [make("sword")]
    assert s.seats[M].points == 2


def test_any_cost_is_paid_by_pieces_of_any_suit():
    s = blank()
    for cid in (1, 2, 3):  # fox, mouse, rabbit
        put(s, cid, "marquise", "workshop")
    set_hand(s, M, "royal-claim")  # costs any x4
    put(s, 9, "marquise", "warrior")
    s = cat_crafting(s)
    assert legal(s, "craft") == []
    put(s, 5, "marquise", "workshop")  # rabbit
    s = cat_crafting(s)
    s = play(s, "craft royal-claim")
    assert crafted_keys(s, M) == ["royal-claim"]


def test_eyrie_disdain_for_trade_items_score_one_point():
    s = blank(leader="despot")
    put(s, 1, "eyrie", "roost")  # fox
    put(s, 1, "eyrie", "warrior")
    set_hand(s, E, "anvil")
    check(s)
    s = goto(s, E, "eyrie.craft")
    s = play(s, "craft anvil")
    assert s.seats[E].items == [make("hammer")]
    assert s.seats[E].points == 1


def test_eyrie_builder_ignores_disdain_for_trade():
    s = blank(leader="builder")
    put(s, 1, "eyrie", "roost")
    put(s, 1, "eyrie", "warrior")
    set_hand(s, E, "protection-racket")  # rabbit + rabbit, coins, 3 points
    put(s, 3, "eyrie", "roost")
    put(s, 4, "eyrie", "roost")
    check(s)
    s = goto(s, E, "eyrie.craft")
    s = play(s, "craft protection-racket")
    assert s.seats[E].points == 3


def test_no_identical_persistent_card_twice():
    s = blank()
    put(s, 1, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    craft_for(s, M, "armorers")
    set_hand(s, M, "armorers", "anvil")
    s = cat_crafting(s)
    assert legal(s, "craft") == ["craft anvil"]
    with pytest.raises(rules.IllegalActionError, match="already have Armorers"):
        rules.parse(s, "craft armorers")


def test_ambush_and_dominance_cards_cannot_be_crafted():
    s = blank()
    put(s, 1, "marquise", "workshop")
    put(s, 2, "marquise", "workshop")
    put(s, 3, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "ambush-fox", "ambush-bird", "dominance-fox")
    s = cat_crafting(s)
    assert legal(s, "craft") == []
    with pytest.raises(rules.IllegalActionError, match="can't be crafted"):
        rules.parse(s, "craft ambush-fox")
    with pytest.raises(rules.IllegalActionError, match="can't be crafted"):
        rules.parse(s, "craft dominance-fox")


def test_an_item_not_in_the_supply_cannot_be_crafted():
    s = blank()
    put(s, 1, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    s.item_supply["autumn"]["hammer"] -= 1
    s.seats[E].items.append(make("hammer"))
    set_hand(s, M, "anvil")
    s = cat_crafting(s)
    assert legal(s, "craft") == []
    with pytest.raises(rules.IllegalActionError, match="no hammer is left"):
        rules.parse(s, "craft anvil")


def test_marquise_crafts_only_before_her_actions():
    s = blank()
    put(s, 1, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "anvil")
    s = cat_crafting(s)
    s = play(s, "end")
    assert step(s) == (M, "marquise.actions")
    assert legal(s, "craft") == []


# --- favors ----------------------------------------------------------------------------------


def test_favor_removes_every_enemy_piece_in_clearings_of_its_suit():
    s = blank()
    for cid in (1, 6, 8):  # three fox clearings
        put(s, cid, "marquise", "workshop")
    put(s, 8, "marquise", "warrior", 2)
    put(s, 8, "eyrie", "warrior", 3)
    put(s, 12, "eyrie", "warrior", 1)
    put(s, 12, "eyrie", "roost")
    put(s, 5, "eyrie", "warrior", 2)  # rabbit: untouched
    put(s, 5, "eyrie", "roost")
    set_hand(s, M, "favor-of-the-foxes")
    s = cat_crafting(s)
    s = play(s, "craft favor-of-the-foxes")
    for cid in (1, 6, 8, 12):
        assert not any(k.startswith("eyrie") for k in s.clearings[cid - 1]), cid
    assert count(s, 8, "marquise", "warrior") == 2
    assert count(s, 5, "eyrie", "warrior") == 2
    assert count(s, 5, "eyrie", "roost") == 1
    assert s.seats[M].points == 1  # one roost; warriors score nothing
    assert discard_keys(s) == ["favor-of-the-foxes"]


def test_eyrie_favor_removes_the_keep_wood_and_buildings_for_points():
    s = blank(leader="builder")
    for cid in (2, 7, 9):  # three mouse roosts
        put(s, cid, "eyrie", "roost")
    put(s, 2, "marquise", "keep")
    put(s, 2, "marquise", "sawmill")
    put(s, 2, "marquise", "wood", 2)
    put(s, 11, "marquise", "warrior", 3)
    set_hand(s, E, "favor-of-the-mice")
    check(s)
    s = goto(s, E, "eyrie.craft")
    s = play(s, "craft favor-of-the-mice")
    assert not any(k.startswith("marquise") for k in s.clearings[1])
    assert count(s, 11, "marquise", "warrior") == 0
    assert s.seats[E].points == 4  # keep + sawmill + 2 wood
    assert s.seats[M].data["keep_lost"] is True


# --- Birdsong cards -----------------------------------------------------------------------------


def test_royal_claim_scores_a_point_per_ruled_clearing_and_is_discarded():
    s = blank()
    for cid in (1, 5, 9):
        put(s, cid, "marquise", "warrior")
    put(s, 2, "eyrie", "warrior")
    craft_for(s, M, "royal-claim")
    check(s)
    s = goto(s, M, "birdsong.start")
    assert step(s) == (M, "birdsong.cards")
    assert "use royal-claim" in legal(s)
    s = play(s, "use royal-claim")
    assert s.seats[M].points == 3
    assert crafted_keys(s, M) == []
    assert "royal-claim" in discard_keys(s)


def test_royal_claim_is_only_used_in_birdsong():
    s = blank()
    put(s, 1, "marquise", "warrior")
    craft_for(s, M, "royal-claim")
    s = goto(s, M, "marquise.actions")
    assert "use royal-claim" not in legal(s)


def test_stand_and_deliver_takes_a_card_and_the_victim_scores():
    s = blank()
    put(s, 1, "marquise", "warrior")
    craft_for(s, M, "stand-and-deliver")
    set_hand(s, E, "anvil")
    check(s)
    s = goto(s, M, "birdsong.start")
    assert legal(s, "use") == ["use stand-and-deliver eyrie"]
    s, events = play_events(s, "use stand-and-deliver eyrie")
    assert hand_keys(s, M) == ["anvil"]
    assert hand_keys(s, E) == []
    assert s.seats[E].points == 1
    assert crafted_keys(s, M) == ["stand-and-deliver"]
    assert not any("Anvil" in e.public for e in events)
    assert any("Anvil" in e.private.get(M, "") for e in events)


def test_stand_and_deliver_once_per_birdsong():
    s = blank()
    put(s, 1, "marquise", "warrior")
    craft_for(s, M, "stand-and-deliver")
    set_hand(s, E, "anvil", "sword")
    check(s)
    s = goto(s, M, "birdsong.start")
    s = play(s, "use stand-and-deliver eyrie")
    assert legal(s, "use") == []


# --- Daylight cards ---------------------------------------------------------------------------------


def test_tax_collector_removes_a_warrior_to_draw_a_card_once_per_daylight():
    s = blank()
    put(s, 1, "marquise", "warrior", 2)
    put(s, 9, "marquise", "warrior", 1)
    craft_for(s, M, "tax-collector")
    s = goto(s, M, "marquise.actions")
    assert legal(s, "use") == ["use tax-collector 1", "use tax-collector 9"]
    s = play(s, "use tax-collector 9")
    assert count(s, 9, "marquise", "warrior") == 0
    assert len(s.seats[M].hand) == 1
    assert s.turn.flags["actions"] == 3  # not an action
    assert legal(s, "use") == []


def test_codebreakers_shows_the_hand_only_to_its_user():
    s = blank()
    put(s, 1, "marquise", "warrior")
    craft_for(s, M, "codebreakers")
    set_hand(s, E, "anvil", "sword")
    s = goto(s, M, "marquise.actions")
    s, events = play_events(s, "use codebreakers eyrie")
    private = [e.private for e in events if e.private]
    assert private and all(set(p) == {M} for p in private)
    assert "Anvil" in private[0][M] and "Sword" in private[0][M]
    assert not any("Anvil" in e.public or "Sword" in e.public for e in events)
    assert legal(s, "use") == []
    view = rules.view_for(s, E)
    assert "Anvil" not in str(view["seats"][M])


# --- start-of-phase cards ------------------------------------------------------------------------------


def test_better_burrow_bank_both_players_draw_at_start_of_birdsong():
    s = blank()
    put(s, 1, "marquise", "warrior")
    craft_for(s, M, "better-burrow-bank")
    check(s)
    deck_before = len(s.deck)
    s = goto(s, M, "birdsong.start")
    assert len(s.seats[M].hand) == 1
    assert len(s.seats[E].hand) == 1
    assert len(s.deck) == deck_before - 2


def test_command_warren_battle_at_start_of_daylight_without_using_an_action():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 1)
    put(s, 1, "marquise", "workshop")
    set_hand(s, M, "anvil")
    craft_for(s, M, "command-warren")
    check(s)
    s = goto(s, M, "daylight.start")
    assert rules.to_act(s) == M
    assert legal(s) == ["pass", "battle 5 eyrie"]
    force_dice(s, 2, 0)
    s = play(s, "battle 5 eyrie")
    assert count(s, 5, "eyrie", "warrior") == 0
    # Crafting comes after, then the three actions.
    assert step(s) == (M, "marquise.craft")
    s = play(s, "end")
    assert s.turn.flags["actions"] == 3


def test_cobbler_move_at_start_of_evening():
    s = blank()
    put(s, 5, "marquise", "warrior", 2)
    craft_for(s, M, "cobbler")
    check(s)
    s = goto(s, M, "evening.start")
    assert rules.to_act(s) == M
    assert "move 5>1 x2" in legal(s)
    assert legal(s)[0] == "pass"
    s = play(s, "move 5>1 x2")
    assert count(s, 1, "marquise", "warrior") == 2


def test_eyrie_cobbler_comes_before_roost_scoring():
    s = blank(leader="builder")
    put(s, 5, "eyrie", "roost")
    put(s, 10, "eyrie", "roost")
    put(s, 5, "eyrie", "warrior", 2)
    craft_for(s, E, "cobbler")
    set_decree(s)
    check(s)
    s = goto(s, E, "evening.start")
    assert s.seats[E].points == 0  # not scored yet
    assert legal(s)[0] == "pass"
    s = play(s, "pass")
    assert s.seats[E].points == 1  # two roosts: 1 point
    assert on_map(s, "eyrie", "roost") == 2


def test_crafter_chooses_which_pieces_pay_an_any_cost():
    """Law 4.1.1: the crafter activates pieces of her choice; '?' is paid by a piece of any suit
    (notation: ``using:``). With workshops in fox 1, mouse 2 and 7, rabbit 3 and 5, she can pay Royal
    Claim with the mice and rabbits and keep the fox workshop for Anvil."""
    s = blank()
    for cid in (1, 2, 7, 3, 5):
        put(s, cid, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "royal-claim", "anvil")
    s = cat_crafting(s)
    ways = [a for a in rules.legal_actions(s, M, verb="craft") if a.card == "royal-claim"]
    assert len(ways) > 1
    s = play(s, "craft royal-claim using:mouse,mouse,rabbit,rabbit")
    assert legal(s, "craft") == ["craft anvil"]
    s = play(s, "craft anvil")
    assert crafted_keys(s, M) == ["royal-claim"]
    assert s.seats[M].items == [make("hammer")]


def test_any_cost_cannot_be_paid_with_pieces_already_used():
    s = blank()
    for cid in (1, 2, 3, 5):  # fox, mouse, rabbit, rabbit
        put(s, cid, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "royal-claim")
    s = cat_crafting(s)
    with pytest.raises(rules.IllegalActionError):
        rules.parse(s, "craft royal-claim using:fox,fox,mouse,rabbit")
    assert "craft royal-claim" in legal(s, "craft")
