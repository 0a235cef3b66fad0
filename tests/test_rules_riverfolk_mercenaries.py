"""The Riverfolk Company's mercenaries (Law of Root 11.2.7.3 and the FAQ on it): bought at the start of another
player's Birdsong, the Company's warriors count as the buyer's own for rule and battle in its Daylight and Evening,
never against the Company, taking the buyer's even hits; the Vagabond may not hire them. With the fan factions and
the 3x3 teams (docs/rulings.md, the Riverfolk's rows).

Tables are Marquise (seat 0), Eyrie (seat 1) and Riverfolk (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10; clearing 3 borders 6, 7 and 11.
"""

from __future__ import annotations

from riverfolk_helpers import EW, MW, RW, E, M, R, offer_open, offered, table
from rules_helpers import check, count, force_dice, goto, legal, play, play_events, public_text, put, refused, set_hand

import rules
from rules import battle
from rules.crafting import favor
from rules.factions.riverfolk import board as rb
from rules.factions.riverfolk import services
from rules.factions.riverfolk.actions import Buy
from rules.factions.riverfolk.board import PAYMENTS
from rules.rule import enemy_piece, ruler
from rules.state import GameState

HIRED = {"hired": True}


def at(s: GameState, seat: int, phase: str, step: str, **flags: object) -> GameState:
    """Stand at a step of a seat's turn without running any of it (for reading rule there)."""
    s.pending, s.battle = [], None
    s.turn.seat, s.turn.phase, s.turn.step, s.turn.flags = seat, phase, step, dict(flags)  # type: ignore[assignment]
    return s


def actions(s: GameState, seat: int = M, step: str = "marquise.actions") -> GameState:
    """The buyer's Daylight actions with the mercenaries hired."""
    return goto(check(s), seat, step, **HIRED)


def crowded() -> GameState:
    """Clearing 3: one Marquise warrior, two Eyrie warriors, two Company warriors (the Eyrie rules the tie)."""
    return put(put(put(table(), 3, "marquise", "warrior"), 3, "eyrie", "warrior", 2), 3, "riverfolk", "warrior", 2)


# --- buying (11.2.6, 11.2.7.3) ---------------------------------------------------------------------------------------


def test_mercenaries_are_bought_at_the_price_set_and_paid_into_payments_11_2_7_3():
    s = put(put(table(), 3, "marquise", "warrior"), 3, "eyrie", "warrior")  # the Marquise's Daylight will wait
    s.seats[R].data["prices"]["mercenaries"] = 3
    s = offered(s)
    assert "buy mercenaries" in legal(s)
    before = s.seats[M].supply["warrior"]
    s, events = play_events(s, "buy mercenaries")
    assert s.turn.seat == M and s.turn.flags.get("hired") and rb.area(s, R, PAYMENTS) == {MW: 3}
    assert s.seats[M].supply["warrior"] == before - 3 and not offer_open(s)
    assert "hires the Riverfolk Company's mercenaries" in public_text(events)
    assert rules.registry.of(s, R).panel(s, R)[-1] == "Bought this turn by the Marquise de Cat: mercenaries"
    check(s)


def test_mercenaries_are_bought_once_a_turn_beside_other_services_11_2_6_2():
    s = put(put(table(), 3, "riverfolk", "rabbit-post"), 3, "marquise", "warrior")  # two services
    s = play(offered(s), "buy mercenaries")
    assert offer_open(s) and "buy mercenaries" not in legal(s) and "buy riverboats" in legal(s)
    assert "already have mercenaries" in refused(s, "buy mercenaries")


def test_the_vagabond_cannot_hire_mercenaries_11_2_7_3_ii():
    s = offered(set_hand(table(("vagabond", "eyrie", "riverfolk")), R, "ambush-bird"), 0)
    assert offer_open(s) and "buy riverboats" in legal(s) and "buy mercenaries" not in legal(s)
    assert "Vagabond cannot hire" in refused(s, "buy mercenaries")
    assert "mercenaries" not in s.pending[0]["prompt"].split(":")[1]


# --- rule (11.2.7.3) -------------------------------------------------------------------------------------------------


