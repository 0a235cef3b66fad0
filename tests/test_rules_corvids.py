"""The Corvid Conspiracy (Law of Root 13.1-13.7): one test or more per paragraph, each naming its section, on literal
states; named scenarios in notation (a plot flipped for points, an exposure right and wrong, a snare stopping a move,
a trick); and what stays hidden (what a face-down plot is, which plots are left in the supply).

Tables are Marquise (seat 0), Eyrie (seat 1) and Corvids (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10; 5 is adjacent to 1 and 2, 9 to 1, 4 and 12.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rules_helpers import (
    blank_table,
    check,
    count,
    force_dice,
    goto,
    hand_keys,
    legal,
    lift,
    new_table,
    play,
    play_events,
    public_text,
    put,
    set_hand,
)

import rules
from rules import hidden
from rules.factions.corvids import board as cb
from rules.factions.corvids.board import PLOT_KEY, kind_of
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "corvids")
M, E, C = 0, 1, 2


def table(factions: tuple[str, ...] = FACTIONS) -> GameState:
    """A game past setup with an empty map and empty hands; every plot in the Corvids' supply."""
    return blank_table(factions)


def seat_of(s: GameState, fid: str = "corvids") -> int:
    seat = s.seat_of(fid)
    assert seat is not None
    return seat


def down(s: GameState, cid: int, kind: str) -> GameState:
    """A face-down plot of a kind from the Corvids' supply into a clearing (its kind on their secret list)."""
    seat = seat_of(s)
    d = cb.data(s, seat)
    token = next(t for t in d["reserve"] if kind_of(t) == kind)
    d["reserve"].remove(token)
    d["hidden"].append(token)
    d["hidden_at"].append(cid)
    s.seats[seat].supply["plot"] -= 1
    s.clearings[cid - 1][PLOT_KEY] = 1
    return s


def up(s: GameState, cid: int, kind: str) -> GameState:
    """A face-up plot of a kind from the Corvids' supply into a clearing."""
    seat = seat_of(s)
    d = cb.data(s, seat)
    d["reserve"].remove(next(t for t in d["reserve"] if kind_of(t) == kind))
    s.seats[seat].supply["plot"] -= 1
    s.clearings[cid - 1][f"corvids:{kind}"] = 1
    return s


def refusal(s: GameState, text: str) -> str:
    """The refusal of a text the seat to act types (parse or apply), the state untouched."""
    before = s.digest()
    with pytest.raises(rules.RulesError) as caught:
        play(s, text)
    assert s.digest() == before
    return str(caught.value)


def settle(s: GameState) -> GameState:
    """Answer every pending decision with 'pass' when it may be, else its first choice."""
    while s.pending:
        options = legal(s)
        s = play(s, "pass" if "pass" in options else options[0])
    return s


def daylight(s: GameState) -> GameState:
    return goto(check(s), C, cb.DAYLIGHT)


# --- 13.3 setup -----------------------------------------------------------------------------------------------------


def test_setup_gathers_fifteen_warriors_and_eight_plots_two_of_each_and_scatters_one_per_suit_13_3():
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 1)
    while rules.to_act(s) != C or not legal(s)[0].startswith("scatter"):
        s = play(s, legal(s)[0])
    assert s.seats[C].supply == {"warrior": 15, "plot": 8}  # 13.3.1
    assert Counter(kind_of(t) for t in cb.data(s, C)["reserve"]) == dict.fromkeys(cb.KINDS, 2)  # 13.2.2
    assert not any(a == "scatter 1" for a in legal(s))  # the keep's clearing takes no one else's piece
    s = play(s, "scatter 6")  # fox
    assert "one of each suit" in refusal(s, "scatter 8")  # a second fox clearing
    s = play(s, "scatter 2", "scatter 3")  # mouse, rabbit (13.3.2)
    assert [count(s, c, "corvids", "warrior") for c in (6, 2, 3)] == [1, 1, 1]
    assert s.seats[C].supply["warrior"] == 12 and rules.problems(s) == []
    assert not any(a.startswith("scatter") for a in legal(s))


# --- 13.2 faction rules ---------------------------------------------------------------------------------------------


