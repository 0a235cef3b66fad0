"""Piece kinds that factions declare, and the keys pieces are stored under on the map.

A piece on the map is counted under a key "owner:kind" or "owner:kind:controller":
the owner's box takes it back when it is removed, while the controller is the faction
it counts for (an infected Marquise warrior is "marquise:warrior:spore").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

WARRIOR = "warrior"
BUILDING = "building"
TOKEN = "token"
PAWN = "pawn"
CATEGORIES = (WARRIOR, BUILDING, TOKEN, PAWN)


@dataclass(frozen=True, slots=True)
class PieceKind:
    """A kind of piece a faction owns: how many are in the box and how it is drawn."""

    faction: str
    kind: str
    category: str
    count: int
    name: str
    shape: str = "circle"
    label: str = ""
    family: str = ""

    @property
    def box_family(self) -> str:
        """Two-sided pieces share one box count under a family name."""
        return self.family or self.kind


_KINDS: dict[tuple[str, str], PieceKind] = {}


def register(kinds: tuple[PieceKind, ...]) -> None:
    """Add a faction's piece kinds to the registry."""
    for k in kinds:
        _KINDS[(k.faction, k.kind)] = k


def kind_of(faction: str, kind: str) -> PieceKind:
    """The declaration of one piece kind."""
    return _KINDS[(faction, kind)]


def kinds_of(faction: str) -> list[PieceKind]:
    """Every piece kind a faction declares."""
    return [k for (f, _), k in _KINDS.items() if f == faction]


def key(owner: str, kind: str, controller: str | None = None) -> str:
    """The map key for a piece."""
    if controller is None or controller == owner:
        return f"{owner}:{kind}"
    return f"{owner}:{kind}:{controller}"


@cache
def parse_key(piece_key: str) -> tuple[str, str, str]:
    """(owner, kind, controller) of a map key."""
    parts = piece_key.split(":")
    owner, kind = parts[0], parts[1]
    return owner, kind, parts[2] if len(parts) > 2 else owner


@cache
def category_of_key(piece_key: str) -> str:
    """Warrior, building, token or pawn, for a map key."""
    owner, kind, _ = parse_key(piece_key)
    return _KINDS[(owner, kind)].category
