"""Engine bugs found by the rules tests: each test states what the Law says and fails until the engine is fixed.

Kept together so the lead can find them. Rule numbers refer to the Law of Root digest (p16 numbering).
"""

import pytest
from rules_helpers import (
    E,
    M,
    blank,
    check,
    count,
    craft_for,
    goto,
    hand_keys,
    legal,
    play,
    put,
    set_decree,
    set_hand,
    to_discard,
)

import rules
from rules.cards import card


def test_favor_that_removes_the_keep_offers_no_field_hospitals_and_does_not_crash():
    """Law 1.5.4 / 6.2.3: a Favor removes every piece first, then triggers resolve; Field Hospitals
    needs the keep on the map. With the keep in 4 and Marquise warriors in 3, Favor of the Rabbits
    removes both, so there is no keep clearing to return warriors to.

    Engine: clearing 3 is handled (and Field Hospitals queued) before clearing 4 loses the keep; the
    queued choice still offers 'hospital <card>', and choosing it raises AssertionError in
    Marquise.decision_apply (rules/factions/marquise.py: `assert keep is not None`).
    """
    s = blank(leader="builder")
    put(s, 4, "marquise", "keep")
    put(s, 4, "marquise", "warrior", 2)
    put(s, 3, "marquise", "warrior", 2)
    put(s, 3, "eyrie", "roost")
    put(s, 5, "eyrie", "roost")
    put(s, 10, "eyrie", "roost")
    set_hand(s, E, "favor-of-the-rabbits")
    set_hand(s, M, "bake-sale")
    check(s)
    s = goto(s, E, "eyrie.craft")
    s = play(s, "craft favor-of-the-rabbits")
    assert count(s, 4, "marquise", "keep") == 0
    assert count(s, 3, "marquise", "warrior") == 0
    offered = legal(s, seat=rules.to_act(s))
    assert not any(a.startswith("hospital") for a in offered), offered
    for text in offered:  # whatever is offered must be playable
        rules.apply(s, rules.parse(s, text))


@pytest.mark.parametrize("optional", ["tax-collector", "codebreakers", "dominance"])
def test_unresolvable_decree_does_not_force_an_optional_daylight_effect(optional):
    """Law 7.5.2 / 7.7: a Decree card that cannot be resolved throws the Eyrie into Turmoil.
    Tax Collector and Codebreakers are optional ("once in Daylight, you may ..."), and so is
    activating a dominance card (Law 3.3.1: "you may").

    Engine: in eyrie.resolve, when the next Decree card has no legal action but a Daylight card effect
    is usable, flow.advance() sees a non-empty legal list (only 'use ...' or 'activate ...'), so
    Eyrie.stuck() (Turmoil) is not called, and 'end' is refused by Eyrie.can_end(). The Eyrie must
    remove one of their own warriors (Tax Collector), look at a hand (Codebreakers) or activate a
    dominance card - which freezes their score for the rest of the game - before Turmoil can happen.
    Fault: rules/flow.py advance()/_stuck() count phase-window actions as "something to do" in a step
    that cannot end, with rules/factions/eyrie.py can_end().
    """
    s = blank(leader="despot")
    put(s, 3, "eyrie", "roost")  # rabbit
    put(s, 3, "eyrie", "warrior", 2)
    put(s, 1, "marquise", "keep")
    put(s, 1, "marquise", "warrior", 2)
    if optional == "dominance":
        set_hand(s, E, "dominance-fox", "sword")
        s.seats[E].points = 12
    else:
        craft_for(s, E, optional)
        set_hand(s, M, "sword")
    set_decree(s, recruit=["anvil"], move=["vizier"], build=["vizier"])  # fox recruit: no fox roost
    check(s)
    s = goto(s, E, "eyrie.resolve")
    offered = legal(s)
    assert any(not a.startswith(("use ", "activate ")) for a in offered), offered
    assert count(s, 3, "eyrie", "warrior") == 2
    assert s.seats[E].dominance is None


