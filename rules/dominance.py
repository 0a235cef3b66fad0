"""Dominance: activate at 10 points, win at the start of your Birdsong, take available dominance cards."""

from __future__ import annotations

from collections.abc import Iterator

from rules import hand, registry
from rules.actions import Action, Activate, Take
from rules.cards import card, deck, keys
from rules.rule import rules
from rules.scoring import finish
from rules.state import GameState

ACTIVATE_AT = 10


def options(state: GameState, seat: int) -> Iterator[Action]:
    """Dominance actions open to a seat in its Daylight."""
    s = state.seats[seat]
    if s.dominance is None and s.points >= ACTIVATE_AT and registry.of(state, seat).activates_dominance:
        for key in hand.distinct_keys(state, seat):
            if keys()[key].type == "dominance":
                yield Activate(key)
    for key in sorted({card(c).key for c in state.dominance_available}):
        for spend in hand.keys_matching(state, seat, keys()[key].suit):
            yield Take(key, spend)


def publicly_possible(state: GameState, seat: int) -> bool:
    """From public information only: could the seat activate or take a dominance card now?"""
    s = state.seats[seat]
    if state.dominance_available:
        return True
    if s.dominance is not None or s.points < ACTIVATE_AT or not registry.of(state, seat).activates_dominance:
        return False
    seen = set(state.removed) | {x.dominance for x in state.seats if x.dominance is not None}
    return any(c.type == "dominance" and c.id not in seen for c in deck())


def activate(state: GameState, seat: int, key: str) -> None:
    """Play a dominance card face up; the seat's score marker leaves the track."""
    cid = hand.take(state, seat, key)
    state.seats[seat].dominance = cid
    state.say(
        f"{registry.of(state, seat).name} activates {card(cid).name} ({card(cid).suit}): it no longer scores points."
    )


def take(state: GameState, seat: int, key: str, spend: str) -> None:
    """Spend a matching card to take an available dominance card into hand."""
    cid = next(c for c in state.dominance_available if card(c).key == key)
    hand.spend(state, seat, spend)
    state.dominance_available.remove(cid)
    state.seats[seat].hand.append(cid)
    state.say(
        f"{registry.of(state, seat).name} spends {keys()[spend].name} to take {card(cid).name} ({card(cid).suit})."
    )


def check_victory(state: GameState, seat: int) -> None:
    """At the start of Birdsong, a seat with an activated dominance card may win."""
    cid = state.seats[seat].dominance
    if cid is None or state.over:
        return
    dom_suit = card(cid).suit
    board = state.board
    if dom_suit == "bird":
        won = any(rules(state, seat, a) and rules(state, seat, b) for a, b in board.opposite_corners)
    else:
        ruled = [c for c in board.ids() if state.suits[c - 1] == dom_suit and rules(state, seat, c)]
        won = len(ruled) >= 3
    if won:
        finish(state, [seat], f"dominance ({dom_suit})")
