"""The Lord of the Hundreds' garrison (Law of Root 14.3.2): where it may go."""

from __future__ import annotations

from rules import registry
from rules.factions.hundreds.board import ID
from rules.map_pieces import may_place, open_slots
from rules.modes.base import starting_corners
from rules.state import GameState


def starting_corners_of_others(state: GameState, seat: int) -> set[int]:
    """The starting corners of every other player (the keep, the first roost, ...)."""
    taken = set()
    for other in range(len(state.seats)):
        if other != seat:
            corner = registry.of(state, other).starting_corner(state, other)
            if corner is not None:
                taken.add(corner)
    return taken


def garrison_sites(state: GameState, seat: int) -> list[int]:
    """14.3.2: corners no other player started in; those diagonally opposite a starting corner when there are."""
    taken = starting_corners_of_others(state, seat)

    def fits(c: int) -> bool:
        return c not in taken and may_place(state, ID, c) and open_slots(state, c) > 0  # room for the stronghold

    found = starting_corners(state, seat, fits)  # else the mode's fallback (3x3: an edge clearing of its side)
    opposite = [c for c in found if any(state.board.opposite(t) == c for t in taken)]
    return opposite or found
