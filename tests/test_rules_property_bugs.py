"""Engine bugs found by the rule-property playouts (tests/test_rules_properties.py), as minimal reproductions.

Each test names the rule (Law of Root numbers from the digest, or the docs/rulings.md entry the engine
itself promises) and fails while the bug is there.
"""

from rules_helpers import E, M, blank, check, force_dice, goto, hand_keys, play, put, set_decree, set_hand

import rules

# --- 1.2 hidden hands / 6.2.3 Field Hospitals ------------------------------------------------------------------------


def _eyrie_kills_a_marquise_warrior_in_5(marquise_hand: tuple[str, ...]) -> rules.GameState:
    """The Eyrie battle in rabbit clearing 5 and remove a Marquise warrior; the keep is on the map (clearing 1)."""
    s = blank(leader="builder")
    put(s, 1, "marquise", "keep")
    put(s, 5, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 3)
    set_hand(s, M, *marquise_hand)
    set_hand(s, E)  # no cards, so no ambush question
    set_decree(s, battle=["vizier"], build=["vizier"])
    check(s)
    s = goto(s, E, "eyrie.resolve")
    force_dice(s, 3, 0)
    return play(s, "battle 5 marquise bird", "pass")  # the Marquise holds a card, so she is asked to ambush


def test_whether_field_hospitals_stops_the_game_does_not_depend_on_which_card_the_marquise_holds():
    """Rulings 1.2 ("whether the game stops for a player never depends on cards only that player can see") and
    6.2.3 ("She is asked whenever she holds any card"). The Marquise loses warriors in rabbit clearing 5 holding
    one card. With a rabbit card the game waits for her Field Hospitals answer; with a fox card it does not: the
    decision is pushed (rules/factions/marquise.py on_removed) but its only choice is 'pass', and 'faction'
    decisions are auto_single (rules/decisions.py), so flow._auto_decide answers it at once. The Eyrie's view
    therefore tells whether the Marquise holds a rabbit or bird card.
    Found by the playouts: marquise,eyrie/autumn/first=0/seed=5000/biased, action #55 (and ~1 game in 8).
    Failed at c1b9f8b; fixed by 77e9258 (flow._auto_decide never takes a lone 'pass'); kept as a regression test."""
    matching = _eyrie_kills_a_marquise_warrior_in_5(("bake-sale",))  # rabbit
    other = _eyrie_kills_a_marquise_warrior_in_5(("anvil",))  # fox
    assert hand_keys(matching, M) == ["bake-sale"] and hand_keys(other, M) == ["anvil"]
    seen_matching = rules.view_for(matching, E)
    seen_other = rules.view_for(other, E)
    assert seen_matching["pending"] != [] or seen_other["pending"] != []  # Field Hospitals was in play
    assert (seen_matching["to_act"], seen_matching["waiting_for"], seen_matching["pending"]) == (
        seen_other["to_act"],
        seen_other["waiting_for"],
        seen_other["pending"],
    )