def test_plots_craft_face_up_or_face_down_each_in_its_clearing_suit_13_2_1():
    s = up(down(table(), 1, "bomb"), 2, "snare")  # fox 1, mouse 2
    assert sorted(rules.registry.of(s, C).crafting_suits(s, C)) == ["fox", "mouse"]
    s = goto(set_hand(check(s), C, "anvil", "mouse-in-a-sack", "foxfolk-steel"), C, cb.CRAFT)
    assert {"craft anvil", "craft mouse-in-a-sack"} <= set(legal(s, "craft"))  # one fox, one mouse
    assert "craft foxfolk-steel" not in legal(s, "craft")  # two foxes: one fox plot
    s = play(s, "craft anvil")
    assert "craft mouse-in-a-sack" in legal(s, "craft") and s.seats[C].points == 2


def test_a_face_down_plot_is_one_piece_whatever_its_kind_and_only_the_corvids_see_its_kind_13_2_2_1():
    views = []
    for kind in cb.KINDS:
        s = check(down(table(), 5, kind))
        views.append(rules.view_for(s, None)["clearings"][4]["pieces"])
        own = rules.view_for(s, C)
        assert own["private_lines"][0] == f"Your face-down plots: {kind} in 5"
        assert "private_lines" not in rules.view_for(s, M)
    assert views == [{PLOT_KEY: 1}] * 4


def test_each_clearing_holds_one_plot_13_2_2_2():
    s = put(put(down(table(), 5, "raid"), 5, "corvids", "warrior", 3), 2, "corvids", "warrior", 1)
    s = daylight(s)
    assert not any(a.startswith("plot 5") for a in legal(s, "plot"))
    assert "plot 2 bomb" in legal(s, "plot")
    assert "one to a clearing" in refusal(s, "plot 5 bomb")


def test_nimble_moves_ruling_neither_clearing_13_2_3():
    s = put(put(put(table(), 5, "corvids", "warrior"), 5, "marquise", "warrior", 3), 1, "marquise", "warrior", 2)
    s = daylight(s)
    assert "move 5>1 x1" in legal(s, "move")
    s = play(s, "move 5>1 x1")
    assert count(s, 1, "corvids", "warrior") == 1


def marquise_guessing(kind: str = "snare", cid: int = 5, *cards: str) -> GameState:
    """The Marquise in her Daylight with a warrior beside a face-down plot of a kind in clearing 5 (rabbit)."""
    s = put(down(table(), cid, kind), cid, "marquise", "warrior")
    s = set_hand(s, M, *(cards or ("bake-sale", "anvil")))
    return goto(check(s), M, "marquise.actions")


def test_an_exposure_right_removes_the_plot_and_scores_a_point_13_2_4():
    s = marquise_guessing("snare")
    assert "expose 5 snare bake-sale" in legal(s, "expose") and "expose 5 bomb bake-sale" in legal(s, "expose")
    assert not any("anvil" in a for a in legal(s, "expose"))  # a fox card does not match rabbit clearing 5
    s, events = play_events(s, "expose 5 snare bake-sale")
    assert "guesses a snare in clearing 5: right" in public_text(events)
    assert count(s, 5, "corvids", "plot") == 0 and s.seats[M].points == 1
    assert hand_keys(s, M) == ["anvil", "bake-sale"]  # the card was only shown
    assert s.seats[C].supply["plot"] == 8 and check(s)


def test_an_exposure_wrong_gives_the_card_to_the_corvids_and_the_plot_stays_13_2_4():
    s = marquise_guessing("snare")
    s, events = play_events(s, "expose 5 bomb bake-sale")
    text = public_text(events)
    assert "say no" in text and "bake-sale" not in text.lower() and "Bake Sale" not in text
    assert count(s, 5, "corvids", "plot") == 1 and s.seats[M].points == 0
    assert hand_keys(s, M) == ["anvil"] and hand_keys(s, C) == ["bake-sale"]
    assert any("Bake Sale" in t for e in events for t in e.private.values())
    assert cb.hidden_kind(s, C, 5) == "snare"


def test_an_exposed_raid_places_no_warriors_13_2_4_13_7_4():
    s = play(marquise_guessing("raid"), "expose 5 raid bake-sale")
    assert all(count(s, c, "corvids", "warrior") == 0 for c in (1, 2)) and check(s)


