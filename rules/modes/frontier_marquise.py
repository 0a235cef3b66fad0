"""The Marquise de Cat's golden rules in the Frontier Alliance Mode (3x3.9.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.map_pieces import shift

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.state import GameState


class FrontierMarquise:
    """Setup on her home map only, with a warrior in each of its eleven other clearings."""

    def setup_apply(self, state: GameState, seat: int, action: Action) -> bool:
        """The keep, and a warrior in each of the eleven other clearings of its map (3x3.9.1): the standard
        garrison's warrior in the keep's clearing stands in the opposite corner instead."""
        from rules.factions.marquise import Keep

        done: bool = super().setup_apply(state, seat, action)  # type: ignore[misc]
        far = state.board.opposite(action.clearing) if isinstance(action, Keep) else None
        if isinstance(action, Keep) and far is not None:
            shift(state, "marquise:warrior", action.clearing, far, 1)
        return done
