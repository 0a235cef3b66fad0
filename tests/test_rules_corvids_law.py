"""An outside referee's check of the Corvid Conspiracy against the Law of Root (section 13, and the base rules it leans
on: 1.5.4 placing as many as possible, 3.2.1 scoring removals, 4.1 crafting, 4.3 battle, 9.2.2.1 full removal,
9.2.9.3 the Vagabond's relationships). Every test names the section it checks and works on a literal state through
the public engine API only: plots are placed with `plot`, turned up with `flip`, guessed with `expose`.

Tables are Marquise (seat 0), Eyrie (seat 1) and Corvids (seat 2) unless a test says otherwise; the map is Autumn:
fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10. Clearing 5 touches 1 and 2; 9 touches 1, 4 and 12.
"""

from __future__ import annotations

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
    on_map,
    play,
    play_events,
    public_text,
    put,
    set_decree,
    set_hand,
    set_supply,
)

import rules
from rules.state import GameState

FACTIONS = ("marquise", "eyrie", "corvids")
M, E, C = 0, 1, 2
CRAFT, FLIP, RECRUIT, DAYLIGHT, EXERT = (
    "corvids.craft",
    "corvids.flip",
    "corvids.recruit",
    "corvids.daylight",
    "corvids.exert",
)
KINDS = ("bomb", "snare", "extortion", "raid")


# --- literal states, built the Law's way ------------------------------------------------------------------------------


def table(*factions: str) -> GameState:
    """A game past setup with an empty map and empty hands, every plot in the Corvids' supply."""
    return blank_table(factions or FACTIONS)


def seat(s: GameState, faction: str = "corvids") -> int:
    """The seat of a faction."""
    found = s.seat_of(faction)
    assert found is not None
    return found


def at(s: GameState, step: str, faction: str = "corvids", **flags: object) -> GameState:
    """Check a hand-made state, then make it a step of a faction's turn."""
    return goto(check(s), seat(s, faction), step, **flags)


def plant(s: GameState, cid: int, kind: str) -> GameState:
    """A face-down plot placed as the Law places one: a Corvid warrior put in the clearing pays for it in Daylight
    (a second one keeps the Daylight waiting, so the turn does not run on; it is lifted after)."""
    put(s, cid, "corvids", "warrior", 2)
    s = play(at(s, DAYLIGHT), f"plot {cid} {kind}")
    assert s.turn.step == DAYLIGHT
    return lift(s, cid, "corvids", "warrior")


def turn_up(s: GameState, cid: int, kind: str) -> GameState:
    """A face-up plot: planted, then flipped in Birdsong by a warrior put there (lifted after; the points undone)."""
    s = plant(s, cid, kind)
    c = seat(s)
    points = s.seats[c].points
    put(s, cid, "corvids", "warrior")
    s = play(at(s, FLIP), f"flip {cid}")
    lift(s, cid, "corvids", "warrior")
    s.seats[c].points = points
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


def to_step(s: GameState, step: str) -> GameState:
    """End steps of the turn in progress until the given one."""
    while s.turn.step != step:
        assert not s.pending
        s = play(s, "end")
    return s


def plots_on_map(s: GameState) -> int:
    """Plot tokens on the map, face up or down."""
    return sum(on_map(s, "corvids", k) for k in ("plot", *KINDS))


def secret(s: GameState) -> list[str]:
    """The Corvids' own lines about their plots (what only they see)."""
    return list(rules.view_for(s, seat(s))["private_lines"])


# --- 13.3 setup ----------------------------------------------------------------------------------------------------


def corvid_setup() -> GameState:
    """A fresh game run to the Corvids' first setup choice (the Marquise's keep in 1, the Eyrie in the far corner)."""
    s = rules.new_game({"factions": list(FACTIONS), "first_player": 0}, 1)
    while rules.to_act(s) != C or not any(a.startswith("scatter") for a in legal(s)):
        options = legal(s)
        s = play(s, "keep 1" if "keep 1" in options else options[0])
    return s


def test_13_3_1_supplies_of_fifteen_warriors_and_eight_face_down_plots_two_of_each_kind():
    s = corvid_setup()
    assert s.seats[C].supply == {"warrior": 15, "plot": 8}
    assert secret(s)[1] == "Your plot supply: bomb x2, snare x2, extortion x2, raid x2"
    assert plots_on_map(s) == 0
    assert "Plots in supply: 8 (face down)" in rules.view_for(s, None)["seats"][C]["panel"]


def test_13_3_2_one_warrior_in_a_clearing_of_each_suit_any_clearing_but_the_keeps():
    s = corvid_setup()
    options = legal(s)
    assert "scatter 1" not in options  # the keep: only the Marquise places there (6.2.2)
    eyrie_corner = next(c for c in s.board.ids() if count(s, c, "eyrie", "roost"))
    assert f"scatter {eyrie_corner}" in options  # any clearing, enemy pieces or not
    assert {f"scatter {c}" for c in s.board.ids() if c != 1} == set(options)
    s = play(s, "scatter 12")  # fox
    assert "fox" in refusal(s, "scatter 6")  # a second fox clearing
    assert not any(a in legal(s) for a in ("scatter 1", "scatter 6", "scatter 8"))
    s = play(s, "scatter 9", "scatter 5")  # mouse, rabbit
    assert [count(s, c, "corvids", "warrior") for c in (12, 9, 5)] == [1, 1, 1]
    assert s.seats[C].supply == {"warrior": 12, "plot": 8}
    assert not any(a.startswith("scatter") for a in legal(s)) and check(s)


# --- 13.2.1, 13.4.1 crafting ----------------------------------------------------------------------------------------


def test_13_2_1_plots_face_up_or_down_craft_in_birdsong_each_once_for_its_clearing_suit():
    s = turn_up(plant(table(), 1, "raid"), 6, "snare")  # fox 1 face down, fox 6 face up
    s = set_hand(s, C, "foxfolk-steel", "anvil")  # two foxes; one fox
    s = at(s, CRAFT)
    assert "craft foxfolk-steel" in legal(s, "craft")  # both plots together
    s = play(s, "craft foxfolk-steel")
    assert "craft anvil" not in legal(s, "craft")  # each plot crafts once a turn (4.1.1)
    assert s.seats[C].points == 2


def test_13_4_1_crafting_is_the_first_step_of_birdsong_only():
    s = set_hand(plant(table(), 1, "raid"), C, "anvil")
    s = at(s, FLIP)
    assert "craft anvil" not in legal(s)
    assert refusal(s, "craft anvil")
    s = at(s, DAYLIGHT)
    assert "craft anvil" not in legal(s) and refusal(s, "craft anvil")


