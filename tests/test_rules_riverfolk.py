"""The Riverfolk Company (Law of Root 11.1-11.6): one test or more per paragraph, each naming its section.

Tables are Marquise (seat 0), Eyrie (seat 1) and Riverfolk (seat 2) unless a test says otherwise; the map is
Autumn: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10; rivers 4-7, 5-10, 7-11, 10-11.
"""

from __future__ import annotations

from riverfolk_helpers import EW, FACTIONS, MW, RW, E, M, R, daylight, fund, offered, table
from rules_helpers import (
    check,
    count,
    force_dice,
    goto,
    hand_keys,
    legal,
    play,
    play_events,
    public_text,
    put,
    refused,
    set_hand,
    set_supply,
)

import rules
from rules.factions.riverfolk import board as rb
from rules.factions.riverfolk.board import COMMITTED, FUNDS, GONE, PAYMENTS, TRACKS
from rules.state import GameState

# --- 11.3 setup --------------------------------------------------------------------------------------------------


def test_setup_four_warriors_by_rivers_three_in_payments_and_prices_11_3():
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 1)
    while rules.to_act(s) != R or not legal(s)[0].startswith("start"):
        s = play(s, legal(s)[0])
    starts = {int(t.split()[1]) for t in legal(s)}
    assert starts <= rb.river_clearings(s)  # 11.3.2
    assert "no" in refused(s, "start 1") or "river" in refused(s, "start 1")
    for cid in (4, 7, 10, 11):
        s = play(s, f"start {cid}")
    assert all(count(s, c, "riverfolk", "warrior") == 1 for c in (4, 7, 10, 11))
    assert rb.total(s, R, PAYMENTS) == 3  # 11.3.4
    assert s.seats[R].supply["warrior"] == 15 - 4 - 3  # 11.3.1
    for service in ("hand", "riverboats", "mercenaries"):
        s = play(s, f"cost {service} x2")  # 11.3.5
    assert all(rb.price(s, R, x) == 2 for x in rb.SERVICES)


# --- 11.4 Birdsong --------------------------------------------------------------------------------------------------


def test_protectionism_fills_an_empty_payments_box_11_4_1():
    s = table()
    s = goto(s, R, "riverfolk.protectionism")
    assert rb.funds(s, R) == 2  # two placed, then gathered (11.4.3)


def test_dividends_score_a_point_per_two_funds_only_with_a_trade_post_11_4_2():
    s = fund(table(), "marquise", 5)
    s = goto(s, R, "riverfolk.dividends")
    assert s.seats[R].points == 0
    s = fund(put(table(), 3, "riverfolk", "rabbit-post"), "marquise", 5)
    s = goto(check(s), R, "riverfolk.dividends")
    assert s.seats[R].points == 2


def test_gather_funds_moves_every_box_to_funds_11_4_3():
    s = fund(fund(fund(table(), "marquise", 2, PAYMENTS), "eyrie", 1, COMMITTED), "riverfolk", 1, TRACKS)
    s = goto(s, R, "riverfolk.gather")
    assert rb.area(s, R, FUNDS) == {MW: 2, EW: 1, RW: 1}
    assert not rb.total(s, R, PAYMENTS) and not rb.total(s, R, COMMITTED) and not rb.total(s, R, TRACKS)


# --- 11.5 Daylight --------------------------------------------------------------------------------------------------


def test_move_commits_a_fund_and_swimmers_ignore_rule_along_rivers_11_5_1_11_2_2():
    s = put(put(fund(table(), "marquise", 1), 4, "riverfolk", "warrior"), 7, "marquise", "warrior", 3)
    s = daylight(s)
    assert "move 4>7 x1" in legal(s, "move")  # along the river 4-7, ruling neither end (11.2.2)
    s = play(s, "move 4>7 x1")
    assert count(s, 7, "riverfolk", "warrior") == 1
    assert rb.area(s, R, COMMITTED) == {MW: 1} and rb.funds(s, R) == 0


def test_no_funds_no_daylight_actions_11_5():
    s = daylight(put(table(), 4, "riverfolk", "warrior"))
    assert "funds" in refused(s, "move 4>7 x1")