def test_mercenaries_rule_for_the_buyer_in_its_daylight_and_evening_only_11_2_7_3():
    s = crowded()
    assert ruler(at(s, M, "birdsong", "marquise.wood", **HIRED), 3) == "eyrie"  # bought at Birdsong, not yet in play
    assert ruler(at(s, M, "daylight", "marquise.actions", **HIRED), 3) == "marquise"
    assert ruler(at(s, M, "evening", "evening.draw", **HIRED), 3) == "marquise"
    assert ruler(at(s, M, "evening", "turn.end", **HIRED), 3) == "eyrie"  # the turn is over
    assert ruler(at(s, M, "daylight", "marquise.actions"), 3) == "eyrie"  # not hired this turn
    assert ruler(at(s, E, "daylight", "eyrie.actions", **HIRED), 3) == "eyrie"


def test_the_buyer_moves_by_the_rule_they_give_but_never_moves_them_11_2_7_3():
    s = put(crowded(), 6, "eyrie", "warrior", 2)  # the Eyrie rule 6 as well
    s = actions(s)
    moves = legal(s, "move")
    assert "move 3>6 x1" in moves and not any(m.endswith("x2") for m in moves if m.startswith("move 3>"))
    s = play(s, "move 3>6 x1")
    assert count(s, 6, "marquise", "warrior") == 1 and count(s, 3, "riverfolk", "warrior") == 2


def test_mercenaries_are_no_enemy_pieces_of_the_buyer_but_the_company_is_11_2_7_3():
    s = actions(put(crowded(), 3, "riverfolk", "rabbit-post"))
    assert not enemy_piece(s, M, RW) and enemy_piece(s, M, "riverfolk:rabbit-post") and enemy_piece(s, E, RW)
    assert rules.registry.of(s, M).name and enemy_piece(s, M, EW)


def test_a_favor_crafted_by_the_buyer_spares_its_mercenaries_11_2_7_3():
    s = actions(put(crowded(), 3, "riverfolk", "rabbit-post"))
    favor(s, M, "rabbit")
    assert count(s, 3, "riverfolk", "warrior") == 2 and count(s, 3, "eyrie", "warrior") == 0
    assert count(s, 3, "riverfolk", "rabbit-post") == 0 and s.seats[M].points == 1
    check(s)


# --- battle (11.2.7.3, 11.2.7.3.I) -----------------------------------------------------------------------------------


def test_mercenaries_add_to_the_buyers_rolled_hits_and_take_its_even_hits_11_2_7_3_i():
    s = put(put(put(table(), 3, "marquise", "warrior", 2), 3, "riverfolk", "warrior", 2), 3, "eyrie", "warrior", 3)
    s = force_dice(actions(s), 3, 2)
    s, events = play_events(s, "battle 3 eyrie")
    assert "Marquise de Cat deals 3 hits" in public_text(events)  # two of its own, yet three hits
    assert count(s, 3, "eyrie", "warrior") == 0
    assert count(s, 3, "marquise", "warrior") == 1 and count(s, 3, "riverfolk", "warrior") == 1  # odd, then even
    assert "1 Riverfolk Company warrior" in public_text(events)
    check(s)


def test_with_no_warriors_of_its_own_the_buyer_battles_with_them_alone_faq_11_2_7():
    s = put(put(put(table(), 3, "riverfolk", "warrior", 2), 3, "marquise", "sawmill"), 3, "eyrie", "warrior", 3)
    s = actions(s)
    assert "battle 3 eyrie" in legal(s, "battle")
    s = play(force_dice(s, 3, 3), "battle 3 eyrie")
    # Every hit on a warrior first: both mercenaries, then the sawmill (buildings only once no warrior is left).
    assert count(s, 3, "riverfolk", "warrior") == 0 and count(s, 3, "marquise", "sawmill") == 0
    assert count(s, 3, "eyrie", "warrior") == 1 and s.seats[E].points == 2  # the sawmill, and the Despot's point
    check(s)


def test_an_odd_hit_falls_on_a_mercenary_before_the_buyers_buildings_11_2_7_3_i():
    s = put(put(put(table(), 3, "riverfolk", "warrior", 2), 3, "marquise", "sawmill"), 3, "eyrie", "warrior", 1)
    s = play(force_dice(actions(s), 1, 1), "battle 3 eyrie")
    assert count(s, 3, "riverfolk", "warrior") == 1 and count(s, 3, "marquise", "sawmill") == 1


