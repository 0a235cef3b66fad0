"""Turn structure (Law 1.4), Evening draw and hand limit, the deck running out, rounds."""

import pytest
from rules_helpers import (
    E,
    M,
    blank,
    check,
    force_dice,
    goto,
    hand_keys,
    legal,
    new_game,
    play,
    play_events,
    played_to_round_limit,
    public_text,
    put,
    set_hand,
    step,
    to_deck_top,
    to_discard,
)

import rules
from rules.cards import card, first_in
from rules.flow import turn_steps


def test_first_turn_starts_in_daylight_after_birdsong_wood():
    s = new_game(keep=1)
    # Setup done: the Marquise's Birdsong placed a wood at her sawmill, and she is now crafting.
    assert s.turn.seat == M
    assert s.turn.round == 1
    assert s.turn.phase == "daylight"
    assert s.clearings[0].get("marquise:wood") == 1


def test_marquise_turn_goes_birdsong_daylight_evening_then_eyrie():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 9, "marquise", "warrior")
    put(s, 3, "eyrie", "roost")
    set_hand(s, E, "anvil")
    check(s)
    s.turn.round = 4
    s = goto(s, M, "birdsong.start")
    assert s.clearings[1].get("marquise:wood") == 1  # Birdsong work done first
    assert step(s) == (M, "marquise.actions")  # nothing to craft: straight to actions
    s, events = play_events(s, "end")
    text = public_text(events)
    assert text.index("Marquise de Cat draws 1 card") < text.index("Eyrie Dynasties' turn")
    assert step(s) == (E, "eyrie.decree")
    assert s.turn.phase == "birdsong"
    assert s.turn.round == 4  # the second seat's turn belongs to the same round
    assert len(s.seats[M].hand) == 1


def test_eyrie_birdsong_order_emergency_decree_new_roost():
    s = blank()
    put(s, 9, "marquise", "warrior")
    s = goto(s, E, "birdsong.start")
    # Hand was empty: emergency orders drew a card before the Decree.
    assert step(s) == (E, "eyrie.decree")
    assert len(s.seats[E].hand) == 1
    assert s.seats[E].data["decree"] == {"recruit": [], "move": [-1], "battle": [], "build": [-1]}
    key = hand_keys(s, E)[0]
    s = play(s, f"decree {key} battle")
    # Then a new roost (none on the map): the Eyrie choose among the clearings with fewest warriors.
    assert rules.to_act(s) == E
    assert "roost 9" not in legal(s)
    assert "roost 3" in legal(s)
    s = play(s, "roost 3")
    assert s.clearings[2] == {"eyrie:roost": 1, "eyrie:warrior": 3}


@pytest.mark.parametrize("faction_steps", ["marquise", "eyrie"])
def test_turn_steps_follow_birdsong_daylight_evening(faction_steps):
    s = blank()
    phases = [p for p, _ in turn_steps(s, s.seat_of(faction_steps))]
    order = {"birdsong": 0, "daylight": 1, "evening": 2}
    assert phases == sorted(phases, key=order.__getitem__)
    assert phases[0] == "birdsong" and phases[-1] == "evening"


# --- Evening draw and hand limit ---------------------------------------------------------------


def test_evening_draws_one_card():
    s = blank()
    put(s, 9, "marquise", "recruiter")
    set_hand(s, M, "anvil")
    check(s)
    top = s.deck[-1]
    s = goto(s, M, "evening.start")
    assert sorted(s.seats[M].hand) == sorted([*[c for c in s.seats[M].hand if card(c).key == "anvil"], top])
    assert len(s.seats[M].hand) == 2


def test_discard_down_to_five_one_card_at_a_time_by_the_owner():
    s = blank()
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "anvil", "sword", "bake-sale", "armorers", "sappers", "cobbler")
    check(s)
    s = goto(s, M, "evening.start")
    assert len(s.seats[M].hand) == 7
    assert rules.to_act(s) == M
    options = legal(s)
    assert options == [f"discard {k}" for k in sorted(set(hand_keys(s, M)), key=_first_id(s))]
    s = play(s, "discard anvil")
    assert len(s.seats[M].hand) == 6
    assert rules.to_act(s) == M
    assert "discard anvil" not in legal(s)
    s = play(s, "discard cobbler")
    assert len(s.seats[M].hand) == 5
    assert sorted(card(c).key for c in s.discard) == ["anvil", "cobbler"]
    assert s.turn.seat == E


def _first_id(s):
    return lambda key: first_in(s.seats[M].hand, key)


def test_no_discard_at_five_cards():
    s = blank()
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "anvil", "sword", "bake-sale", "armorers")
    check(s)
    s = goto(s, M, "evening.start")
    assert len(s.seats[M].hand) == 5
    assert s.turn.seat == E


def test_hand_limit_applies_only_in_evening():
    s = blank()
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "anvil", "sword", "bake-sale", "armorers", "sappers", "cobbler", "codebreakers")
    check(s)
    s = goto(s, M, "marquise.actions")
    assert legal(s, "discard") == []
    with pytest.raises(rules.IllegalActionError, match="only discard down to five"):
        rules.parse(s, "discard anvil")


# --- the deck -------------------------------------------------------------------------------------


