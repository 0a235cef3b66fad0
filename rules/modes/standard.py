"""The standard game: the Mode interface's own behaviour, registered under its id."""

from __future__ import annotations

from rules.modes.base import Mode
from rules.registry import register_mode


class Standard(Mode):
    """The standard game: one map, 2-6 seats, 30 points wins, an optional round limit (all Mode's defaults)."""


register_mode(Standard())