def test_13_2_1_warriors_alone_are_no_crafting_pieces():
    s = put(table(), 1, "corvids", "warrior", 3)
    s = at(set_hand(s, C, "anvil"), CRAFT)
    assert "craft anvil" not in legal(s)


# --- 13.5.2 plot ----------------------------------------------------------------------------------------------------


def test_13_5_2_a_plot_removes_one_warrior_then_one_more_per_plot_placed_this_turn():
    s = table()
    for cid in (1, 2, 3):
        put(s, cid, "corvids", "warrior", 3)
    s = at(s, DAYLIGHT)
    s = play(s, "plot 1 bomb")
    assert count(s, 1, "corvids", "warrior") == 2 and count(s, 1, "corvids", "plot") == 1
    s = play(s, "plot 2 snare")
    assert count(s, 2, "corvids", "warrior") == 1
    s = play(s, "plot 3 raid")
    assert count(s, 3, "corvids", "warrior") == 0
    assert s.seats[C].supply == {"warrior": 15 - 3, "plot": 5}
    assert s.seats[C].points == 0  # placing scores nothing


def test_13_5_2_the_warriors_must_all_be_in_the_clearing():
    s = table()
    put(s, 1, "corvids", "warrior", 1)
    put(s, 2, "corvids", "warrior", 1)
    put(s, 5, "corvids", "warrior", 1)  # next to 1 and 2: no help
    s = play(at(s, DAYLIGHT), "plot 1 bomb")
    assert "plot 2 bomb" not in legal(s, "plot")
    assert "2 warriors" in refusal(s, "plot 2 bomb")
    assert "plot 3 bomb" not in legal(s, "plot") and refusal(s, "plot 3 bomb")  # none there at all


def test_13_5_2_13_6_1_the_exerts_plot_costs_one_more_per_plot_placed_in_daylight():
    s = table()
    put(s, 1, "corvids", "warrior", 1)
    put(s, 2, "corvids", "warrior", 2)
    put(s, 3, "corvids", "warrior", 3)
    s = play(at(s, DAYLIGHT), "plot 1 raid", "plot 2 snare")
    s = to_step(s, EXERT)  # the Evening of the same turn
    assert "plot 3 bomb" in legal(s, "plot")
    s = play(s, "plot 3 bomb")
    assert count(s, 3, "corvids", "warrior") == 0


def test_13_5_2_the_cost_starts_again_at_one_next_turn():
    s = table()
    put(s, 1, "corvids", "warrior", 1)
    put(s, 2, "corvids", "warrior", 1)
    s = play(at(s, DAYLIGHT), "plot 1 raid")
    assert "plot 2 snare" not in legal(s, "plot")
    s = at(s, DAYLIGHT)  # a new turn
    assert "plot 2 snare" in legal(s, "plot")


def test_13_5_2_a_plot_goes_where_the_corvids_do_not_rule():
    s = table()
    put(s, 5, "corvids", "warrior", 1)
    put(s, 5, "marquise", "warrior", 3)
    s = play(at(s, DAYLIGHT), "plot 5 extortion")
    assert count(s, 5, "corvids", "plot") == 1


def test_13_2_2_2_one_plot_token_to_a_clearing_face_up_or_down():
    s = turn_up(plant(table(), 1, "raid"), 2, "snare")
    put(s, 1, "corvids", "warrior", 2)
    put(s, 2, "corvids", "warrior", 2)
    s = at(s, DAYLIGHT)
    for cid in (1, 2):
        assert not any(a.startswith(f"plot {cid} ") for a in legal(s, "plot"))
        assert "one to a clearing" in refusal(s, f"plot {cid} bomb")


def test_13_5_2_the_keep_clearing_takes_no_plot():
    s = put(put(table(), 1, "marquise", "keep"), 1, "corvids", "warrior", 2)
    s = at(s, DAYLIGHT)
    assert not legal(s, "plot")
    assert "keep" in refusal(s, "plot 1 bomb")


def test_13_2_2_1_the_corvids_pick_the_kind_from_their_supply_and_only_what_is_left():
    s = plant(plant(table(), 1, "bomb"), 2, "bomb")
    put(s, 3, "corvids", "warrior")
    s = at(s, DAYLIGHT)
    assert sorted(a.split()[2] for a in legal(s, "plot")) == ["extortion", "raid", "snare"]
    assert "no bomb left" in refusal(s, "plot 3 bomb")
    assert secret(s) == [
        "Your face-down plots: bomb in 1, bomb in 2",
        "Your plot supply: snare x2, extortion x2, raid x2",
    ]


def test_13_5_2_with_no_plot_left_in_the_supply_there_is_no_plot_action():
    s = table()
    for cid, kind in zip((1, 2, 3, 4, 5, 6, 7, 8), KINDS * 2, strict=True):
        s = plant(s, cid, kind)
    put(s, 9, "corvids", "warrior")
    s = at(s, DAYLIGHT)
    assert s.seats[C].supply["plot"] == 0 and not legal(s, "plot")
    assert "no plot" in refusal(s, "plot 9 bomb")


# --- 13.4.2 flip plots ------------------------------------------------------------------------------------------------


def test_13_4_2_a_flip_scores_one_per_face_up_plot_on_the_map_including_the_new_one():
    s = turn_up(turn_up(plant(plant(table(), 1, "raid"), 2, "snare"), 3, "raid"), 4, "snare")
    put(s, 1, "corvids", "warrior")
    put(s, 2, "corvids", "warrior")
    s = at(s, FLIP)
    s = play(s, "flip 1")
    assert s.seats[C].points == 3 and count(s, 1, "corvids", "raid") == 1
    s = play(s, "flip 2")  # any number of times
    assert s.seats[C].points == 3 + 4
    assert not legal(s, "flip")


def test_13_4_2_a_flip_needs_a_corvid_warrior_in_the_clearing():
    s = plant(table(), 5, "raid")
    put(s, 1, "corvids", "warrior", 3)  # adjacent: no help
    put(s, 5, "marquise", "warrior")
    s = at(s, FLIP)
    assert s.turn.step != FLIP  # nothing to flip: Birdsong goes on by itself
    s = at(set_hand(s, C, "anvil"), RECRUIT)
    assert "flip 5" not in legal(s) and "this turn's flips are over" in refusal(s, "flip 5")


def test_13_4_2_a_face_up_plot_is_not_flipped_again():
    s = turn_up(table(), 5, "snare")
    put(s, 5, "corvids", "warrior")
    s = at(s, FLIP)
    assert not legal(s, "flip") and refusal(s, "flip 5")


