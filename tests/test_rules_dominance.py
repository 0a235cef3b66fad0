"""Dominance cards (Law 3.3, 5.1.3): set aside in two-player games; activation, victory, available cards.

Only two factions exist, so dominance is tested by moving a dominance card out of the set-aside pile
into a hand (the card stays accounted for: rules.problems() is checked).
"""

import pytest
from rules_helpers import (
    E,
    M,
    blank,
    check,
    craft_for,
    give,
    goto,
    hand_keys,
    legal,
    new_game,
    play,
    put,
    set_decree,
    set_hand,
    step,
)

import rules
from rules.cards import card, deck

DOMINANCE = ["dominance-bird", "dominance-fox", "dominance-mouse", "dominance-rabbit"]


def keys_of(ids) -> list[str]:
    return sorted(card(c).key for c in ids)


def test_two_player_games_set_the_dominance_cards_aside():
    s = new_game()
    assert keys_of(s.removed) == DOMINANCE
    in_play = s.deck + s.discard + s.seats[M].hand + s.seats[E].hand
    assert not any(card(c).type == "dominance" for c in in_play)
    assert len(in_play) == len(deck()) - 4


# --- activation ---------------------------------------------------------------------------------


def marquise_daylight(points: int, *hand: str):
    s = blank()
    put(s, 9, "marquise", "warrior")
    put(s, 9, "marquise", "recruiter")
    set_hand(s, M, *hand)
    s.seats[M].points = points
    check(s)
    return goto(s, M, "marquise.actions")


def test_activation_needs_ten_points():
    s = marquise_daylight(9, "dominance-fox")
    assert legal(s, "activate") == []
    with pytest.raises(rules.IllegalActionError):
        rules.parse(s, "activate dominance-fox")
    s = marquise_daylight(10, "dominance-fox")
    assert legal(s, "activate") == ["activate dominance-fox"]


def test_activation_is_not_an_action_and_stops_scoring():
    s = marquise_daylight(12, "dominance-fox")
    s = play(s, "activate dominance-fox")
    assert card(s.seats[M].dominance).key == "dominance-fox"
    assert hand_keys(s, M) == []
    assert s.turn.flags["actions"] == 3
    put(s, 9, "marquise", "wood", 1)
    check(s)
    s = play(s, "build recruiter 9")  # second recruiter: 1 point on the track
    assert s.seats[M].points == 12
    check(s)


def test_activation_only_in_daylight():
    s = blank()
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "dominance-fox")
    craft_for(s, M, "royal-claim")  # keeps the Birdsong window open
    s.seats[M].points = 15
    check(s)
    s = goto(s, M, "birdsong.start")
    assert step(s) == (M, "birdsong.cards")
    assert legal(s, "activate") == []


def test_a_seat_with_an_activated_dominance_does_not_win_at_thirty():
    s = marquise_daylight(29, "dominance-fox")
    s = play(s, "activate dominance-fox")
    s.seats[M].points = 29
    put(s, 9, "marquise", "wood", 1)
    s = play(s, "build recruiter 9")
    assert not s.over


# --- victory -----------------------------------------------------------------------------------------


def dominant(key: str, *ruled: int, seat: int = M):
    """A game where a seat has activated a dominance card and rules the given clearings."""
    s = blank()
    faction = s.seats[seat].faction
    for cid in ruled:
        put(s, cid, faction, "warrior", 1)
    give(s, seat, key)
    cid = s.seats[seat].hand.pop()
    s.seats[seat].dominance = cid
    check(s)
    return s


def test_suit_dominance_wins_with_three_ruled_clearings_at_start_of_birdsong():
    s = dominant("dominance-fox", 1, 6, 8)
    s = goto(s, M, "birdsong.start")
    assert s.over
    assert s.winners == [M]


def test_suit_dominance_needs_three_clearings_of_that_suit():
    s = dominant("dominance-fox", 1, 6, 2, 3)
    s = goto(s, M, "birdsong.start")
    assert not s.over


