"""A tiny seeded generator whose whole position is one integer kept in the game state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chooser(Protocol):
    """What a random playout chooses with (its own random.Random); the engine itself never chooses at random."""

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        ...

    def random(self) -> float:
        """A number in [0, 1)."""
        ...

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator position."""
    return seed & _MASK


def next_u64(position: int) -> tuple[int, int]:
    """Return (new position, 64-bit output) using SplitMix64."""
    position = (position + _GOLDEN) & _MASK
    z = position
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return position, z ^ (z >> 31)


def below(position: int, n: int) -> tuple[int, int]:
    """Return (new position, a uniform integer in range(n))."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (_MASK + 1) - ((_MASK + 1) % n)
    while True:
        position, value = next_u64(position)
        if value < limit:
            return position, value % n


def shuffled(position: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """Return (new position, a Fisher-Yates shuffled copy of items)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        position, j = below(position, i + 1)
        out[i], out[j] = out[j], out[i]
    return position, out
