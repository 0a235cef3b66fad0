"""Helpers for the Frontier Alliance Mode tests: six-seat games in two teams, past setup or emptied."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import seam_factions as sf
from rules_helpers import check, emptied, play

import rules
from rules.state import GameState

TEAM_A = ("marquise", "eyrie", "vagabond")
TEAM_B = ("tinker", "alliance", "test-medics")
MARQUISE, EYRIE, VAGABOND, TINKER, ALLIANCE, MEDICS = range(6)


def options(factions: tuple[str, ...] = TEAM_A + TEAM_B, **extra: Any) -> dict[str, Any]:
    """Engine options of a frontier game: the first three factions are team A, the others team B."""
    teams = {f: ("A" if i < len(factions) // 2 else "B") for i, f in enumerate(factions)}
    return {"factions": list(factions), "mode": "frontier", "teams": teams, **extra}


def setup_game(seed: int = 1, **extra: Any) -> GameState:
    """A frontier game still in setup."""
    return rules.new_game(options(**extra), seed)


def started(seed: int = 1, keep: int = 1, **extra: Any) -> GameState:
    """A frontier game played through setup with the first legal choice (the keep in the given corner)."""
    state = setup_game(seed, **extra)
    while state.turn.phase == "setup" and state.pending:
        choices = [a.notation() for a in rules.legal_actions(state, rules.to_act(state) or 0)]
        state = play(state, f"keep {keep}" if f"keep {keep}" in choices else choices[0])
    return check(state)


def blank(seed: int = 1, **extra: Any) -> GameState:
    """A frontier game past setup with an empty map and empty hands."""
    return emptied(started(seed, **extra))


@pytest.fixture
def sixth_faction() -> Iterator[None]:
    """The throwaway sixth faction of TEAM_B (test-medics) registered for a test."""
    sf.register_all()
    yield
    sf.unregister_all()
