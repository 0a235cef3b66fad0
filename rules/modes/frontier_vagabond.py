"""The Vagabonds' golden rules in the Frontier Alliance Mode (3x3.1, 3x3.6, 3x3.7)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.modes import frontier_table as table

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.state import GameState


class FrontierVagabond:
    """The Vagabond starts in a forest on his team's side of the joined board."""

    def setup_legal(self, state: GameState, seat: int) -> Iterator[Action]:
        """Forests touching a clearing of the team's home side (3x3.1); the character as usual."""
        side = table.home_side(state.board, table.team_of(state, seat))
        for action in super().setup_legal(state, seat):  # type: ignore[misc]
            forest = getattr(action, "forest", None)
            if forest is None or state.board.forests[forest].clearings & side:
                yield action
