"""Game modes: how the board, deck, turn order and victory are set up."""

from __future__ import annotations

from rules.modes.base import Mode, all_ids, find_mode

__all__ = ["Mode", "all_ids", "find_mode"]