def test_13_4_2_flips_only_in_their_birdsong_step_between_crafting_and_recruiting():
    s = set_hand(put(plant(table(), 5, "raid"), 5, "corvids", "warrior"), C, "anvil")
    for step in (CRAFT, RECRUIT, DAYLIGHT, EXERT):
        here = at(s, step)
        assert here.turn.step == step and not legal(here, "flip")
        assert ("end crafting first" if step == CRAFT else "flips are over") in refusal(here, "flip 5")
    s = at(s, CRAFT)
    s = to_step(s, FLIP)
    assert legal(s, "flip") == ["flip 5"]


def test_13_4_2_a_flipped_snare_or_raid_does_nothing_more():
    s = table()
    s = plant(s, 5, "snare")
    s = plant(s, 1, "raid")
    put(s, 5, "corvids", "warrior")
    put(s, 1, "corvids", "warrior")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 1, "eyrie", "warrior", 2)
    s = set_hand(set_hand(s, M, "anvil"), E, "sword")
    before = {cid: dict(s.clearings[cid - 1]) for cid in s.board.ids()}
    s = play(at(s, FLIP), "flip 5", "flip 1")
    assert hand_keys(s, M) == ["anvil"] and hand_keys(s, E) == ["sword"]
    for cid in s.board.ids():
        expected = dict(before[cid])
        if cid in (1, 5):
            del expected["corvids:plot"]
            expected["corvids:" + ("snare" if cid == 5 else "raid")] = 1
        assert dict(s.clearings[cid - 1]) == expected


# --- 13.7.1 bomb ------------------------------------------------------------------------------------------------------


def test_13_7_1_a_bomb_flipped_removes_every_enemy_piece_there_then_itself():
    s = plant(table(), 5, "bomb")
    put(s, 5, "corvids", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "marquise", "sawmill")
    put(s, 5, "marquise", "wood", 2)
    put(s, 5, "eyrie", "warrior", 1)
    put(s, 5, "eyrie", "roost")
    put(s, 1, "marquise", "warrior", 2)  # next door: untouched
    s = settle(play(at(s, FLIP), "flip 5"))
    assert dict(s.clearings[4]) == {"corvids:warrior": 2}
    assert count(s, 1, "marquise", "warrior") == 2
    # one for the flip (the bomb counts itself while up), then one per building and token removed (3.2.1)
    assert s.seats[C].points == 1 + 1 + 2 + 1
    assert s.seats[C].supply["plot"] == 8  # the bomb back in the supply
    assert secret(s)[1] == "Your plot supply: bomb x2, snare x2, extortion x2, raid x2"
    assert s.seats[M].points == 0 and s.seats[E].points == 0


def test_13_7_1_the_flip_point_counts_the_bomb_and_every_other_face_up_plot():
    s = turn_up(turn_up(plant(table(), 5, "bomb"), 1, "snare"), 2, "raid")
    put(s, 5, "corvids", "warrior")
    s = settle(play(at(s, FLIP), "flip 5"))
    assert s.seats[C].points == 3
    assert plots_on_map(s) == 2


def test_13_7_1_9_2_2_1_a_bomb_leaves_the_vagabond_pawn_but_damages_three_items():
    from vagabond_helpers import pawn_to, set_items

    s = table("marquise", "eyrie", "vagabond", "corvids")
    v = seat(s, "vagabond")
    pawn_to(s, 5)
    set_items(s, "sword", "boots", "torch", "tea", seat=v)
    s = plant(s, 5, "bomb")
    put(s, 5, "corvids", "warrior")
    s = play(at(s, FLIP), "flip 5")
    assert count(s, 5, "vagabond", "pawn") == 1
    assert s.pending and s.pending[0]["seat"] == v and s.pending[0].get("left") == 3
    s = settle(s)
    assert sum(1 for i in s.seats[v].items if i["damaged"]) == 3


def test_13_7_1_a_bomb_removing_sympathy_triggers_outrage_against_the_corvids():
    s = table("alliance", "eyrie", "corvids")
    s = plant(s, 5, "bomb")  # rabbit
    put(s, 5, "corvids", "warrior")
    put(s, 5, "alliance", "sympathy")
    s = set_hand(s, C, "bake-sale")  # a rabbit card
    a = seat(s, "alliance")
    supporters = len(s.seats[a].data["supporters"])
    s = settle(play(at(s, FLIP), "flip 5"))
    assert count(s, 5, "alliance", "sympathy") == 0
    assert hand_keys(s, C) == [] and len(s.seats[a].data["supporters"]) == supporters + 1
    assert s.seats[C].points == 1 + 1  # the flip and the sympathy token


def test_13_7_1_a_bomb_removes_enemy_pieces_only_the_corvids_keep_theirs():
    s = plant(table(), 5, "bomb")
    put(s, 5, "corvids", "warrior", 4)
    s = settle(play(at(s, FLIP), "flip 5"))
    assert dict(s.clearings[4]) == {"corvids:warrior": 4}


# --- 13.7.3 extortion -----------------------------------------------------------------------------------------------


def test_13_7_3_an_extortion_flipped_takes_a_random_card_from_each_enemy_with_faction_pieces_there():
    s = plant(table(), 5, "extortion")
    put(s, 5, "corvids", "warrior")
    put(s, 5, "marquise", "wood")  # a token is a faction piece too
    put(s, 1, "eyrie", "warrior", 3)  # next door: keeps its cards
    s = set_hand(set_hand(s, M, "anvil", "sword"), E, "bake-sale")
    s = play(at(s, FLIP), "flip 5")
    assert len(s.seats[M].hand) == 1 and hand_keys(s, E) == ["bake-sale"]
    assert len(s.seats[C].hand) == 1 and hand_keys(s, C)[0] in ("anvil", "sword")
    assert s.seats[C].points == 1 and count(s, 5, "corvids", "extortion") == 1  # it stays face up


def test_13_7_3_the_vagabond_pawn_is_a_faction_piece_an_extortion_takes_from():
    from vagabond_helpers import pawn_to

    s = table("marquise", "eyrie", "vagabond", "corvids")
    v = seat(s, "vagabond")
    pawn_to(s, 5)
    s = set_hand(plant(s, 5, "extortion"), v, "anvil")
    put(s, 5, "corvids", "warrior")
    s = play(at(s, FLIP), "flip 5")
    assert hand_keys(s, v) == [] and hand_keys(s, seat(s)) == ["anvil"]


def test_13_7_3_an_enemy_with_no_card_gives_none():
    s = plant(table(), 5, "extortion")
    put(s, 5, "corvids", "warrior")
    put(s, 5, "marquise", "warrior")
    s = play(at(s, FLIP), "flip 5")
    assert s.seats[C].hand == [] and s.seats[C].points == 1


