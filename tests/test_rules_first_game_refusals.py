"""Refusals met in a first game played from the docs alone (issue 22, its playthroughs): each gives the real reason.

Tables are past setup with an empty map and empty hands (`rules_helpers.blank_table`); the map is Autumn unless a
test says otherwise: fox 1, 6, 8, 12; mouse 2, 7, 9, 11; rabbit 3, 4, 5, 10.
"""

from __future__ import annotations

import pytest
from rules_helpers import blank_table, check, goto, legal, play, put, set_decree, set_hand

import rules

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