def test_a_defender_with_mercenaries_is_not_defenseless_4_3_5_2_11_2_7_3():
    def counted(**flags: object) -> list[str]:
        s = put(put(put(table(), 3, "riverfolk", "warrior"), 3, "marquise", "sawmill"), 3, "eyrie", "warrior", 2)
        s = at(s, M, "daylight", "marquise.actions", **flags)
        battle.start(s, E, 3, "marquise")  # an attack on the buyer in its own Daylight (as a card might make)
        assert s.battle is not None
        s.battle["stage"], s.battle["rolled"] = "count", [1, 0]
        battle.advance(s)
        return list(s.battle["sources"][0])

    assert counted(**HIRED) == [] and counted() == ["defenseless"]


def test_mercenaries_never_fight_against_the_company_11_2_7_3():
    s = put(put(table(), 3, "marquise", "warrior"), 3, "riverfolk", "warrior", 2)
    s = put(put(s, 7, "riverfolk", "warrior", 2), 7, "eyrie", "warrior")
    s = actions(s)
    assert "battle 3 riverfolk" in legal(s, "battle")  # with its own warrior
    assert "battle 7 eyrie" in legal(s, "battle") and "battle 7 riverfolk" not in legal(s, "battle")
    assert "never against the Riverfolk Company" in refused(s, "battle 7 riverfolk")
    s, events = play_events(force_dice(s, 3, 3), "battle 3 riverfolk")
    assert "Marquise de Cat rolls 1 hit" in public_text(events)  # its one warrior: the Company's defend
    assert count(s, 3, "marquise", "warrior") == 0 and count(s, 3, "riverfolk", "warrior") == 1


def test_the_vagabond_removing_mercenaries_turns_hostile_with_no_one_for_them_11_2_7_3_ii():
    from vagabond_helpers import pawn_to, set_items

    from rules.factions.vagabond import board as vb

    s = table(("marquise", "riverfolk", "vagabond"))
    s = put(put(s, 3, "marquise", "warrior", 2), 3, "riverfolk", "warrior", 2)
    set_items(pawn_to(s, 3), "sword", "sword", "sword", "boots")
    s = force_dice(actions(s), 3, 3)
    s = play(s, "battle 3 vagabond")
    while rules.to_act(s) == 2 and s.battle is not None:
        s = play(s, legal(s)[0])  # the Vagabond chooses which items take the hits
    assert count(s, 3, "marquise", "warrior") == 0 and count(s, 3, "riverfolk", "warrior") == 1
    assert vb.relation(s, 2, "marquise") == vb.HOSTILE
    assert vb.relation(s, 2, "riverfolk") == vb.INDIFFERENT


# --- the fan factions ------------------------------------------------------------------------------------------------


def test_the_spore_has_no_warriors_to_pay_with_so_it_is_offered_nothing_11_2_6_1_ts():
    s = set_hand(table(("spore", "eyrie", "riverfolk")), R, "ambush-bird")
    assert services.purse(s, 0) == 0 and not list(services.choices(s, R, 0, []))
    assert "you have 0 warriors in your supply" in (services.why_not_buy(s, R, 0, Buy("mercenaries")) or "")
    s = offered(s, 0)
    assert not any(d["seat"] == 0 for d in s.pending) and s.turn.seat != 0  # its turn went by without an offer


def test_infected_company_warriors_fight_for_the_spore_never_for_a_hirer_ts_2_2_11_2_7_3():
    s = table(("marquise", "spore", "riverfolk"))
    s = put(put(s, 3, "marquise", "warrior"), 3, "riverfolk", "warrior")
    s = put(s, 3, "riverfolk", "warrior", 1, controller="spore")
    s = actions(s)
    assert ruler(s, 3) == "marquise"  # one of its own and one mercenary against one infected
    s, events = play_events(force_dice(s, 3, 3), "battle 3 spore")
    assert "Marquise de Cat rolls 2 hits" in public_text(events) and "The Spore rolls 1 hit" in public_text(events)
    assert s.clearings[2].get("riverfolk:warrior:spore", 0) == 0
    assert count(s, 3, "marquise", "warrior") == 0 and count(s, 3, "riverfolk", "warrior") == 1
    check(s)