def evening_draws(s: GameState) -> int:
    """Cards the Corvids draw in the Evening of a turn ended from Daylight without exerting."""
    before = len(s.seats[C].hand)
    s = put(s.clone(), 12, "corvids", "warrior")  # a move to make keeps Daylight and the Exert waiting
    s = play(at(s, DAYLIGHT), "end", "end")
    assert s.turn.seat != C
    return len(s.seats[C].hand) - before


def test_13_6_2_13_7_3_evening_draws_one_plus_one_per_face_up_extortion_on_the_map():
    s = table()
    assert evening_draws(s) == 1
    s = plant(s, 5, "extortion")
    assert evening_draws(s) == 1  # face down: nothing
    s = turn_up(s, 2, "extortion")
    assert evening_draws(s) == 2
    s = turn_up(s, 3, "snare")
    assert evening_draws(s) == 2  # extortions only
    put(s, 5, "corvids", "warrior")
    s = play(at(s, FLIP), "flip 5")
    assert evening_draws(s) == 3


def test_13_6_1_exert_takes_one_daylight_action_and_then_nothing_is_drawn():
    s = turn_up(table(), 2, "extortion")
    put(s, 5, "corvids", "warrior", 2)
    s = set_hand(s, C, "anvil")
    s = play(at(s, DAYLIGHT), "end")
    assert s.turn.step == EXERT
    assert {"move 5>1 x1", "plot 5 bomb"} <= set(legal(s))  # any Daylight action
    s = play(s, "move 5>1 x1")
    assert s.turn.seat != C or s.turn.step != EXERT  # one action only
    assert hand_keys(s, C) == ["anvil"]  # no draw at all, extortion or not


def test_13_6_1_exert_is_one_action_even_with_daylight_actions_unused():
    s = put(table(), 5, "corvids", "warrior", 3)
    s = play(at(s, DAYLIGHT), "end")
    assert s.turn.step == EXERT
    s = play(s, "plot 5 bomb")
    assert s.turn.step != EXERT or s.turn.seat != C


def test_13_6_2_the_hand_limit_still_holds_after_an_exert():
    s = put(table(), 5, "corvids", "warrior", 3)
    s = set_hand(s, C, "anvil", "sword", "bake-sale", "cobbler", "investments", "tax-collector")
    s = play(at(s, EXERT), "plot 5 bomb")
    assert s.pending and s.pending[0]["kind"] == "discard" and s.pending[0]["seat"] == C
    s = play(s, "discard anvil")
    assert len(s.seats[C].hand) == 5


# --- 13.7.2 snare ---------------------------------------------------------------------------------------------------


def snared(*factions: str) -> GameState:
    """A face-up snare in clearing 5 (rabbit; it touches 1 and 2)."""
    return turn_up(table(*factions), 5, "snare")


def test_13_7_2_enemy_warriors_cannot_move_out_of_a_face_up_snares_clearing_but_may_move_in():
    s = snared()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 1, "marquise", "warrior", 3)
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    moves = legal(s, "move")
    assert not any(m.startswith("move 5>") for m in moves)
    assert "move 1>5 x1" in moves
    assert "snare" in refusal(s, "move 5>1 x1")
    s = play(s, "move 1>5 x1")
    assert count(s, 5, "marquise", "warrior") == 4


def test_13_7_2_enemy_pieces_cannot_be_placed_in_a_face_up_snares_clearing():
    s = snared()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "marquise", "recruiter")
    put(s, 1, "marquise", "recruiter")
    put(s, 5, "marquise", "wood", 3)
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    assert not any(b.split()[2] == "5" for b in legal(s, "build"))
    assert "snare" in refusal(s, "build workshop 5")
    s = play(s, "recruit")
    assert count(s, 5, "marquise", "warrior") == 3 and count(s, 1, "marquise", "warrior") == 1


def test_13_7_2_the_marquise_places_no_wood_at_a_snared_sawmill_nor_overworks_it():
    s = snared()
    put(s, 5, "marquise", "sawmill")
    put(s, 1, "marquise", "sawmill")
    put(s, 1, "marquise", "warrior")
    s = set_hand(s, M, "bake-sale", "anvil")
    s = at(s, "marquise.wood", "marquise")
    assert count(s, 5, "marquise", "wood") == 0 and count(s, 1, "marquise", "wood") == 1
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    assert legal(s, "overwork") == ["overwork 1 anvil"]
    assert "snare" in refusal(s, "overwork 5 bake-sale")


def test_13_7_2_field_hospitals_send_no_warrior_to_a_keep_in_a_snared_clearing():
    s = snared()
    put(s, 5, "marquise", "keep")
    put(s, 1, "marquise", "warrior", 2)
    put(s, 1, "corvids", "warrior", 3)
    s = set_hand(s, M, "anvil")  # fox, as clearing 1
    s = force_dice(at(s, DAYLIGHT), 3, 0)
    s = play(s, "battle 1 marquise")
    while s.pending:
        assert not any(a.startswith("hospital") for a in legal(s))
        s = play(s, "pass" if "pass" in legal(s) else legal(s)[0])
    assert count(s, 5, "marquise", "warrior") == 0 and hand_keys(s, M) == ["anvil"]


def test_13_7_2_a_recruit_with_every_recruiter_snared_is_refused_for_the_snare():
    s = snared()
    put(s, 5, "marquise", "recruiter")
    put(s, 5, "marquise", "warrior")
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    assert not legal(s, "recruit") and "snare" in refusal(s, "recruit")


def test_13_7_2_the_eyrie_cannot_recruit_at_a_roost_in_a_snared_clearing():
    s = snared()
    put(s, 5, "eyrie", "roost")
    put(s, 4, "eyrie", "roost")  # rabbit too
    s = set_decree(s, recruit=["bake-sale"])
    s = at(s, "eyrie.resolve", "eyrie")
    assert legal(s, "recruit") == ["recruit 4 rabbit"]
    assert "snare" in refusal(s, "recruit 5 rabbit")


def test_13_7_2_the_alliance_cannot_spread_sympathy_into_a_snared_clearing():
    from test_rules_alliance import set_supporters

    s = table("marquise", "eyrie", "alliance", "corvids")
    s = turn_up(s, 5, "snare")
    a = seat(s, "alliance")
    put(s, 1, "alliance", "sympathy")  # 1 touches 5, 9 and 10
    s = set_supporters(s, "bake-sale", "cobbler", "investments")
    s = at(s, "alliance.spread", "alliance")
    assert "spread 10" in legal(s, "spread") and "spread 5" not in legal(s, "spread")
    assert "snare" in refusal(s, "spread 5")
    assert a == 2


def test_13_7_2_a_face_down_snare_stops_nothing():
    s = plant(table(), 5, "snare")
    put(s, 5, "marquise", "warrior", 3)
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    assert "move 5>1 x1" in legal(s, "move")


