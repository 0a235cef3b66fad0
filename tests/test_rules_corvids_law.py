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
    """A face-down plot placed as the Law places one: a Corvid warrior put in the clearing pays for it in Daylight."""
    put(s, cid, "corvids", "warrior")
    return play(at(s, DAYLIGHT), f"plot {cid} {kind}")


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


def test_13_5_2_the_cost_counts_plots_placed_this_turn_even_those_since_removed_and_the_exerts():
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
    assert secret(s) == ["Your face-down plots: bomb in 1, bomb in 2", "Your plot supply: snare x2, extortion x2, raid x2"]


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
    assert s.turn.step == RECRUIT  # nothing to flip: Birdsong goes on by itself
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
