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

# Causes of a removal: what a piece kind may be immune to.
BATTLE = "battle"
CARD = "card"
ABILITY = "ability"
CAUSES = (BATTLE, CARD, ABILITY)


@dataclass(frozen=True, slots=True)
class PieceKind:
    """A kind of piece a faction owns: how many are in the box, how it is drawn and how it behaves.

    points: what an enemy scores for removing one (None: 1 for buildings and tokens, else 0).
    removed_by: the causes that can remove it (None: every cause; () nothing can).
    hit_as: the category it takes battle hits as (None: its own; pawns take none unless they say).
    rules: whether it counts towards rule (None: warriors and buildings do).
    colour: its own fill ('#RRGGBB') when it is not drawn in the faction's colour (a lighter web or gear).
    moves_off_turn: whether it may be moved outside its owner's turn (False: the Hundreds' warlord, 14.2.2).
    placed_by_others: whether others' rules may place it (False: only its owner's own rules do, the warlord).
    """

    faction: str
    kind: str
    category: str
    count: int
    name: str
    shape: str = "circle"
    label: str = ""
    family: str = ""
    points: int | None = None
    removed_by: tuple[str, ...] | None = None
    hit_as: str | None = None
    rules: bool | None = None
    colour: str = ""
    moves_off_turn: bool = True
    placed_by_others: bool = True

    @property
    def box_family(self) -> str:
        """Two-sided pieces share one box count under a family name."""
        return self.family or self.kind

    @property
    def removal_points(self) -> int:
        """Points an enemy scores for removing one of these."""
        if self.points is not None:
            return self.points
        return 1 if self.category in (BUILDING, TOKEN) else 0

    @property
    def hit_category(self) -> str | None:
        """The category this piece takes hits as, or None when hits never fall on it directly."""
        if self.hit_as is not None:
            return self.hit_as
        return None if self.category == PAWN else self.category

    @property
    def counts_for_rule(self) -> bool:
        """Whether this piece adds to its controller's presence when rule is decided."""
        return self.rules if self.rules is not None else self.category in (WARRIOR, BUILDING)

    def removable(self, cause: str) -> bool:
        """Whether a removal of this cause can take this piece."""
        return self.removed_by is None or cause in self.removed_by


_KINDS: dict[tuple[str, str], PieceKind] = {}


def register(kinds: tuple[PieceKind, ...]) -> None:
    """Add a faction's piece kinds to the registry."""
    for k in kinds:
        _KINDS[(k.faction, k.kind)] = k
    _forget()


def _forget() -> None:
    kind_of_key.cache_clear()
    category_of_key.cache_clear()
    warrior_controller.cache_clear()
    rule_controller.cache_clear()
    own_warrior_keys.cache_clear()


def unregister(faction: str) -> None:
    """Forget a faction's piece kinds."""
    for k in [k for k in _KINDS if k[0] == faction]:
        del _KINDS[k]
    _forget()


def kind_of(faction: str, kind: str) -> PieceKind:
    """The declaration of one piece kind."""
    return _KINDS[(faction, kind)]


def kinds_of(faction: str) -> list[PieceKind]:
    """Every piece kind a faction declares."""
    return [k for (f, _), k in _KINDS.items() if f == faction]


def piece_words(category: str | None = None) -> list[str]:
    """Declared piece kind names (of one category, or all), in declaration order: words for builds and hits."""
    out: list[str] = []
    for (_, kind), k in _KINDS.items():
        if (category is None or k.category == category) and kind not in out:
            out.append(kind)
    return out


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
def kind_of_key(piece_key: str) -> PieceKind:
    """The declaration of the piece stored under a map key."""
    owner, kind, _ = parse_key(piece_key)
    return _KINDS[(owner, kind)]


@cache
def category_of_key(piece_key: str) -> str:
    """Warrior, building, token or pawn, for a map key."""
    return kind_of_key(piece_key).category


@cache
def warrior_controller(piece_key: str) -> str | None:
    """The faction a warrior stored under this key fights for, or None when the key is not a warrior."""
    if kind_of_key(piece_key).category != WARRIOR:
        return None
    return parse_key(piece_key)[2]


def controller(piece_key: str) -> str:
    """The faction a piece counts for."""
    return parse_key(piece_key)[2]


@cache
def rule_controller(piece_key: str) -> str | None:
    """The faction a piece adds presence for when rule is decided, or None when it does not count."""
    return parse_key(piece_key)[2] if kind_of_key(piece_key).counts_for_rule else None


@cache
def own_warrior_keys(faction: str) -> tuple[str, ...]:
    """Map keys of a faction's own warrior kinds (controlled by itself)."""
    return tuple(key(faction, k.kind) for k in kinds_of(faction) if k.category == WARRIOR)