def test_draw_commits_a_fund_11_5_4():
    s = daylight(fund(table(), "eyrie", 1))
    s = play(s, "draw")
    assert len(s.seats[R].hand) == 1 and rb.area(s, R, COMMITTED) == {EW: 1}


def test_recruit_spends_a_fund_back_to_its_owner_in_a_river_clearing_11_5_5():
    s = daylight(fund(table(), "marquise", 1))
    before = s.seats[M].supply["warrior"]
    assert "recruit 1" not in legal(s, "recruit")
    s = play(s, "recruit 10")
    assert count(s, 10, "riverfolk", "warrior") == 1
    assert s.seats[M].supply["warrior"] == before + 1 and rb.funds(s, R) == 0


def test_trade_post_spends_two_funds_of_the_ruler_and_scores_11_5_6():
    s = put(fund(fund(table(), "marquise", 2), "eyrie", 1), 3, "marquise", "warrior", 2)
    s = daylight(s)
    assert "ruler" in refused(put(s.clone(), 5, "eyrie", "warrior"), "post 5")
    s = play(s, "post 3")
    assert count(s, 3, "riverfolk", "rabbit-post") == 1 and count(s, 3, "riverfolk", "warrior") == 1
    assert rb.area(s, R, FUNDS) == {EW: 1}  # the Marquise's two funds spent
    assert s.seats[R].points == rb.POST_POINTS[0]
    assert "already has a trade post" in refused(s, "post 3")


def lost_post(s: GameState, post_suit: str) -> GameState:
    """A trade post of a suit removed from the game: its space on the track is open for crafting."""
    s.seats[R].supply[f"{post_suit}-post"] -= 1
    gone = rb.area(s, R, GONE)
    gone[f"riverfolk:{post_suit}-post"] = gone.get(f"riverfolk:{post_suit}-post", 0) + 1
    return s


def test_craft_commits_funds_onto_open_trade_post_spaces_11_2_1_11_5_3():
    s = set_hand(lost_post(lost_post(fund(table(), "marquise", 3), "rabbit"), "rabbit"), R, "bake-sale", "anvil")
    s = daylight(s)
    assert legal(s, "craft") == ["craft bake-sale"]  # two rabbit spaces open; no fox space for the anvil
    s = play(s, "craft bake-sale")
    assert rb.area(s, R, TRACKS) == {MW: 2} and rb.funds(s, R) == 1  # on the spaces, not in Committed
    assert not rb.area(s, R, COMMITTED) and s.seats[R].points == 3
    s = set_hand(s, R, "a-visit-to-friends")
    assert "don't pay" in refused(s, "craft a-visit-to-friends")  # each space once a turn
    check(s)


def test_a_card_whose_cost_the_funds_do_not_cover_is_not_offered_11_5_3():
    s = daylight(set_hand(lost_post(lost_post(fund(table(), "marquise", 1), "rabbit"), "rabbit"), R, "bake-sale"))
    assert legal(s, "craft") == [] and legal(s, "export") == []
    assert "needs 2 funds committed, and you have 1" in refused(s, "craft bake-sale")


def test_export_needs_a_card_the_company_could_craft_faq_11_5_3():
    from rules_helpers import craft_for

    from rules.items import make

    s = lost_post(fund(table(), "marquise", 2), "fox")
    supply = s.item_supply[s.board.maps[0]]
    supply["hammer"] -= 1
    s.seats[M].items.append(make("hammer"))  # the only hammer is crafted already
    s = craft_for(set_hand(s, R, "anvil", "armorers", "crossbow-bird"), R, "armorers")
    s = daylight(s)
    assert legal(s, "export") == ["export crossbow-bird"]
    assert "no hammer is left" in refused(s, "export anvil")
    assert "already have Armorers" in refused(s, "export armorers")
    s = play(s, "export crossbow-bird")
    assert rb.area(s, R, PAYMENTS) == {RW: 1} and rb.area(s, R, TRACKS) == {MW: 1} and not s.seats[R].points
    check(s)


