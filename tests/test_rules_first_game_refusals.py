"""Refusals met in a first game played from the docs alone (issue 22, its playthroughs): each gives the real reason.

Tables are past setup with an empty map and empty hands (`rules_helpers.blank_table`); the map is Autumn unless a
test says otherwise: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10.
"""

from __future__ import annotations

import pytest
from frontier_helpers import setup_game
from rules_helpers import (
    blank,
    blank_table,
    check,
    force_dice,
    goto,
    legal,
    play,
    put,
    set_decree,
    set_hand,
    set_supply,
    to_discard,
)
from vagabond_helpers import daylight, set_items, vb_blank

import rules
from rules import registry
from rules.factions.tinker import board as tb
from rules.registry import lineup

S = 0  # the Spore, at a table of Spore, Marquise and Eyrie


def test_mycelium_refused_in_the_keep_s_clearing_names_the_keep():
    s = blank_table(("spore", "marquise", "eyrie"))
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    put(s, 2, "marquise", "keep")  # 2 is next to the homeland
    set_hand(s, S, "root-tea-mouse")
    s = goto(check(s), S, "spore.mycelium")
    assert "mycelium 2 root-tea-mouse" not in legal(s)
    with pytest.raises(rules.IllegalActionError, match="the keep is in clearing 2") as refused:
        play(s, "mycelium 2 root-tea-mouse")
    assert "only next to the connected network" not in str(refused.value)


def test_mycelium_refused_far_from_the_network_still_says_so():
    s = blank_table(("spore", "marquise", "eyrie"))
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    set_hand(s, S, "root-tea-mouse")
    s = goto(check(s), S, "spore.mycelium")
    with pytest.raises(rules.IllegalActionError, match="next to the connected network, and clearing 7 is not"):
        play(s, "mycelium 7 root-tea-mouse")


def test_a_decree_recruit_naming_a_suit_its_clearing_lacks_says_the_clearing_s_suit():
    s = blank_table(("marquise", "eyrie"))  # seats: Marquise 0, Eyrie 1
    put(s, 1, "eyrie", "roost")  # 1 is fox
    put(s, 3, "eyrie", "roost")  # 3 is rabbit
    set_decree(s, recruit=["ambush-fox", "bake-sale"])  # fox, rabbit
    s = goto(check(s), 1, "eyrie.resolve")
    assert "recruit 1 fox" in legal(s) and "recruit 3 rabbit" in legal(s)
    with pytest.raises(rules.IllegalActionError, match="clearing 1 is fox: the rabbit card") as refused:
        play(s, "recruit 1 rabbit")
    assert "needs a clearing matching fox, rabbit" not in str(refused.value)
    with pytest.raises(rules.IllegalActionError, match="has no mouse card left to resolve"):
        play(s, "recruit 1 mouse")


def test_a_tinker_daylight_action_after_ending_daylight_early_does_not_say_four_were_taken():
    s = blank_table(("marquise", "eyrie", "tinker"))
    put(s, 5, "tinker", "birdbot")  # the Tinker rules 5, so a factory may be built there after Daylight
    put(s, 5, "eyrie", "warrior")
    s = goto(check(s), 2, "tinker.actions")
    assert "battle 5 eyrie" in legal(s)
    s = play(s, "end")
    assert s.turn.step == "tinker.build"
    unused = "you ended the Daylight actions with 4 actions unused"
    with pytest.raises(rules.IllegalActionError, match=unused) as refused:
        play(s, "battle 5 eyrie")
    assert "four at most" not in str(refused.value)


def test_a_bustle_carrying_gears_that_are_not_there_says_so_not_that_the_clearings_are_apart():
    s = blank_table(("marquise", "eyrie", "tinker"))
    tb.take_off(s, "A", tb.OLD_MAN, 1)
    tb.add(s, 5, tb.OLD_MAN, 1)
    s = goto(check(s), 2, "tinker.bustle", bustle=3)
    assert "bustle 5>1" in legal(s) and "bustle 5>1 x1" not in legal(s)
    with pytest.raises(rules.IllegalActionError, match="only the gears lying in clearing 5: 0, not 1") as refused:
        play(s, "bustle 5>1 x1")
    assert "is not next to" not in str(refused.value)
    with pytest.raises(rules.IllegalActionError, match="clearing 3 is not next to clearing 5"):
        play(s, "bustle 5>3")


