"""A mode plug-in decides the board, the deck, seat order and how a game is won."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.cards import deck
from rules.errors import RulesError


class Mode:
    """The standard game: one map, 2-4 seats (more are allowed), 30 points wins."""

    id: ClassVar[str] = "standard"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    teams: ClassVar[bool] = False

    def board_id(self, options: dict[str, Any]) -> str:
        """Which board this game is played on."""
        return str(options.get("board", "autumn"))

    def removed_cards(self, options: dict[str, Any], seats: int) -> list[int]:
        """Cards set aside before shuffling (dominance in a two-player game)."""
        if seats == 2:
            return [c.id for c in deck() if c.type == "dominance"]
        return []

    def validate(self, options: dict[str, Any]) -> None:
        """Refuse options this mode cannot play."""
        n = len(options.get("factions", []))
        if not self.min_seats <= n <= self.max_seats:
            raise RulesError(f"a {self.id} game needs {self.min_seats} to {self.max_seats} factions, not {n}")
        if options.get("teams") and not self.teams:
            raise RulesError(f"a {self.id} game is played without teams")


_MODES: dict[str, Mode] = {"standard": Mode()}


def register(mode: Mode) -> Mode:
    """Make a mode available."""
    _MODES[mode.id] = mode
    return mode


def all_ids() -> list[str]:
    """Ids of every mode."""
    return sorted(_MODES)


def find_mode(name: str) -> Mode:
    """The mode with this id."""
    if name not in _MODES:
        raise RulesError(f"unknown mode '{name}'; modes are {', '.join(sorted(_MODES))}")
    return _MODES[name]