def test_exposure_refusals_say_nothing_of_the_plot_13_2_4():
    s = marquise_guessing("snare")
    reasons = {k: refusal(s, f"expose 5 {k} anvil") for k in cb.KINDS}  # a fox card in a rabbit clearing
    assert len(set(reasons.values())) == 1 and "does not match clearing 5" in reasons["bomb"]
    assert "no face-down plot in clearing 1" in refusal(s, "expose 1 bomb bake-sale")
    s2 = put(down(lift_marquise(s), 10, "bomb"), 5, "marquise", "warrior")
    assert "have none in clearing 10" in refusal(s2, "expose 10 bomb bake-sale")
    assert "guess a bomb, snare, extortion or raid" in refusal(s, "expose 5 trap bake-sale")


def lift_marquise(s: GameState) -> GameState:
    s = s.clone()
    del s.clearings[4]["marquise:warrior"]
    s.seats[M].supply["warrior"] += 1
    return s


def test_exposure_is_only_on_the_guessers_own_turn_and_never_for_the_corvids_13_2_4():
    s = put(put(down(table(), 5, "snare"), 5, "marquise", "warrior"), 5, "corvids", "warrior")
    s = set_hand(set_hand(s, M, "bake-sale"), C, "a-visit-to-friends")
    s = daylight(s)
    assert not legal(s, "expose")
    assert "Exposure is for their enemies" in refusal(s, "expose 5 bomb a-visit-to-friends")
    with pytest.raises(rules.RulesError, match="only on your own turn"):
        rules.apply(s, rules.parse(s, "expose 5 bomb bake-sale", M), M)


def test_exposure_waits_in_a_step_the_guesser_would_have_skipped_13_2_4():
    s = put(down(table(), 5, "snare"), 5, "marquise", "warrior")
    s = goto(check(set_hand(s, M, "anvil")), M, "marquise.craft")
    # no workshop: nothing to craft, but a card in hand and a warrior beside a face-down plot: the step waits (any
    # card might have matched), whatever the hand holds
    assert rules.to_act(s) == M and s.turn.step == "marquise.craft"


def test_embedded_agents_add_a_hit_defending_a_face_down_plot_even_defenseless_13_2_5():
    s = put(down(table(), 5, "bomb"), 5, "marquise", "warrior", 3)
    s = force_dice(goto(check(s), M, "marquise.actions"), 0, 0)
    s = settle(play(s, "battle 5 corvids"))
    assert count(s, 5, "marquise", "warrior") == 2  # Embedded Agents' extra hit
    assert count(s, 5, "corvids", "plot") == 0  # defenseless: the Marquise's extra hit removed the plot
    s = put(put(up(table(), 5, "bomb"), 5, "marquise", "warrior", 3), 5, "corvids", "warrior")
    s = force_dice(goto(check(s), M, "marquise.actions"), 0, 0)
    s = settle(play(s, "battle 5 corvids"))
    assert count(s, 5, "marquise", "warrior") == 3  # a face-up plot embeds no agents


# --- 13.4 Birdsong --------------------------------------------------------------------------------------------------


def test_flipping_scores_a_point_per_face_up_plot_including_the_new_one_13_4_2():
    s = put(up(up(down(table(), 5, "snare"), 1, "raid"), 2, "extortion"), 5, "corvids", "warrior")
    s = goto(check(s), C, cb.FLIP)
    assert legal(s, "flip") == ["flip 5"]
    s, events = play_events(s, "flip 5")
    assert "a snare" in public_text(events)
    assert s.seats[C].points == 3 and count(s, 5, "corvids", "snare") == 1 and check(s)


def test_a_plot_flips_only_where_corvid_warriors_are_13_4_2():
    s = goto(check(put(down(down(table(), 5, "bomb"), 1, "raid"), 1, "corvids", "warrior")), C, cb.FLIP)
    assert legal(s, "flip") == ["flip 1"]
    assert "you have none in clearing 5" in refusal(s, "flip 5")


