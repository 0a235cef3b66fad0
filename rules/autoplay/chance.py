"""The automated player's seeded choices, drawn from the engine's own generator (`rules.rng`): the same seed, the same
choices, on any machine (rules/ imports no `random`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rules import rng

T = TypeVar("T")
_SCALE = float(1 << 64)


class Seeded:
    """A generator of choices whose whole position is one integer."""

    def __init__(self, seed: int) -> None:
        self.position = rng.seed_state(seed)

    def below(self, n: int) -> int:
        """A uniform whole number in range(n)."""
        self.position, value = rng.below(self.position, n)
        return value

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def random(self) -> float:
        """A number in [0, 1)."""
        self.position, value = rng.next_u64(self.position)
        return value / _SCALE

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """k distinct elements, in a random order."""
        self.position, mixed = rng.shuffled(self.position, seq)
        return mixed[:k]