def test_empty_deck_is_reshuffled_immediately():
    """Law 2.1: "If the deck is ever empty, immediately shuffle the discard pile into a new deck."

    Engine: rules/hand.py draw() only reshuffles when the next card must be drawn, so after the last
    card is drawn the deck stays empty and cards discarded meanwhile (here the Evening hand-limit
    discard) end up in the next deck too. docs/rulings.md ("2.1 empty deck") records this as a ruling,
    but it contradicts the Law's "immediately".
    """
    s = blank()
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "anvil", "sword", "bake-sale", "armorers", "sappers")
    set_hand(s, E, "sappers")  # the Eyrie must not need an emergency draw after the Marquise's turn
    spare = list(s.deck)
    keep_one = spare.pop()
    s.deck = [keep_one]
    s.removed += spare  # out of this test
    to_discard(s, "cobbler")
    check(s)
    s = goto(s, M, "evening.start")  # draws the last card: 6 in hand, a discard is owed
    assert len(s.seats[M].hand) == 6
    assert [card(c).key for c in s.deck] == ["cobbler"]
    assert s.discard == []
    s = play(s, "discard anvil")
    assert [card(c).key for c in s.discard] == ["anvil"]


def test_crafter_chooses_which_pieces_pay_an_any_cost():
    """Law 4.1.1: the crafter activates crafting pieces of her choice; '?' is paid by a piece of any suit.

    With workshops in fox 1, mouse 2 and 7, rabbit 3 and 5, the Marquise can craft Royal Claim
    (any x4) with the mice and rabbits, keeping the fox workshop for Anvil (fox).
    Engine: rules/crafting.py pay_plan() always pays '?' from the suit with most unused pieces
    (alphabetical on ties), spending the fox workshop, and offers no choice, so Anvil can no longer be
    crafted after Royal Claim. docs/rulings.md ("4.1.1 crafting any") records this simplification.
    """
    s = blank()
    for cid in (1, 2, 7, 3, 5):
        put(s, cid, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    set_hand(s, M, "royal-claim", "anvil")
    check(s)
    s = goto(s, M, "marquise.craft")
    ways = [a for a in rules.legal_actions(s, M, verb="craft") if a.card == "royal-claim"]
    assert ways
    after = [rules.apply(s, a)[0] for a in ways]
    assert any("craft anvil" in legal(x, "craft") for x in after)
    assert all(hand_keys(x, M) == ["anvil"] for x in after)


def test_marquise_chooses_which_wood_pays_for_a_building():
    """Law 6.5.4.2: the Marquise removes the wood from the build clearing or from any clearing connected
    to it through clearings she rules - her choice.

    Here the sawmill in 9 can be paid with the wood in 9 or the wood in 5 (9-1-5, all ruled). She pays
    with 5's wood, marches out of 1 (which the Eyrie then rule), and still has 9's wood for a workshop.
    Engine: rules/factions/marquise.py _build() always takes the wood nearest the build clearing first
    (9's own), with no choice, so the workshop can no longer be paid. docs/rulings.md ("6.5.4 build")
    records this simplification.
    """
    s = blank()
    put(s, 2, "marquise", "sawmill")  # the next sawmill and workshop cost 1 wood each
    put(s, 2, "marquise", "workshop")
    put(s, 9, "marquise", "warrior")
    put(s, 9, "marquise", "wood")
    put(s, 1, "marquise", "warrior", 2)
    put(s, 1, "eyrie", "warrior", 1)
    put(s, 5, "marquise", "warrior")
    put(s, 5, "marquise", "wood")
    check(s)
    s = goto(s, M, "marquise.actions")
    ways = [a for a in rules.legal_actions(s, M, verb="build") if a.kind == "sawmill" and a.clearing == 9]
    assert ways
    can_build_again = []
    for way in ways:
        after = play(rules.apply(s, way)[0], "move 1>10 x2")
        can_build_again.append("build workshop 9" in legal(after, "build"))
    assert any(can_build_again)