def test_a_bomb_removes_every_enemy_piece_then_itself_13_7_1():
    s = put(
        put(put(down(table(), 10, "bomb"), 10, "corvids", "warrior"), 10, "marquise", "warrior", 2),
        10,
        "eyrie",
        "roost",
    )
    s = goto(check(s), C, cb.FLIP)
    s = play(s, "flip 10")
    assert count(s, 10, "marquise", "warrior") == 0 and count(s, 10, "eyrie", "roost") == 0
    assert count(s, 10, "corvids", "warrior") == 1 and count(s, 10, "corvids", "bomb") == 0
    assert s.seats[C].points == 2  # the flip (one face-up plot) and the roost
    assert s.seats[C].supply["plot"] == 8 and check(s)


def test_an_extortion_takes_a_random_card_from_each_enemy_in_its_clearing_13_7_3():
    s = put(
        put(put(down(table(), 5, "extortion"), 5, "corvids", "warrior"), 5, "marquise", "warrior"),
        1,
        "eyrie",
        "warrior",
    )
    s = set_hand(set_hand(s, M, "anvil"), E, "bake-sale")
    s = play(goto(check(s), C, cb.FLIP), "flip 5")
    assert hand_keys(s, C) == ["anvil"] and hand_keys(s, E) == ["bake-sale"]  # the Eyrie has nothing in clearing 5


def test_recruit_spends_a_card_for_a_warrior_in_each_matching_clearing_once_13_4_3():
    s = goto(check(set_hand(table(), C, "anvil", "ambush-bird")), C, cb.RECRUIT)
    assert "recruit ambush-bird mouse" in legal(s, "recruit")
    s = play(s, "recruit anvil")
    assert [count(s, c, "corvids", "warrior") for c in (1, 6, 8, 12, 2)] == [1, 1, 1, 1, 0]
    assert s.turn.step == cb.DAYLIGHT  # once per turn: Recruit is over, the turn goes on
    assert not legal(s, "recruit") and "in Birdsong" in refusal(s, "recruit ambush-bird mouse")
    s = goto(s, C, cb.RECRUIT, recruited=True)
    assert s.turn.step == cb.DAYLIGHT  # recruited already: the step has nothing to ask


def test_a_bird_recruits_in_the_suit_named_13_4_3():
    s = goto(check(set_hand(table(), C, "ambush-bird")), C, cb.RECRUIT)
    assert "recruit ambush-bird fox" in refusal(s, "recruit ambush-bird")  # the suit must be named
    s = play(s, "recruit ambush-bird rabbit")
    assert [count(s, c, "corvids", "warrior") for c in (3, 4, 5, 10, 1)] == [1, 1, 1, 1, 0]


# --- 13.5 Daylight --------------------------------------------------------------------------------------------------


def test_a_plot_removes_one_warrior_then_one_more_per_plot_placed_this_turn_13_5_2():
    s = daylight(put(put(table(), 5, "corvids", "warrior", 1), 2, "corvids", "warrior", 2))
    s, events = play_events(s, "plot 5 bomb")
    assert count(s, 5, "corvids", "warrior") == 0 and count(s, 5, "corvids", "plot") == 1
    assert "bomb" not in public_text(events)  # the table sees a plot, never its kind
    assert any("is a bomb" in t for e in events for t in e.private.values())
    assert "plot 2 snare" in legal(s, "plot")  # two warriors pay for the second plot
    s = play(s, "plot 2 snare")
    assert count(s, 2, "corvids", "warrior") == 0 and s.seats[C].supply["plot"] == 6 and check(s)


def test_a_plot_needs_the_warriors_and_a_plot_of_that_kind_left_13_5_2():
    s = daylight(put(put(down(down(table(), 1, "bomb"), 2, "bomb"), 5, "corvids", "warrior"), 10, "corvids", "warrior"))
    assert not any(a.endswith("bomb") for a in legal(s, "plot"))
    assert "no bomb left in your supply" in refusal(s, "plot 5 bomb")
    s = play(s, "plot 5 snare")
    assert "removes 2 warriors" in refusal(s, "plot 10 raid")


def test_three_daylight_actions_13_5():
    s = daylight(put(table(), 5, "corvids", "warrior", 4))
    s = play(s, "move 5>1 x1", "move 1>5 x1")
    assert "move 5>2 x1" in legal(s, "move")
    s = play(s, "move 5>2 x1")
    assert s.turn.step == cb.EXERT  # three actions: Daylight is over
    s = goto(s, C, cb.DAYLIGHT, corvid_actions=3)
    assert s.turn.step == cb.EXERT  # no action left: Daylight has nothing to ask


