"""The standard game: the Mode interface's own behaviour, registered under its id."""

from __future__ import annotations

from typing import ClassVar

from rules.examples import ExampleGame
from rules.modes.base import Mode
from rules.registry import register_mode


class Standard(Mode):
    """The standard game: one map, 2-6 seats, 30 points wins, an optional round limit (all Mode's defaults)."""

    examples: ClassVar[tuple[ExampleGame, ...]] = (
        ExampleGame(("marquise", "eyrie"), board="lake", prefer=("ferry",)),  # the Ferry (Law 25.3.5)
        ExampleGame(("marquise", "eyrie"), board="mountain", prefer=("clear",)),  # closed paths (Law 25.4.3)
    )


register_mode(Standard())