def test_first_response_carries_hit_mercenaries_to_the_ward_like_anyones_som_2_3():
    from rules.factions.spinners import WARD

    s = table(("marquise", "eyrie", "riverfolk", "spinners"))
    put(put(s, 1, "spinners", "fox-infirmary"), 1, "spinners", "web")
    put(put(s, 5, "spinners", "web"), 5, "spinners", "warrior")
    s = put(put(put(s, 5, "marquise", "warrior"), 5, "riverfolk", "warrior", 2), 5, "eyrie", "warrior", 3)
    s = play(force_dice(actions(s), 3, 2), "battle 5 eyrie")
    assert rules.to_act(s) == 3 and "respond 5" in legal(s)
    s = play(s, "respond 5")
    assert s.seats[3].areas[WARD] == {"eyrie:warrior": 3, MW: 1, RW: 1}  # the odd hit, then the even one
    assert count(s, 5, "marquise", "warrior") == 0 and count(s, 5, "riverfolk", "warrior") == 1
    check(s)


def test_the_spinners_hiring_mercenaries_give_them_no_first_response_som_2_3_11_2_7_3():
    s = table(("spinners", "eyrie", "riverfolk"))
    put(put(s, 1, "spinners", "fox-infirmary"), 1, "spinners", "web")
    put(put(s, 5, "spinners", "web"), 5, "spinners", "warrior", 2)
    s = set_hand(put(put(s, 5, "riverfolk", "warrior", 2), 5, "eyrie", "warrior", 1), E, "ambush-bird")
    s = force_dice(goto(check(s), 0, "spinners.daylight", **HIRED), 0, 0)
    s = play(s, "battle 5 eyrie", "ambush ambush-bird")
    assert legal(s) == ["hit warrior", "hit web"]  # the odd hit on their own pieces, as they choose
    s = play(s, "hit warrior")
    # The even hit fell on a mercenary: no enemy warrior was hit, so no First Response was asked; the roll dealt none.
    assert s.battle is None and not s.pending and rules.to_act(s) == 0
    assert count(s, 5, "riverfolk", "warrior") == 1 and count(s, 5, "spinners", "warrior") == 1
    assert s.seats[0].areas.get("ward") is None


def test_the_tinker_buys_nothing_and_fights_mercenaries_with_drones_and_robots_omt():
    s = table(("marquise", "tinker", "riverfolk"))
    assert not list(services.choices(s, R, 1, []))  # no warriors in its supply: drones are two-sided tokens there
    s = put(put(s, 3, "marquise", "warrior"), 3, "riverfolk", "warrior", 2)
    s = put(s, 3, "tinker", "drone", 2)
    s, events = play_events(force_dice(actions(s), 3, 2), "battle 3 tinker")
    assert "Marquise de Cat rolls 3 hits" in public_text(events)
    assert count(s, 3, "tinker", "drone") == 0
    assert count(s, 3, "marquise", "warrior") == 0 and count(s, 3, "riverfolk", "warrior") == 1
    check(s)


def test_the_hundreds_oppress_with_a_mob_and_a_mercenary_but_not_beside_a_trade_post_faq_14_6_2():
    from rules.factions.hundreds import oppressed

    s = table(("hundreds", "eyrie", "riverfolk"))
    s = put(put(s, 1, "hundreds", "mob"), 1, "riverfolk", "warrior")
    s = put(s, 2, "riverfolk", "warrior")  # no Hundreds piece
    s = put(put(put(s, 3, "hundreds", "mob"), 3, "riverfolk", "warrior"), 3, "riverfolk", "rabbit-post")
    s = check(s)
    assert oppressed(at(s, 0, "evening", "hundreds.oppress", **HIRED), 0) == [1]
    assert oppressed(at(s, 0, "evening", "hundreds.oppress"), 0) == []


def test_the_hundreds_choose_warrior_or_warlord_for_an_odd_hit_the_mercenaries_take_the_even_11_2_7_3_i():
    s = table(("hundreds", "eyrie", "riverfolk"))
    s = put(put(put(s, 3, "hundreds", "warrior"), 3, "hundreds", "warlord"), 3, "riverfolk", "warrior", 2)
    s = set_hand(put(s, 3, "eyrie", "warrior"), E, "ambush-bird")
    s.seats[0].data["mood"] = "relentless"  # not Stubborn, which would ignore the first hit
    s = force_dice(goto(check(s), 0, "hundreds.command", **HIRED), 0, 0)
    s = play(s, "battle 3 eyrie", "ambush ambush-bird")
    assert legal(s) == ["hit warlord", "hit warrior"]
    s = play(s, "hit warrior")
    assert count(s, 3, "hundreds", "warrior") == 0 and count(s, 3, "hundreds", "warlord") == 1
    assert count(s, 3, "riverfolk", "warrior") == 1
    check(s)


