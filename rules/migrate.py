"""Upgrading a state tree saved by an older engine to the current shape (state.SCHEMA), and the way back: the tree
an older rules revision's engine wrote for today's state (`written`), to compare with what it saved.

Schema 1 (before the engine seams): items were bare names; no map items, removed items or extra
card piles; a battle counted crafted cards' extra hits in "extra" rather than naming their sources.
"""

from __future__ import annotations

from typing import Any

from rules.cards import keys
from rules.revisions import CURRENT, Revision
from rules.tree import SCHEMA, copy_json

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


def written(tree: dict[str, Any], rev: Revision) -> dict[str, Any]:
    """Today's state tree as the engine of an older rules revision wrote it (a copy; today's tree for today's)."""
    if rev.number == CURRENT:
        return tree
    out: dict[str, Any] = copy_json(tree)
    for seat in out["seats"]:
        if rev.unmarked_ruin_items:
            for item in seat["items"]:
                item.pop("ruin", None)
        if seat["faction"] in rev.setup_unkept_by:
            seat["data"].pop("setup", None)
    battle = out.get("battle")
    if rev.battle_diversions_unkept and battle is not None:
        battle["removed"] = [entry[:3] for entry in battle.get("removed", [])]
    if rev.round_after_limit and _ended_by_round_limit(out):
        out["turn"]["round"] += 1
    if rev.schema < 2:
        _from_2(out)
    return out


def _ended_by_round_limit(tree: dict[str, Any]) -> bool:
    """Whether a finished game ended at its round limit, no one having reached the points to win."""
    limit = tree["options"].get("round_limit")
    goal = tree["options"].get("win_points")
    if not tree["over"] or not limit or tree["turn"]["round"] != limit:
        return False
    return not any(seat["points"] >= (goal or 30) for seat in tree["seats"])


def _from_2(tree: dict[str, Any]) -> None:
    """A schema 2 tree in the shape of schema 1 (the inverse of _to_2)."""
    for seat in tree["seats"]:
        seat["items"] = [i["item"] for i in seat["items"]]
    for name in ("map_items", "items_removed", "piles", "schema"):
        tree.pop(name, None)
    battle = tree.get("battle")
    if battle is not None:
        battle["extra"] = [len(side) for side in battle.pop("sources", [[], []])]
        battle.pop("hit", None)
        battle.pop("asked", None)