def test_a_trick_swaps_two_face_down_plots_or_two_face_up_plots_13_5_4():
    s = daylight(up(up(down(down(table(), 1, "bomb"), 2, "raid"), 3, "snare"), 4, "extortion"))
    assert {"trick 1,2", "trick 3,4"} == set(legal(s, "trick"))
    assert "not one of each" in refusal(s, "trick 1,3")
    s, events = play_events(s, "trick 1,2")
    assert cb.hidden_kind(s, C, 1) == "raid" and cb.hidden_kind(s, C, 2) == "bomb"
    assert "bomb" not in public_text(events) and "raid" not in public_text(events)
    s = play(s, "trick 3,4")
    assert count(s, 3, "corvids", "extortion") == 1 and count(s, 4, "corvids", "snare") == 1 and check(s)


# --- 13.6 Evening ---------------------------------------------------------------------------------------------------


def test_exert_takes_one_more_action_and_draws_nothing_13_6_1():
    s = put(table(), 5, "corvids", "warrior", 2)
    s = goto(check(s), C, cb.EXERT)
    s = play(s, "move 5>1 x1")
    assert not legal(s, "move")
    assert s.turn.step != cb.EXERT and hand_keys(s, C) == []


def test_evening_draws_one_plus_one_per_face_up_extortion_13_6_2():
    s = up(up(table(), 1, "extortion"), 2, "extortion")
    s = goto(check(s), C, cb.EXERT)  # nothing to exert with: the Evening goes on to the draw
    assert len(s.seats[C].hand) == 3


# --- 13.7 the plots -------------------------------------------------------------------------------------------------


def test_a_face_up_snare_stops_enemy_moves_out_and_placements_in_but_not_the_corvids_13_7_2():
    s = put(put(up(table(), 5, "snare"), 5, "marquise", "warrior", 3), 5, "corvids", "warrior")
    s = goto(check(s), M, "marquise.actions")
    assert not any(a.startswith("move 5>") for a in legal(s, "move"))
    assert "snare in clearing 5" in refusal(s, "move 5>1 x1")
    assert not rules.map_pieces.may_place(s, "marquise", 5)
    s = daylight(s)
    assert "move 5>1 x1" in legal(s, "move")


def test_a_snare_stops_the_vagabonds_moves_but_not_his_slip_13_7_2_9_4_2():
    s = table(("vagabond", "corvids"))
    s.clearings[4]["vagabond:pawn"] = 1
    for where in list(s.forests):
        s.forests[where].pop("vagabond:pawn", None)
    for cid in range(1, 13):
        if cid != 5:
            s.clearings[cid - 1].pop("vagabond:pawn", None)
    up(s, 5, "snare")
    s = goto(check(s), 0, "vagabond.slip")
    assert any(a.startswith("move 5>") for a in legal(s, "move"))
    s = goto(s, 0, "vagabond.daylight")
    assert not any(a.startswith("move 5>") for a in legal(s, "move"))


def test_a_removed_raid_places_a_warrior_in_each_adjacent_clearing_13_7_4():
    s = put(down(table(), 5, "raid"), 5, "marquise", "warrior", 2)
    s = force_dice(goto(check(s), M, "marquise.actions"), 3, 0)
    s, events = play_events(s, "battle 5 corvids")
    assert "The plot removed from clearing 5 was a raid." in public_text(events)
    s = settle(s)
    assert count(s, 1, "corvids", "warrior") == 1 and count(s, 2, "corvids", "warrior") == 1
    assert s.seats[C].supply["plot"] == 8 and check(s)


# --- named scenarios in notation ------------------------------------------------------------------------------------


def test_scenario_a_plot_placed_then_flipped_for_points_13_5_2_13_4_2():
    s = put(put(table(), 5, "corvids", "warrior", 2), 1, "corvids", "warrior")
    s = daylight(s)
    s = play(s, "plot 5 extortion", "end")
    s = play(goto(s, C, cb.FLIP), "flip 5")
    assert s.seats[C].points == 1 and count(s, 5, "corvids", "extortion") == 1


