"""Upgrading a state tree saved by an older engine to the current shape (state.SCHEMA).

Schema 1 (before the engine seams): items were bare names; no map items, removed items or extra
card piles; a battle counted crafted cards' extra hits in "extra" rather than naming their sources.
"""

from __future__ import annotations

from typing import Any

from rules.cards import keys
from rules.state import SCHEMA

_SOURCES = {"sappers": "Sappers", "brutal_tactics": "Brutal Tactics"}


def upgrade(raw: dict[str, Any]) -> dict[str, Any]:
    """The same game in the current shape (the tree is changed in place and returned)."""
    if raw.get("schema", 1) < 2:
        _to_2(raw)
    if raw["schema"] > SCHEMA:
        raise ValueError(f"this game was saved by a newer engine (schema {raw['schema']}, this one reads {SCHEMA})")
    return raw


def _to_2(raw: dict[str, Any]) -> None:
    for seat in raw["seats"]:
        seat["items"] = [
            {"item": i, "exhausted": False, "damaged": False} if isinstance(i, str) else i for i in seat["items"]
        ]
    raw.setdefault("map_items", [])
    raw.setdefault("items_removed", [])
    raw.setdefault("piles", {})
    battle = raw.get("battle")
    if battle is not None:
        battle.pop("extra", None)
        sources: list[list[str]] = [[], []]
        for seat, card_key in battle.get("used", []):
            name = _SOURCES.get(keys()[card_key].effect or "")
            if name:
                sources[0 if seat == battle["attacker"] else 1].append(name)
        battle.setdefault("sources", sources)
        battle.setdefault("hit", [])
        battle.setdefault("asked", [])
    raw["schema"] = 2
