"""Game records (options, seed, actions, the rules revision) that replay to the identical state, and undo by
replay; a record of an older revision replays with that revision's differences (rules.revisions)."""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from rules.edits import apply_edit, is_edit
from rules.engine import apply, legal_actions, parse, to_act
from rules.errors import RulesError, UndoRefusedError
from rules.migrate import written
from rules.revisions import CURRENT, Revision, newest_first, replayed_alike, revision, unsure
from rules.setup import new_game
from rules.state import GameState


@dataclass
class Record:
    """Everything needed to rebuild a game: its setup options, its seed, its actions in notation, and the rules
    revision they were written under."""

    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    rules: int | None = CURRENT
    """The rules revision of the game's setup and first actions; None: written before records carried it."""
    rules_until: int | None = None
    """How many leading actions `rules` covers when it is an older revision (the game went on under today's rules
    after it was upgraded); None: all of them."""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON."""
        out: dict[str, Any] = {"options": self.options, "seed": self.seed, "actions": list(self.actions)}
        if self.rules is not None:
            out["rules"] = self.rules
        if self.rules_until is not None:
            out["rules_until"] = self.rules_until
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Record:
        """Inverse of to_json (a record without a revision was written before records carried one; one whose revision
        is unsure, revisions.MISNUMBERED, is read as one without)."""
        actions = [str(a) for a in raw["actions"]]
        number, until = _known(raw.get("rules")), _count(raw)
        return cls(dict(raw["options"]), int(raw["seed"]), actions, None if unsure(number, until) else number, until)

    def without_last(self, n: int) -> Record:
        """The same record without its last n actions."""
        kept = self.actions[: len(self.actions) - n]
        until = None if self.rules_until is None else min(self.rules_until, len(kept))
        return replace(self, actions=kept, rules_until=until)

    def revision_at(self, index: int) -> Revision:
        """The rules revision the action at an index was written under."""
        older = self.rules_until is None or index < self.rules_until
        return revision(self.rules if older else CURRENT)


def _known(rules: Any) -> int | None:
    """A revision number this engine knows (ValueError otherwise), or None."""
    if rules is None:
        return None
    if not isinstance(rules, int) or isinstance(rules, bool):
        raise ValueError(f"'rules' must be a rules revision number, not {rules!r}")
    return revision(rules).number


def _count(raw: dict[str, Any]) -> int | None:
    until = raw.get("rules_until")
    if until is not None and (not isinstance(until, int) or isinstance(until, bool) or until < 0):
        raise ValueError(f"'rules_until' must be a count of actions, not {until!r}")
    return until


def replay(record: Record, upto: int | None = None) -> GameState:
    """Rebuild the state after the first `upto` actions (all by default), each under the rules it was written
    under (rules.revisions)."""
    return deque(replaying(record, upto), maxlen=1)[0]


def replaying(record: Record, upto: int | None = None) -> Iterator[GameState]:
    """The states a replay goes through: after setup, then after each of the first `upto` actions."""
    rev = revision(record.rules)
    state = new_game(record.options, record.seed, rev.number)
    if record.rules_until == 0:
        state.legacy = None
    state = _past_idle_steps(state, rev if record.rules_until != 0 else revision(CURRENT))
    yield state
    for index, text in enumerate(record.actions[:upto]):
        state = apply_edit(state, text, strict=False)[0] if is_edit(text) else apply(state, parse(state, text))[0]
        state = _past_idle_steps(state, record.revision_at(index))
        if record.rules_until == index + 1:
            state.legacy = None  # the lines after it were written under today's rules
        yield state


def _past_idle_steps(state: GameState, rev: Revision) -> GameState:
    """Under a revision whose flow went past steps its player could do nothing in, go past them the same way."""
    while rev.skips_idle_steps and (skipped := _skip_idle_step(state)) is not None:
        state = skipped
    return state


def _skip_idle_step(state: GameState) -> GameState | None:
    """The state past a step whose only choice is to end or pass it, as an older flow went past it: no version is
    counted, and the undo floor rises only for what was revealed."""
    seat = to_act(state)
    options = legal_actions(state, seat) if seat is not None and not state.over else []
    if len(options) != 1 or options[0].verb not in ("end", "pass"):
        return None
    new, _ = apply(state, options[0])
    new.version, new.last_actor = state.version, state.last_actor
    new.undo_floor = state.version if new.irreversible else state.undo_floor
    return new


def digest_as(state: GameState, rules: int | None) -> str:
    """The digest of a state as the engine of a rules revision wrote it (today's digest for today's revision):
    what a game recorded under that revision is compared by."""
    if rules is None or rules == CURRENT:
        return state.digest()
    return _digest(written(state.to_json(), revision(rules)))


def _digest(tree: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(tree, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def identify(record: Record, tree: dict[str, Any] | None = None, digest: str | None = None) -> int | None:
    """The rules revision under which a record written before records carried one replays to the state it was
    saved with (that state's tree as written, or its digest), today's tried first; None when none does."""
    tried: dict[tuple[Any, ...], GameState | None] = {}
    for rev in newest_first():
        if tree is not None and int(tree.get("schema", 1)) != rev.schema:
            continue
        key = replayed_alike(rev)
        if key not in tried:
            tried[key] = _replayed(replace(record, rules=rev.number, rules_until=None))
        state = tried[key]
        if state is None:
            continue
        mine = _digest(written(state.to_json(), rev))
        if mine in (digest, None if tree is None else _digest(tree)):
            return rev.number
    return None


def _replayed(record: Record) -> GameState | None:
    """The record's replay, or None when a line of it is refused."""
    try:
        return replay(record)
    except (RulesError, ValueError, KeyError, IndexError):
        return None


def undo_refusal(state: GameState, seat: int, n: int = 1) -> str | None:
    """Why a seat may not undo its last n actions, or None when it may."""
    if n <= 0:
        return "undo at least one action"
    if state.over:
        return "the game is over"
    own_turn = state.turn.seat == seat or state.turn.phase == "setup"
    if to_act(state) != seat or not own_turn:
        return "you can only undo your own actions during your own turn"
    if state.last_actor != seat:
        return "nothing to undo: you have taken no action since your turn began or another player acted"
    if state.version - n < state.undo_floor:
        return "that would undo past a die roll, a card draw, something revealed, or another player's action"
    return None


def undo(record: Record, state: GameState, seat: int, n: int = 1) -> tuple[Record, GameState]:
    """Take back a seat's last n actions by replaying the record without them."""
    reason = undo_refusal(state, seat, n)
    if reason:
        raise UndoRefusedError(reason)
    shorter = record.without_last(n)
    return shorter, replay(shorter)
