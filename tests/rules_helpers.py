"""Helpers for rules tests: start a Marquise v Eyrie game past setup and build literal situations.

Seats: with ``first_player=0`` (the default here) the Marquise sits at seat 0 and the Eyrie at seat 1.
Every helper that edits a state keeps piece supplies and card locations consistent, so
``rules.problems(state)`` stays empty; call ``check(state)`` after hand-made edits to be sure.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

import pytest

import rules
from rules import flow
from rules.cards import card, deck, keys
from rules.pieces import kind_of, parse_key
from rules.rng import below
from rules.state import Event, GameState

VIZIER = -1  # how the engine stores a Loyal Vizier in the Decree
M = 0  # the Marquise's seat
E = 1  # the Eyrie's seat
OPTIONS = {"factions": ["marquise", "eyrie"], "first_player": 0}

# Starting buildings used by default for each keep corner (all in or next to the keep).
DEFAULT_BUILDINGS = {
    1: (("sawmill", 1), ("workshop", 5), ("recruiter", 9)),
    2: (("sawmill", 2), ("workshop", 5), ("recruiter", 6)),
    3: (("sawmill", 3), ("workshop", 7), ("recruiter", 11)),
    4: (("sawmill", 4), ("workshop", 8), ("recruiter", 9)),
}


# --- playing actions --------------------------------------------------------------


def play(state: GameState, *texts: str) -> GameState:
    """Apply each text (in notation) as the seat to act, returning the final state."""
    state, _ = play_events(state, *texts)
    return state


def refused(state: GameState, text: str) -> str:
    """The refusal of a text (in notation), checking the state is left as it was."""
    before = state.digest()
    with pytest.raises(rules.RulesError) as caught:
        play(state, text)
    assert state.digest() == before
    return str(caught.value)


def play_events(state: GameState, *texts: str) -> tuple[GameState, list[Event]]:
    """Like play, also returning every event produced."""
    events: list[Event] = []
    for text in texts:
        action = rules.parse(state, text)
        state, new = rules.apply(state, action)
        events += new
    return state, events


def legal(state: GameState, verb: str | None = None, seat: int | None = None) -> list[str]:
    """Notation of every legal action of the seat to act (or a given seat)."""
    who = rules.to_act(state) if seat is None else seat
    assert who is not None
    return [a.notation() for a in rules.legal_actions(state, who, verb=verb)]


def public_text(events: Iterable[Event]) -> str:
    """All public event texts joined by newlines."""
    return "\n".join(e.public for e in events)


# --- games ----------------------------------------------------------------------------


def new_setup(seed: int = 1, first_player: int = 0) -> GameState:
    """A fresh game still in setup (the Marquise chooses the keep first)."""
    return rules.new_game({**OPTIONS, "first_player": first_player}, seed)


def new_game(
    seed: int = 1,
    keep: int = 1,
    buildings: Iterable[tuple[str, int]] | None = None,
    leader: str = "despot",
    first_player: int = 0,
) -> GameState:
    """A 2-player game played through setup: keep corner, starting buildings, Eyrie leader."""
    state = new_setup(seed, first_player)
    state = play(state, f"keep {keep}")
    for kind, cid in buildings if buildings is not None else DEFAULT_BUILDINGS[keep]:
        state = play(state, f"build {kind} {cid}")
    return play(state, f"leader {leader}")


def new_table(
    factions: Iterable[str],
    seed: int = 1,
    keep: int = 1,
    leader: str = "despot",
    first_player: int = 0,
    options: dict[str, object] | None = None,
) -> GameState:
    """A game of any factions (seated in the order given) played through setup with default choices:
    the keep corner and the default starting buildings, the first corner offered, the given Eyrie leader;
    `options` adds game options."""
    state = rules.new_game({**(options or {}), "factions": list(factions), "first_player": first_player}, seed)
    wanted = [f"keep {keep}", *(f"build {kind} {cid}" for kind, cid in DEFAULT_BUILDINGS[keep]), f"leader {leader}"]
    while state.turn.phase == "setup" and state.pending:
        options = legal(state)
        state = play(state, next((w for w in wanted if w in options), options[0]))
    return state


def blank_table(
    factions: Iterable[str], seed: int = 1, leader: str = "despot", options: dict[str, object] | None = None
) -> GameState:
    """A game of any factions past setup with an empty map and empty hands, paused at no particular step."""
    return emptied(new_table(factions, seed, leader=leader, options=options))


def emptied(state: GameState) -> GameState:
    """The map and every hand emptied (pieces back to the supplies, cards to the deck), nothing pending."""
    clear_map(state)
    for seat in range(len(state.seats)):
        set_hand(state, seat)
    state.pending = []
    state.battle = None
    return check(state)


def played_to_round_limit(limit: int, seed: int = 1) -> GameState:
    """A game of random legal actions played until a round limit ends it."""
    state = rules.new_game({**OPTIONS, "round_limit": limit}, 3)
    pick = Random(seed)
    while not state.over:
        seat = rules.to_act(state)
        assert seat is not None
        state, _ = rules.apply(state, pick.choice(rules.legal_actions(state, seat)))
    return state


def blank(seed: int = 1, leader: str = "despot") -> GameState:
    """A game past setup with an empty map and empty hands, paused at no particular step."""
    return emptied(new_game(seed, leader=leader))


def check(state: GameState) -> GameState:
    """Assert the state is consistent and return it."""
    found = rules.problems(state)
    assert not found, found
    return state


# --- pieces -------------------------------------------------------------------------------


def _seat_of_owner(state: GameState, owner: str) -> int:
    seat = state.seat_of(owner)
    assert seat is not None, owner
    return seat


def clear_map(state: GameState, *cids: int) -> GameState:
    """Remove every piece from the given clearings (all by default) back to the supplies. Ruins stay."""
    for cid in cids or state.board.ids():
        for piece, n in list(state.clearings[cid - 1].items()):
            owner, kind, _ = parse_key(piece)
            family = kind_of(owner, kind).box_family
            supply = state.seats[_seat_of_owner(state, owner)].supply
            supply[family] = supply.get(family, 0) + n
        state.clearings[cid - 1] = {}
    return state


def put(state: GameState, cid: int, faction: str, kind: str, n: int = 1, controller: str | None = None) -> GameState:
    """Place n pieces from the owner's supply (asserts the supply has them); a controller stores them as
    another faction's (an infected warrior is put with controller="spore")."""
    supply = state.seats[_seat_of_owner(state, faction)].supply
    family = kind_of(faction, kind).box_family
    assert supply.get(family, 0) >= n, f"{faction} has only {supply.get(family, 0)} {family} in supply"
    supply[family] -= n
    piece = f"{faction}:{kind}" if controller is None else f"{faction}:{kind}:{controller}"
    state.clearings[cid - 1][piece] = state.clearings[cid - 1].get(piece, 0) + n
    return state


