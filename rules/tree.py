"""The state tree's shape number, and copying trees of JSON (read by the state and by its migrations)."""

from __future__ import annotations

from typing import Any

SCHEMA = 2
"""The shape of the state tree; rules.migrate upgrades older trees to it."""


def copy_json(value: Any) -> Any:
    """A deep copy of a tree of dicts, lists and scalars (much faster than copy.deepcopy)."""
    if type(value) is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [copy_json(v) for v in value]
    return value
