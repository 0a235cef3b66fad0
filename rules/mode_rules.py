"""What the registry and the engine's hot paths ask of a mode, as a protocol (`rules.modes.base.Mode` is the class
modes extend): a leaf, so the registry can name a game's mode without importing the mode's mechanics back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator

    from rules.actions import Action
    from rules.faction_hooks import FactionHooks
    from rules.hooks import Place
    from rules.options import GameOption
    from rules.state import GameState


class ModeRules(Protocol):
    """A mode as the registry keeps it: its declarations, how it patches a faction, and what a game's line-up asks
    of it after every action."""

    @property
    def id(self) -> str:
        """The mode's id."""
        ...

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other words players may use for the mode (lower case)."""
        ...

    @property
    def playable(self) -> bool:
        """Whether lobbies offer this mode."""
        ...

    @property
    def game_options(self) -> tuple[GameOption, ...]:
        """The readings this mode lets the table choose."""
        ...

    @property
    def rounds(self) -> int | None:
        """A fixed number of rounds this mode always plays (None: only the round_limit option ends it)."""
        ...

    def patch(self, faction: FactionHooks) -> FactionHooks:
        """The faction as this mode plays it."""
        ...

    def charges_move_fees(self) -> bool:
        """Whether this mode has move fees at all."""
        ...

    def offers_actions(self) -> bool:
        """Whether this mode has actions of its own for any seat."""
        ...

    def actions(self, state: GameState, seat: int, step: str, verb: str | None) -> Iterator[Action]:
        """The mode's own actions open to a seat in a step of its turn."""
        ...

    def apply_action(self, state: GameState, seat: int, step: str, action: Action) -> bool:
        """Carry out one of the mode's own actions; False when the seat's faction carries it out instead."""
        ...

    def explain_action(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why one of the mode's own actions is refused (None: not one)."""
        ...

    def frees_move(self, state: GameState, seat: int, src: Place, dst: Place) -> bool:
        """Whether a seat may make this move though its side rules neither end."""
        ...

    def settled(self, state: GameState) -> None:
        """The automatic work after an action (or an edit) is done."""
        ...

    def check_victory(self, state: GameState) -> None:
        """End the game when a seat has won."""
        ...
