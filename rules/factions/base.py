"""The class every faction plug-in extends: the interface (`rules.faction_hooks`) with the defaults that need
shared mechanics (warriors counted in a clearing, hits taken, moves made)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.actions import Move
from rules.faction_hooks import (
    CardsHooks,
    CombatantHooks,
    Declarations,
    FactionHooks,
    PresenceHooks,
    SetupHooks,
    SidesHooks,
    TurnHooks,
    WordsHooks,
    standard_hit_options,
)
from rules.map_pieces import controlled_warriors, may_move_now, pinned, shift, warriors_of
from rules.movement import move, move_options
from rules.pieces import BATTLE
from rules.removal import take

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.state import GameState

__all__ = [
    "CardsHooks",
    "CombatantHooks",
    "Declarations",
    "Faction",
    "PresenceHooks",
    "SetupHooks",
    "SidesHooks",
    "TurnHooks",
    "WordsHooks",
    "shift_controlled",
    "standard_hit_options",
]


class Faction(FactionHooks):
    """A faction plug-in: its pieces, setup, turn steps and hooks into shared mechanics (`FactionHooks`, grouped
    by concern), with the defaults that need those mechanics.
    """

    def strength(self, state: GameState, seat: int, cid: int) -> int:
        """Warriors this faction fights with in a clearing, by any means (its own, others' it controls)."""
        return warriors_of(state, self.id, cid)

    def movable(self, state: GameState, seat: int, cid: int) -> int:
        """Warriors it fights with there, less others' it controls that can't be moved now (14.2.2)."""
        return self.strength(state, seat, cid) - pinned(state, self.id, cid)

    def resolve_hit(self, state: GameState, seat: int, cid: int, piece: str, n: int, by: int) -> int:
        """Carry out n hits assigned to pieces under one key; returns how many pieces were removed."""
        return take(state, cid, piece, n, by, BATTLE)[0]

    def granted_moves(self, state: GameState, seat: int) -> Iterator[Action]:
        """Moves a card lets this faction take (Cobbler): its warriors' moves by default."""
        return move_options(state, seat)

    def take_granted_move(self, state: GameState, seat: int, action: Action) -> None:
        """Carry out a move a card granted."""
        assert isinstance(action, Move)
        move(state, seat, action.src, action.dst, action.count)

    def move_warriors(self, state: GameState, seat: int, src: int, dst: int, n: int) -> list[tuple[str, int]]:
        """Shift n warriors (own first, then others' it controls); returns what moved, by key."""
        return shift_controlled(state, self.id, src, dst, n)

    def overrides(self, hook: str) -> bool:
        """Whether this plug-in, as its mode patches it, has its own version of a hook of the Faction interface."""
        return getattr(type(self), hook) is not getattr(Faction, hook)


def shift_controlled(state: GameState, faction: str, src: int, dst: int, n: int) -> list[tuple[str, int]]:
    """Move n warriors fighting for a faction: its own first, then the others' it controls in key order, never one
    that can't be moved now (an infected warlord outside the Hundreds' turn, 14.2.2)."""
    here = controlled_warriors(state, faction, src)
    own = f"{faction}:warrior"
    moved = []
    for piece in sorted(here, key=lambda p: (p != own, p)):
        k = min(n, here[piece])
        if k and (piece == own or may_move_now(state, piece)):
            shift(state, piece, src, dst, k)
            moved.append((piece, k))
            n -= k
    return moved
