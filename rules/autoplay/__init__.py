"""Automated seats: a player for any seat that decides only from what that seat may see.

The seam the bot and the console call is `decide`: the seat's choice now, within a CPU budget. It imagines the
hidden information afresh (`rules.hidden.redeal` keeping the seat's own places) and never looks at the real deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules import engine
from rules.actions import Action
from rules.hidden import redeal
from rules.state import GameState


@dataclass(frozen=True)
class Budget:
    """How much CPU a decision may take, in seconds."""

    cpu_seconds: float = 0.5


def decide(state: GameState, seat: int, *, budget: Budget = Budget(), seed: int = 0) -> Action:  # noqa: ARG001
    """The action an automated player in `seat` takes now (the seat must be the one to act)."""
    imagined = redeal(state, seed, keep=seat)
    actions = engine.legal_actions(imagined, seat)
    if not actions:
        raise ValueError(f"seat {seat} has nothing to decide now")
    return random.Random(seed).choice(actions)