def lift(state: GameState, cid: int, faction: str, kind: str, n: int = 1) -> GameState:
    """Take n pieces off a clearing back to the owner's supply."""
    piece = f"{faction}:{kind}"
    have = state.clearings[cid - 1].get(piece, 0)
    assert have >= n
    if have == n:
        del state.clearings[cid - 1][piece]
    else:
        state.clearings[cid - 1][piece] = have - n
    supply = state.seats[_seat_of_owner(state, faction)].supply
    family = kind_of(faction, kind).box_family
    supply[family] = supply.get(family, 0) + n
    return state


def to_area(state: GameState, seat: int, area: str, faction: str, kind: str, n: int = 1) -> GameState:
    """Move n pieces from their owner's supply into an off-board area of a seat (a Ward, a holding box)."""
    supply = state.seats[_seat_of_owner(state, faction)].supply
    family = kind_of(faction, kind).box_family
    assert supply.get(family, 0) >= n, f"{faction} has only {supply.get(family, 0)} {family} in supply"
    supply[family] -= n
    held = state.seats[seat].areas.setdefault(area, {})
    piece = f"{faction}:{kind}"
    held[piece] = held.get(piece, 0) + n
    return state


def pieces(state: GameState, cid: int) -> dict[str, int]:
    """A copy of a clearing's pieces."""
    return dict(state.clearings[cid - 1])


def count(state: GameState, cid: int, faction: str, kind: str) -> int:
    """How many of one piece are in a clearing."""
    return state.clearings[cid - 1].get(f"{faction}:{kind}", 0)


def on_map(state: GameState, faction: str, kind: str) -> int:
    """How many of one piece are on the map."""
    return sum(c.get(f"{faction}:{kind}", 0) for c in state.clearings)


def set_supply(state: GameState, faction: str, kind: str, left: int) -> GameState:
    """Leave exactly `left` pieces of a kind in supply by parking the rest in the far corner piles.

    Parked pieces go to the seat's 'areas' (counted by the invariants) so nothing is lost.
    """
    seat = state.seats[_seat_of_owner(state, faction)]
    family = kind_of(faction, kind).box_family
    have = seat.supply.get(family, 0)
    assert have >= left
    parked = seat.areas.setdefault("parked", {})
    piece = f"{faction}:{kind}"
    parked[piece] = parked.get(piece, 0) + have - left
    seat.supply[family] = left
    return state