def test_the_vagabonds_pawn_in_a_trade_post_clearing_adds_one_service_11_2_6_2():
    from vagabond_helpers import pawn_to

    from rules.factions.riverfolk import services

    s = table(("marquise", "riverfolk", "vagabond"))
    s = put(s, 3, "riverfolk", "rabbit-post")
    assert services.allowed(s, 2) == 1
    assert services.allowed(pawn_to(s, 3), 2) == 2


def test_no_trade_post_where_the_company_may_not_place_a_piece_11_5_6_6_2_2():
    s = put(fund(table(), "marquise", 2), 1, "marquise", "keep")
    s = put(s, 1, "marquise", "warrior", 2)
    s = daylight(s)
    assert "post 1" not in legal(s, "post")
    assert "the keep is in clearing 1" in refused(s, "post 1")


def test_trade_disruption_removes_half_the_funds_rounded_up_and_the_post_for_good_11_2_5_1():
    s = put(fund(table(), "marquise", 3), 3, "riverfolk", "rabbit-post")
    s = put(s, 3, "eyrie", "warrior", 2)
    from rules.pieces import BATTLE
    from rules.removal import remove_all

    remove_all(check(s), 3, {"riverfolk:rabbit-post": 1}, E, BATTLE)
    assert rb.funds(s, R) == 1  # 3 funds, 2 removed
    assert rb.area(s, R, GONE) == {"riverfolk:rabbit-post": 1} and s.seats[R].supply["rabbit-post"] == 2
    assert rb.open_spaces(s, R).count("rabbit") == 1  # the space stays open for crafting
    check(s)


def test_the_company_chooses_whose_funds_go_first_11_2_4():
    s = daylight(fund(fund(table(), "marquise", 2), "eyrie", 2))
    assert legal(s, "first") == ["first marquise", "first eyrie"]
    assert "no Riverfolk Company warriors are in your Funds" in refused(s, "first riverfolk")
    eyrie = s.seats[E].supply["warrior"]
    s = play(s, "first eyrie", "recruit 10")
    assert s.seats[E].supply["warrior"] == eyrie + 1 and rb.area(s, R, FUNDS) == {MW: 2, EW: 1}  # spent back
    assert "already chose" in refused(s, "first marquise") and legal(s, "first") == []
    assert "Eyrie Dynasties funds first" in rules.registry.of(s, R).panel(s, R)[0]
    s = play(s, "draw")
    assert rb.area(s, R, COMMITTED) == {EW: 1}  # committed first too


def test_trade_disruption_takes_the_funds_put_first_first_11_2_4_11_2_5_1():
    from rules.pieces import BATTLE
    from rules.removal import remove_all

    for first, left in ((None, {MW: 1, EW: 1}), ("eyrie", {MW: 2})):
        s = put(fund(fund(table(), "marquise", 3), "eyrie", 1), 3, "riverfolk", "rabbit-post")
        if first:
            s.seats[R].data["first"] = first
        remove_all(check(s), 3, {"riverfolk:rabbit-post": 1}, M, BATTLE)
        assert rb.area(s, R, FUNDS) == left  # two of four go: the most plentiful each time, or the ones put first


def test_with_one_factions_funds_there_is_no_choice_11_2_4():
    s = daylight(fund(table(), "marquise", 2))
    assert legal(s, "first") == [] and "nothing to choose" in refused(s, "first marquise")


# --- 11.6 Evening ---------------------------------------------------------------------------------------------------


def test_set_costs_in_evening_and_no_evening_draw_11_6():
    s = goto(table(), R, "riverfolk.costs")
    s = play(s, "cost hand x3")
    assert rb.price(s, R, "hand") == 3
    assert "x7" not in " ".join(legal(s, "cost"))
    assert "1 to 4" in refused(s, "cost hand x7")
    assert "not a service" in refused(s, "cost bread x2")


def test_public_hand_is_not_hidden_11_2_3():
    from rules.hidden import hidden_places

    s = set_hand(table(), R, *hand_keys(table(), R))
    assert not any(p.name == "hand:riverfolk" for p in hidden_places(s))


# --- 11.2.6-11.2.7 services ----------------------------------------------------------------------------------------