def test_13_7_2_the_corvids_move_out_of_and_place_in_their_own_snares_clearing():
    s = snared()
    put(s, 5, "corvids", "warrior", 2)
    s = at(s, DAYLIGHT)
    assert "move 5>1 x1" in legal(s, "move")
    s = set_hand(s, C, "bake-sale")  # rabbit: 3, 4, 5, 10
    s = play(at(s, RECRUIT), "recruit bake-sale")
    assert count(s, 5, "corvids", "warrior") == 3


def test_13_7_2_the_vagabond_cannot_move_out_of_a_snare_but_his_slip_ignores_it_9_4_2():
    from vagabond_helpers import pawn_to, set_items

    s = snared("marquise", "eyrie", "vagabond", "corvids")
    v = seat(s, "vagabond")
    pawn_to(s, 5)
    set_items(s, "boots", "boots", "sword", seat=v)
    put(s, 5, "marquise", "warrior")  # something else to do: a battle
    s = at(s, "vagabond.daylight", "vagabond")
    assert s.turn.step == "vagabond.daylight"
    assert not any(m.startswith("move 5>") for m in legal(s, "move"))
    assert "snare" in refusal(s, "move 5>1")
    s = at(s, "vagabond.slip", "vagabond")
    assert "move 5>1 x1" in legal(s, "move")


def test_13_7_2_a_snare_stays_put_and_a_trick_may_swap_it_glossary_swap():
    s = turn_up(snared(), 6, "raid")
    s = play(at(s, DAYLIGHT), "trick 5,6")
    assert count(s, 5, "corvids", "raid") == 1 and count(s, 6, "corvids", "snare") == 1


# --- 13.7.4 raid ------------------------------------------------------------------------------------------------------


def test_13_7_4_a_face_down_raid_removed_in_battle_places_a_warrior_in_each_adjacent_clearing():
    s = plant(table(), 5, "raid")  # 5 touches 1 and 2
    put(s, 5, "marquise", "warrior", 3)
    put(s, 2, "eyrie", "warrior", 2)
    force_dice(s, 3, 0)
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    s = settle(play(s, "battle 5 corvids"))
    assert count(s, 5, "corvids", "plot") == 0
    assert [count(s, c, "corvids", "warrior") for c in (1, 2, 5)] == [1, 1, 0]
    assert s.seats[M].points == 1  # a token removed (3.2.1)
    assert s.seats[C].supply["plot"] == 8 and s.seats[C].supply["warrior"] == 13


def test_13_7_4_a_face_up_raid_removed_in_battle_raids_too():
    s = turn_up(table(), 5, "raid")
    put(s, 5, "marquise", "warrior", 3)
    force_dice(s, 3, 0)
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    s = settle(play(s, "battle 5 corvids"))
    assert [count(s, c, "corvids", "warrior") for c in (1, 2)] == [1, 1]
    assert s.seats[M].points == 1


def test_13_7_4_a_raid_places_no_warrior_where_none_may_be_placed_nor_more_than_the_supply():
    s = plant(table(), 9, "raid")  # 9 touches 1, 4 and 12
    put(s, 1, "marquise", "keep")
    put(s, 9, "marquise", "warrior", 3)
    set_supply(s, "corvids", "warrior", 1)
    force_dice(s, 3, 0)
    s = at(s, "marquise.actions", "marquise", actions=3, march=0)
    s = settle(play(s, "battle 9 corvids"))
    assert count(s, 1, "corvids", "warrior") == 0  # the keep (6.2.2)
    assert count(s, 4, "corvids", "warrior") + count(s, 12, "corvids", "warrior") == 1  # as many as possible (1.5.4)


def test_13_7_4_other_plots_removed_in_battle_place_nothing_and_go_back_to_the_supply():
    for kind in ("bomb", "snare", "extortion"):
        s = plant(table(), 5, kind)
        put(s, 5, "marquise", "warrior", 3)
        force_dice(s, 3, 0)
        s = at(s, "marquise.actions", "marquise", actions=3, march=0)
        s = settle(play(s, "battle 5 corvids"))
        assert on_map(s, "corvids", "warrior") == 0 and s.seats[M].points == 1
        assert s.seats[C].supply["plot"] == 8
        assert secret(s)[1] == "Your plot supply: bomb x2, snare x2, extortion x2, raid x2"


# --- 13.2.4 Exposure ------------------------------------------------------------------------------------------------


def guessing(kind: str = "snare", *cards: str, piece: str = "warrior") -> GameState:
    """The Marquise's Daylight with one of her pieces beside a face-down plot of a kind in clearing 5 (rabbit)."""
    s = put(plant(table(), 5, kind), 5, "marquise", piece)
    s = set_hand(s, M, *(cards or ("bake-sale", "anvil")))
    return at(s, "marquise.actions", "marquise", actions=3, march=0)


def test_13_2_4_a_right_guess_removes_the_plot_scores_one_and_the_card_stays_in_hand():
    s = guessing("snare")
    s, events = play_events(s, "expose 5 snare bake-sale")
    assert count(s, 5, "corvids", "plot") == 0 and plots_on_map(s) == 0
    assert s.seats[M].points == 1 and s.seats[C].points == 0
    assert hand_keys(s, M) == ["anvil", "bake-sale"] and hand_keys(s, C) == []
    assert s.seats[C].supply["plot"] == 8  # back to the Corvids' supply
    assert "right" in public_text(events)


def test_13_2_4_exposure_costs_no_action_and_may_be_used_any_number_of_times():
    s = guessing("snare", "bake-sale", "cobbler", "a-visit-to-friends")
    flags_before = dict(s.turn.flags)
    s = play(s, "expose 5 bomb bake-sale", "expose 5 raid cobbler")
    assert dict(s.turn.flags).get("actions") == flags_before.get("actions")
    assert count(s, 5, "corvids", "plot") == 1
    s = play(s, "expose 5 snare a-visit-to-friends")
    assert count(s, 5, "corvids", "plot") == 0 and s.seats[M].points == 1


def test_13_2_4_a_wrong_guess_gives_the_shown_card_to_the_corvids_and_the_plot_stays_face_down():
    s = guessing("snare")
    s, events = play_events(s, "expose 5 extortion bake-sale")
    assert hand_keys(s, M) == ["anvil"] and hand_keys(s, C) == ["bake-sale"]
    assert count(s, 5, "corvids", "plot") == 1 and s.seats[M].points == 0 and s.seats[C].points == 0
    assert secret(s)[0] == "Your face-down plots: snare in 5"
    assert "no" in public_text(events) and "Bake Sale" not in public_text(events)  # the card is shown to the Corvids