def test_scenario_an_exposure_wrong_then_right_13_2_4():
    s = marquise_guessing("extortion", 5, "bake-sale", "a-visit-to-friends")
    s = play(s, "expose 5 bomb bake-sale")
    assert count(s, 5, "corvids", "plot") == 1 and hand_keys(s, C) == ["bake-sale"]
    s = play(s, "expose 5 extortion a-visit-to-friends")
    assert count(s, 5, "corvids", "plot") == 0 and s.seats[M].points == 1 and check(s)


def test_scenario_a_snare_stops_a_move_13_7_2():
    s = put(
        put(put(down(table(), 5, "snare"), 5, "corvids", "warrior"), 5, "marquise", "warrior", 2),
        1,
        "marquise",
        "warrior",
    )
    s = play(goto(check(s), C, cb.FLIP), "flip 5")
    s = goto(s, M, "marquise.actions")
    assert "snare in clearing 5" in refusal(s, "move 5>1 x2")
    s = play(s, "move 1>5 x1")  # moving in is no move out
    assert count(s, 5, "marquise", "warrior") == 3


def test_scenario_a_trick_moves_a_bomb_under_the_enemy_13_5_4():
    s = put(
        put(put(down(down(table(), 1, "bomb"), 10, "snare"), 10, "marquise", "warrior", 3), 10, "corvids", "warrior"),
        1,
        "corvids",
        "warrior",
    )
    s = daylight(s)
    s = play(s, "trick 1,10", "end")
    s = play(goto(s, C, cb.FLIP), "flip 10")
    assert count(s, 10, "marquise", "warrior") == 0 and s.seats[C].points == 1


# --- hidden information ---------------------------------------------------------------------------------------------


def test_the_redeal_moves_plot_kinds_between_face_down_plots_and_the_supply_keeping_the_counts():
    s = check(up(down(down(table(), 1, "bomb"), 2, "bomb"), 3, "snare"))
    places = [p for p in hidden.hidden_places(s) if p.deck == "pieces:corvids"]
    assert sorted(len(p.cards) for p in places) == [2, 5]
    seen = set()
    for position in range(40):
        other = hidden.redeal(s, position)
        assert check(other) is other  # counts per kind and per place kept, the face-up snare untouched
        seen.add((cb.hidden_kind(other, C, 1), cb.hidden_kind(other, C, 2)))
    assert len(seen) > 4  # bombs left the map, other kinds came
    kept = hidden.redeal(s, 7, keep=C)
    assert cb.data(kept, C) == cb.data(s, C)


def test_the_public_view_panel_and_legal_exposures_are_the_same_whatever_the_plots_are():
    base = put(put(table(), 5, "marquise", "warrior"), 1, "marquise", "warrior")
    base = set_hand(base, M, "bake-sale", "anvil")
    outs = set()
    for a, b in (("bomb", "snare"), ("raid", "extortion"), ("snare", "snare")):
        s = goto(check(down(down(base.clone(), 5, a), 1, b)), M, "marquise.actions")
        refusals = tuple(refusal(s, f"expose 5 {k} anvil") for k in cb.KINDS)
        outs.add((repr(rules.view_for(s, None)), tuple(legal(s)), refusals, repr(rules.view_for(s, M))))
    assert len(outs) == 1


