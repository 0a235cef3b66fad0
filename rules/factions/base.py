"""The interface every faction implements; shared mechanics call these hooks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from rules.pieces import PieceKind

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.state import GameState


class Faction:
    """A faction plug-in: its pieces, setup, turn steps and hooks into shared mechanics."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    kind: ClassVar[str] = "militant"
    colour: ClassVar[str] = "#888888"
    setup_order: ClassVar[int] = 50
    pieces: ClassVar[tuple[PieceKind, ...]] = ()
    crafting_kind: ClassVar[str | None] = None
    wins_rule_ties: ClassVar[bool] = False
    reach: ClassVar[int] = 0
    steps: ClassVar[dict[str, tuple[str, ...]]] = {"birdsong": (), "daylight": (), "evening": ()}

    # --- setup -----------------------------------------------------------------
    def setup(self, state: GameState, seat: int) -> None:
        """Prepare supplies and faction board before any piece is placed."""
        state.seats[seat].supply = {k.box_family: k.count for k in self.pieces}

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Choices of this faction's setup decision."""
        return iter(())

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """Apply a setup choice; True when this faction's setup is complete."""
        return True

    def setup_prompt(self, state: GameState, seat: int) -> str:
        """What this faction's setup decision asks, in a few words."""
        return f"set up the {self.name}"

    def starting_corner(self, state: GameState, seat: int) -> int | None:
        """The corner this faction set up in, if it has one (for later factions' setup)."""
        return None

    # --- turn ------------------------------------------------------------------
    def enter_step(self, state: GameState, seat: int, step: str) -> None:
        """Automatic work when the turn reaches one of this faction's steps."""

    def interactive(self, state: GameState, seat: int, step: str) -> bool:
        """Whether this step waits for the player."""
        return False

    def legal(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """Actions of this faction's own step (verb narrows the search)."""
        return iter(())

    def apply(self, state: GameState, seat: int, step: str, action: Action) -> None:
        """Apply one of this faction's step actions."""
        raise NotImplementedError(type(action).__name__)

    def hand_choices(self, state: GameState, seat: int, step: str) -> bool:
        """From public information only: could this step offer choices that depend on the hand?"""
        return False

    def can_end(self, state: GameState, seat: int, step: str) -> bool:
        """Whether the player may finish this step now."""
        return True

    def interrupt(self, state: GameState, seat: int) -> None:
        """A card effect was used between actions: end any compound action in progress (Law 1.4.2)."""

    def stuck(self, state: GameState, seat: int, step: str) -> None:
        """Called when a step must go on but no action is legal (Eyrie: turmoil)."""

    # --- hooks into shared mechanics --------------------------------------------
    def crafting_suits(self, state: GameState, seat: int) -> list[str]:
        """One suit per crafting piece on the map."""
        if self.crafting_kind is None:
            return []
        piece = f"{self.id}:{self.crafting_kind}"
        out: list[str] = []
        for cid, pieces in enumerate(state.clearings, start=1):
            out += [state.suits[cid - 1]] * pieces.get(piece, 0)
        return out

    def item_points(self, state: GameState, seat: int, printed: int) -> int:
        """Points scored for crafting an item with this printed value."""
        return printed

    def draw_bonus(self, state: GameState, seat: int) -> int:
        """Extra cards drawn in Evening."""
        return 0

    def attacker_extra_hits(self, state: GameState, seat: int) -> int:
        """Extra hits dealt whenever this faction attacks."""
        return 0

    def on_removed(self, state: GameState, seat: int, cid: int, removed: dict[str, int], cause: str) -> None:
        """React after this faction's pieces were removed from a clearing."""

    def on_battle_end(self, state: GameState, seat: int, battle: dict[str, Any]) -> None:
        """React when a battle this faction fought is over."""

    def blocks_placement(self, state: GameState, seat: int, placer: str, cid: int) -> bool:
        """Whether this faction stops another faction placing pieces in a clearing."""
        return False

    def prompt(self, state: GameState, seat: int, step: str) -> str:
        """What the player does in one of this faction's steps, in a few words."""
        return step.split(".", 1)[-1].replace("_", " ")

    def held_cards(self, state: GameState, seat: int) -> list[int]:
        """Cards the faction keeps outside hand and crafted area (the Eyrie's Decree)."""
        return []

    def explain(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of this faction's actions is refused now, if the faction can say."""
        return None

    def panel(self, state: GameState, seat: int) -> list[str]:
        """Lines of the faction board others may see."""
        return []

    def decision_legal(self, state: GameState, decision: dict[str, Any]) -> Iterator[Action]:
        """Choices of a faction-specific pending decision."""
        return iter(())

    def decision_apply(self, state: GameState, decision: dict[str, Any], action: Action) -> bool:
        """Resolve a faction-specific decision; True when it is finished."""
        return True