def test_a_short_card_name_the_player_holds_none_of_says_so():
    s = blank_table(("marquise", "eyrie"))
    set_hand(s, 0, "armorers")
    s = goto(check(s), 0, "marquise.actions")
    with pytest.raises(rules.InvalidActionError, match="and you have none of them to use") as refused:
        play(s, "craft ambush")
    assert "write one of these keys" not in str(refused.value)


def test_a_short_card_name_two_held_cards_share_lists_only_those():
    s = blank_table(("marquise", "eyrie"))
    set_hand(s, 0, "ambush-bird", "ambush-rabbit", "armorers")
    s = goto(check(s), 0, "marquise.actions")
    with pytest.raises(rules.InvalidActionError, match="could be ambush-bird or ambush-rabbit: write") as refused:
        play(s, "craft ambush")
    assert "ambush-fox" not in str(refused.value)


def test_salvage_reads_a_short_card_name_against_the_discard_pile():
    s = blank_table(("marquise", "eyrie", "tinker"))
    tb.take_off(s, "A", tb.OLD_MAN, 1)
    tb.add(s, 6, tb.OLD_MAN, 1)  # 6 is fox
    to_discard(s, "root-tea-mouse", "anvil")
    s = goto(check(s), 2, "tinker.restructure")
    assert "salvage anvil" in legal(s)
    with pytest.raises(rules.IllegalActionError, match=r"Root Tea \(mouse\) does not match the Old Man's clearing"):
        play(s, "salvage root-tea")


def test_a_hit_naming_no_piece_that_can_take_it_lists_the_choices():
    s = blank(leader="builder")  # Marquise 0, Eyrie 1
    put(s, 5, "marquise", "sawmill")
    put(s, 5, "marquise", "workshop")
    put(s, 5, "marquise", "wood")
    put(s, 5, "eyrie", "warrior")
    set_decree(s, battle=["vizier", "vizier"])
    s = goto(check(s), 1, "eyrie.resolve")
    force_dice(s, 1, 0)
    s = play(s, "battle 5 marquise bird")
    assert rules.to_act(s) == 0 and legal(s) == ["hit sawmill", "hit wood", "hit workshop"]
    choices = "is not one of the choices now: hit sawmill, hit wood, hit workshop"
    for typed in ("hit sawmills", "hit warrior"):
        with pytest.raises(rules.IllegalActionError, match=choices):
            play(s, typed)


def test_a_spinners_recruit_naming_some_of_its_clearings_says_it_reaches_them_all():
    s = blank_table(("spinners", "marquise"))
    set_hand(s, 0, "bake-sale")  # rabbit: clearings 3, 4, 5 and 10
    s = goto(check(s), 0, "spinners.daylight", actions=3)
    assert "recruit bake-sale" in legal(s)
    with pytest.raises(rules.IllegalActionError, match=r"every rabbit clearing it can \(3, 4, 5, 10\)") as refused:
        play(s, "recruit bake-sale 3")
    assert "once per turn" not in str(refused.value)
    assert play(s, "recruit bake-sale 10,5,4,3").turn.flags["recruited"]  # all of them, in any order, is the recruit


def test_a_3x3_pawn_refused_lists_only_the_forests_of_the_team_s_side():
    state = setup_game(factions=("marquise", "eyrie", "vagabond", "tinker", "alliance", "spore"))
    vagabond = state.seat_of("vagabond")
    while not (rules.to_act(state) == vagabond and legal(state, "pawn")):
        state = play(state, legal(state)[0])
    allowed = [a.split()[1] for a in legal(state, "pawn")]
    assert "fA" in allowed and "f2W1" not in allowed
    with pytest.raises(rules.IllegalActionError, match="not f2W1: ") as refused:
        play(state, "pawn f2W1")
    assert refused.value.args[0].endswith(", ".join(allowed))
    with pytest.raises(rules.IllegalActionError, match="there is no forest fW1; the pawn may start in: fA"):
        play(state, "pawn fw1")