def test_the_hidden_information_check_catches_a_leaked_plot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The re-deal test must fail when a public output names a face-down plot: leak it in the panel and see."""
    import random

    import test_hidden_information as th

    from rules.factions.corvids import Corvids

    s = put(put(down(down(table(), 5, "bomb"), 1, "raid"), 5, "corvids", "warrior"), 5, "marquise", "warrior")
    s = daylight(s)
    clean = th.Tally()
    th.check_moment(clean, s, random.Random(1), "clean")
    assert not clean.leaks
    leaky = Corvids.panel

    def panel(self: Corvids, state: GameState, seat: int) -> list[str]:
        return [*leaky(self, state, seat), f"5 is {cb.hidden_kind(state, seat, 5)}"]

    monkeypatch.setattr(Corvids, "panel", panel)
    caught = th.Tally()
    th.check_moment(caught, s, random.Random(1), "leaky")
    assert caught.leaks and all("5 is " in leak for leak in caught.leaks)


# --- fan factions and the 3x3 mode ----------------------------------------------------------------------------------


def test_infected_corvid_warriors_fight_for_the_spore_no_flip_no_plot_and_a_bomb_removes_them_ts_2_4():
    s = table(("spore", "corvids"))
    c = seat_of(s)
    put(s, 5, "corvids", "warrior", 2, controller="spore")
    down(s, 5, "extortion")
    s = goto(check(s), c, cb.FLIP)
    assert not legal(s, "flip")  # infected warriors are no Corvid warriors
    s = goto(s, c, cb.DAYLIGHT)
    assert not legal(s, "plot")
    s = table(("spore", "corvids"))
    put(s, 5, "corvids", "warrior", 1)
    put(s, 5, "corvids", "warrior", 1, controller="spore")
    put(s, 5, "spore", "mushroom", 1)
    down(s, 5, "bomb")
    s = play(goto(check(s), seat_of(s), cb.FLIP), "flip 5")
    assert count(s, 5, "spore", "mushroom") == 0 and s.clearings[4].get("corvids:warrior:spore", 0) == 0
    assert count(s, 5, "corvids", "warrior") == 1 and check(s)


def test_a_bomb_on_mushrooms_removes_them_and_scores_them_ts_2_3():
    s = table(("spore", "corvids"))
    c = seat_of(s)
    put(put(s, 10, "corvids", "warrior"), 10, "spore", "mushroom", 1)
    down(s, 10, "bomb")
    s = play(goto(check(s), c, cb.FLIP), "flip 10")
    assert count(s, 10, "spore", "mushroom") == 0 and s.seats[c].points == 1 + 1 and check(s)


def test_two_mushrooms_overgrow_a_face_down_plot_and_show_it_ts_2_3():
    s = table(("spore", "corvids"))
    c = seat_of(s)
    put(put(s, 10, "corvids", "warrior"), 10, "spore", "mushroom", 2)
    s = goto(check(down(s, 10, "snare")), c, cb.CRAFT)  # the standing overgrowth removes enemy tokens (TS.2.3)
    assert count(s, 10, "corvids", "plot") == 0 and s.seats[c].supply["plot"] == 8 and check(s)
    assert any("was a snare" in e.public for e in s.events)
    assert not rules.map_pieces.may_place(s, "corvids", 10, "token")


def test_first_response_carries_hit_corvid_warriors_to_the_ward_even_from_a_snared_clearing_som_2_3():
    s = table(("spinners", "corvids"))
    sp = seat_of(s, "spinners")
    for cid, kinds in ((5, ("warrior", "warrior", "web")), (1, ("web", "fox-infirmary"))):
        for kind in kinds:
            put(s, cid, "spinners", kind)
    put(s, 5, "corvids", "warrior", 2)
    up(s, 5, "snare")  # the Corvids' own snare: it keeps the Spinners' pieces in, not the Corvids'
    s = force_dice(goto(check(s), sp, "spinners.daylight"), 3, 0)
    s = play(s, "battle 5 corvids")
    while s.pending and "respond 5" not in legal(s):
        s = play(s, "pass")
    s = settle(play(s, "respond 5"))
    assert s.seats[sp].areas["ward"].get("corvids:warrior") == 2 and count(s, 5, "corvids", "warrior") == 0
    assert count(s, 5, "corvids", "snare") == 1 and check(s)  # the plot was no warrior: it took no hit


def tinker_in(cid: int) -> GameState:
    """A Tinker and Corvids table past setup, every Tinker piece (robots, the Old Man) gathered in one clearing, the
    Corvids' warriors back in their supply, the hands empty."""
    s = new_table(("tinker", "corvids"))
    for other in range(1, 13):
        if count(s, other, "corvids", "warrior"):
            lift(s, other, "corvids", "warrior", count(s, other, "corvids", "warrior"))
    for seat in range(2):
        set_hand(s, seat)
    here = s.clearings[cid - 1]
    for other in range(1, 13):
        for key in [k for k in s.clearings[other - 1] if k.startswith("tinker:") and other != cid]:
            here[key] = here.get(key, 0) + s.clearings[other - 1].pop(key)
    for forest in s.forests.values():
        if forest.pop("tinker:oldman", None):
            here["tinker:oldman"] = 1
    return s


