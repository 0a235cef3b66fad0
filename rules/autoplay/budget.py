"""How much an automated decision may spend, and the one clock rules.autoplay reads.

The clock is `time.process_time`: the CPU time of this process, not the wall clock, so a busy machine slows a
decision down without cutting it short. With `cpu_seconds=None` and an iteration cap, a decision is reproducible
whatever the machine's speed (the tests' budgets).
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: CPU seconds (None: no clock), playouts (None: no cap), how many imagined deals,
    how many candidate actions it weighs at most, and how many actions a playout plays at most; and the CPU seconds
    all the decisions of one turn may spend together (the caller says what its turn has spent so far)."""

    cpu_seconds: float | None = 0.1
    turn_seconds: float | None = 2.0
    iterations: int | None = None
    worlds: int = 4
    candidates: int = 24
    rollout_actions: int = 60


TAPER = 4
"""Near the end of a turn's budget, a decision takes at most this fraction (1/TAPER) of what is left, so a turn of
many decisions plays its last ones quickly instead of running out and ending at once."""

FLOOR = 0.01
"""A decision may always take this many CPU seconds of what is left of the turn's budget (a small budget is not
cut into slivers)."""


RESERVE = 0.01
"""The share of a turn's budget held back: a decision looks at the clock between playouts, so its last playout may
run a little past its limit; the reserve keeps a whole turn within its budget all the same."""


class Clock:
    """The budget being spent: playouts counted, CPU time measured from the start of the decision."""

    def __init__(self, budget: Budget, spent: float = 0.0) -> None:
        self.budget = budget
        self.started = time.process_time()
        self.playouts = 0
        self.limit = budget.cpu_seconds
        if budget.turn_seconds is not None:
            left = max(0.0, budget.turn_seconds * (1 - RESERVE) - spent)
            share = max(left / TAPER, min(left, FLOOR))
            self.limit = share if self.limit is None else min(self.limit, share)

    def hurried(self) -> bool:
        """Whether the turn's time is used up before this decision starts."""
        return self.limit is not None and self.limit <= 0

    def spent(self) -> bool:
        """Whether the decision must stop now."""
        cap = self.budget.iterations
        if cap is not None and self.playouts >= cap:
            return True
        return self.limit is not None and time.process_time() - self.started >= self.limit
