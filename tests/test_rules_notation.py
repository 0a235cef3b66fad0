"""Notation round-trips: every legal action, in many different situations, parses back to itself."""

import random

import pytest
from rules_helpers import (
    DEFAULT_BUILDINGS,
    E,
    M,
    blank,
    check,
    craft_for,
    force_dice,
    give,
    goto,
    new_game,
    new_setup,
    play,
    put,
    set_decree,
    set_hand,
    set_supply,
)

import rules


def round_trip(s) -> int:
    """Check every legal action of the seat to act; returns how many were checked."""
    seat = rules.to_act(s)
    assert seat is not None
    actions = rules.legal_actions(s, seat)
    assert actions, rules.waiting_for(s)
    for action in actions:
        text = action.notation()
        assert rules.parse(s, text) == action, text
    return len(actions)


def scenario_setup():
    s = new_setup()
    yield s
    s = play(s, "keep 2")
    yield s
    s = play(s, "build sawmill 2", "build workshop 2", "build recruiter 6")
    yield s  # the Eyrie's leader choice


def scenario_marquise_actions():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 2, "marquise", "warrior", 3)
    put(s, 9, "marquise", "recruiter")
    put(s, 5, "marquise", "recruiter")
    put(s, 5, "marquise", "wood", 2)
    put(s, 5, "eyrie", "warrior", 1)
    set_supply(s, "marquise", "warrior", 1)
    set_hand(s, M, "arms-trader", "sword", "dominance-mouse", "ambush-bird")
    craft_for(s, M, "tax-collector", "codebreakers")
    s.seats[M].points = 12
    check(s)
    yield goto(s, M, "marquise.actions")


def scenario_crafting():
    s = blank()
    for cid in (1, 2, 3, 5, 7):
        put(s, cid, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "royal-claim", "anvil", "root-tea-mouse", "crossbow-bird", "favor-of-the-mice")
    check(s)
    yield goto(s, M, "marquise.craft")


def scenario_birdsong_cards():
    s = blank()
    put(s, 9, "marquise", "warrior")
    craft_for(s, M, "royal-claim", "stand-and-deliver")
    set_hand(s, E, "anvil")
    check(s)
    yield goto(s, M, "birdsong.start")


def scenario_battle_decisions():
    s = blank()
    put(s, 5, "marquise", "warrior", 3)
    put(s, 5, "marquise", "sawmill")
    put(s, 5, "marquise", "workshop")
    put(s, 5, "eyrie", "warrior", 2)
    put(s, 1, "marquise", "keep")
    set_hand(s, E, "ambush-rabbit", "ambush-bird")
    set_hand(s, M, "ambush-bird", "bake-sale", "travel-gear-fox")
    craft_for(s, M, "armorers", "brutal-tactics")
    craft_for(s, E, "sappers")
    check(s)
    s = goto(s, M, "marquise.actions")
    force_dice(s, 3, 2)
    s = play(s, "battle 5 eyrie")
    yield s  # ambush
    s = play(s, "ambush ambush-rabbit")
    yield s  # foil
    s = play(s, "pass")
    yield s  # Field Hospitals for the two warriors the ambush removed
    s = play(s, "pass")
    yield s  # the attacker's after-roll cards
    s = play(s, "pass")
    yield s  # the defender's after-roll cards
    s = play(s, "pass")
    yield s  # the last hit: the Marquise chooses a building


def scenario_eyrie():
    s = blank(leader="despot")
    put(s, 5, "eyrie", "roost")
    put(s, 2, "eyrie", "roost")
    put(s, 5, "eyrie", "warrior", 4)
    put(s, 5, "marquise", "warrior", 1)
    put(s, 1, "marquise", "warrior", 1)
    set_hand(s, E, "armorers", "bake-sale", "anvil", "sword")
    check(s)
    s = goto(s, E, "birdsong.start")
    yield s  # the Decree
    s = play(s, "decree armorers recruit", "decree bake-sale battle")
    yield s  # crafting with roosts (asked: the Eyrie still hold cards)
    s = play(s, "end")
    yield s  # resolving: recruit with a bird
    s = play(s, "recruit 2 bird")
    yield s  # moves with the vizier
    s = play(s, "move 5>1 x2 bird")
    yield s  # battles


def scenario_new_roost_and_leader():
    s = blank()
    for cid in range(1, 13):
        put(s, cid, "marquise", "warrior", 0 if cid in (5, 8, 11) else 1)
    set_hand(s, E, "anvil")
    check(s)
    s = goto(s, E, "birdsong.start")
    s = play(s, "decree anvil recruit")
    yield s  # where the new roost goes
    s = blank()
    set_decree(s, move=["vizier"], build=["vizier"])
    check(s)
    yield goto(s, E, "eyrie.resolve")  # Turmoil: a new leader


