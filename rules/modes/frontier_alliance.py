"""The Woodland Alliance's golden rules in the Frontier Alliance Mode (3x3.9.3).

Sympathy spreads across the bridges like any path (no rule needed: a bridge joins two clearings).
Outrage comes only from the rival team: allies moving into sympathy or removing it owe nothing.
The Revolutionary Agent: an item the Alliance crafts from the rival map's supply is left lying in
the clearing, for an ally to search the rubble and carry it home. The Alliance seizes lying contraband
on its home map as a military operation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.modes import frontier_contraband as contraband
from rules.modes import frontier_table as table

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.state import GameState


class FrontierAlliance:
    """No outrage for allies; contraband left in the clearing."""

    def outrage(self, state: GameState, seat: int, mover: int, cid: int, doing: str) -> None:
        """Outrage Without Borders, for the rival team only."""
        if mover in table.allies(state, seat):
            return
        super().outrage(state, seat, mover, cid, doing)  # type: ignore[misc]

    def carries_contraband(self, state: GameState, seat: int) -> bool:
        """The Revolutionary Agent's items lie in the clearing where they were made."""
        return False

    def _operations(self, state: GameState, seat: int, verb: str | None) -> Iterator[Action]:
        """Military operations, plus seizing contraband on the home map (a battle operation)."""
        yield from super()._operations(state, seat, verb)  # type: ignore[misc]
        if verb in (None, "seize"):
            yield from contraband.seize_options(state, seat)

    def _operation(self, state: GameState, seat: int, action: Action) -> None:
        """A seizure, or an operation as the Alliance plays it."""
        if isinstance(action, contraband.Seize):
            contraband.seize(state, seat, action)
        else:
            super()._operation(state, seat, action)  # type: ignore[misc]
