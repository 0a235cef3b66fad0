"""Pieces on the map: counting them, placing them from a supply, shifting them between places."""

from __future__ import annotations

from rules import registry
from rules.hooks import Place
from rules.pieces import (
    BUILDING,
    WARRIOR,
    category_of_key,
    key,
    kind_of_key,
    own_warrior_keys,
    parse_key,
    warrior_controller,
)
from rules.state import GameState


def pieces_at(state: GameState, place: Place) -> dict[str, int]:
    """The pieces in a clearing (an int) or a forest (a forest id), by map key."""
    if isinstance(place, int):
        return state.clearings[place - 1]
    return state.forests[place]


def place_name(place: Place) -> str:
    """A place in words: 'clearing 5' or 'forest A'."""
    return f"clearing {place}" if isinstance(place, int) else f"forest {place}"


def count(state: GameState, faction: str, kind: str, cid: int) -> int:
    """How many of a faction's own pieces of one kind are in a clearing."""
    return state.clearings[cid - 1].get(key(faction, kind), 0)


def on_map(state: GameState, faction: str, kind: str) -> int:
    """How many of a faction's own pieces of one kind are on the map."""
    piece = key(faction, kind)
    return sum(c.get(piece, 0) for c in state.clearings)


def controlled_warriors(state: GameState, faction: str, cid: int) -> dict[str, int]:
    """Warrior pieces in a clearing that fight for a faction (its own, and others' it controls), by key."""
    return {p: n for p, n in state.clearings[cid - 1].items() if n and warrior_controller(p) == faction}


def warriors_of(state: GameState, faction: str, cid: int) -> int:
    """How many warrior pieces in a clearing fight for a faction."""
    pieces = state.clearings[cid - 1]
    keys = own_warrior_keys(faction)
    total = pieces.get(keys[0], 0) if len(keys) == 1 else sum(pieces.get(k, 0) for k in keys)
    if (state.lineup or registry.lineup(state)).foreign_control:
        total += sum(n for p, n in pieces.items() if p.count(":") == 2 and warrior_controller(p) == faction)
    return total


def may_move_now(state: GameState, piece: str) -> bool:
    """Whether a piece may be moved now: a kind that moves only in its owner's turn (the warlord, 14.2.2) not in
    another's."""
    return kind_of_key(piece).moves_off_turn or parse_key(piece)[0] == state.seats[state.turn.seat].faction


def pinned(state: GameState, faction: str, cid: int) -> int:
    """Others' warriors a faction controls in a clearing that can't be moved now (an infected warlord outside the
    Hundreds' turn, 14.2.2); none at a table where no faction controls others' warriors."""
    if not (state.lineup or registry.lineup(state)).foreign_control:
        return 0
    pieces = state.clearings[cid - 1]
    return sum(
        n
        for p, n in pieces.items()
        if n and p.count(":") == 2 and warrior_controller(p) == faction and not may_move_now(state, p)
    )


def warriors_counted(state: GameState, seat: int, cid: int) -> int:
    """A seat's warriors in a clearing where a rule counts warriors: its warrior pieces and its warrior bonus."""
    return warriors_of(state, state.seats[seat].faction, cid) + registry.of(state, seat).warrior_bonus(state, seat, cid)


def all_warriors(state: GameState, cid: int) -> int:
    """Warriors of every faction in a clearing, with what factions count as warriors beyond their pieces."""
    total = sum(n for p, n in state.clearings[cid - 1].items() if n and warrior_controller(p) is not None)
    for seat in registry.seats_overriding(state, "warrior_bonus"):
        total += registry.of(state, seat).warrior_bonus(state, seat, cid)
    return total


def factions_in(state: GameState, cid: int) -> list[str]:
    """Factions controlling at least one piece in a clearing, in seat order."""
    present = {parse_key(p)[2] for p, n in state.clearings[cid - 1].items() if n}
    return [s.faction for s in state.seats if s.faction in present]


def buildings_in(state: GameState, cid: int) -> int:
    """Buildings of every faction in a clearing."""
    return sum(n for p, n in state.clearings[cid - 1].items() if category_of_key(p) == BUILDING)


def open_slots(state: GameState, cid: int) -> int:
    """Building slots still free (a ruin fills one)."""
    used = buildings_in(state, cid) + (1 if state.ruins[cid - 1] is not None else 0)
    return state.board.clearing(cid).slots - used


def may_place(state: GameState, faction: str, cid: int, category: str | None = None) -> bool:
    """Whether no other faction forbids this faction placing a piece (of a category) in a clearing."""
    return why_not_place(state, faction, cid, category) is None


def why_not_place(state: GameState, faction: str, cid: int, category: str | None = None) -> str | None:
    """Why another faction forbids this faction placing a piece (of a category) in a clearing, or None."""
    for seat, s in enumerate(state.seats):
        plugin = registry.of(state, seat)
        if s.faction != faction and plugin.blocks_placement(state, seat, faction, cid, category):
            return plugin.placement_refusal(state, seat, cid)
    return None


def place(state: GameState, seat: int, kind: str, where: Place, n: int = 1) -> int:
    """Move up to n pieces from a seat's supply to a clearing or forest; returns how many were placed."""
    s = state.seats[seat]
    n = min(n, s.supply.get(kind, 0))
    if n > 0:
        s.supply[kind] -= n
        pieces = pieces_at(state, where)
        piece = key(s.faction, kind)
        pieces[piece] = pieces.get(piece, 0) + n
    return n


def unplace(state: GameState, seat: int, kind: str, where: Place, n: int = 1) -> int:
    """Put up to n of a seat's pieces back from a clearing or forest into its supply, as if never placed (nothing
    reacts, no one scores); returns how many."""
    s = state.seats[seat]
    pieces = pieces_at(state, where)
    piece = key(s.faction, kind)
    n = min(n, pieces.get(piece, 0))
    if n > 0:
        pieces[piece] -= n
        if not pieces[piece]:
            del pieces[piece]
        s.supply[kind] = s.supply.get(kind, 0) + n
    return n


def shift(state: GameState, piece: str, src: Place, dst: Place, n: int) -> None:
    """Move n pieces stored under one key from one place to another."""
    a, b = pieces_at(state, src), pieces_at(state, dst)
    a[piece] -= n
    if not a[piece]:
        del a[piece]
    b[piece] = b.get(piece, 0) + n


def suit(state: GameState, cid: int) -> str:
    """A clearing's suit (printed, or dealt at setup on Winter)."""
    return state.suits[cid - 1]


def is_warrior_key(piece: str) -> bool:
    """Whether a map key stores warriors."""
    return category_of_key(piece) == WARRIOR