def test_13_2_4_an_exposed_raid_places_no_warrior():
    s = play(guessing("raid"), "expose 5 raid bake-sale")
    assert count(s, 5, "corvids", "plot") == 0 and on_map(s, "corvids", "warrior") == 0
    assert s.seats[C].supply["warrior"] == 15 and s.seats[M].points == 1


def test_13_2_4_the_card_must_match_the_clearing_and_a_bird_matches_any():
    s = guessing("bomb", "anvil", "armorers")  # fox, bird; clearing 5 is rabbit
    assert {a.split()[3] for a in legal(s, "expose")} == {"armorers"}
    assert "does not match" in refusal(s, "expose 5 bomb anvil")
    s = play(s, "expose 5 bomb armorers")
    assert count(s, 5, "corvids", "plot") == 0


def test_13_2_4_the_card_must_be_held():
    s = guessing("bomb", "anvil")
    assert "not in your hand" in refusal(s, "expose 5 bomb bake-sale")


@pytest.mark.parametrize("piece", ["warrior", "sawmill", "wood"])
def test_13_2_4_any_faction_piece_in_the_clearing_lets_an_enemy_guess(piece: str):
    s = guessing("bomb", piece=piece)
    assert "expose 5 bomb bake-sale" in legal(s, "expose")


def test_13_2_4_an_enemy_with_no_piece_there_cannot_guess():
    s = put(plant(table(), 10, "bomb"), 5, "marquise", "warrior")
    s = at(set_hand(s, M, "bake-sale"), "marquise.actions", "marquise", actions=3, march=0)
    assert not legal(s, "expose")
    assert "none in clearing 10" in refusal(s, "expose 10 bomb bake-sale")


def test_13_2_4_only_a_face_down_plot_may_be_guessed():
    s = turn_up(table(), 5, "snare")
    put(s, 5, "marquise", "warrior")
    s = at(set_hand(s, M, "bake-sale"), "marquise.actions", "marquise", actions=3, march=0)
    assert not legal(s, "expose") and "no face-down plot" in refusal(s, "expose 5 snare bake-sale")


def test_13_2_4_exposure_is_on_the_guessers_own_turn_only():
    s = guessing("bomb")
    put(s, 12, "corvids", "warrior")
    s = at(s, DAYLIGHT)
    assert rules.to_act(s) == C and not legal(s, "expose", seat=M)
    with pytest.raises(rules.RulesError):
        rules.apply(s, rules.parse(s, "expose 5 bomb bake-sale", M), M)
    assert "Exposure is for their enemies" in refusal(set_hand(s, C, "bake-sale"), "expose 5 bomb bake-sale")


def test_13_2_4_1_4_3_no_exposure_once_the_last_step_of_the_turn_has_begun():
    s = guessing("bomb", "bake-sale", "cobbler", "anvil", "sword", "investments", "tax-collector", "armorers")
    s = play(s, "end")  # Daylight over: the Marquise's Evening draws, then discards down to five
    assert s.pending and s.pending[0]["kind"] == "discard" and rules.to_act(s) == M
    assert not legal(s, "expose")
    assert refusal(s, "expose 5 bomb bake-sale")
    assert count(s, 5, "corvids", "plot") == 1


def test_13_2_4_1_4_2_no_exposure_inside_a_battle():
    s = guessing("bomb", "bake-sale")
    put(s, 5, "corvids", "warrior")
    s = set_hand(s, C, "ambush-rabbit")
    s = play(s, "battle 5 corvids")
    assert s.pending  # the Corvids may ambush
    assert not legal(s, "expose", seat=M)


def test_13_2_4_9_2_9_3_a_vagabond_exposing_a_plot_scores_one_and_makes_no_one_hostile():
    from vagabond_helpers import pawn_to, set_items

    from rules.factions.vagabond import board as vb

    s = table("marquise", "eyrie", "vagabond", "corvids")
    v, c = seat(s, "vagabond"), seat(s)
    pawn_to(s, 5)
    set_items(s, "boots", "sword", seat=v)
    s = set_hand(plant(s, 5, "raid"), v, "bake-sale")
    put(s, 5, "marquise", "warrior")  # a battle to fight: his Daylight waits
    s = at(s, "vagabond.daylight", "vagabond")
    s = play(s, "expose 5 raid bake-sale")
    assert s.seats[v].points == 1 and vb.relation(s, v, "corvids") == vb.INDIFFERENT
    assert on_map(s, "corvids", "warrior") == 0 and s.seats[c].supply["plot"] == 8


# --- 13.2.5 Embedded Agents, 4.3 battle, 3.2.1 removal ---------------------------------------------------------------


def battle(s: GameState, attacker: str, cid: int, defender: str, dice: tuple[int, int]) -> GameState:
    """A battle on a literal state, its decisions passed."""
    step = {"marquise": "marquise.actions", "corvids": DAYLIGHT}[attacker]
    s = at(s, step, attacker, **({"actions": 3, "march": 0} if attacker == "marquise" else {}))
    force_dice(s, *dice)
    return settle(play(s, f"battle {cid} {defender}"))


