"""Rule and presence: who rules a clearing, who has warriors where, where pieces may go."""

from __future__ import annotations

from rules import registry
from rules.pieces import BUILDING, WARRIOR, category_of_key, key, parse_key
from rules.state import GameState


def side_of(state: GameState, seat: int) -> str:
    """The side a seat plays for: its team in team games, else its own faction."""
    s = state.seats[seat]
    return f"team:{s.team}" if s.team else s.faction


def side_of_faction(state: GameState, faction: str) -> str:
    """The side a faction plays for."""
    seat = state.seat_of(faction)
    return faction if seat is None else side_of(state, seat)


def enemies(state: GameState, a: int, b: int) -> bool:
    """Whether two seats are enemies (not the same seat, not teammates)."""
    return a != b and side_of(state, a) != side_of(state, b)


def presence(state: GameState, cid: int) -> dict[str, int]:
    """Warriors plus buildings per controlling faction in a clearing."""
    counts: dict[str, int] = {}
    for piece, n in state.clearings[cid - 1].items():
        if n and category_of_key(piece) in (WARRIOR, BUILDING):
            controller = parse_key(piece)[2]
            counts[controller] = counts.get(controller, 0) + n
    return counts


def ruler(state: GameState, cid: int) -> str | None:
    """The side ruling a clearing: most warriors and buildings; ties rule nobody (Lords of the Forest aside)."""
    by_side: dict[str, int] = {}
    for faction, n in presence(state, cid).items():
        side = side_of_faction(state, faction)
        by_side[side] = by_side.get(side, 0) + n
    if not by_side:
        return None
    best = max(by_side.values())
    if best <= 0:
        return None
    leaders = [side for side, n in by_side.items() if n == best]
    if len(leaders) == 1:
        return leaders[0]
    for faction in presence(state, cid):
        seat = state.seat_of(faction)
        if seat is not None and registry.of(state, seat).wins_rule_ties:
            side = side_of(state, seat)
            if side in leaders:
                return side
    return None


def rules(state: GameState, seat: int, cid: int) -> bool:
    """Whether a seat's side rules a clearing."""
    return ruler(state, cid) == side_of(state, seat)


def ruled_by(state: GameState, seat: int) -> list[int]:
    """Every clearing a seat's side rules."""
    side = side_of(state, seat)
    return [cid for cid in state.board.ids() if ruler(state, cid) == side]


def warriors(state: GameState, faction: str, cid: int) -> int:
    """A faction's own warriors in a clearing."""
    return state.clearings[cid - 1].get(key(faction, WARRIOR), 0)


def count(state: GameState, faction: str, kind: str, cid: int) -> int:
    """How many of a faction's pieces of one kind are in a clearing."""
    return state.clearings[cid - 1].get(key(faction, kind), 0)


def on_map(state: GameState, faction: str, kind: str) -> int:
    """How many of a faction's pieces of one kind are on the map."""
    piece = key(faction, kind)
    return sum(c.get(piece, 0) for c in state.clearings)


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


def may_place(state: GameState, faction: str, cid: int) -> bool:
    """Whether no other faction's rule forbids this faction placing pieces here (the keep)."""
    for seat, s in enumerate(state.seats):
        if s.faction != faction and registry.of(state, seat).blocks_placement(state, seat, faction, cid):
            return False
    return True


def place(state: GameState, seat: int, kind: str, cid: int, n: int = 1) -> int:
    """Move up to n pieces from a seat's supply to a clearing; returns how many were placed."""
    s = state.seats[seat]
    n = min(n, s.supply.get(kind, 0))
    if n > 0:
        s.supply[kind] -= n
        piece = key(s.faction, kind)
        pieces = state.clearings[cid - 1]
        pieces[piece] = pieces.get(piece, 0) + n
    return n


def shift(state: GameState, piece: str, src: int, dst: int, n: int) -> None:
    """Move n pieces stored under one key from one clearing to another."""
    a, b = state.clearings[src - 1], state.clearings[dst - 1]
    a[piece] -= n
    if not a[piece]:
        del a[piece]
    b[piece] = b.get(piece, 0) + n


def suit(state: GameState, cid: int) -> str:
    """A clearing's suit (printed, or dealt at setup on Winter)."""
    return state.suits[cid - 1]