def test_mycelium_with_none_left_on_the_track_says_so_rather_than_when_it_grows():
    s = blank_table(("spore", "marquise", "eyrie"))
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    set_supply(s, "spore", "mycelium", 0)
    put(s, 5, "marquise", "warrior", controller="spore")  # an infected warrior keeps the Spore's turn going
    set_hand(s, S, "armorers")
    s = goto(check(s), S, "spore.mycelium")
    assert rules.to_act(s) == S and s.turn.step != "spore.mycelium"  # nothing to grow: the step went by
    with pytest.raises(rules.IllegalActionError, match="no mycelium is left on the track") as refused:
        play(s, "mycelium 1,2 armorers")
    assert "grows in Birdsong" not in str(refused.value)


def test_another_faction_s_verb_is_named_as_its_action():
    s = blank_table(("spore", "marquise", "eyrie"))
    s = goto(check(s), 2, "eyrie.decree")
    with pytest.raises(rules.IllegalActionError, match="'mycelium' is an action of The Spore"):
        play(s, "mycelium 1 armorers")


def test_a_battle_on_a_faction_whose_only_pieces_there_are_infected_says_they_are_the_spore_s():
    s = blank_table(("spore", "marquise", "eyrie"))
    put(s, 5, "spore", "homeland")
    put(s, 5, "spore", "mycelium")
    put(s, 1, "marquise", "warrior", 2, controller="spore")  # 1 is next to the homeland
    s = goto(check(s), S, "spore.command")
    controlled = "the Marquise de Cat pieces in clearing 1 are controlled by The Spore"
    with pytest.raises(rules.IllegalActionError, match=controlled):
        play(s, "battle 1 marquise")
    with pytest.raises(rules.IllegalActionError, match="Eyrie Dynasties has no pieces in clearing 1"):
        play(s, "battle 1 eyrie")


def test_the_win_says_the_winner_s_points_and_the_score_to_reach():
    s = blank_table(("marquise", "eyrie"))
    s.seats[0].points = 37
    mode = (s.lineup or lineup(s)).mode
    mode.check_victory(s)
    said = [e.public for e in s.events]
    assert s.over and "Marquise de Cat wins the game: 37 points, 30 or more to win!" in said


def test_a_factory_refused_for_a_full_clearing_says_only_that():
    s = blank_table(("marquise", "eyrie", "tinker"))
    put(s, 1, "marquise", "sawmill")  # 1 has one slot
    put(s, 1, "tinker", "birdbot")  # two gears: the Tinker rules 1
    put(s, 5, "tinker", "catbot")  # somewhere a factory may go, so the step waits
    s = goto(check(s), 2, "tinker.build")
    assert legal(s, "build") == ["build factory 5"]
    with pytest.raises(rules.IllegalActionError, match="clearing 1 has no open building slot$"):
        play(s, "build factory 1")


def test_a_strike_on_a_warrior_where_the_faction_has_none_names_what_it_has_there():
    state = vb_blank(where=5)
    set_items(state, "crossbow")
    put(state, 5, "marquise", "sawmill")
    state = daylight(state)
    assert legal(state, "strike") == ["strike marquise sawmill"]
    only = "the Marquise de Cat have no warrior in clearing 5, only: sawmill"
    with pytest.raises(rules.IllegalActionError, match=only):
        play(state, "strike marquise warrior")
    put(state, 5, "marquise", "warrior")
    with pytest.raises(rules.IllegalActionError, match="the Marquise de Cat have warriors in clearing 5"):
        play(state, "strike marquise sawmill")


def test_the_alliance_s_military_operations_read_after_you_must():
    s = check(blank_table(("alliance", "marquise")))
    prompt = registry.of(s, 0).prompt(s, 0, "alliance.operations")
    assert prompt.startswith("carry out military operations (")