def test_a_snare_keeps_the_old_man_and_the_robots_in_their_clearing_omt_2_2():
    s = tinker_in(5)
    t = seat_of(s, "tinker")
    assert s.clearings[4].get("tinker:oldman") and any(k.endswith("bot") for k in s.clearings[4])
    leaving = ("bustle 5>", "move 5>", "crusade 5>")
    free = goto(check(s.clone()), t, "tinker.bustle")
    assert [a for a in legal(free) if a.startswith(leaving)]  # without the snare they may leave
    free = goto(free, t, "tinker.actions")
    assert [a for a in legal(free) if a.startswith(("move 5>", "crusade 5>"))]
    up(s, 5, "snare")
    s = goto(check(s), t, "tinker.bustle")
    assert not [a for a in legal(s) if a.startswith(leaving)]
    assert "snare in clearing 5" in refusal(s, "bustle 5>1")
    s = goto(s, t, "tinker.actions")
    assert not [a for a in legal(s) if a.startswith(leaving)]


def test_a_bomb_against_the_tinker_removes_drones_and_gears_and_leaves_the_robots_omt_2_3_omt_2_4():
    s = tinker_in(10)
    c = seat_of(s)
    put(s, 10, "tinker", "drone", 2)
    put(s, 10, "tinker", "gear", 1)
    put(s, 10, "corvids", "warrior")
    down(s, 10, "bomb")
    robots = sorted(k for k in s.clearings[9] if k.endswith("bot"))
    s = play(goto(check(s), c, cb.FLIP), "flip 10")
    assert count(s, 10, "tinker", "drone") == 0 and count(s, 10, "tinker", "gear") == 0
    assert sorted(k for k in s.clearings[9] if k.endswith("bot")) == robots  # robots are never removed
    assert s.seats[c].points >= 1 + 1 + 1  # the flip, the gear, the Old Man (and gears off the robots' tracks)
    assert check(s)


def test_embedded_agents_hit_the_tinkers_drones_omt_2_3_13_2_5():
    s = table(("tinker", "corvids"))
    t = seat_of(s, "tinker")
    put(put(s, 10, "tinker", "drone", 3), 10, "corvids", "warrior")
    down(s, 10, "raid")
    s = force_dice(goto(check(s), t, "tinker.actions"), 0, 0)
    s = settle(play(s, "battle 10 corvids"))
    assert count(s, 10, "tinker", "drone") == 2  # no die hit: the one hit is the Embedded Agents'


def frontier() -> GameState:
    """A 3x3 table: the Marquise and the Corvids on team A, the Eyrie on team B (three a side)."""
    factions = ["marquise", "eyrie", "corvids", "alliance", "vagabond", "vagabond2"]
    teams = {"marquise": "A", "eyrie": "B", "corvids": "A", "alliance": "B", "vagabond": "A", "vagabond2": "B"}
    return rules.new_game({"factions": factions, "mode": "frontier", "teams": teams, "first_player": 0}, 1)


def test_3x3_a_teammate_is_no_enemy_to_the_plots_3x3_teams():
    s = frontier()
    while s.turn.phase == "setup":
        s = play(s, legal(s)[0])
    from rules_helpers import emptied

    s = emptied(s)
    c, m, e = seat_of(s), seat_of(s, "marquise"), seat_of(s, "eyrie")
    put(put(put(s, 5, "corvids", "warrior"), 5, "marquise", "warrior"), 5, "eyrie", "warrior")
    s = set_hand(set_hand(s, m, "bake-sale"), e, "anvil")
    down(s, 5, "extortion")
    s = play(goto(check(s), c, cb.FLIP), "flip 5")
    assert hand_keys(s, c) == ["anvil"] and hand_keys(s, m) == ["bake-sale"]  # only the rival team pays
    s = set_hand(s, m, "bake-sale")
    up(s, 10, "snare")
    put(s, 10, "marquise", "warrior", 2)
    assert rules.map_pieces.may_place(s, "marquise", 10) and not rules.map_pieces.may_place(s, "eyrie", 10)
    down(s, 3, "bomb")
    put(s, 3, "marquise", "warrior")
    s = goto(check(s), m, "marquise.actions")
    assert not legal(s, "expose")  # a teammate does not guess
    assert "not your enemy" in refusal(s, "expose 3 bomb bake-sale")
    del e
