"""The Woodland Alliance's golden rules in the Frontier Alliance Mode (3x3.9.3).

Sympathy spreads across the bridges like any path (no rule needed: a bridge joins two clearings).
Outrage comes only from the rival team: allies moving into sympathy or removing it owe nothing.
The Revolutionary Agent: an item the Alliance crafts from the rival map's supply is left lying in
the clearing, for an ally to search the rubble and carry it home. By default its own warriors carry
nothing (game option alliance_searches_rubble: true lets them search and carry like any faction's). It
seizes lying contraband on its home map as a military operation (`Alliance.action_ways`).

This module imports the Alliance's own, so the mode imports it on first use (`rules.modes.frontier.golden`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.factions.alliance import Alliance
from rules.modes.frontier import table

if TYPE_CHECKING:
    from rules.state import GameState


class FrontierAlliance(Alliance):
    """The Woodland Alliance in the 3x3 game: no outrage for allies; contraband left in the clearing."""

    def outrage(self, state: GameState, seat: int, mover: int, cid: int, doing: str) -> None:
        """Outrage Without Borders, for the rival team only."""
        if mover in table.allies(state, seat):
            return
        super().outrage(state, seat, mover, cid, doing)

    def carries_contraband(self, state: GameState, seat: int) -> bool:
        """Whether the Alliance's warriors search the rubble and carry contraband (game option, off by default)."""
        return bool(state.options.get(table.ALLIANCE_SEARCH, False))

    def leaves_crafts_lying(self, state: GameState, seat: int) -> bool:
        """The Revolutionary Agent's items lie in the clearing where they were made."""
        return True