def test_the_offer_comes_at_the_start_of_another_players_birdsong_11_2_6():
    s = set_hand(table(), R, "ambush-bird")
    s = offered(s)
    assert s.pending and s.pending[0]["seat"] == M and s.pending[0].get("faction") == "riverfolk"
    assert "pass" in legal(s) and "buy riverboats" in legal(s)
    s = offered(set_hand(table(), R, "ambush-bird"), R)
    assert not any(d.get("faction") == "riverfolk" for d in s.pending)  # never on the Company's own turn


def test_buying_a_hand_card_pays_warriors_into_payments_11_2_6_1_11_2_7_1():
    s = set_hand(table(), R, "ambush-bird")
    s.seats[R].data["prices"]["hand"] = 2
    s = offered(s)
    before = s.seats[M].supply["warrior"]
    s = play(s, "buy hand ambush-bird")
    assert hand_keys(s, M) == ["ambush-bird"] and not s.seats[R].hand
    assert rb.area(s, R, PAYMENTS) == {MW: 2} and s.seats[M].supply["warrior"] == before - 2
    assert not any(d.get("faction") == "riverfolk" for d in s.pending)  # one service: the offer is over


def test_one_more_service_per_trade_post_clearing_with_the_buyers_pieces_11_2_6_2():
    s = put(
        put(set_hand(table(), R, "ambush-bird", "ambush-fox"), 3, "riverfolk", "rabbit-post"), 3, "marquise", "warrior"
    )
    s = offered(s)
    s = play(s, "buy hand ambush-bird")
    assert "buy hand ambush-fox" in legal(s)
    s = play(s, "buy riverboats")
    assert not any(d.get("faction") == "riverfolk" for d in s.pending)


def test_riverboats_make_rivers_paths_for_the_buyer_this_turn_11_2_7_2():
    s = put(put(table(), 4, "marquise", "warrior", 2), 7, "eyrie", "warrior")
    s = offered(s)
    s = play(s, "buy riverboats")
    assert s.turn.flags.get("rivers_as_paths")
    from rules.movement import linked, why_not_move

    assert 7 in linked(s, 4) and why_not_move(s, M, 4, 7, 1) is None  # 4-7 is a river, not a path
    s2 = goto(put(put(table(), 4, "marquise", "warrior", 2), 7, "eyrie", "warrior"), M, "birdsong.start")
    assert why_not_move(s2, M, 4, 7, 1) is not None


def test_the_vagabond_pays_by_exhausting_items_11_2_6_3():
    s = set_hand(table(("vagabond", "eyrie", "riverfolk")), R, "ambush-bird")
    from rules.factions.riverfolk import services

    ready = sum(1 for i in s.seats[0].items if not i["exhausted"] and not i["damaged"])
    services.pay(s, R, 0, 1)
    assert sum(1 for i in s.seats[0].items if not i["exhausted"] and not i["damaged"]) == ready - 1
    assert rb.area(s, R, PAYMENTS) == {RW: 1}
    s = set_hand(table(("vagabond", "eyrie", "riverfolk")), R, "ambush-bird")
    s = offered(s, 0)
    s = play(s, "buy hand ambush-bird")  # his Birdsong's Refresh follows the purchase
    assert rb.area(s, R, PAYMENTS) == {RW: 1}


def test_refused_purchases_name_the_reason_11_2_6():
    s = offered(set_hand(table(), R, "ambush-bird"))
    assert "do not hold" in refused(s, "buy hand ambush-fox")
    assert "the services are" in refused(s, "buy bread")
    assert "only a hand card names a card" in refused(s, "buy mercenaries ambush-bird")
    s.seats[R].data["prices"]["riverboats"] = 4
    set_supply(s, "marquise", "warrior", 3)
    assert "riverboats cost 4 and you have 3 warriors" in refused(s, "buy riverboats")


def test_riverboats_carry_the_vagabond_along_a_river_11_2_7_2():
    from rules.factions.vagabond import DAYLIGHT
    from rules.factions.vagabond import board as vb
    from rules.map_pieces import shift

    s = table(("vagabond", "eyrie", "riverfolk"))
    where = vb.where(s, "vagabond")
    assert where is not None
    shift(s, "vagabond:pawn", where, 4, 1)
    s = goto(check(s), 0, DAYLIGHT)
    assert "move 4>7 x1" not in legal(s, "move")
    s = goto(s, 0, DAYLIGHT, rivers_as_paths=True)
    assert "move 4>7 x1" in legal(s, "move")
    s = play(s, "move 4>7 x1")
    assert vb.where(s, "vagabond") == 7