def scenario_dominance_and_discard():
    s = blank()
    put(s, 9, "marquise", "warrior")
    give(s, M, "dominance-fox")
    s.dominance_available.append(s.seats[M].hand.pop())
    set_hand(s, M, "anvil", "armorers", "dominance-bird", "sword", "bake-sale", "cobbler")
    s.seats[M].points = 10
    check(s)
    yield goto(s, M, "marquise.actions")
    yield goto(s, M, "evening.start")  # discard down to five


def scenario_wood_and_start_cards():
    s = blank()
    put(s, 2, "marquise", "sawmill")
    put(s, 9, "marquise", "sawmill")
    put(s, 9, "marquise", "warrior", 2)
    put(s, 5, "eyrie", "warrior", 1)
    put(s, 5, "marquise", "warrior", 1)
    put(s, 12, "marquise", "wood", 7)
    craft_for(s, M, "command-warren", "cobbler")
    check(s)
    yield goto(s, M, "birdsong.start")  # one wood for two sawmills
    yield goto(s, M, "daylight.start")  # Command Warren
    yield goto(s, M, "evening.start")  # Cobbler


SCENARIOS = [
    scenario_setup,
    scenario_marquise_actions,
    scenario_crafting,
    scenario_birdsong_cards,
    scenario_battle_decisions,
    scenario_eyrie,
    scenario_new_roost_and_leader,
    scenario_dominance_and_discard,
    scenario_wood_and_start_cards,
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_notation_round_trips_in_scenario(scenario):
    checked = sum(round_trip(s) for s in scenario())
    assert checked >= 2


def test_scenarios_reach_the_decisions_they_name():
    verbs = set()
    for scenario in SCENARIOS:
        for s in scenario():
            verbs |= {a.verb for a in rules.legal_actions(s, rules.to_act(s))}
    expected = {
        "keep", "build", "leader", "move", "battle", "recruit", "overwork", "hire", "craft", "use",
        "activate", "take", "ambush", "foil", "hit", "hospital", "decree", "roost", "discard", "wood",
        "pass", "end",
    }  # fmt: skip
    assert expected <= verbs, expected - verbs


@pytest.mark.parametrize("seed,keep,leader", [(11, 1, "builder"), (12, 2, "charismatic"), (13, 4, "commander")])
def test_notation_round_trips_along_random_games(seed, keep, leader):
    chooser = random.Random(seed)
    s = new_game(seed, keep=keep, buildings=DEFAULT_BUILDINGS[keep], leader=leader, first_player=seed % 2)
    checked = 0
    for _ in range(250):
        if s.over:
            break
        checked += round_trip(s)
        seat = rules.to_act(s)
        s, _ = rules.apply(s, chooser.choice(rules.legal_actions(s, seat)))
        assert rules.problems(s) == []
    assert checked > 300


def test_a_short_card_name_means_the_one_card_of_that_name_the_player_can_use():
    s = blank()
    set_hand(s, E, "root-tea-mouse", "crossbow-bird")
    s = goto(check(s), E, "eyrie.decree")
    assert rules.parse(s, "decree root-tea move").notation() == "decree root-tea-mouse move"
    assert rules.parse(s, "decree crossbow recruit").notation() == "decree crossbow-bird recruit"


def test_a_short_card_name_is_first_looked_for_among_the_legal_cards_then_the_hand():
    s = blank()
    set_hand(s, M, "root-tea-fox", "root-tea-mouse", "anvil", "sword", "bake-sale", "armorers")
    s = goto(check(s), M, "evening.discard")
    assert rules.parse(s, "discard anvil").notation() == "discard anvil"
    with pytest.raises(rules.InvalidActionError, match="could be"):
        rules.parse(s, "discard root-tea")  # two of them in the hand: still ambiguous
    s = blank()
    set_hand(s, M, "root-tea-fox", "anvil", "sword", "bake-sale", "armorers", "ambush-bird")
    s = goto(check(s), M, "evening.discard")
    assert rules.parse(s, "discard root-tea").notation() == "discard root-tea-fox"


def test_a_short_card_name_held_but_not_usable_is_refused_for_the_right_reason():
    s = blank()
    for cid in (2, 7):
        put(s, cid, "marquise", "workshop")
    set_hand(s, M, "crossbow-mouse")  # costs a fox: the workshops are in mouse 2 and 7
    s = goto(check(s), M, "marquise.craft")
    with pytest.raises(rules.IllegalActionError) as refused:
        rules.parse(s, "craft crossbow")
    assert "can't pay fox" in str(refused.value)