def test_empty_deck_reshuffles_the_discard_pile():
    s = blank()
    put(s, 9, "marquise", "warrior")
    spare = list(s.deck)
    s.deck = []
    s.discard = spare
    check(s)
    s, events = play_events(goto(s, M, "marquise.actions"), "end")
    assert "shuffled into a new deck" in public_text(events)
    assert len(s.seats[M].hand) == 1
    assert s.discard == []
    assert len(s.deck) + len(s.seats[M].hand) + len(s.seats[E].hand) == len(spare)


def test_empty_deck_and_discard_draws_nothing():
    s = blank()
    put(s, 9, "marquise", "warrior")
    spare = list(s.deck)
    s.deck = []
    s.removed += spare  # out of the game, for this test
    check(s)
    s = play(goto(s, M, "marquise.actions"), "end")
    assert s.seats[M].hand == []
    assert s.turn.seat == E


def test_deck_order_top_is_the_end_of_the_list():
    s = blank()
    put(s, 9, "marquise", "warrior")
    to_deck_top(s, "anvil")
    check(s)
    s = play(goto(s, M, "marquise.actions"), "end")
    assert hand_keys(s, M) == ["anvil"]


def test_starting_hands_are_three_cards():
    s = rules.new_game({"factions": ["marquise", "eyrie"], "first_player": 0}, 7)
    assert [len(x.hand) for x in s.seats] == [3, 3]
    assert len(s.deck) == 54 - 4 - 6


# --- rounds --------------------------------------------------------------------------------------


def test_rounds_count_from_the_first_player():
    s = blank()
    put(s, 9, "marquise", "warrior")
    put(s, 3, "eyrie", "roost")
    put(s, 3, "eyrie", "warrior", 3)
    check(s)
    assert s.turn.round == 1
    s = play(goto(s, M, "marquise.actions"), "end")
    assert (s.turn.seat, s.turn.round) == (E, 1)  # the second player's turn is in the same round
    s = goto(s, E, "evening.start")  # the Eyrie finish their turn
    assert (s.turn.seat, s.turn.round) == (M, 2)
    assert step(s) == (M, "marquise.actions")


def test_eyrie_first_counts_rounds_from_the_eyrie():
    s = new_game(first_player=1)
    assert s.order == [1, 0]
    assert (s.turn.seat, s.turn.round) == (E, 1)
    assert s.turn.step == "eyrie.decree"


def test_discard_pile_is_public_in_views():
    s = blank()
    to_discard(s, "anvil")
    check(s)
    view = rules.view_for(s, E)
    assert view["discard"] == ["anvil"]
    assert view["seats"][M]["hand_count"] == 0


def test_thirty_points_win_at_once_even_in_another_players_turn():
    s = blank(leader="builder")
    put(s, 5, "marquise", "warrior", 1)
    put(s, 5, "marquise", "sawmill")
    put(s, 5, "eyrie", "warrior", 3)
    s.seats[E].points = 29
    check(s)
    s = goto(s, M, "marquise.actions")
    force_dice(s, 3, 2)  # the Eyrie (defending) deal 2: the warrior, then the sawmill
    s = play(s, "battle 5 eyrie")
    assert s.over
    assert s.winners == [E]
    assert rules.to_act(s) is None
    with pytest.raises(rules.GameOverError):
        rules.parse(s, "end")


def test_thirty_points_from_building():
    s = blank()
    put(s, 9, "marquise", "warrior")
    put(s, 9, "marquise", "workshop")
    put(s, 9, "marquise", "wood")
    s.seats[M].points = 28
    check(s)
    s = play(goto(s, M, "marquise.actions"), "build workshop 9")  # second workshop: 2 points
    assert s.over and s.winners == [M]
    assert s.seats[M].points == 30


def test_empty_deck_is_reshuffled_immediately():
    """Law 2.1: "If the deck is ever empty, immediately shuffle the discard pile into a new deck." After the
    last card is drawn the discard pile becomes the deck at once; later discards stay in the discard pile."""
    s = blank()
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "anvil", "sword", "bake-sale", "armorers", "sappers")
    set_hand(s, E, "codebreakers")  # no emergency draw at the start of the Eyrie's turn
    spare = list(s.deck)
    s.deck = [spare.pop()]
    s.removed += spare  # out of this test
    to_discard(s, "cobbler")
    check(s)
    s = goto(s, M, "evening.start")  # draws the last card: 6 in hand, a discard is owed
    assert len(s.seats[M].hand) == 6
    assert [card(c).key for c in s.deck] == ["cobbler"]
    assert s.discard == []
    s = play(s, "discard anvil")
    assert [card(c).key for c in s.discard] == ["anvil"]
    assert [card(c).key for c in s.deck] == ["cobbler"]


def test_a_card_discarded_onto_an_empty_deck_becomes_the_deck():
    """Law 2.1: the deck may never stay empty while the discard pile has cards."""
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 2, "marquise", "warrior")
    set_hand(s, M, "sword")
    s.removed += s.deck  # out of this test: the deck is empty
    s.deck = []
    check(s)
    s = goto(s, M, "marquise.actions")
    s = play(s, "overwork 2 sword")
    assert [card(c).key for c in s.deck] == ["sword"]
    assert s.discard == []


def test_a_game_ended_by_its_round_limit_shows_the_last_round_played():
    s = played_to_round_limit(1)
    assert s.over and s.turn.round == 1
