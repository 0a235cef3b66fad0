"""Pending decisions: choices owed by a seat (maybe not the one whose turn it is) before play goes on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rules import registry
from rules.actions import Action
from rules.state import GameState

Decision = dict[str, Any]


@dataclass(frozen=True)
class DecisionKind:
    """How to list and resolve one kind of decision, and how to ask for it."""

    legal: Callable[[GameState, Decision], Iterator[Action]]
    resolve: Callable[[GameState, Decision, Action], bool]
    prompt: Callable[[GameState, Decision], str]
    auto_single: bool = False
    spends: bool = False  # its answer spends from the hand: taken for the player, it is noted so they can be asked
    empty: Callable[[GameState, Decision], None] | None = None
    """Called before a decision with no choice left is dropped: it may raise when that must never happen."""
    explain: Callable[[GameState, Decision, Action], str | None] | None = None


KINDS: dict[str, DecisionKind] = {}


def define(
    name: str,
    legal: Callable[[GameState, Decision], Iterator[Action]],
    resolve: Callable[[GameState, Decision, Action], bool],
    prompt: Callable[[GameState, Decision], str],
    auto_single: bool = False,
    spends: bool = False,
    empty: Callable[[GameState, Decision], None] | None = None,
    explain: Callable[[GameState, Decision, Action], str | None] | None = None,
) -> None:
    """Register a decision kind: its choices, how a choice resolves it, what it asks, what its having no choice
    means, and why a choice is refused."""
    KINDS[name] = DecisionKind(legal, resolve, prompt, auto_single, spends, empty, explain)


def push(state: GameState, decision_kind: str, seat: int, **context: Any) -> None:
    """Queue a decision for a seat."""
    state.pending.append({"kind": decision_kind, "seat": seat, **context})


def push_front(state: GameState, decision_kind: str, seat: int, **context: Any) -> None:
    """Queue a decision that must be answered before those already waiting."""
    state.pending.insert(0, {"kind": decision_kind, "seat": seat, **context})


def push_next(state: GameState, decision_kind: str, seat: int, **context: Any) -> None:
    """Queue a decision to be answered right after the one being answered now (the front one)."""
    state.pending.insert(1 if state.pending else 0, {"kind": decision_kind, "seat": seat, **context})


def faction_decision(state: GameState, d: Decision) -> Iterator[Action]:
    """Choices of a faction-specific decision (the faction may not be the deciding seat's)."""
    return registry.plugin(state, d["faction"]).decision_legal(state, d)


def faction_resolve(state: GameState, d: Decision, action: Action) -> bool:
    """Resolve a faction-specific decision."""
    return registry.plugin(state, d["faction"]).decision_apply(state, d, action)


def _faction_prompt(_state: GameState, d: Decision) -> str:
    return str(d.get("prompt", "make a choice"))


def seat_explains(state: GameState, d: Decision, action: Action) -> str | None:
    """Why the deciding seat's faction refuses a choice (setup and faction decisions)."""
    return registry.of(state, d["seat"]).explain(state, d["seat"], action)


define("faction", faction_decision, faction_resolve, _faction_prompt, auto_single=True, explain=seat_explains)


def prompt(state: GameState, d: Decision) -> str:
    """What a pending decision asks, in a few words."""
    return KINDS[d["kind"]].prompt(state, d)


def why_not(state: GameState, d: Decision, action: Action) -> str | None:
    """Why a choice does not answer a pending decision, when its kind can say."""
    explain = KINDS[d["kind"]].explain
    return explain(state, d, action) if explain is not None else None
