"""Hooks every seat's faction and the mode hear: removals, pieces entering a place, and battle modifiers.

Shared mechanics call these on every listener (each seat's faction, then the mode) through
`rules.listeners`, so a faction or a mode changes what happens without editing the mechanic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.pieces import WARRIOR, category_of_key

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.state import BattleState, GameState

Place = int | str
"""A clearing id (int) or a forest id (str, such as "A" or "2C")."""

CANCEL = "cancel"
"""What intercept_removal returns to keep a piece where it is."""


@dataclass(frozen=True, slots=True)
class Removal:
    """A removal about to happen: pieces under one key leaving a place, who removes them and why."""

    place: Place
    piece: str
    count: int
    by: int | None
    cause: str
    along: tuple[tuple[str, int], ...] = ()
    """Every piece the same removal takes from the place at once (this one included), as (key, count)."""


@dataclass(frozen=True, slots=True)
class Removed:
    """Pieces that left one place in one go, heard by every seat: by key, who removed them, why, where they went."""

    place: Place
    pieces: dict[str, int]
    by: int | None
    cause: str
    diverted: dict[str, str]
    earlier: tuple[Removed, ...] = ()
    """The removals of the same effect, made at once in other places, that every seat heard before this one (a
    Favor's clearings): what triggers once whenever any number of pieces are removed looks here."""

    def owned_by(self, faction: str) -> dict[str, int]:
        """The removed pieces whose owner's box is this faction's."""
        return {k: n for k, n in self.pieces.items() if k.split(":", 1)[0] == faction}

    def count(self, piece: str) -> int:
        """How many pieces stored under one key were removed."""
        return self.pieces.get(piece, 0)


@dataclass(frozen=True, slots=True)
class Entered:
    """Pieces that moved into a place: every seat and the mode hear it (Outrage, infection, pick-ups).

    warriors: how many warriors the move brought in with these pieces, when that is not simply their count
    (a robot pawn carrying its gears as warriors); None means count them if they are warriors.
    """

    piece: str
    count: int
    src: Place
    dst: Place
    mover: int
    warriors: int | None = None

    def warrior_count(self) -> int:
        """How many warriors entered with this piece."""
        if self.warriors is not None:
            return self.warriors
        return self.count if category_of_key(self.piece) == WARRIOR else 0


class TableHooks:
    """What a faction or a mode may do when shared mechanics act; every default does nothing."""

    hidden_piles: ClassVar[tuple[str, ...]] = ()
    """Piles of `state.piles` that lie face down for everyone (a quest deck): the table knows only how many cards
    they hold (rules.hidden re-deals them)."""

    def at_turn_start(self, state: GameState, seat: int | None, turn_seat: int) -> None:
        """A seat's turn starts (the start of its Birdsong): push a decision offered to it (the Riverfolk's
        services)."""

    def on_removed(self, state: GameState, seat: int | None, removed: Removed) -> None:
        """Pieces left a place (any faction's, by anyone): react."""

    def intercept_removal(self, state: GameState, seat: int | None, removal: Removal) -> str | None:
        """Before pieces leave: an area of this seat to send them to, CANCEL to keep them, or None."""
        return None

    def on_enter(self, state: GameState, seat: int | None, entered: Entered) -> None:
        """Pieces moved into a place: react."""

    def extra_hits(self, state: GameState, seat: int | None, battle: BattleState) -> list[tuple[int, str]]:
        """Extra hits this listener adds to a battle: (seat dealing the hit, its source in words)."""
        return []

    def defender_rolls_high(self, state: GameState, seat: int | None, battle: BattleState) -> bool:
        """Whether the defender takes the higher die in this battle (Guerrilla War)."""
        return False

    def before_roll(self, state: GameState, seat: int | None, battle: BattleState) -> bool:
        """The ambush is over and the dice come next: push a decision owed before the roll (a declaration such as
        the Hundreds' Bitter mood; True when one was pushed). Each seat is asked once per battle (not the mode)."""
        return False

    def added_rolled_hits(self, state: GameState, seat: int | None, battle: BattleState, side: int) -> int:
        """Rolled hits this listener adds to the cap of the seat `side` in this battle, beyond its own maximum (an
        enlisted Arbiter's swords for the defender); by default none."""
        return 0

    def before_hits(self, state: GameState, seat: int | None, battle: BattleState) -> bool:
        """Hits are assigned but not yet resolved: push a decision to step in (True when one was pushed)."""
        return False

    def after_roll_choices(
        self, state: GameState, seat: int | None, chooser: int, battle: BattleState
    ) -> list[Action]:
        """Choices for a battling seat after the roll besides crafted cards (asked of its faction and the mode)."""
        return []

    def after_roll_apply(
        self, state: GameState, seat: int | None, chooser: int, battle: BattleState, action: Action
    ) -> bool:
        """Resolve one of this listener's after-roll choices; True when the action was this listener's."""
        return False