# --- named scenarios in notation -------------------------------------------------------------------------------------


def scenario(s: GameState, *lines: str) -> tuple[GameState, str]:
    """Play notation lines from a state, checking it after each; the public text of them all."""
    text = []
    for line in lines:
        s, events = play_events(s, line)
        check(s)
        text.append(public_text(events))
    return s, "\n".join(text)


def test_scenario_buying_mercenaries_and_fighting_with_them():
    s = put(put(put(table(), 3, "marquise", "warrior", 2), 3, "riverfolk", "warrior", 2), 3, "eyrie", "warrior", 3)
    s = force_dice(offered(s), 3, 2)
    s, text = scenario(s, "buy mercenaries", "battle 3 eyrie")
    assert "hires the Riverfolk Company's mercenaries" in text and "Marquise de Cat deals 3 hits" in text
    assert count(s, 3, "eyrie", "warrior") == 0
    assert count(s, 3, "marquise", "warrior") == 1 and count(s, 3, "riverfolk", "warrior") == 1
    assert rules.rule.ruler(s, 3) == "marquise"  # two against one Company warrior
    s, _ = scenario(s, "end")  # the Marquise's Evening and turn end; the Eyrie's turn begins
    assert s.turn.seat == E and rules.rule.ruler(s, 3) is None  # the Company's own again: one each, a tie


def test_scenario_a_trade_post_removed_with_its_funds():
    s = put(fund(fund(table(), "marquise", 3), "eyrie", 2), 3, "riverfolk", "rabbit-post")
    s = put(put(s, 3, "riverfolk", "warrior"), 3, "marquise", "warrior", 3)
    s = force_dice(goto(check(s), M, "marquise.actions"), 3, 0)
    before = s.seats[M].supply["warrior"] + s.seats[E].supply["warrior"]
    s, text = scenario(s, "battle 3 riverfolk")
    assert "Trade Disruption: the Riverfolk Company lose 3 funds" in text  # half of 5, rounded up
    assert count(s, 3, "riverfolk", "rabbit-post") == 0 and rb.area(s, R, GONE) == {"riverfolk:rabbit-post": 1}
    assert rb.funds(s, R) == 2 and s.seats[M].supply["warrior"] + s.seats[E].supply["warrior"] == before + 3
    assert s.seats[M].points == 1 and rb.open_spaces(s, R) == ["rabbit"]


def test_scenario_protectionism():
    s = table(("marquise", "riverfolk"))
    s = put(put(put(s, 4, "riverfolk", "warrior"), 1, "marquise", "warrior", 2), 2, "marquise", "warrior")
    s = goto(check(s), 0, "marquise.actions")
    s, text = scenario(s, "end", "recruit 7", "move 7>11 x1")
    assert "Protectionism: the Riverfolk Company put 2 warriors in Payments." in text  # Payments were empty
    assert "gather their funds: 2" in text
    assert rb.funds(s, 1) == 0 and rb.area(s, 1, COMMITTED) == {RW: 1} and count(s, 11, "riverfolk", "warrior") == 1
    assert s.seats[1].supply["warrior"] == 15 - 1 - 2 - 1 + 1  # the recruit's fund was spent back to the supply


def test_scenario_riverboats_across_the_river():
    s = put(put(table(), 4, "marquise", "warrior", 2), 7, "eyrie", "warrior")
    assert "move 4>7 x2" not in legal(goto(s.clone(), M, "marquise.actions"), "move")  # 4-7 is a river only
    s, text = scenario(offered(s), "buy riverboats", "move 4>7 x2")
    assert "rivers are paths for them this turn" in text and count(s, 7, "marquise", "warrior") == 2
    s = goto(put(s, 10, "eyrie", "warrior"), E, "eyrie.decree")
    assert not s.turn.flags.get("rivers_as_paths")
