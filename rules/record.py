"""Game records (options, seed, actions) that replay to the identical state, and undo by replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.edits import apply_edit, is_edit
from rules.engine import apply, parse, to_act
from rules.errors import UndoRefusedError
from rules.setup import new_game
from rules.state import GameState


@dataclass
class Record:
    """Everything needed to rebuild a game: its setup options, its seed and its actions in notation."""

    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON."""
        return {"options": self.options, "seed": self.seed, "actions": list(self.actions)}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Record:
        """Inverse of to_json."""
        return cls(dict(raw["options"]), int(raw["seed"]), [str(a) for a in raw["actions"]])


def replay(record: Record, upto: int | None = None) -> GameState:
    """Rebuild the state after the first `upto` actions (all by default)."""
    state = new_game(record.options, record.seed)
    for text in record.actions[:upto]:
        if is_edit(text):
            state, _ = apply_edit(state, text)
        else:
            state, _ = apply(state, parse(state, text))
    return state


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
    shorter = Record(record.options, record.seed, record.actions[:-n])
    return shorter, replay(shorter)
