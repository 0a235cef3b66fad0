"""Decisions that fail inside a worker process (a small module: each new worker imports it in a moment)."""

from __future__ import annotations

import os
import time

import rules
from bot.deciding import Decision, choose


def dies_now_and_then(state: rules.GameState, seat: int, turn_seconds: float, spent: float, seed: int) -> Decision:
    """A worker that dies in the middle of about one decision in ten (the others decide as usual)."""
    if seed % 10 == 0:
        os._exit(3)
    return choose(state, seat, turn_seconds, spent, seed)


def thinks_forever(*_args: object) -> Decision:
    """A worker that never answers."""
    time.sleep(600)
    raise AssertionError("unreachable")
