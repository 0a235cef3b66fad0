"""The faction registry: every faction plug-in registers itself here under its id and aliases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules import pieces

if TYPE_CHECKING:
    from rules.factions.base import Faction
    from rules.state import GameState

_FACTIONS: dict[str, Faction] = {}
_ALIASES: dict[str, str] = {}


def register(faction: Faction) -> Faction:
    """Make a faction available to games, with its piece kinds."""
    _FACTIONS[faction.id] = faction
    for alias in (faction.id, *faction.aliases):
        _ALIASES[alias.lower()] = faction.id
    pieces.register(faction.pieces)
    return faction


def unregister(fid: str) -> None:
    """Forget a faction (tests that declare throwaway factions clean up with this)."""
    _FACTIONS.pop(fid, None)
    for alias in [a for a, f in _ALIASES.items() if f == fid]:
        del _ALIASES[alias]


def faction(fid: str) -> Faction:
    """The plug-in for a faction id."""
    return _FACTIONS[fid]


def of(state: GameState, seat: int) -> Faction:
    """The plug-in of the faction sitting at a seat."""
    return _FACTIONS[state.seats[seat].faction]


def find_faction(name: str) -> str | None:
    """A faction id from its id or any alias (case-insensitive)."""
    return _ALIASES.get(name.strip().lower())


def aliases() -> dict[str, str]:
    """Every alias and the id it names."""
    return dict(_ALIASES)


def all_ids() -> list[str]:
    """Ids of every registered faction."""
    return list(_FACTIONS)
