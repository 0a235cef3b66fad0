"""Telling every seat's faction and the mode what happened, and asking them what changes."""

from __future__ import annotations

from collections.abc import Iterator

from rules import registry
from rules.hooks import Entered, Removal, Removed, TableHooks
from rules.modes.base import mode_of
from rules.state import GameState


def listeners(state: GameState) -> Iterator[tuple[int | None, TableHooks]]:
    """Every seat's faction in seat order, then the mode (with seat None)."""
    for seat in range(len(state.seats)):
        yield seat, registry.of(state, seat)
    yield None, mode_of(state)


def removed(state: GameState, what: Removed) -> None:
    """Every listener hears that pieces left a place."""
    for seat, hooks in listeners(state):
        hooks.on_removed(state, seat, what)


def intercept(state: GameState, removal: Removal) -> tuple[int | None, str] | None:
    """The first listener that diverts a removal: (its seat, an area name or CANCEL), or None."""
    for seat, hooks in listeners(state):
        where = hooks.intercept_removal(state, seat, removal)
        if where is not None:
            return seat, where
    return None


def entered(state: GameState, what: Entered) -> None:
    """Every listener hears that pieces moved into a place."""
    for seat, hooks in listeners(state):
        hooks.on_enter(state, seat, what)
