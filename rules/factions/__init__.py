"""Faction plug-ins; importing this package registers every faction."""

from rules.factions import eyrie, marquise

__all__ = ["eyrie", "marquise"]