def test_bird_dominance_wins_with_opposite_corners():
    for a, b in ((1, 3), (2, 4)):
        s = dominant("dominance-bird", a, b)
        s = goto(s, M, "birdsong.start")
        assert s.over and s.winners == [M], (a, b)


def test_bird_dominance_needs_opposite_not_adjacent_corners():
    s = dominant("dominance-bird", 1, 2, 5)
    s = goto(s, M, "birdsong.start")
    assert not s.over


def test_lords_of_the_forest_count_for_eyrie_dominance():
    s = dominant("dominance-mouse", 2, 7, 9, seat=E)
    for cid in (2, 7, 9):
        put(s, cid, "marquise", "warrior", 1)  # ties: the Eyrie still rule
    set_hand(s, E, "anvil")
    check(s)
    s = goto(s, E, "birdsong.start")
    assert s.over and s.winners == [E]


def test_dominance_is_only_checked_at_the_start_of_your_own_birdsong():
    s = dominant("dominance-fox", 1, 6, 8)
    put(s, 3, "eyrie", "roost")
    set_hand(s, E, "anvil")
    check(s)
    s = goto(s, E, "birdsong.start")
    assert not s.over
    s = goto(s, M, "marquise.actions")
    assert not s.over


# --- available dominance cards -----------------------------------------------------------------------


def test_a_discarded_dominance_card_becomes_available():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 2, "marquise", "warrior")
    set_hand(s, M, "dominance-mouse")
    check(s)
    s = goto(s, M, "marquise.actions")
    s = play(s, "overwork 2 dominance-mouse")  # spent for its suit
    assert keys_of(s.dominance_available) == ["dominance-mouse"]
    assert not any(card(c).type == "dominance" for c in s.discard)


def test_dominance_discarded_for_the_hand_limit_becomes_available():
    s = blank()
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "dominance-rabbit", "anvil", "sword", "bake-sale", "armorers", "sappers")
    check(s)
    s = goto(s, M, "evening.start")
    s = play(s, "discard dominance-rabbit", "discard anvil")
    assert keys_of(s.dominance_available) == ["dominance-rabbit"]


def available(*keys: str, hand=(), points=0):
    s = blank()
    put(s, 9, "marquise", "warrior")
    for key in keys:
        give(s, M, key)
        s.dominance_available.append(s.seats[M].hand.pop())
    set_hand(s, M, *hand)
    s.seats[M].points = points
    check(s)
    return goto(s, M, "marquise.actions")


def test_take_an_available_dominance_by_spending_a_matching_card():
    s = available("dominance-fox", hand=("anvil", "armorers", "sword"))
    assert sorted(legal(s, "take")) == ["take dominance-fox anvil", "take dominance-fox armorers"]
    s = play(s, "take dominance-fox anvil")
    assert hand_keys(s, M) == ["armorers", "dominance-fox", "sword"]
    assert s.dominance_available == []
    assert keys_of(s.discard) == ["anvil"]
    assert s.turn.flags["actions"] == 3  # not an action, no points needed


def test_an_available_bird_dominance_needs_a_bird_card():
    s = available("dominance-bird", hand=("anvil", "sword"))
    assert legal(s, "take") == []
    s = available("dominance-bird", hand=("anvil", "armorers"))
    assert legal(s, "take") == ["take dominance-bird armorers"]


def test_available_dominance_taken_only_in_daylight():
    s = blank()
    put(s, 9, "marquise", "warrior")
    give(s, M, "dominance-fox")
    s.dominance_available.append(s.seats[M].hand.pop())
    set_hand(s, M, "anvil")
    craft_for(s, M, "royal-claim")
    check(s)
    s = goto(s, M, "birdsong.start")
    assert legal(s, "take") == []


def test_eyrie_purge_makes_dominance_available():
    s = blank(leader="despot")
    put(s, 9, "marquise", "warrior")
    set_decree(s, move=["vizier", "dominance-rabbit"], build=["vizier"])
    check(s)
    s = goto(s, E, "eyrie.resolve")  # no Eyrie warriors: Turmoil
    assert keys_of(s.dominance_available) == ["dominance-rabbit"]
