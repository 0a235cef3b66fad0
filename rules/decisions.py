"""Pending decisions: choices owed by a seat (maybe not the one whose turn it is) before play goes on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from rules import registry
from rules.actions import Action
from rules.state import Decision as Decision
from rules.state import GameState

K = TypeVar("K", bound=Decision)


@dataclass(frozen=True)
class DecisionKind(Generic[K]):
    """How to list and resolve one kind of decision, and how to ask for it (K: the kind's own TypedDict)."""

    legal: Callable[[GameState, K], Iterator[Action]]
    resolve: Callable[[GameState, K, Action], bool]
    prompt: Callable[[GameState, K], str]
    auto_single: bool = False
    from_hand: bool = False
    """Its answers are cards of the seat's hidden hand: a lone answer is taken for the player only when the hand holds
    one card (how many it holds is public; how many of them could answer is not)."""
    spends: bool = False  # its answer spends from the hand: taken for the player, it is noted so they can be asked
    empty: Callable[[GameState, K], None] | None = None
    """Called before a decision with no choice left is dropped: it may raise when that must never happen."""
    explain: Callable[[GameState, K, Action], str | None] | None = None


KINDS: dict[str, DecisionKind[Any]] = {}
"""Every kind by name; a decision whose "kind" is a name has the keys of that kind's TypedDict."""


def define(
    name: str,
    legal: Callable[[GameState, K], Iterator[Action]],
    resolve: Callable[[GameState, K, Action], bool],
    prompt: Callable[[GameState, K], str],
    auto_single: bool = False,
    from_hand: bool = False,
    spends: bool = False,
    empty: Callable[[GameState, K], None] | None = None,
    explain: Callable[[GameState, K, Action], str | None] | None = None,
) -> None:
    """Register a decision kind: its choices, how a choice resolves it, what it asks, what its having no choice
    means, and why a choice is refused. Its functions take the kind's own TypedDict (extending Decision)."""
    KINDS[name] = DecisionKind(legal, resolve, prompt, auto_single, from_hand, spends, empty, explain)


def context(d: Decision, _kind: type[K]) -> K:
    """A decision read as the TypedDict its kind declares for its own keys (nothing is copied)."""
    return cast(K, d)


def _decision(decision_kind: str, seat: int, keys: dict[str, Any]) -> Decision:
    """A decision with its kind's own keys (declared by the kind's TypedDict)."""
    return cast(Decision, {"kind": decision_kind, "seat": seat, **keys})


def push(state: GameState, decision_kind: str, seat: int, **context: Any) -> None:
    """Queue a decision for a seat."""
    state.pending.append(_decision(decision_kind, seat, context))


def push_front(state: GameState, decision_kind: str, seat: int, **context: Any) -> None:
    """Queue a decision that must be answered before those already waiting."""
    state.pending.insert(0, _decision(decision_kind, seat, context))


def push_next(state: GameState, decision_kind: str, seat: int, **context: Any) -> None:
    """Queue a decision to be answered right after the one being answered now (the front one)."""
    state.pending.insert(1 if state.pending else 0, _decision(decision_kind, seat, context))


def faction_decision(state: GameState, d: Decision) -> Iterator[Action]:
    """Choices of a faction-specific decision (the faction may not be the deciding seat's)."""
    return registry.plugin(state, d["faction"]).decision_legal(state, d)


def faction_resolve(state: GameState, d: Decision, action: Action) -> bool:
    """Resolve a faction-specific decision."""
    return registry.plugin(state, d["faction"]).decision_apply(state, d, action)


def _faction_prompt(_state: GameState, d: Decision) -> str:
    return str(d.get("prompt", "make a choice"))


def refusal(state: GameState, seat: int, action: Action) -> str | None:
    """Why a seat may not take an action: its faction's reason, else the mode's for one of its own actions."""
    line = registry.lineup(state)
    reason = line.plugins[seat].explain(state, seat, action)
    if reason is None and line.mode_actions:
        return line.mode.explain_action(state, seat, action)
    return reason


def seat_explains(state: GameState, d: Decision, action: Action) -> str | None:
    """Why the deciding seat's faction (or the mode, for one of its own actions) refuses a choice (setup and faction
    decisions); for a decision another faction offers (a Riverfolk service), that faction's reason next."""
    reason = refusal(state, d["seat"], action)
    owner = d.get("faction")
    if reason is None and owner is not None:
        other = state.seat_of(owner)
        if other is not None and other != d["seat"]:
            reason = registry.plugin(state, owner).explain(state, other, action)
    return reason


define("faction", faction_decision, faction_resolve, _faction_prompt, auto_single=True, explain=seat_explains)


def prompt(state: GameState, d: Decision) -> str:
    """What a pending decision asks, in a few words."""
    return KINDS[d["kind"]].prompt(state, d)


def why_not(state: GameState, d: Decision, action: Action) -> str | None:
    """Why a choice does not answer a pending decision, when its kind can say."""
    explain = KINDS[d["kind"]].explain
    return explain(state, d, action) if explain is not None else None