def test_13_2_5_defending_with_a_face_down_plot_the_corvids_deal_an_extra_hit():
    s = plant(table(), 5, "bomb")
    put(s, 5, "corvids", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    s = battle(s, "marquise", 5, "corvids", (0, 0))
    assert count(s, 5, "marquise", "warrior") == 2  # no rolled hits, one extra
    assert count(s, 5, "corvids", "warrior") == 2 and count(s, 5, "corvids", "plot") == 1


def test_13_2_5_the_extra_hit_is_beyond_the_rolled_hits_cap():
    s = plant(table(), 5, "bomb")
    put(s, 5, "corvids", "warrior", 1)
    put(s, 5, "marquise", "warrior", 5)
    s = battle(s, "marquise", 5, "corvids", (3, 3))  # the Corvids roll 3, capped at their 1 warrior
    assert count(s, 5, "marquise", "warrior") == 5 - 1 - 1


def test_13_2_5_4_3_5_2_defenseless_with_only_a_face_down_plot_they_still_deal_the_extra_hit():
    s = plant(table(), 5, "raid")
    put(s, 5, "marquise", "warrior", 3)
    s = battle(s, "marquise", 5, "corvids", (0, 0))
    assert count(s, 5, "marquise", "warrior") == 2  # Embedded Agents
    assert count(s, 5, "corvids", "plot") == 0 and s.seats[M].points == 1  # defenseless: the plot goes, a point
    assert [count(s, c, "corvids", "warrior") for c in (1, 2)] == [1, 1]  # and the raid raids


def test_13_2_5_a_face_up_plot_embeds_no_agents():
    s = turn_up(table(), 5, "snare")
    put(s, 5, "corvids", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    s = battle(s, "marquise", 5, "corvids", (0, 0))
    assert count(s, 5, "marquise", "warrior") == 3


def test_13_2_5_only_as_defender():
    s = plant(table(), 5, "bomb")
    put(s, 5, "corvids", "warrior", 2)
    put(s, 5, "marquise", "warrior", 3)
    s = battle(s, "corvids", 5, "marquise", (0, 0))
    assert count(s, 5, "marquise", "warrior") == 3 and count(s, 5, "corvids", "warrior") == 2


def test_3_2_1_4_3_6_an_enemy_removing_a_plot_in_battle_scores_one_face_up_or_down():
    for face_up in (False, True):
        s = turn_up(table(), 5, "snare") if face_up else plant(table(), 5, "snare")
        put(s, 5, "corvids", "warrior", 1)
        put(s, 5, "marquise", "warrior", 3)
        s = battle(s, "marquise", 5, "corvids", (2, 0))  # two hits: the warrior, then the plot
        assert plots_on_map(s) == 0 and s.seats[M].points == 1
        assert s.seats[C].supply["plot"] == 8


def test_13_2_2_1_a_face_down_plot_removed_in_battle_goes_back_face_down_to_the_supply():
    s = plant(table(), 5, "extortion")
    put(s, 5, "marquise", "warrior", 3)
    s = battle(s, "marquise", 5, "corvids", (2, 0))
    assert secret(s) == ["Your face-down plots: none", "Your plot supply: bomb x2, snare x2, extortion x2, raid x2"]
    assert "Plots in supply: 8 (face down)" in rules.view_for(s, None)["seats"][C]["panel"]


def test_9_2_9_3_the_vagabond_removing_a_plot_in_battle_does_not_turn_the_corvids_hostile():
    from vagabond_helpers import pawn_to, relate, set_items

    from rules.factions.vagabond import board as vb

    s = table("marquise", "eyrie", "vagabond", "corvids")
    v = seat(s, "vagabond")
    pawn_to(s, 5)
    set_items(s, "sword", "sword", "sword", seat=v)
    s = plant(s, 5, "snare")
    s = at(s, "vagabond.daylight", "vagabond")
    force_dice(s, 3, 0)
    s = settle(play(s, "battle 5 corvids"))
    assert plots_on_map(s) == 0 and s.seats[v].points == 1
    assert vb.relation(s, v, "corvids") == vb.INDIFFERENT
    # already Hostile: Infamy adds a point for the plot removed in battle on his turn
    s = table("marquise", "eyrie", "vagabond", "corvids")
    pawn_to(s, 5)
    set_items(s, "sword", "sword", "sword", seat=v)
    relate(s, "corvids", vb.HOSTILE)
    s = plant(s, 5, "snare")
    s = at(s, "vagabond.daylight", "vagabond")
    force_dice(s, 3, 0)
    s = settle(play(s, "battle 5 corvids"))
    assert s.seats[v].points == 2


def test_13_7_4_9_5_6_a_strike_on_a_lone_face_down_raid_raids_and_scores():
    from vagabond_helpers import pawn_to, set_items

    s = table("marquise", "eyrie", "vagabond", "corvids")
    v = seat(s, "vagabond")
    pawn_to(s, 5)
    set_items(s, "crossbow", "sword", seat=v)
    s = plant(s, 5, "raid")
    s = at(s, "vagabond.daylight", "vagabond")
    strikes = legal(s, "strike")
    assert strikes and all("corvids" in x for x in strikes)
    s = settle(play(s, strikes[0]))
    assert plots_on_map(s) == 0 and s.seats[v].points == 1
    assert [count(s, c, "corvids", "warrior") for c in (1, 2)] == [1, 1]


# --- 13.2.3 Nimble ---------------------------------------------------------------------------------------------------


def test_13_2_3_the_corvids_move_ruling_neither_clearing():
    s = put(put(put(table(), 5, "corvids", "warrior"), 5, "marquise", "warrior", 3), 1, "eyrie", "warrior", 3)
    s = at(s, DAYLIGHT)
    assert "move 5>1 x1" in legal(s, "move")
    s = play(s, "move 5>1 x1")
    assert count(s, 1, "corvids", "warrior") == 1


# --- 13.5 Daylight, 13.5.4 trick -------------------------------------------------------------------------------------


def test_13_5_up_to_three_actions_in_any_mix():
    s = table()
    put(s, 5, "corvids", "warrior", 6)
    s = play(at(s, DAYLIGHT), "plot 5 bomb", "move 5>1 x1", "move 1>5 x1")
    assert s.turn.step == EXERT or s.turn.seat != C
    assert count(s, 5, "corvids", "warrior") == 5


def test_13_5_4_a_trick_swaps_two_face_down_plots_only_the_corvids_see_which():
    s = plant(plant(table(), 5, "bomb"), 12, "raid")
    put(s, 5, "corvids", "warrior")
    s, events = play_events(at(s, DAYLIGHT), "trick 5,12")
    assert secret(s)[0] == "Your face-down plots: raid in 5, bomb in 12"
    text = public_text(events)
    assert "swap" in text and not any(k in text for k in KINDS)
    assert count(s, 5, "corvids", "plot") == 1 and count(s, 12, "corvids", "plot") == 1


def test_13_5_4_a_trick_swaps_two_face_up_plots_with_no_flip_effect():
    s = turn_up(turn_up(table(), 5, "extortion"), 12, "snare")
    put(s, 5, "marquise", "warrior")
    put(s, 12, "eyrie", "warrior")
    s = set_hand(set_hand(s, M, "anvil"), E, "sword")
    put(s, 1, "corvids", "warrior")
    s = play(at(s, DAYLIGHT), "trick 5,12")
    assert count(s, 5, "corvids", "snare") == 1 and count(s, 12, "corvids", "extortion") == 1
    assert hand_keys(s, M) == ["anvil"] and hand_keys(s, E) == ["sword"] and s.seats[C].points == 0


def test_13_5_4_a_trick_needs_two_plots_both_face_up_or_both_face_down():
    s = turn_up(plant(table(), 5, "bomb"), 12, "snare")
    put(s, 1, "corvids", "warrior")
    s = at(s, DAYLIGHT)
    assert not legal(s, "trick")
    assert "face-up plots or two face-down" in refusal(s, "trick 5,12")
    assert "holds no plot" in refusal(s, "trick 5,1")


def test_13_5_4_a_trick_reaches_anywhere_on_the_map_no_warriors_needed():
    s = plant(plant(table(), 5, "bomb"), 12, "raid")
    put(s, 3, "corvids", "warrior")
    s = at(s, DAYLIGHT)
    assert "trick 5,12" in legal(s, "trick")


# --- 13.4.3 recruit --------------------------------------------------------------------------------------------------


def test_13_4_3_recruit_places_a_warrior_in_every_clearing_of_the_cards_suit_once_per_turn():
    s = set_hand(table(), C, "bake-sale", "cobbler")  # rabbit: 3, 4, 5, 10
    put(s, 4, "marquise", "warrior", 3)  # enemy clearings too
    s = play(at(s, RECRUIT), "recruit bake-sale")
    assert [count(s, c, "corvids", "warrior") for c in (3, 4, 5, 10)] == [1, 1, 1, 1]
    assert on_map(s, "corvids", "warrior") == 4 and hand_keys(s, C) == ["cobbler"]
    assert s.turn.step != RECRUIT
    s = at(s, RECRUIT, recruited=True)
    assert not legal(s, "recruit")


def test_13_4_3_a_bird_recruits_in_the_one_suit_chosen():
    s = set_hand(table(), C, "armorers")
    s = at(s, RECRUIT)
    assert sorted(legal(s, "recruit")) == ["recruit armorers fox", "recruit armorers mouse", "recruit armorers rabbit"]
    s = play(s, "recruit armorers mouse")  # 2, 7, 9, 11
    assert [count(s, c, "corvids", "warrior") for c in (2, 7, 9, 11)] == [1, 1, 1, 1]
    assert on_map(s, "corvids", "warrior") == 4


def test_13_4_3_no_warrior_in_the_keeps_clearing():
    s = put(set_hand(table(), C, "anvil"), 1, "marquise", "keep")  # fox: 1, 6, 8, 12
    s = play(at(s, RECRUIT), "recruit anvil")
    assert [count(s, c, "corvids", "warrior") for c in (1, 6, 8, 12)] == [0, 1, 1, 1]


def test_13_4_3_1_5_4_1_1_3_short_of_warriors_the_corvids_choose_where_the_ones_left_go():
    s = set_supply(set_hand(table(), C, "anvil"), "corvids", "warrior", 2)  # fox: 1, 6, 8, 12
    s = at(s, RECRUIT)
    options = legal(s, "recruit")
    assert "recruit anvil 8,12" in options and "recruit anvil 1,6" in options
    assert "clearing 3 is rabbit" in refusal(s, "recruit anvil 3,8")
    assert "name 2 different fox clearings" in refusal(s, "recruit anvil 8")
    assert "could mean several things" in refusal(s, "recruit anvil")
    s = play(s, "recruit anvil 8,12")
    assert [count(s, c, "corvids", "warrior") for c in (1, 6, 8, 12)] == [0, 0, 1, 1]


# --- other factions' removals of plots (3.2.1, 13.7.1, 13.7.4) -------------------------------------------------------


def test_13_7_1_14_2_2_a_bomb_leaves_the_warlord_who_is_removed_only_in_battle():
    s = table("marquise", "hundreds", "corvids")
    s = plant(s, 5, "bomb")
    put(s, 5, "corvids", "warrior")
    put(s, 5, "hundreds", "warlord")
    put(s, 5, "hundreds", "warrior", 2)
    s = settle(play(at(s, FLIP), "flip 5"))
    assert count(s, 5, "hundreds", "warlord") == 1 and count(s, 5, "hundreds", "warrior") == 0


def test_13_7_4_14_4_1_a_mob_razes_a_plot_as_an_enemy_token_scoring_it_and_a_raid_raids():
    s = table("marquise", "hundreds", "corvids")
    h = seat(s, "hundreds")
    s = plant(s, 5, "raid")
    put(s, 5, "hundreds", "mob")
    s = at(s, "hundreds.raze", "hundreds")
    assert plots_on_map(s) == 0 and s.seats[h].points == 1
    assert [count(s, c, "corvids", "warrior") for c in (1, 2)] == [1, 1]


def test_13_7_4_a_favor_removing_plots_scores_them_for_its_crafter_and_a_raid_raids():
    s = plant(plant(table(), 5, "raid"), 10, "snare")  # rabbit 5 and 10
    put(s, 3, "marquise", "workshop", 1)
    put(s, 4, "marquise", "workshop", 1)
    put(s, 10, "marquise", "workshop", 1)
    s = set_hand(s, M, "favor-of-the-rabbits")
    s = settle(play(at(s, "marquise.craft", "marquise"), "craft favor-of-the-rabbits"))
    assert plots_on_map(s) == 0 and s.seats[M].points == 2
    # the raid's warriors come after the removal: 1 and 2 (5's neighbours) are no rabbit clearings
    assert [count(s, c, "corvids", "warrior") for c in (1, 2)] == [1, 1]


def test_13_7_1_6_2_3_a_bomb_removing_marquise_warriors_lets_her_use_field_hospitals():
    s = plant(table(), 5, "bomb")
    put(s, 5, "corvids", "warrior")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 1, "marquise", "keep")
    s = set_hand(s, M, "bake-sale")
    s = play(at(s, FLIP), "flip 5")
    assert s.pending and rules.to_act(s) == M and any(a.startswith("hospital") for a in legal(s))
    s = play(s, next(a for a in legal(s) if a.startswith("hospital")))
    assert count(s, 1, "marquise", "warrior") == 2 and count(s, 5, "marquise", "warrior") == 0


def test_13_5_3_4_3_the_corvids_battle_only_from_a_clearing_with_their_warriors():
    s = plant(table(), 5, "bomb")
    put(s, 5, "marquise", "warrior")
    put(s, 1, "corvids", "warrior")
    s = at(s, DAYLIGHT)
    assert not any(a.startswith("battle 5") for a in legal(s, "battle"))


def test_9_2_8_a_vagabond_in_coalition_with_the_corvids_is_no_enemy_of_their_plots():
    from vagabond_helpers import pawn_to, set_items

    s = table("marquise", "eyrie", "vagabond", "corvids")
    v, c = seat(s, "vagabond"), seat(s)
    pawn_to(s, 5)
    set_items(s, "boots", "boots", "sword", "torch", seat=v)
    s.seats[v].points, s.seats[M].points, s.seats[E].points, s.seats[c].points = 12, 5, 6, 3
    s = set_hand(turn_up(plant(s, 12, "raid"), 5, "snare"), v, "dominance-fox", "anvil")
    put(s, 12, "eyrie", "warrior")
    s = play(at(s, "vagabond.daylight", "vagabond"), "coalition dominance-fox corvids")
    assert "move 5>1 x1" in legal(s, "move")  # the snare keeps only enemies in
    pawn_to(s, 12)
    s = at(s, "vagabond.daylight", "vagabond")
    assert not legal(s, "expose") and "not your enemy" in refusal(s, "expose 12 raid anvil")