def test_a_stubborn_hundreds_ignores_its_first_hit_before_the_split_14_7_11_2_7_3_i():
    s = table(("hundreds", "eyrie", "riverfolk"))
    s = put(put(s, 3, "hundreds", "warlord"), 3, "riverfolk", "warrior", 2)
    s = set_hand(put(s, 3, "eyrie", "warrior"), E, "ambush-bird")
    s = force_dice(goto(check(s), 0, "hundreds.command", **HIRED), 0, 0)
    s, events = play_events(s, "battle 3 eyrie", "ambush ambush-bird")
    assert "Stubborn: the first hit taken is ignored" in public_text(events)
    # The second ambush hit is the first taken: an odd hit, on the warlord; the mercenaries are untouched.
    assert count(s, 3, "hundreds", "warlord") == 0 and count(s, 3, "riverfolk", "warrior") == 2
    check(s)


# --- the 3x3 teams ---------------------------------------------------------------------------------------------------


def frontier() -> GameState:
    """A 3x3 game past setup, emptied: Marquise, Eyrie, Vagabond (team A) and Riverfolk, Alliance, Hundreds (B)."""
    from frontier_helpers import options
    from riverfolk_helpers import empty_boxes
    from rules_helpers import emptied

    s = rules.new_game(options(("marquise", "eyrie", "vagabond", "riverfolk", "alliance", "hundreds")), 1)
    while s.turn.phase == "setup" and s.pending:
        choices = legal(s)
        s = play(s, "keep 1" if "keep 1" in choices else choices[0])
    return empty_boxes(emptied(s))


def test_a_team_may_hire_an_enemy_companys_mercenaries_and_they_rule_for_its_side_3x3():
    s = frontier()
    river, alliance = 3, 4
    s = put(put(put(s, 3, "marquise", "warrior"), 3, "riverfolk", "warrior", 2), 3, "alliance", "warrior", 2)
    assert ruler(s, 3) == "team:B"
    s = offered(s, M)
    assert offer_open(s) and "buy mercenaries" in legal(s)  # the Law stands: any other player may buy
    s = play(s, "buy mercenaries")
    s = goto(s, M, "marquise.actions", **HIRED)
    assert ruler(s, 3) == "team:A"
    assert "battle 3 alliance" in legal(s, "battle") and "battle 3 riverfolk" in legal(s, "battle")
    s, events = play_events(force_dice(s, 3, 3), "battle 3 alliance")
    assert "Marquise de Cat rolls 3 hits" in public_text(events)  # one of its own, two mercenaries
    assert count(s, 3, "alliance", "warrior") == 0 and rb.area(s, river, PAYMENTS) == {MW: 1}
    assert count(s, 3, "marquise", "warrior") == 0 and count(s, 3, "riverfolk", "warrior") == 1
    assert s.seats[alliance].faction == "alliance"


def test_a_teammate_hires_its_own_companys_mercenaries_too_3x3():
    s = frontier()
    hundreds = 5
    s = put(put(put(s, 3, "hundreds", "warrior"), 3, "riverfolk", "warrior", 2), 3, "marquise", "warrior", 3)
    s = offered(s, hundreds)
    assert "buy mercenaries" in legal(s)
    s = goto(play(s, "buy mercenaries"), hundreds, "hundreds.command", **HIRED)
    s, events = play_events(force_dice(s, 3, 0), "battle 3 marquise")
    assert "Lord of the Hundreds rolls 3 hits" in public_text(events) and count(s, 3, "marquise", "warrior") == 0


def test_mercenaries_hired_by_the_mover_do_not_guard_a_bridge_for_their_team_3x3_2():
    def crossed(hired: bool) -> GameState:
        s = frontier()
        s = put(put(put(s, 2, "marquise", "warrior", 2), 13, "alliance", "warrior", 4), 13, "riverfolk", "warrior", 2)
        fee = next(c.key for c in rules.cards.deck() if c.suit == s.suits[12] and c.type == "item")
        s = goto(set_hand(check(s), M, fee), M, "marquise.actions", **(HIRED if hired else {}))
        return play(s, "move 2>13 x1")

    assert crossed(False).seats[4].hand  # six rival warriors rule the entrance: the Alliance keeps the fee
    s = crossed(True)
    assert ruler(s, 13) == "team:B"  # four Alliance warriors against the Marquise's one and two mercenaries
    assert not s.seats[4].hand and s.discard  # yet only four guard it: the fee is discarded