# --- cards ------------------------------------------------------------------------------------


def card_ids(key: str) -> list[int]:
    """Every card id with this key."""
    assert key in keys(), key
    return [c.id for c in deck() if c.key == key]


def _piles(state: GameState) -> list[list[int]]:
    piles = [state.deck, state.discard, state.removed, state.dominance_available]
    for s in state.seats:
        piles += [s.hand, s.crafted]
    return piles


def _detach(state: GameState, key: str, avoid: list[int] | None = None) -> int:
    """Take one card with this key from the deck, discard, removed, available, a hand or a crafted area."""
    for pile in _piles(state):
        if pile is avoid:
            continue
        for cid in pile:
            if card(cid).key == key:
                pile.remove(cid)
                return cid
    raise AssertionError(f"no free copy of {key}")


def give(state: GameState, seat: int, *card_keys: str) -> GameState:
    """Put cards into a seat's hand, taking them from wherever they are (deck first)."""
    for key in card_keys:
        state.seats[seat].hand.append(_detach(state, key, state.seats[seat].hand))
    return state


def set_hand(state: GameState, seat: int, *card_keys: str) -> GameState:
    """Make a seat's hand exactly these cards (its old cards go to the bottom of the deck)."""
    old = state.seats[seat].hand
    state.seats[seat].hand = []
    state.deck[:0] = old
    return give(state, seat, *card_keys)


def craft_for(state: GameState, seat: int, *card_keys: str) -> GameState:
    """Put persistent cards in front of a seat (its crafted area)."""
    for key in card_keys:
        state.seats[seat].crafted.append(_detach(state, key, state.seats[seat].crafted))
    return state


def to_discard(state: GameState, *card_keys: str) -> GameState:
    """Put cards on the discard pile."""
    for key in card_keys:
        state.discard.append(_detach(state, key, state.discard))
    return state


def to_deck_top(state: GameState, *card_keys: str) -> GameState:
    """Put cards on top of the deck; the last one named is drawn first."""
    for key in card_keys:
        cid = _detach(state, key)
        state.deck.append(cid)
    return state


def hand_keys(state: GameState, seat: int) -> list[str]:
    """Sorted keys of a hand."""
    return sorted(card(c).key for c in state.seats[seat].hand)


def decree(state: GameState, column: str, *card_keys: str) -> GameState:
    """Tuck cards into a column of the Eyrie Decree (after the viziers)."""
    seat = _seat_of_owner(state, "eyrie")
    for key in card_keys:
        state.seats[seat].data["decree"][column].append(_detach(state, key))
    return state


def set_decree(state: GameState, **columns: Iterable[str]) -> GameState:
    """Make the Decree exactly these columns: card keys or "vizier" (missing columns are emptied).

    Old Decree cards go to the bottom of the deck. The leader is not changed.
    """
    seat = _seat_of_owner(state, "eyrie")
    data = state.seats[seat].data["decree"]
    for column in ("recruit", "move", "battle", "build"):
        state.deck[:0] = [c for c in data[column] if c >= 0]
        data[column] = [VIZIER if key == "vizier" else _detach(state, key) for key in columns.get(column, ())]
    return state


# --- turn -----------------------------------------------------------------------------------


def goto(state: GameState, seat: int, step: str, **flags: object) -> GameState:
    """Make it a seat's turn at a step, then run the step's automatic work (as the flow would)."""
    state.pending = []
    state.battle = None
    state.turn.seat = seat
    state.turn.flags = dict(flags)
    flow.goto(state, step)
    flow.advance(state)
    return state


def step(state: GameState) -> tuple[int, str]:
    """(seat whose turn it is, current step)."""
    return state.turn.seat, state.turn.step


# --- dice -------------------------------------------------------------------------------------


def dice_position(first: int, second: int, start: int = 0) -> int:
    """An rng position whose next two battle rolls are first then second."""
    position = start
    while True:
        p, a = below(position, 4)
        _, b = below(p, 4)
        if (a, b) == (first, second):
            return position
        position += 1


def force_dice(state: GameState, first: int, second: int) -> GameState:
    """Make the next battle roll come up (first, second): the attacker deals the higher."""
    state.rng = dice_position(first, second)
    return state


def discard_keys(state: GameState) -> list[str]:
    """Sorted keys of the discard pile."""
    return sorted(card(c).key for c in state.discard)


def marquise_actions(state: GameState) -> GameState:
    """Check a hand-made state, then make it the Marquise's Daylight actions."""
    check(state)
    return goto(state, M, "marquise.actions")
