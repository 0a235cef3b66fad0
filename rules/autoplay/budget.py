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
    how many candidate actions it weighs at most, and how many actions a playout plays at most."""

    cpu_seconds: float | None = 0.1
    iterations: int | None = None
    worlds: int = 4
    candidates: int = 24
    rollout_actions: int = 60


class Clock:
    """The budget being spent: playouts counted, CPU time measured from the start of the decision."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.started = time.process_time()
        self.playouts = 0

    def spent(self) -> bool:
        """Whether the decision must stop now."""
        cap = self.budget.iterations
        if cap is not None and self.playouts >= cap:
            return True
        limit = self.budget.cpu_seconds
        return limit is not None and time.process_time() - self.started >= limit
